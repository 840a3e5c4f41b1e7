package org.geomech.api;

import org.geomech.engine.Engine;
import org.geomech.ensemble.StepSize;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Run.resultsHoldStates(false): each step size's final states and trajectories reach the engine listeners as its launch
 * ends, bitwise those the results hold otherwise, and nothing keeps them after: when the third step size ends, the
 * first one's are unreachable (collected), where by default the results still hold them. In slabs, each slab's final
 * states reach them as it finishes, in member order, and the slab before's are collected by then.
 */
class StatesToListenersTest {
    /** What a listener heard: each step size's final states and trajectories, weakly, and the last step size's final states. */
    private static final class Heard implements Engine.Listener {
        final List<WeakReference<Object>> states = new ArrayList<>();
        boolean firstCollected;
        double[][][] last;

        @Override
        public void finished(Engine.StageResult stage, boolean complete) {
            states.add(new WeakReference<>(stage.finalStates()));
            states.add(new WeakReference<>(stage.trajectories()));
            if (states.size() < 6) return;
            last = stage.finalStates();
            firstCollected = collected(states.get(0)) && collected(states.get(1));
        }
    }

    /** What a listener heard of slabs' final states: where each slab began, a copy of its states, whether the slab before's were collected. */
    private static final class Slabs implements Engine.Listener {
        final List<Long> firsts = new ArrayList<>();
        final List<double[]> copies = new ArrayList<>();
        final List<Boolean> beforeCollected = new ArrayList<>();
        WeakReference<Object> before;

        @Override
        public void finalStates(StepSize stepSize, long first, int count, double[] states) {
            if (before != null) beforeCollected.add(collected(before));
            before = new WeakReference<>(states);
            firsts.add(first);
            copies.add(states.clone());
        }
    }

    // Whether the collector clears the reference within a few full collections
    private static boolean collected(WeakReference<Object> ref) {
        for (int i = 0; i < 20 && ref.get() != null; i++) {
            System.gc();
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ref.get() == null;
    }

    /** chaotic-nh, lobatto-nh:2 on simd, 4000 members at h = 0.1, 0.05, 0.025 to t = 1, trajectories of members 0 and 3999, final states kept. */
    private static Results run(boolean hold, Heard heard) {
        return Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(4000).perturbed(3, 0.01)).stepSizes(0.1, 0.05, 0.025).until(1).every(0.25)
                .backend("simd").trajectories(List.of(0, 3999)).keepFinalStates(true).engineListener(heard).resultsHoldStates(hold).run();
    }

    /** 4000 members in slabs of 1024: the last of 928. */
    @Test
    void aSlabsFinalStatesAreHeardAsItFinishesThenDropped() {
        Slabs heard = new Slabs();
        Results slabs = Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(4000).perturbed(3, 0.01)).stepSizes(0.1).until(1).every(0.25)
                .backend("simd").membersInMemory(1024).keepFinalStates(true).engineListener(heard).resultsHoldStates(false).run();
        Results held = Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(4000).perturbed(3, 0.01)).stepSizes(0.1).until(1).every(0.25)
                .backend("simd").keepFinalStates(true).run();
        assertEquals(List.of(0L, 1024L, 2048L, 3072L), heard.firsts, "each slab's in member order");
        assertEquals(List.of(true, true, true), heard.beforeCollected, "the slab before's final states are collected when the next slab's come");
        assertEquals(0, slabs.series(0.1, 0).finalStates().length, "the series hold no final states");
        double[][] kept = held.series(0.1, 0).finalStates();
        int n = kept[0].length;
        for (int j = 0; j < kept.length; j++)
            assertArrayEquals(kept[j], java.util.Arrays.copyOfRange(heard.copies.get(j / 1024), (j % 1024) * n, (j % 1024 + 1) * n),
                    "member " + j + ": heard bitwise as held at once");
    }

    @Test
    void aFinishedStepSizesStatesAreHeardThenDropped() {
        Heard streamed = new Heard(), held = new Heard();
        Results without = run(false, streamed), with = run(true, held);
        assertTrue(streamed.firstCollected, "the first step size's final states and trajectories are collected once heard");
        assertFalse(held.firstCollected, "the results hold every step size's by default");
        assertEquals(0, without.series(0.025, 0).finalStates().length, "the series hold no final states");
        assertEquals(0, without.series(0.1, 0).trajectories().length, "nor trajectories");
        double[][] kept = with.series(0.025, 0).finalStates();
        assertEquals(4000, kept.length);
        for (int j = 0; j < kept.length; j++) assertArrayEquals(kept[j], streamed.last[0][j], "member " + j + ": the listener heard bitwise what the results hold");
        assertArrayEquals(with.series(0.025, 0).mean("energy_error"), without.series(0.025, 0).mean("energy_error"), "the statistics are the same");
    }
}
