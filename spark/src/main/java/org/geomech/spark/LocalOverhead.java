package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.backend.Backend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;
import org.geomech.method.Methods;
import org.geomech.model.MechanicalSystem;
import org.geomech.study.Simulation;
import org.geomech.study.SlabRun;

import java.util.Arrays;

/**
 * The overhead of Spark in local mode against the plain simd backend on the same ensemble (benchmarks/RESULTS.md):
 * MEMBERS STEPS [REPEATS]. Both make the initial states and step chaotic-nh (m = 3) with lobatto-nh:2; Spark runs
 * local[T] with T partitions (T = the cores); the best of the repeats after one warm-up each, and the statistics of
 * the last rows compared bitwise.
 */
public final class LocalOverhead {
    private LocalOverhead() {}

    public static void main(String[] args) {
        int members = Integer.parseInt(args[0]), steps = Integer.parseInt(args[1]), repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int cores = Runtime.getRuntime().availableProcessors();
        String yaml = String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.01", "t_end: " + steps * 0.01,
                "output_interval: " + steps * 0.01, "backend: simd", "initial:", "  members: " + members, "");
        Scenario s = ScenarioFile.draft("overhead", yaml).resolve();
        MechanicalSystem sys = s.mechanical("spark");
        Simulation sim = new Simulation(sys, Methods.parse(s.method()), sys.parameterValues(), new InitialStates(sys, s.q0(), s.v0()),
                s.perturbation(), s.members());
        TimeGrid grid = TimeGrid.of(s.h().get(0), s.tEnd(), s.outputInterval());
        Backend.Compiled compiled = new SimdBackend().compile(sim.step(), Observers.standard(sys), s.newton());
        double[] simd = new double[repeats + 1], spark = new double[repeats + 1];
        EnsembleRun.Row simdLast = null, sparkLast = null;
        for (int r = 0; r <= repeats; r++) {
            long t0 = System.nanoTime();
            EnsembleState state = sim.initialState(null);
            EnsembleRun.Result res = EnsembleRun.run(compiled, state, sim.params(grid.h()), grid, null);
            simd[r] = (System.nanoTime() - t0) * 1e-9;
            simdLast = res.rows().get(res.rows().size() - 1);
        }
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[" + cores + "]").setAppName("geomech overhead")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"))) {
            for (int r = 0; r <= repeats; r++) {
                long t0 = System.nanoTime();
                SlabRun.Outcome o = SparkEnsemble.run(sc, yaml, cores).get(0);
                spark[r] = (System.nanoTime() - t0) * 1e-9;
                sparkLast = o.result().rows().get(o.result().rows().size() - 1);
            }
        }
        double bestSimd = Arrays.stream(simd, 1, repeats + 1).min().orElseThrow(), bestSpark = Arrays.stream(spark, 1, repeats + 1).min().orElseThrow();
        System.out.printf("%d members x %d steps, %d cores: simd %s s, spark local[%d] %s s (best of %d after a warm-up); overhead %.1f %%; last row bitwise equal: %s%n",
                members, steps, cores, Arrays.toString(simd), cores, Arrays.toString(spark), repeats, 100 * (bestSpark / bestSimd - 1), simdLast.equals(sparkLast));
        if (!simdLast.equals(sparkLast)) System.out.println("simd  " + simdLast + "\nspark " + sparkLast);
    }
}
