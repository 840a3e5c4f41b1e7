package org.geomech.api;

import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.io.Checkpoint;
import org.geomech.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 11 item 3 with item 1's sweeps and item 5's spread statistics: a run stopped at a checkpoint and resumed gives
 * bitwise the rows heard, the series of every sweep point (mean, max, msd, min, std, quantiles, histograms), the failures and the
 * final states (of both step sizes) of the run that never stopped. Each run has two step sizes and stops in the second, so the first comes
 * back from the checkpoint (its rows split on their block partials, its spread as recorded) and the second goes on.
 */
class SweepAndSpreadResumeTest {
    @TempDir
    Path dir;

    /** cvt, eps per sweep point (three points of 40 members each: the launch pads every point to a block of 1024). */
    private static Run sweep(String backend) {
        return Run.of(Model.builtIn("cvt")).ensemble(Ensemble.of(40).perturbed(3, 1e-3).parameter("eps", "[0.25, 0.5, 1]"))
                .stepSizes(0.05, 0.025).until(2).every(0.25).backend(backend);
    }

    /** chaotic-nh (m = 3), 1500 members over two reduction blocks, lobatto-nh:2, the spread statistics beside the default three. */
    private static Run spread(String backend) {
        return Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(1500).perturbed(7, 0.1)).stepSizes(0.1, 0.05).until(2).every(0.25)
                .statistics("mean", "max", "msd", "min", "std", "q10", "q50", "q90", "hist:12").backend(backend);
    }

    @Test
    void sweepOnReference() { stoppedAndResumedIsTheWholeRun(() -> sweep("reference"), 3); }

    @Test
    void sweepOnSimd() { stoppedAndResumedIsTheWholeRun(() -> sweep("simd"), 3); }

    @Test
    void sweepOnOpencl() {
        OpenClRequirement.device();
        stoppedAndResumedIsTheWholeRun(() -> sweep("opencl"), 3);
    }

    @Test
    void minStdAndQuantilesOnReference() { stoppedAndResumedIsTheWholeRun(() -> spread("reference"), 1, 0.1, 0.5, 0.9); }

    @Test
    void minStdAndQuantilesOnSimd() { stoppedAndResumedIsTheWholeRun(() -> spread("simd"), 1, 0.1, 0.5, 0.9); }

    @Test
    void sweepWithQuantilesOnSimd() {
        stoppedAndResumedIsTheWholeRun(() -> sweep("simd").statistics("mean", "min", "std", "q25", "q75", "hist:0,1,6"), 3, 0.25, 0.75);
    }

    @Test
    void checkpointOfOtherSweepValuesOrStatisticsIsRefused() {
        Path file = dir.resolve(Checkpoint.FILE);
        sweep("simd").checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> true)).run();
        for (Run other : List.of(Run.of(Model.builtIn("cvt")).ensemble(Ensemble.of(40).perturbed(3, 1e-3).parameter("eps", "[0.25, 0.5, 2]"))
                .stepSizes(0.05, 0.025).until(2).every(0.25).backend("simd"), sweep("simd").statistics("mean", "q50"))) {
            InputException e = assertThrows(InputException.class, () -> other.resume(file).run());
            assertTrue(e.getMessage().contains("does not match its run") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    // Stops the run at its output 12 * points + 1 (in the second step size), resumes it and compares with a run that never
    // stopped; levels: the quantiles asked for (none: the spread is not asked for)
    private void stoppedAndResumedIsTheWholeRun(Supplier<Run> run, int points, double... levels) {
        Path file = dir.resolve(Checkpoint.FILE);
        List<Output> heardBeforeStop = new ArrayList<>(), heardResumed = new ArrayList<>(), heardWhole = new ArrayList<>();
        Results stopped = run.get().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> heardBeforeStop.size() > 12 * points))
                .listener(listener(heardBeforeStop)).run();
        assertFalse(stopped.finished());
        assertTrue(Files.exists(file), "the stop wrote a checkpoint");
        Results resumed = run.get().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> false)).resume(file).listener(listener(heardResumed)).run();
        Results whole = run.get().listener(listener(heardWhole)).run();
        assertTrue(resumed.finished());
        assertFalse(Files.exists(file), "a finished run removes its checkpoint");
        assertEquals(heardWhole.size(), heardResumed.size(), "rows heard");
        for (int k = 0; k < heardWhole.size(); k++) assertOutputEquals(heardWhole.get(k), heardResumed.get(k), "row " + k + " heard");
        assertEquals(2 * points, whole.series().size());
        assertEquals(whole.series().size(), resumed.series().size());
        for (int k = 0; k < whole.series().size(); k++) {
            Series a = whole.series().get(k), b = resumed.series().get(k);
            String at = "h = " + a.h() + ", point " + a.point();
            assertEquals(a.parameters(), b.parameters(), at);
            assertArrayEquals(a.times(), b.times(), at);
            assertArrayEquals(a.ok(), b.ok(), at);
            assertEquals(a.memberSteps(), b.memberSteps(), at);
            assertEquals(a.newtonIterations(), b.newtonIterations(), at);
            for (String o : whole.observers()) {
                assertArrayEquals(a.mean(o), b.mean(o), 0.0, o + " mean at " + at);
                assertArrayEquals(a.max(o), b.max(o), 0.0, o + " max at " + at);
                assertArrayEquals(a.msd(o), b.msd(o), 0.0, o + " msd at " + at);
                assertArrayEquals(a.min(o), b.min(o), 0.0, o + " min at " + at);
                assertArrayEquals(a.std(o), b.std(o), 0.0, o + " std at " + at);
                for (double level : levels) assertArrayEquals(a.quantile(o, level), b.quantile(o, level), 0.0, o + " q" + level + " at " + at);
                if (levels.length > 0) assertEquals(a.histograms(o), b.histograms(o), o + " histograms at " + at);
            }
        }
        for (int k = 0; k < whole.series().size(); k++) {
            double[][] a = whole.series().get(k).finalStates(), b = resumed.series().get(k).finalStates();
            assertEquals(a.length, b.length);
            for (int j = 0; j < a.length; j++) assertArrayEquals(a[j], b[j], 0.0, "final state of member " + j + " of series " + k);
        }
        assertEquals(whole.failures(), resumed.failures());
        // what was compared is there: the points' energies differ, and a spread asked for is finite and ordered at the end
        String energy = whole.observers().get(0);
        Series last = whole.series().get(2 * points - 1);
        int end = last.times().length - 1;
        if (points > 1) assertTrue(whole.series().get(points).mean(energy)[end] != last.mean(energy)[end], "eps changes the energy");
        if (levels.length > 0) {
            double min = last.min(energy)[end], low = last.quantile(energy, levels[0])[end], high = last.quantile(energy, levels[levels.length - 1])[end];
            assertTrue(min <= low && low < high && last.std(energy)[end] > 0, "min " + min + ", quantiles " + low + " .. " + high);
        }
    }

    private static Run.Listener listener(List<Output> heard) {
        return new Run.Listener() {
            @Override public void output(Output row) { heard.add(row); }
        };
    }

    private static void assertOutputEquals(Output a, Output b, String what) {
        assertEquals(List.of(a.h(), a.point(), a.t(), a.step(), a.ok()), List.of(b.h(), b.point(), b.t(), b.step(), b.ok()), what);
        for (double[][] pair : List.of(new double[][]{a.mean(), b.mean()}, new double[][]{a.max(), b.max()}, new double[][]{a.msd(), b.msd()},
                new double[][]{a.min(), b.min()}, new double[][]{a.std(), b.std()}))
            assertArrayEquals(pair[0], pair[1], 0.0, what);
        assertEquals(a.quantiles().length, b.quantiles().length, what);
        for (int o = 0; o < a.quantiles().length; o++) assertArrayEquals(a.quantiles()[o], b.quantiles()[o], 0.0, what + ": quantiles of observer " + o);
        assertArrayEquals(a.histograms(), b.histograms(), what + ": histograms");
    }
}
