package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.api.Results;
import org.geomech.api.Run;
import org.geomech.api.Series;
import org.geomech.ensemble.Reduction;

import java.util.Arrays;

/**
 * The overhead of Spark in local mode against the plain simd backend on the same ensemble (benchmarks/RESULTS.md):
 * MEMBERS STEPS [REPEATS [PARTITIONS]]. Both are the engine's runs of one scenario (chaotic-nh, m = 3, lobatto-nh:2,
 * simd): held at once in this process, and in PARTITIONS slabs of whole blocks (default T) on SparkSlabs in local[T]
 * (T = the cores), as geomech run --spark runs them; after one warm-up of each, the repeats alternate simd and Spark (so
 * that a changing load on a shared machine falls on both alike): the overhead of each pair in wall and in process CPU
 * seconds (the latter hardly moved by other processes), their medians, and the statistics of the last rows compared bitwise.
 */
public final class LocalOverhead {
    private LocalOverhead() {}

    public static void main(String[] args) {
        int members = Integer.parseInt(args[0]), steps = Integer.parseInt(args[1]), repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int cores = Runtime.getRuntime().availableProcessors(), partitions = args.length > 3 ? Integer.parseInt(args[3]) : cores;
        String yaml = String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.01", "t_end: " + steps * 0.01,
                "output_interval: " + steps * 0.01, "backend: simd", "initial:", "  members: " + members, "");
        int blocks = Reduction.blocks(members), slab = (blocks + partitions - 1) / partitions * Reduction.BLOCK;
        String master = "local[" + cores + "]";
        // per repeat: wall seconds and this process's CPU seconds (every thread: Spark's, the JIT's, the collector's), simd then Spark
        double[][] simd = new double[2][repeats + 1], spark = new double[2][repeats + 1];
        Results simdLast = null, sparkLast = null;
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster(master).setAppName("geomech overhead")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"))) {
            SparkSlabs slabs = new SparkSlabs(sc, master);
            for (int r = 0; r <= repeats; r++) {
                long t0 = System.nanoTime(), c0 = cpuNanos();
                simdLast = Run.of(ScenarioRecipe.scenario(yaml)).run();
                long t1 = System.nanoTime(), c1 = cpuNanos();
                sparkLast = Run.of(ScenarioRecipe.scenario(yaml)).membersInMemory(slab).distributed(slabs, stage -> new ScenarioRecipe(yaml, stage)).run();
                long t2 = System.nanoTime(), c2 = cpuNanos();
                simd[0][r] = (t1 - t0) * 1e-9;
                simd[1][r] = (c1 - c0) * 1e-9;
                spark[0][r] = (t2 - t1) * 1e-9;
                spark[1][r] = (c2 - c1) * 1e-9;
            }
        }
        System.out.printf("%d members x %d steps, %d cores, spark %s with %d slabs; a warm-up of each, then %d pairs, simd then spark%n",
                members, steps, cores, master, (members + slab - 1) / slab, repeats);
        String[] what = {"wall", "cpu"};
        for (int k = 0; k < 2; k++) {
            double[] ratio = new double[repeats];
            for (int r = 1; r <= repeats; r++) ratio[r - 1] = spark[k][r] / simd[k][r];
            System.out.printf("%s seconds: simd %s, spark %s; overhead per pair %s, median %.1f %%%n", what[k], seconds(simd[k]), seconds(spark[k]),
                    percent(ratio), 100 * (median(ratio) - 1));
        }
        String a = lastRow(simdLast), b = lastRow(sparkLast);
        System.out.println("last row bitwise equal: " + a.equals(b));
        if (!a.equals(b)) System.out.println("simd  " + a + "\nspark " + b);
    }

    // The last row's mean, max and msd of every observer, as their bits
    private static String lastRow(Results results) {
        Series s = results.series().get(0);
        int last = s.times().length - 1;
        StringBuilder out = new StringBuilder();
        for (String o : results.observers())
            out.append(o).append(' ').append(Long.toHexString(Double.doubleToRawLongBits(s.mean(o)[last]))).append(' ')
                    .append(Long.toHexString(Double.doubleToRawLongBits(s.max(o)[last]))).append(' ')
                    .append(Long.toHexString(Double.doubleToRawLongBits(s.msd(o)[last]))).append("; ");
        return out.toString();
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
}
