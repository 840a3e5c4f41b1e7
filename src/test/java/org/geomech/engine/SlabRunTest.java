package org.geomech.engine;

import org.geomech.ensemble.Reduction;
import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.ResumeCheck;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An ensemble streamed through memory in slabs has bitwise the statistics of the whole ensemble run at once. */
class SlabRunTest {
    // chaotic-nh (m = 3), lobatto-nh:2, 5000 perturbed members (5 Reduction blocks, the last one short), h = 0.05 to t = 1
    private static Simulation chaotic(int members) {
        MechanicalSystem sys = Library.system("chaotic-nh");
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        return new Simulation(sys, Methods.parse("lobatto-nh:2"), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(5, sigma, sigma), members);
    }

    @Test
    void slabsGiveBitwiseTheWholeEnsemblesStatistics() {
        Simulation sim = chaotic(5000);
        TimeGrid grid = TimeGrid.of(0.05, 1, 0.15);
        for (Backend backend : List.of(new SimdBackend(2, 512), new ReferenceBackend())) {
            Backend.Compiled compiled = backend.compile(sim.step(), Observers.standard(sim.step().system()), NewtonOptions.DEFAULT);
            InitialStates.Report[] report = new InitialStates.Report[1];
            EnsembleState whole = sim.initialState(report);
            EnsembleRun.Result expected = EnsembleRun.run(compiled, whole, sim.params(grid.h()), grid, null);
            // one slab, slabs of one block, of 2 blocks, and 3000 members rounded up to 3 blocks
            for (long slab : new long[]{5000, 1024, 2048, 3000}) {
                SlabRun.Outcome o = SlabRun.stream(compiled, sim.launch(grid), slab, SlabRun.Keep.PARTIALS, null);
                String what = backend.name() + ", slabs of " + slab;
                assertArrayEquals(ResumeCheck.bits(expected.rows()), ResumeCheck.bits(o.result().rows()), "every row's statistics, " + what);
                assertEquals(expected.newtonIterations(), o.result().newtonIterations(), "Newton iterations, " + what);
                assertEquals(expected.maxNewtonIterations(), o.result().maxNewtonIterations(), what);
                assertEquals(expected.jacobianFactorisations(), o.result().jacobianFactorisations(), "Jacobian factorisations, " + what);
                assertEquals(report[0], o.consistency(), "consistency moves, " + what);
                assertTrue(o.failures().isEmpty(), what);
            }
        }
        List<long[]> slabs = SlabRun.slabs(5000, 1500);
        assertEquals(3, slabs.size(), "1500 members round up to 2 blocks");
        assertArrayEquals(new long[]{4096, 904}, slabs.get(2));
    }
}
