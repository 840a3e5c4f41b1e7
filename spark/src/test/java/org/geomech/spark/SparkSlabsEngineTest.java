package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.api.Checkpoints;
import org.geomech.api.Results;
import org.geomech.api.Run;
import org.geomech.api.Series;
import org.geomech.engine.Retries;
import org.geomech.engine.SlabExecutor;
import org.geomech.engine.SlabRun;
import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's slabs on Spark in local mode (2 executor threads, a failed task retried once: local[2,2]) give bitwise the
 * run held at once by the simd backend in one process: for every slab size, with a task killed once, and stopped at a
 * checkpoint after some slabs came back and resumed on Spark, which is sent only the slabs not back yet (quantiles
 * summarised by sketches, fed in member order whatever order the slabs come back in); and a run's failed members,
 * retried on the executors, give bitwise what they give in one process.
 */
class SparkSlabsEngineTest {
    // chaotic-nh (m = 3), its cos/sin ensemble plus a seeded draw in q1, 3000 members (3 blocks, the last short), two step sizes
    private static final String SCENARIO = String.join("\n",
            "model: chaotic-nh",
            "method: lobatto-nh:2",
            "h: [0.05, 0.025]",
            "t_end: 0.5",
            "output_interval: 0.1",
            "backend: simd",
            "statistics: [mean, max, msd, min, std, q10, q50, q90]",
            "initial:",
            "  members: 3000",
            "  random: {seed: 3, q: {q1: 0.01}}",
            "");

    @TempDir
    static Path dir;

    private static JavaSparkContext spark;
    private static Results expected;

    @BeforeAll
    static void start() {
        expected = Run.fromScenarioText(SCENARIO).quantiles("sketch:64").run();
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2,2]").setAppName("geomech-test").set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"));
    }

    @AfterAll
    static void stop() { spark.stop(); }

    private static Run onSpark(int slabMembers, SparkSlabs slabs) {
        return Run.fromScenarioText(SCENARIO).quantiles("sketch:64").membersInMemory(slabMembers)
                .distributed(slabs, stage -> new ScenarioRecipe(SCENARIO, stage));
    }

    @Test
    void everySlabSizeIsTheRunHeldAtOnce() {
        for (int members : new int[]{3072, 2048, 1024}) same(expected, onSpark(members, new SparkSlabs(spark, "local[2,2]")).run(), "slabs of " + members);
    }

    @Test
    void aTaskKilledOnceIsRetriedAndChangesNothing() {
        Failures.KILLED.set(0);
        Results got = onSpark(1024, new SparkSlabs(spark, "local[2,2]", Failures::killSecondSlabOnce)).run();
        assertEquals(2, Failures.KILLED.get(), "the second slab's first attempt failed at both step sizes");
        same(expected, got, "3 slabs, one task killed per step size");
    }

    @Test
    void aRunStoppedAtACheckpointAndResumedOnSparkIsTheRunHeldAtOnce() {
        // stopped at its third checkpoint: the one before the first slab, then after each of the first two slabs back (of three)
        Path file = dir.resolve(Checkpoint.FILE);
        int[] saves = {0};
        Results stopped = onSpark(1024, new SparkSlabs(spark, "local[2,2]")).checkpoints(new Checkpoints(file, "1", List.of(), null, () -> ++saves[0] == 3)).run();
        assertFalse(stopped.finished());
        Checkpoint.Header kept = Checkpoint.read(file);
        assertEquals(0, kept.stage(), "in the first step size");
        assertEquals(2, kept.slabs().size(), "two slabs back");
        assertEquals(64, kept.progress().sketches().k(), "the sketches the slabs fed, in member order");
        Failures.SLABS.clear();
        Results resumed = onSpark(1024, new SparkSlabs(spark, "local[2,2]", Failures::counted)).resume(file).run();
        assertTrue(resumed.finished());
        List<Long> sent = new java.util.ArrayList<>(List.of(0L, 1024L, 2048L, 0L, 1024L, 2048L));
        kept.slabs().forEach(s -> sent.remove(s.first()));
        assertEquals(sent.stream().sorted().toList(), Failures.SLABS.stream().sorted().toList(), "the slab not back, then the three of the second step size");
        same(expected, resumed, "stopped after two slabs and resumed");
    }

    // modified-pendulum (002 sec. 5.3), lobatto-holonomic:2 at h = 0.3, twelve members of speed 2^(-1/4) (1 + j/3) along y:
    // Newton (tolerance 1e-14) fails for members 4 to 11, retried at up to two halvings of h (RetryFailedTest)
    private static final String RETRIES = String.join("\n",
            "model: modified-pendulum",
            "method: lobatto-holonomic:2",
            "h: 0.3",
            "t_end: 12",
            "output_interval: 1.2",
            "backend: simd",
            "statistics: [mean, max, msd, min, std, q50]",
            "retry_failed: 2",
            "newton: {tolerance: 1.0e-14, max_iterations: 50}",
            "initial:",
            "  members: 12",
            "  v: {y: \"2^(-0.25)*(1+j/3)\"}",
            "");

    /** The retrying run with exact quantiles and the trajectories of members 4 and 5 (both retried), rebuilt on an executor. */
    record RetryRecipe(int stage) implements SlabExecutor.Recipe {
        @Override
        public SlabExecutor.Prepared prepare() { return retrying().prepare(stage); }
    }

    private static Run retrying() { return Run.fromScenarioText(RETRIES).quantiles("exact").trajectories(List.of(4, 5)).keepFinalStates(true); }

    /**
     * The failed members' retries run as tasks on the executors (SlabExecutor.retry) and give bitwise what they give in one
     * process: the members retried, with which h and how, the rows with their spread, the trajectories and final states.
     */
    @Test
    void failedMembersAreRetriedOnTheExecutorsBitwiseAsInOneProcess() {
        Results here = retrying().run(), there = retrying().membersInMemory(1024).distributed(new SparkSlabs(spark, "local[2,2]"), RetryRecipe::new).run();
        List<Retries.Retried> a = here.retried(0.3), b = there.retried(0.3);
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10, 11), a.stream().map(Retries.Retried::member).toList());
        assertEquals(a.size(), b.size());
        for (int k = 0; k < a.size(); k++) {
            String at = "retried member " + a.get(k).member();
            assertEquals(a.get(k).member(), b.get(k).member(), at);
            assertEquals(a.get(k).h(), b.get(k).h(), at);
            assertEquals(a.get(k).status(), b.get(k).status(), at);
            assertEquals(a.get(k).memberSteps(), b.get(k).memberSteps(), at);
        }
        assertEquals(here.failures(), there.failures());
        Series x = here.series(0.3, 0), y = there.series(0.3, 0);
        assertArrayEquals(x.ok(), y.ok());
        for (String o : here.observers())
            for (String s : List.of("mean", "max", "msd", "min", "std", "q50"))
                assertArrayEquals(bits(x.statistic(o, s)), bits(y.statistic(o, s)), s + " " + o);
        double[][][] p = x.trajectories(), q = y.trajectories();
        assertEquals(p.length, q.length);
        for (int i = 0; i < p.length; i++)
            for (int m = 0; m < 2; m++) assertArrayEquals(bits(p[i][m]), bits(q[i][m]), "trajectory " + m + " at row " + i);
        for (int j = 0; j < 12; j++) assertArrayEquals(bits(x.finalStates()[j]), bits(y.finalStates()[j]), "final state of member " + j);
    }

    private static long[] bits(double[] x) { return java.util.Arrays.stream(x).mapToLong(Double::doubleToRawLongBits).toArray(); }

    /** Tasks that fail on their first attempt at the second slab, or note the slabs they run (in local mode the driver sees both). */
    static final class Failures {
        static final AtomicInteger KILLED = new AtomicInteger();
        static final List<Long> SLABS = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

        static SlabRun.Slab killSecondSlabOnce(SparkSlabs.Part part) {
            if (part.first() == 1024 && TaskContext.get().attemptNumber() == 0) {
                KILLED.incrementAndGet();
                throw new IllegalStateException("injected executor failure");
            }
            return SparkSlabs.slab(part);
        }

        static SlabRun.Slab counted(SparkSlabs.Part part) {
            SLABS.add(part.first());
            return SparkSlabs.slab(part);
        }
    }

    // Bitwise the same statistics at every output, counters and rank error
    private static void same(Results a, Results b, String what) {
        assertEquals("sketch", b.quantiles(), what);
        assertEquals(a.quantileRankError(), b.quantileRankError(), what);
        assertTrue(b.failures().isEmpty(), what);
        assertEquals(a.series().size(), b.series().size(), what);
        for (int k = 0; k < a.series().size(); k++) {
            Series x = a.series().get(k), y = b.series().get(k);
            assertEquals(x.newtonIterations(), y.newtonIterations(), what + ": Newton iterations");
            for (String o : a.observers())
                for (String s : List.of("mean", "max", "msd", "min", "std", "q10", "q50", "q90")) {
                    double[] u = x.statistic(o, s), v = y.statistic(o, s);
                    assertEquals(u.length, v.length, what);
                    for (int i = 0; i < u.length; i++)
                        assertEquals(Double.doubleToRawLongBits(u[i]), Double.doubleToRawLongBits(v[i]), what + ", step size " + k + ": " + s + " " + o + " at row " + i);
                }
        }
    }
}
