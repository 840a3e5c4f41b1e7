package org.geomech.spark;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.engine.SlabExecutor;
import org.geomech.engine.SlabRun;
import org.geomech.ensemble.Reduction;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The engine's slabs on a Spark cluster (geomech run --spark MASTER): each slab is one task, made and run on its executor
 * by SlabRun.slab from the run's recipe (its command line, parsed there as on the driver); the driver takes each slab
 * as its task finishes (the engine saves a checkpoint after each) and joins them with SlabRun.combine, so everything
 * geomech run computes (Lie groups, parameters and h per member, sweeps, min/std/quantiles, trajectories, final states)
 * comes out bitwise as in one process; the members that failed are run again (run --retry-failed) as tasks too. A task
 * that fails is Spark's to retry: a slab, and a member's retries, are a pure function of the recipe and its members.
 */
public final class SparkSlabs implements SlabExecutor {
    /** Slabs per core of the cluster where the user gives no --members-in-memory: enough for a slow core not to hold up the rest. */
    private static final int SLABS_PER_CORE = 4;
    /** Each recipe's launch, prepared once per executor JVM. */
    private static final Map<Recipe, Prepared> PREPARED = new ConcurrentHashMap<>();

    /** How long the driver waits for a slab before it looks whether the job has ended without one. */
    private static final long WAIT_MS = 200;

    private final JavaSparkContext spark;
    private final String master;
    private final Function<Part, SlabRun.Slab> task;

    /** One task: the members [first, first + count) of the recipe's launch. */
    record Part(Recipe recipe, long first, int count) implements Serializable {}

    /** Found by ServiceLoader (META-INF/services): --spark MASTER. */
    public static final class Provider implements SlabExecutor.Provider {
        @Override
        public SlabExecutor connect(String address) { return new SparkSlabs(context(address), address); }
    }

    public SparkSlabs(JavaSparkContext spark, String master) { this(spark, master, SparkSlabs::slab); }

    /** As above, each task computed by task (tests inject failures into it). */
    SparkSlabs(JavaSparkContext spark, String master, Function<Part, SlabRun.Slab> task) {
        this.spark = spark;
        this.master = master;
        this.task = task;
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

    /**
     * One job, a task per slab; each slab is handed to returned on this thread as its task finishes (the scheduler's
     * thread only queues it), and the job is cancelled where returned asks to stop.
     */
    @Override
    public boolean run(Recipe recipe, List<long[]> slabs, Returned returned) {
        List<Part> parts = new ArrayList<>();
        List<Object> partitions = new ArrayList<>();
        for (long[] s : slabs) {
            partitions.add(parts.size());
            parts.add(new Part(recipe, s[0], (int) s[1]));
        }
        BlockingQueue<SlabRun.Slab> back = new LinkedBlockingQueue<>();
        SimpleFutureAction<BoxedUnit> job = spark.sc().submitJob(spark.parallelize(parts, parts.size()).map(task).rdd(), new Only(),
                CollectionConverters.asScala(partitions).toSeq(), new AbstractFunction2<Object, SlabRun.Slab, BoxedUnit>() {
                    @Override
                    public BoxedUnit apply(Object index, SlabRun.Slab slab) {
                        back.add(slab);
                        return BoxedUnit.UNIT;
                    }
                }, new AbstractFunction0<BoxedUnit>() {
                    @Override
                    public BoxedUnit apply() { return BoxedUnit.UNIT; }
                });
        for (int n = 0; n < parts.size(); n++)
            if (returned.stop(next(back, job)) && n < parts.size() - 1) {
                job.cancel();
                return false;
            }
        return true;
    }

    // The next slab back; the job's failure where it ended without one
    private SlabRun.Slab next(BlockingQueue<SlabRun.Slab> back, SimpleFutureAction<BoxedUnit> job) {
        try {
            for (;;) {
                SlabRun.Slab slab = back.poll(WAIT_MS, TimeUnit.MILLISECONDS);
                if (slab != null) return slab;
                if (job.isCompleted()) {
                    slab = back.poll();
                    if (slab != null) return slab;
                    job.get();
                    throw new IllegalStateException("the slabs' job on " + describe() + " ended with slabs missing");
                }
            }
        } catch (InterruptedException e) {
            job.cancel();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the slabs run on " + describe(), e);
        } catch (Exception e) {
            if (e instanceof RuntimeException r) throw r;
            throw new IllegalStateException("the slabs on " + describe() + " failed: " + e.getMessage(), e);
        }
    }

    /** One task: the part's members made, stepped and observed on this executor. */
    static SlabRun.Slab slab(Part part) {
        Prepared p = PREPARED.computeIfAbsent(part.recipe(), Recipe::prepare);
        return SlabRun.slab(p.compiled(), p.launch(), part.first(), part.count(), p.keep());
    }

    /** One task of retries: the failed members of the recipe's launch it runs again, at up to halvings halvings of h. */
    record Retrial(Recipe recipe, List<MemberFailure> failures, int halvings) implements Serializable {}

    /**
     * One job: the failures in contiguous runs, a task each (as many as SLABS_PER_CORE per core, at most one per
     * member), each run again on its executor by Retries.run; the runs come back in order, so the retried members do.
     */
    @Override
    public List<Retries.Retried> retry(Recipe recipe, List<MemberFailure> failures, int halvings) {
        int n = failures.size(), tasks = Math.max(1, Math.min(n, SLABS_PER_CORE * spark.defaultParallelism()));
        List<Retrial> parts = new ArrayList<>();
        for (int t = 0; t < tasks; t++) parts.add(new Retrial(recipe, new ArrayList<>(failures.subList(t * n / tasks, (t + 1) * n / tasks)), halvings));
        List<Retries.Retried> out = new ArrayList<>();
        for (List<Retries.Retried> back : spark.parallelize(parts, tasks).map(SparkSlabs::retried).collect()) out.addAll(back);
        return out;
    }

    /** One task of retries, on its executor. */
    static List<Retries.Retried> retried(Retrial part) {
        Prepared p = PREPARED.computeIfAbsent(part.recipe(), Recipe::prepare);
        return new ArrayList<>(Retries.run(p, part.failures(), part.halvings()));
    }

    /** A task's result: its partition's one slab. */
    private static final class Only extends AbstractFunction1<scala.collection.Iterator<SlabRun.Slab>, SlabRun.Slab> implements Serializable {
        @Override
        public SlabRun.Slab apply(scala.collection.Iterator<SlabRun.Slab> slab) { return slab.next(); }
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
