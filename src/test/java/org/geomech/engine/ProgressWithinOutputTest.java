package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.ResumeCheck;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run whose only output lies many steps away reports progress within it, and its rows are bitwise one advance to the output. */
class ProgressWithinOutputTest {
    @Test
    void progressComesWithinOneLongOutputAndTheRowsStayBitwise() {
        MechanicalSystem sys = Library.system("chaotic-nh");
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        Simulation sim = new Simulation(sys, Methods.parse("lobatto-nh:2"), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(5, sigma, sigma), 2000);
        TimeGrid grid = TimeGrid.of(0.05, 50, 50);
        assertEquals(1000, grid.stride(), "one output, 1000 steps away");
        for (Backend backend : List.of(new SimdBackend(2, 512), new ReferenceBackend())) {
            Backend.Compiled compiled = backend.compile(sim.step(), Observers.standard(sys), NewtonOptions.DEFAULT);
            List<Long> heard = new ArrayList<>();
            EnsembleRun.Result result = EnsembleRun.run(compiled, sim.initialState(new InitialStates.Report[1]), sim.params(grid.h()), grid, heard::add);
            // the first advance is one step (its time unknown), the next at most GROWTH = 16 times as many
            assertEquals(1L, heard.get(0), backend.name());
            assertTrue(heard.get(1) <= 17, backend.name() + ": " + heard);
            assertEquals(1000L, heard.get(heard.size() - 1), backend.name());
            for (int i = 1; i < heard.size(); i++) assertTrue(heard.get(i) > heard.get(i - 1), backend.name() + ": " + heard);

            EnsembleState state = sim.initialState(new InitialStates.Report[1]);
            Reduction.Result[] direct;
            Reduction.Result first;
            try (Backend.Run run = compiled.start(state, sim.params(grid.h()))) {
                first = run.observe();
                direct = run.advanceObserving(1, 1000);
            }
            assertArrayEquals(ResumeCheck.bits(List.of(EnsembleRun.row(0, first, grid), EnsembleRun.row(1000, direct[0], grid))),
                    ResumeCheck.bits(result.rows()), backend.name() + ": the rows of one advance to the output");
        }
    }
}
