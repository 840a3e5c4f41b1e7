package org.geomech.backend.simd;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.Simulation;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An explicit step on simd (issue 8 items 2-3): whole lane-blocks in the generated one-method kernel, the rest member
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
        for (int[] threadsChunk : new int[][]{{1, 4}, {2, 8}, {2, 4096}}) {
            EnsembleState simd = sim.initialState(null);
            simd.set(component, bad, huge);
            EnsembleRun.Result s = sim.run(new SimdBackend(threadsChunk[0], threadsChunk[1]), NewtonOptions.DEFAULT,
                    Observers.standard(Library.system(model)), grid, simd, null);
            String where = threadsChunk[0] + " threads, chunks of " + threadsChunk[1];
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
