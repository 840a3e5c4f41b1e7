package org.geomech.api;

import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Values at t = 0 that observers name (initial(E), energy_error) are carried with each member: a run stopped at a
 * checkpoint and resumed, and the same run in slabs (stopped after its first slab and resumed), give bitwise the statistics,
 * quantiles included, of the run held at once that never stopped. Were initial(E) taken again from the resumed state, the
 * relative energy error would restart from 0 there and differ.
 */
class InitialValuesResumeTest {
    @TempDir
    Path dir;

    private static final String[] STATISTICS = {"mean", "max", "msd", "min", "q5", "q50", "q95"};
    private static final double[] LEVELS = {0.05, 0.5, 0.95};

    /** chaotic-nh (m = 3), 2500 members over three reduction blocks, each with its own energy (perturbed by 0.1). */
    private static Run run() {
        return Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(2500).perturbed(5, 0.1)).method("lobatto-nh:2").stepSizes(0.1).until(2).every(0.25)
                .observer("relative", "(energy - initial(energy)) / initial(energy)").statistics(STATISTICS).backend("simd");
    }

    @Test
    void initialValuesSurviveAResumeInMemoryAndInSlabs() {
        Results whole = run().run();
        Series w = whole.series().get(0);
        int end = w.times().length - 1;
        assertEquals(List.of("energy", "energy_error", "g_vel", "relative"), whole.observers());
        // what is compared is there: an error that grows from exactly 0, spread over the members
        assertEquals(0.0, w.max("energy_error")[0]);
        assertEquals(0.0, w.min("relative")[0]);
        assertTrue(w.quantile("relative", 0.05)[end] < w.quantile("relative", 0.95)[end], "the relative errors spread");
        assertTrue(w.msd("energy_error")[end] > 1e-8, "the energy drifts at h = 0.1: msd " + w.msd("energy_error")[end]);
        for (int k = 0; k <= end; k++)
            assertEquals(w.msd("energy")[k], w.msd("energy_error")[k], 1e-15 * Math.max(1e-30, w.msd("energy")[k]) + 1e-30, "msd of E and E - E(0) at t = " + w.times()[k]);

        Path file = dir.resolve(Checkpoint.FILE);
        int[] heard = new int[1];
        Supplier<Run> stopAfterThreeRows = () -> run().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> heard[0] > 3)).listener(new Run.Listener() {
            @Override public void output(Output row) { heard[0]++; }
        });
        assertFalse(stopAfterThreeRows.get().run().finished());
        Results resumed = run().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> false)).resume(file).run();
        assertSameStatistics(whole, resumed, "resumed in memory");

        int[] asked = new int[1];   // the stop is asked at t = 0, then after each slab
        Results slabs = run().membersInMemory(1024).checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> ++asked[0] > 1)).run();
        assertFalse(slabs.finished(), "stopped after the first slab");
        assertEquals(2, asked[0]);
        Results slabsResumed = run().membersInMemory(1024).checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> false)).resume(file).run();
        assertSameStatistics(whole, slabsResumed, "in slabs, resumed after the first");
    }

    private static void assertSameStatistics(Results expected, Results actual, String what) {
        assertTrue(actual.finished(), what);
        Series a = expected.series().get(0), b = actual.series().get(0);
        assertArrayEquals(a.times(), b.times(), what);
        for (String o : expected.observers()) {
            assertArrayEquals(a.mean(o), b.mean(o), 0.0, o + " mean, " + what);
            assertArrayEquals(a.max(o), b.max(o), 0.0, o + " max, " + what);
            assertArrayEquals(a.msd(o), b.msd(o), 0.0, o + " msd, " + what);
            assertArrayEquals(a.min(o), b.min(o), 0.0, o + " min, " + what);
            for (double level : LEVELS) assertArrayEquals(a.quantile(o, level), b.quantile(o, level), 0.0, o + " q" + level + ", " + what);
        }
    }
}
