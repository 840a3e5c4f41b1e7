package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An explicit step on simd: whole lane-blocks in the generated one-method kernel, the rest member
 * by member, and every member bitwise the reference's, failures included, whatever the threads and chunks.
 */
class SimdExplicitStepTest {
    @Test
    void bitwiseTheReferenceWithAFailingMemberAndAPartialBlock() {
        // lobatto-nh:2 on chaotic-nh (2 observers), 37 members (a partial block at the end), 60 steps of h = 0.05 in
        // outputs of 6 steps; member 9 starts with q5 = 1e20, so its gradient overflows within a few steps (non-finite state)
        bitwiseTheReference("chaotic-nh", "lobatto-nh:2", 4, TimeGrid.of(0.05, 3, 0.3));
    }

    @Test
    void observersStoredByTheKernelAreBitwiseTheReferencesAtEveryOutput() {
        // RATTLE on the spherical pendulum (3 observers: energy, g_pos, g_vel), an output after every step, so each
        // row's statistics come from the observer values the step kernel stores; member 9 starts at x = 1e200 (overflow)
        bitwiseTheReference("spherical-pendulum", "rattle", 0, TimeGrid.of(0.05, 1, 0.05));
    }

    @Test
    void groupsOfLaneBlocksAreBitwiseTheReferenceWithAFailingMember() {
        // RATTLE's step is one long chain (StepKernelSource.chained), so runs of ExplicitStepper.GROUP lane-blocks step
        // together in the group kernel: 300 members are two whole groups, then lane-blocks and a partial one; member 150
        // (in the second group) overflows, so that group's call is rejected, restored and redone block by block
        assertTrue(StepKernelSource.chained(SimdAgreementTest.perturbed("spherical-pendulum", "rattle", 1).step()), "RATTLE groups");
        assertFalse(StepKernelSource.chained(SimdAgreementTest.perturbed("chaotic-nh", "lobatto-nh:2", 1).step()), "lobatto-nh:2 does not");
        bitwiseTheReference("spherical-pendulum", "rattle", 0, TimeGrid.of(0.05, 2, 0.5), 300, 150);
    }

    @Test
    void spansOfOutputsInOneCallAreBitwiseOneCallPerOutput() {
        // SimdStepKernel.outputs against steps and observe per output, on the built-in explicit steps that are not one
        // long chain (the others go to the group kernel): 100 members (a partial lane-block), 2 steps an output, 60
        // outputs of h = 0.01: batches of 1, 16 and 43 outputs, in spans of up to 11
        for (String[] modelMethod : new String[][]{{"chaotic-nh", "lobatto-nh:2"}, {"four-particle", "rattle"}, {"tethered-satellites", "rk:rk4"}}) {
            String model = modelMethod[0], method = modelMethod[1], where = method + " on " + model;
            Simulation sim = SimdAgreementTest.perturbed(model, method, 100);
            assertTrue(sim.step().unknowns().isEmpty() && !StepKernelSource.chained(sim.step()), where + " runs the one-method kernel");
            TimeGrid grid = TimeGrid.of(0.01, 1.2, 0.02);
            EnsembleState perOutput = sim.initialState(null), spans = sim.initialState(null);
            List<Observer> observers = Observers.standard(Library.system(model));
            EnsembleRun.Result a = sim.run(new SimdBackend(2, 8, false), NewtonOptions.DEFAULT, observers, grid, perOutput, null);
            EnsembleRun.Result b = sim.run(new SimdBackend(2, 8, true), NewtonOptions.DEFAULT, observers, grid, spans, null);
            assertEquals(61, a.rows().size(), "rows, " + where);
            assertEquals(100, a.rows().get(60).ok(), "every member ok at the end, " + where);
            assertEquals(a.rows(), b.rows(), "statistics rows bitwise, " + where);
            for (int i = 0; i < perOutput.data().length; i++)
                assertEquals(perOutput.data()[i], spans.data()[i], 0.0, "final state entry " + i + ", " + where);
        }
    }

    @Test
    void outputsOfNoStepsObserveTheStateAsItIs() {
        // Backend.Run.advanceObserving with 0 ticks: the span call is not taken (it reads a component held by a carrier,
        // v by p on chaotic-nh, from the carrier); member 3's v1 set apart from its p1, so that reading p1 for v1 would
        // change g_vel; every output's block partials and the state bitwise the reference backend's
        Simulation sim = SimdAgreementTest.perturbed("chaotic-nh", "lobatto-nh:2", 40);
        List<Observer> observers = Observers.standard(Library.system("chaotic-nh"));
        double[] params = sim.params(0.05);
        EnsembleState reference = sim.initialState(null), simd = sim.initialState(null);
        for (EnsembleState state : List.of(reference, simd)) state.set(7, 3, state.get(14, 3) + 0.25);
        Backend.Compiled expected = new ReferenceBackend().compile(sim.step(), observers, NewtonOptions.DEFAULT);
        Backend.Compiled actual = new SimdBackend(2, 8, true).compile(sim.step(), observers, NewtonOptions.DEFAULT);
        try (Backend.Run r = expected.start(reference, params, null); Backend.Run s = actual.start(simd, params, null)) {
            assertArrayEquals(r.observe().partials(), s.observe().partials(), "observers at t = 0");
            Reduction.Result[] a = r.advanceObserving(3, 0), b = s.advanceObserving(3, 0);
            for (int k = 0; k < 3; k++) assertArrayEquals(a[k].partials(), b[k].partials(), "block partials of output " + k);
            r.finish();
            s.finish();
        }
        assertArrayEquals(reference.data(), simd.data(), "states");
    }

    private static void bitwiseTheReference(String model, String method, int component, TimeGrid grid) {
        bitwiseTheReference(model, method, component, grid, 37, 9);
    }

    private static void bitwiseTheReference(String model, String method, int component, TimeGrid grid, int members, int bad) {
        Simulation sim = SimdAgreementTest.perturbed(model, method, members);
        EnsembleState reference = sim.initialState(null);
        double huge = model.equals("chaotic-nh") ? 1e20 : 1e200;
        reference.set(component, bad, huge);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), NewtonOptions.DEFAULT, Observers.standard(Library.system(model)), grid, reference, null);
        assertNotEquals(EnsembleState.Status.OK, reference.status(bad), "the reference fails member " + bad);
        if (grid.stride() > 1)
            assertNotEquals(0, reference.failedStep(bad) % grid.stride(), "member " + bad + " fails inside a kernel call, not at its last state");
        for (int[] threadsChunkSpans : new int[][]{{1, 4, 0}, {2, 8, 0}, {2, 4096, 0}, {1, 4, 1}, {2, 4096, 1}}) {
            EnsembleState simd = sim.initialState(null);
            simd.set(component, bad, huge);
            boolean spanCalls = threadsChunkSpans[2] == 1;
            EnsembleRun.Result s = sim.run(new SimdBackend(threadsChunkSpans[0], threadsChunkSpans[1], spanCalls), NewtonOptions.DEFAULT,
                    Observers.standard(Library.system(model)), grid, simd, null);
            String where = threadsChunkSpans[0] + " threads, chunks of " + threadsChunkSpans[1] + (spanCalls ? ", spans of outputs in one call" : "");
            for (int j = 0; j < members; j++) {
                assertEquals(reference.status(j), simd.status(j), "status of member " + j + ", " + where);
                assertEquals(reference.failedStep(j), simd.failedStep(j), "failed step of member " + j + ", " + where);
                for (int c = 0; c < reference.components(); c++)
                    assertEquals(reference.get(c, j), simd.get(c, j), 0.0, reference.layout().names().get(c) + " of member " + j + ", " + where);
            }
            assertEquals(r.rows(), s.rows(), "statistics rows bitwise, " + where);
            assertEquals(0, s.newtonIterations(), "no Newton: the straightened step is explicit, " + where);
        }
    }
}
