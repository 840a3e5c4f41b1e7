package org.geomech.spark;

import org.geomech.engine.Engine;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.backend.Backend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;
import org.geomech.method.Methods;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.geomech.engine.SlabRun;

import java.util.Arrays;

/**
 * The overhead of Spark in local mode against the plain simd backend on the same ensemble (benchmarks/RESULTS.md):
 * MEMBERS STEPS [REPEATS [PARTITIONS]]. Both make the initial states and step chaotic-nh (m = 3) with lobatto-nh:2; Spark
 * runs local[T] (T = the cores) with PARTITIONS partitions (default T); after one warm-up of each, the repeats alternate simd and Spark (so that
 * a changing load on a shared machine falls on both alike): the overhead of each pair in wall and in process CPU
 * seconds (the latter hardly moved by other processes), their medians, and the statistics of the last rows compared bitwise.
 */
public final class LocalOverhead {
    private LocalOverhead() {}

    public static void main(String[] args) {
        int members = Integer.parseInt(args[0]), steps = Integer.parseInt(args[1]), repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int cores = Runtime.getRuntime().availableProcessors(), partitions = args.length > 3 ? Integer.parseInt(args[3]) : cores;
        String yaml = String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.01", "t_end: " + steps * 0.01,
                "output_interval: " + steps * 0.01, "backend: simd", "initial:", "  members: " + members, "");
        Scenario s = ScenarioFile.draft("overhead", yaml).resolve();
        MechanicalSystem sys = s.mechanical("spark");
        Simulation sim = new Simulation(sys, Methods.parse(s.method()), sys.parameterValues(), new InitialStates(sys, s.q0(), s.v0()),
                s.perturbation(), s.members());
        TimeGrid grid = TimeGrid.of(s.h().get(0), s.tEnd(), s.outputInterval());
        Backend.Compiled compiled = Engine.compile(new SimdBackend(), sim.step(), Observers.standard(sys), s.newton());
        // per repeat: wall seconds and this process's CPU seconds (every thread: Spark's, the JIT's, the collector's), simd then Spark
        double[][] simd = new double[2][repeats + 1], spark = new double[2][repeats + 1];
        EnsembleRun.Row simdLast = null, sparkLast = null;
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[" + cores + "]").setAppName("geomech overhead")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"))) {
            for (int r = 0; r <= repeats; r++) {
                long t0 = System.nanoTime(), c0 = cpuNanos();
                simdLast = simd(sim, compiled, grid);
                long t1 = System.nanoTime(), c1 = cpuNanos();
                SlabRun.Outcome o = SparkEnsemble.run(sc, yaml, partitions).get(0);
                long t2 = System.nanoTime(), c2 = cpuNanos();
                sparkLast = o.result().rows().get(o.result().rows().size() - 1);
                simd[0][r] = (t1 - t0) * 1e-9;
                simd[1][r] = (c1 - c0) * 1e-9;
                spark[0][r] = (t2 - t1) * 1e-9;
                spark[1][r] = (c2 - c1) * 1e-9;
            }
        }
        System.out.printf("%d members x %d steps, %d cores, spark local[%d] with %d partitions; a warm-up of each, then %d pairs, simd then spark%n",
                members, steps, cores, cores, partitions, repeats);
        String[] what = {"wall", "cpu"};
        for (int k = 0; k < 2; k++) {
            double[] ratio = new double[repeats];
            for (int r = 1; r <= repeats; r++) ratio[r - 1] = spark[k][r] / simd[k][r];
            System.out.printf("%s seconds: simd %s, spark %s; overhead per pair %s, median %.1f %%%n", what[k], seconds(simd[k]), seconds(spark[k]),
                    percent(ratio), 100 * (median(ratio) - 1));
        }
        System.out.println("last row bitwise equal: " + simdLast.equals(sparkLast));
        if (!simdLast.equals(sparkLast)) System.out.println("simd  " + simdLast + "\nspark " + sparkLast);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
    }

    private static String seconds(double[] x) {
        return Arrays.stream(x).mapToObj(v -> String.format(java.util.Locale.ROOT, "%.2f", v)).toList().toString();
    }

    private static String percent(double[] ratio) {
        return Arrays.stream(ratio).mapToObj(v -> String.format(java.util.Locale.ROOT, "%+.1f %%", 100 * (v - 1))).toList().toString();
    }

    // The whole ensemble made and run at once by the plain simd backend: its last row (the ensemble is garbage after it)
    private static EnsembleRun.Row simd(Simulation sim, Backend.Compiled compiled, TimeGrid grid) {
        EnsembleState state = sim.initialState(null);
        EnsembleRun.Result res = EnsembleRun.run(compiled, state, sim.params(grid.h()), grid, null);
        return res.rows().get(res.rows().size() - 1);
    }
}
