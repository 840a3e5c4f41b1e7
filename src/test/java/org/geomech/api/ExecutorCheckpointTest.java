package org.geomech.api;

import org.geomech.engine.LastFirstSlabs;
import org.geomech.engine.SlabRun;
import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Slabs on an executor keep checkpoints as slabs in this process do: one before the first slab and one after each slab
 * that comes back (here last first, so the checkpoint holds slabs past a gap, with their values where the quantiles
 * are sketched, since sketches are fed in member order); a run stopped there and resumed, on the executor (which is sent
 * only the slabs not back yet) or in this process, gives bitwise the run held at once.
 */
class ExecutorCheckpointTest {
    @TempDir
    Path dir;

    /** Members per point: 2500, padded to three blocks; two sweep points make six slabs of one block. */
    private static final int MEMBERS = 2500;
    private static final double[] LEVELS = {0.1, 0.5, 0.9};

    // cvt swept over eps, lobatto-nh:2, rows every 0.1 to 0.4, min, std and quantiles, trajectories of a member in the first slab and the last
    private static Run run(String quantiles) {
        return Run.of(Model.builtIn("cvt")).method("lobatto-nh:2").ensemble(Ensemble.of(MEMBERS).perturbed(11, 1e-3).parameter("eps", "[0.25, 0.5]"))
                .until(0.4).every(0.1).stepSizes(0.02).backend("simd").trajectories(List.of(3, MEMBERS - 2))
                .statistics("mean", "max", "msd", "min", "std", "q10", "q50", "q90").quantiles(quantiles).keepFinalStates(true);
    }

    private static Run onExecutor(String quantiles) {
        Run recipe = run(quantiles);
        return run(quantiles).distributed(new LastFirstSlabs(), stage -> () -> recipe.prepare(stage));
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "sketch:64"})
    void aRunOnAnExecutorStoppedAndResumedIsTheRunHeldAtOnce(String quantiles) {
        Results atOnce = run(quantiles).run();
        Results whole = onExecutor(quantiles).run();
        same(atOnce, whole);
        // stopped at its third checkpoint: the one before the first slab, then after the last two slabs came back
        Path file = dir.resolve(Checkpoint.FILE);
        int[] saves = {0};
        Results stopped = onExecutor(quantiles).checkpoints(new Checkpoints(file, "1", List.of(), null, () -> ++saves[0] == 3)).run();
        assertFalse(stopped.finished());
        Checkpoint.Header kept = Checkpoint.read(file);
        assertEquals(List.of(4096L, 5120L), kept.slabs().stream().map(SlabRun.Slab::first).toList(), "the last two slabs, past a gap");
        boolean sketched = quantiles.startsWith("sketch");
        assertEquals(sketched ? 64 : 0, kept.progress().sketches() == null ? 0 : kept.progress().sketches().k());
        if (sketched) assertTrue(kept.progress().sketches().rows().isEmpty(), "nothing fed yet: the slabs below them are not back");
        assertTrue(kept.slabs().get(0).values() != null, "their values wait for the slabs below");

        int before = LastFirstSlabs.RUN.get();
        Results resumed = onExecutor(quantiles).resume(file).run();
        assertEquals(4, LastFirstSlabs.RUN.get() - before, "only the four slabs not back are sent");
        assertTrue(resumed.finished());
        same(atOnce, resumed);

        // the same checkpoint resumed in this process, slab after slab in member order
        saves[0] = 0;
        onExecutor(quantiles).checkpoints(new Checkpoints(file, "1", List.of(), null, () -> ++saves[0] == 3)).run();
        same(atOnce, run(quantiles).membersInMemory(1024).resume(file).run());
    }

    // Bitwise the same rows, spread, final states, trajectories, failures and counters
    private static void same(Results a, Results b) {
        assertEquals(a.quantiles(), b.quantiles());
        assertEquals(a.quantileRankError(), b.quantileRankError());
        assertEquals(a.failures(), b.failures());
        assertEquals(a.maxPositionMove(), b.maxPositionMove());
        assertEquals(2, a.series().size());
        for (int k = 0; k < 2; k++) {
            Series x = a.series().get(k), y = b.series().get(k);
            assertArrayEquals(x.times(), y.times());
            assertArrayEquals(x.ok(), y.ok());
            assertEquals(x.memberSteps(), y.memberSteps());
            assertEquals(x.newtonIterations(), y.newtonIterations());
            for (String o : a.observers()) {
                bits(x.mean(o), y.mean(o), "mean " + o);
                bits(x.msd(o), y.msd(o), "msd " + o);
                bits(x.min(o), y.min(o), "min " + o);
                bits(x.std(o), y.std(o), "std " + o);
                for (double level : LEVELS) bits(x.quantile(o, level), y.quantile(o, level), "q" + level + " " + o);
            }
            for (int j = 0; j < MEMBERS; j++) bits(x.finalStates()[j], y.finalStates()[j], "final state " + j);
            for (int i = 0; i < x.trajectories().length; i++)
                for (int m = 0; m < 2; m++) bits(x.trajectories()[i][m], y.trajectories()[i][m], "trajectory " + m + " at row " + i);
        }
    }

    private static void bits(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++)
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]), what + " [" + i + "]");
    }
}
