package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.engine.SlabExecutor;
import org.geomech.engine.SlabRun;
import org.geomech.ensemble.Reduction;

import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The engine's slabs on a Spark cluster (geomech run --spark MASTER): each slab is one task, made and run on its executor
 * by SlabRun.slab from the run's recipe (its command line, parsed there as on the driver), and the driver joins the
 * slabs with SlabRun.combine, so everything geomech run computes (Lie groups, parameters and h per member, sweeps,
 * min/std/quantiles, trajectories, final states) comes out bitwise as in one process. A task that fails is Spark's to
 * retry: a slab is a pure function of the recipe and its members.
 */
public final class SparkSlabs implements SlabExecutor {
    /** Slabs per core of the cluster where the user gives no --members-in-memory: enough for a slow core not to hold up the rest. */
    private static final int SLABS_PER_CORE = 4;
    /** Each recipe's launch, prepared once per executor JVM. */
    private static final Map<Recipe, Prepared> PREPARED = new ConcurrentHashMap<>();

    private final JavaSparkContext spark;
    private final String master;

    /** One task: the members [first, first + count) of the recipe's launch. */
    record Part(Recipe recipe, long first, int count) implements Serializable {}

    /** Found by ServiceLoader (META-INF/services): --spark MASTER. */
    public static final class Provider implements SlabExecutor.Provider {
        @Override
        public SlabExecutor connect(String address) { return new SparkSlabs(context(address), address); }
    }

    public SparkSlabs(JavaSparkContext spark, String master) {
        this.spark = spark;
        this.master = master;
    }

    /**
     * A context on master for geomech (the JVM's one, where a context runs already: Spark allows one): the Spark UI off;
     * on this machine the driver on the loopback address; on a cluster the jars of geomech and this module shipped to
     * the executors (classes run from folders must be on the executors' class path already), which run with the Vector
     * API module.
     */
    static JavaSparkContext context(String master) {
        SparkConf conf = new SparkConf().setMaster(master).setAppName("geomech").set("spark.ui.enabled", "false")
                .set("spark.executor.extraJavaOptions", "--add-modules jdk.incubator.vector");
        if (master.startsWith("local")) conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        else conf.setJars(Stream.of(jar(SlabRun.class), jar(SparkSlabs.class)).filter(j -> j.endsWith(".jar")).distinct().toArray(String[]::new));
        return JavaSparkContext.fromSparkContext(SparkContext.getOrCreate(conf));
    }

    // the jar (or classes folder) a class was loaded from
    private static String jar(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public List<SlabRun.Slab> run(Recipe recipe, List<long[]> slabs) {
        List<Part> parts = new ArrayList<>();
        for (long[] s : slabs) parts.add(new Part(recipe, s[0], (int) s[1]));
        return spark.parallelize(parts, parts.size()).map(SparkSlabs::slab).collect();
    }

    /** One task: the part's members made, stepped and observed on this executor. */
    static SlabRun.Slab slab(Part part) {
        Prepared p = PREPARED.computeIfAbsent(part.recipe(), Recipe::prepare);
        return SlabRun.slab(p.compiled(), p.launch(), part.first(), part.count(), p.keep());
    }

    @Override
    public long slabMembers(long members) {
        long slabs = (long) SLABS_PER_CORE * spark.defaultParallelism();
        long blocks = (Reduction.blocks(Math.toIntExact(members)) + slabs - 1) / slabs;
        return Math.max(1, blocks) * Reduction.BLOCK;
    }

    @Override
    public String describe() { return "spark " + master + " (" + spark.defaultParallelism() + " cores)"; }
}
