package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;
import org.geomech.method.Methods;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.geomech.engine.SlabRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An ensemble over Spark in local mode (2 executor threads, a failed task retried: local[2,2]) has bitwise
 * the statistics of the simd backend on one machine, for every partitioning, and a task killed once changes nothing.
 */
class SparkEnsembleTest {
    // chaotic-nh (m = 3), its cos/sin ensemble plus a seeded draw in q1, 3000 members (3 blocks, the last short), two step sizes
    private static final String SCENARIO = String.join("\n",
            "model: chaotic-nh",
            "method: lobatto-nh:2",
            "h: [0.05, 0.025]",
            "t_end: 0.5",
            "output_interval: 0.1",
            "backend: simd",
            "initial:",
            "  members: 3000",
            "  random: {seed: 3, q: {q1: 0.01}}",
            "");

    private static JavaSparkContext spark;
    private static List<EnsembleRun.Result> expected;

    @BeforeAll
    static void start() {
        expected = singleMachine();
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2,2]").setAppName("geomech-test").set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"));
    }

    @AfterAll
    static void stop() { spark.stop(); }

    /** The simd backend's rows for the whole ensemble in one run, per step size. */
    private static List<EnsembleRun.Result> singleMachine() {
        Scenario s = ScenarioFile.draft("scenario", SCENARIO).resolve();
        MechanicalSystem sys = s.mechanical("spark");
        Simulation sim = new Simulation(sys, Methods.parse(s.method()), sys.parameterValues(), new InitialStates(sys, s.q0(), s.v0()),
                s.perturbation(), s.members());
        List<EnsembleRun.Result> out = new ArrayList<>();
        for (double h : s.h())
            out.add(sim.run(new SimdBackend(), s.newton(), Observers.standard(sys), TimeGrid.of(h, s.tEnd(), s.outputInterval()),
                    sim.initialState(null), null));
        return out;
    }

    @Test
    void statisticsAreBitwiseTheSimdBackendsForEveryPartitioning() {
        for (int partitions : new int[]{1, 2, 3}) {
            List<SlabRun.Outcome> got = SparkEnsemble.run(spark, SCENARIO, partitions);
            assertSame(expected, got, partitions + " partitions");
        }
    }

    @Test
    void aTaskKilledOnceIsRetriedAndChangesNothing() {
        AtomicInteger killed = Failures.KILLED;
        killed.set(0);
        List<SlabRun.Outcome> got = SparkEnsemble.run(spark, SCENARIO, 3, Failures::killSecondPartitionOnce);
        assertEquals(2, killed.get(), "the second partition's first attempt failed at both step sizes");
        assertSame(expected, got, "3 partitions, one task killed per step size");
    }

    /** A task that dies on its first attempt at partition 1 (in local mode the counter is shared with the driver). */
    static final class Failures {
        static final AtomicInteger KILLED = new AtomicInteger();

        static SlabRun.Slab killSecondPartitionOnce(SparkEnsemble.Part part) {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == 1 && task.attemptNumber() == 0) {
                KILLED.incrementAndGet();
                throw new IllegalStateException("injected executor failure");
            }
            return SparkEnsemble.slab(part);
        }
    }

    private static void assertSame(List<EnsembleRun.Result> expected, List<SlabRun.Outcome> got, String what) {
        assertEquals(expected.size(), got.size());
        for (int k = 0; k < expected.size(); k++) {
            assertArrayEquals(bits(expected.get(k).rows()), bits(got.get(k).result().rows()), what + ", step size " + k + ": every row, bitwise");
            assertEquals(expected.get(k).newtonIterations(), got.get(k).result().newtonIterations(), what + ": Newton iterations");
            assertTrue(got.get(k).failures().isEmpty(), what);
        }
    }

    private static long[] bits(List<EnsembleRun.Row> rows) {
        List<Long> out = new ArrayList<>();
        for (EnsembleRun.Row row : rows) {
            out.add(row.step());
            out.add((long) row.ok());
            for (Statistics s : row.stats()) {
                out.add(Double.doubleToRawLongBits(s.mean()));
                out.add(Double.doubleToRawLongBits(s.max()));
                out.add(Double.doubleToRawLongBits(s.msd()));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }
}
