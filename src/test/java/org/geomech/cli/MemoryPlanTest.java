package org.geomech.cli;

import org.geomech.io.Npy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * engine.MemoryPlan, the one estimate that chooses between a run held at once and slabs, against the heap runs really
 * take, in child JVMs: with a small heap a run goes into slabs (or is refused in one line where what slabs keep does
 * not fit), never out of memory; with half as much heap again as the estimate it runs held at once, and the heap it
 * takes there is within 25 % of the estimate.
 */
class MemoryPlanTest {
    private static final Pattern NEEDS = Pattern.compile("the ensemble needs about (\\d+) MiB");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // 400,000 members of chaotic-nh (22 doubles each), mean, max and msd
            "chaotic|--model chaotic-nh --members 400000 --statistics mean,max,msd|slabs",
            // 200,000 of them with exact quantiles and final states kept: slabs would keep their values, more than 48 MiB
            "quantiles|--model chaotic-nh --members 200000 --statistics mean,q50 --quantiles exact --save-final-states --format npy|refused",
            // cvt's 9-unknown Newton step (lobatto-nh:3), eps swept over two points of 150,000
            "sweep|--model cvt --method lobatto-nh:3 --param eps=[0.25,0.5] --members 150000 --statistics mean,max,msd|slabs"})
    void smallHeapsGoIntoSlabsAndTheEstimatesHeapHoldsTheRunAtOnce(String name, String flags, String small) throws Exception {
        Child tight = run(name + "-small", "48m", flags);
        Matcher m = NEEDS.matcher(tight.err);
        assertTrue(m.find(), tight.err);
        long estimate = Long.parseLong(m.group(1));
        if (small.equals("slabs")) {
            assertEquals(0, tight.exit, "exit " + tight.exit + ": " + tight.err);
            assertTrue(tight.err.contains("running it in slabs of"), tight.err);
        } else {
            assertEquals(2, tight.exit, tight.err);
            assertTrue(tight.err.startsWith("geomech: error: ") && tight.err.contains("not even a slab of 1024 members fits") && tight.err.lines().count() == 1,
                    tight.err);
        }
        // half as much heap again: the share a run held at once may take (0.9), the serial collector's survivor space, what the JVM holds;
        // and the 24 MiB set aside for compiling the step
        Child atOnce = run(name + "-at-once", (long) Math.ceil(1.5 * estimate) + 48 + "m", flags);
        assertEquals(0, atOnce.exit, atOnce.err);
        assertTrue(!atOnce.err.contains("note"), "held at once: " + atOnce.err);
        assertLiveHeapNear(name, estimate, atOnce);
    }

    /**
     * A run that retries its failed members holds, with exact quantiles, every output row's values from the first failure
     * on (Spread.Held), which the estimate counts: modified-pendulum (002 sec. 5.3), lobatto-holonomic:2 at h = 0.3 to
     * t = 2.4, 200,000 members of speed 2^(-1/4) (1 + 3 (j/199999)^200) along y, of which the fastest (0.4 %, as
     * RetryFailedTest's members 2 and 3) fail, the last at its first step, and are retried. Held at once with half as much
     * heap again as the estimate, the live heap is within 25 % of it; at 90 MiB, where an estimate without the held values
     * (41 MiB) ran it at once and died of OutOfMemoryError, it is refused in one line (slabs would keep the values twice:
     * the slabs' and the held ones); with the quantiles sketched, a 48 MiB heap runs it in slabs and retries its members,
     * and --quantiles auto at 90 MiB sketches them (the values twice would not fit a quarter of the heap) and finishes.
     */
    @Test
    void aRetryingRunIsEstimatedWithTheValuesItHoldsForRetries() throws Exception {
        String flags = "--model modified-pendulum --method lobatto-holonomic:2 --members 200000 --sigma 0 --v y=2^(-0.25)*(1+3*(j/199999)^200)"
                + " --newton-tol 1e-14 --retry-failed 2 --statistics mean,q50 --quantiles ", time = "--t-end 2.4 --output-interval 0.3 --h 0.3";
        Child refused = run("retries-refused", "90m", flags + "exact", time);
        assertEquals(2, refused.exit, refused.err);
        assertTrue(refused.err.startsWith("geomech: error: ") && refused.err.contains("the values held for retried members") && refused.err.lines().count() == 1,
                refused.err);
        Matcher m = NEEDS.matcher(refused.err);
        assertTrue(m.find(), refused.err);
        long estimate = Long.parseLong(m.group(1));
        Child atOnce = run("retries-at-once", (long) Math.ceil(1.5 * estimate) + 48 + "m", flags + "exact", time);
        assertEquals(0, atOnce.exit, atOnce.err);
        assertTrue(!atOnce.err.contains("note"), "held at once: " + atOnce.err);
        assertTrue(Files.readString(dir.resolve("retries-at-once.out")).contains("reached t_end, 0 still failed"), "every failed member retried to t_end");
        assertLiveHeapNear("retries", estimate, atOnce);
        Child slabs = run("retries-slabs", "48m", flags + "sketch", time);
        assertEquals(0, slabs.exit, slabs.err);
        assertTrue(slabs.err.contains("running it in slabs of"), slabs.err);
        assertEquals(Files.readString(dir.resolve("retries-at-once.out")).lines().filter(l -> l.startsWith("retried ")).toList(),
                Files.readString(dir.resolve("retries-slabs.out")).lines().filter(l -> l.startsWith("retried ")).toList(), "the same members retried");
        Child auto = run("retries-auto", "90m", flags + "auto", time);
        assertEquals(0, auto.exit, auto.err);
        assertEquals(Files.readString(dir.resolve("retries-at-once.out")).lines().filter(l -> l.startsWith("retried ")).toList(),
                Files.readString(dir.resolve("retries-auto.out")).lines().filter(l -> l.startsWith("retried ")).toList(), "auto: the same members retried");
    }

    /**
     * The final states of 300,000 members of chaotic-nh in a 48 MiB heap: joined as they used to be, they alone (53 MiB of
     * doubles) outgrow the heap, and the run was refused; handed slab by slab to final-states.npy as each slab finishes, the
     * heap holds one slab's at a time, and the file holds every member's state, finite and not left empty.
     */
    @Test
    void slabsHoldOneSlabsFinalStates() throws Exception {
        Child slabs = run("final-states", "48m", "--model chaotic-nh --members 300000 --statistics mean,max,msd --save-final-states --format npy");
        assertEquals(0, slabs.exit, slabs.err);
        assertTrue(slabs.err.contains("running it in slabs of"), slabs.err);
        Npy states = Npy.read(dir.resolve("final-states").resolve("final-states.npy"));
        assertEquals(300000, states.shape()[0], "a row per member");
        int n = states.shape()[1];
        assertTrue(8L * 300000 * n > 48L << 20, n + " components: every member's final state outgrows the heap");
        for (int j = 0; j < 300000; j++) {
            boolean moving = false;
            for (int c = 0; c < n; c++) {
                double x = states.values()[j * n + c];
                assertTrue(Double.isFinite(x), "member " + j);
                moving |= x != 0;
            }
            assertTrue(moving, "member " + j + " has a state written");
        }
    }

    // The live heap of a run held at once against the estimate (MiB)
    private static void assertLiveHeapNear(String name, long estimate, Child atOnce) throws Exception {
        // the serial collector's heap in use after each collection: live objects and, after a young collection, garbage already in the
        // old generation; after a full collection, live objects alone. The run's largest after any collection is at least three
        // quarters of the estimate (and of the 3 MiB the JVM holds without an ensemble), its largest after a full one at most 5/4 of it
        long any = 0, full = 0;
        Matcher gc = Pattern.compile("Pause (\\w+).* (\\d+)M->(\\d+)M").matcher(Files.readString(atOnce.gcLog));
        while (gc.find()) {
            long after = Long.parseLong(gc.group(3));
            any = Math.max(any, after);
            if (gc.group(1).equals("Full")) full = Math.max(full, after);
        }
        long expected = estimate + 3;
        assertTrue(any >= 0.75 * expected, name + ": the largest heap after a collection, " + any + " MiB, against the estimate, " + expected + " MiB");
        assertTrue(full <= 1.25 * expected, name + ": the largest live heap, " + full + " MiB, against the estimate, " + expected + " MiB");
    }

    private record Child(int exit, String err, Path gcLog) {}

    // geomech run FLAGS in a child JVM with heap -Xmx and no kernels cached (javac compiles them in the run); 10 steps of 0.05, simd
    private Child run(String name, String heap, String flags) throws Exception { return run(name, heap, flags, "--t-end 0.5 --h 0.05"); }

    // geomech run FLAGS over the time span TIME in a child JVM with heap -Xmx and no kernels cached, simd
    private Child run(String name, String heap, String flags, String time) throws Exception {
        Path log = dir.resolve(name + "-gc.log"), err = dir.resolve(name + ".err");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap, "-XX:+UseSerialGC", "-Dgeomech.cache=" + dir.resolve(name + "-kernels"),
                "-Xlog:gc:file=" + log, "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run"));
        command.addAll(List.of(flags.split(" ")));
        command.addAll(List.of(time.split(" ")));
        command.addAll(List.of("--backend", "simd", "--quiet", "--no-plots", "--out", dir.resolve(name).toString()));
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(dir.resolve(name + ".out").toFile()).start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), name + " within three minutes");
        String text = Files.readString(err).lines().filter(l -> !l.startsWith("WARNING: Using incubator modules")).reduce("", (a, b) -> a + b + "\n");
        if (p.exitValue() != 0 && p.exitValue() != 2) text += Files.readString(dir.resolve(name + ".out"));
        return new Child(p.exitValue(), text, log);
    }
}
