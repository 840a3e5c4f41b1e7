package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Reduction;
import org.geomech.expr.Expr;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;

import static org.geomech.expr.Expr.add;
import static org.geomech.expr.Expr.neg;
import static org.geomech.expr.Expr.sym;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every backend's block partials are Reduction.block's, bitwise (its eight interleaved lanes: ReductionTest): observers
 * x and -x of a state that the step doubles (x + x, exact), so that each backend reduces exactly the values Java holds,
 * with their deviations from the initial ones.
 */
class ReductionBackendsTest {
    private static final Expr X = sym("x");
    /** Three blocks, the last partial and not a whole number of lanes. */
    private static final int MEMBERS = 2500;
    /** Members whose NaN fails them at the first step, so that the reductions leave them out. */
    private static final int[] FAILING = {3, 1030, 2499};

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @Test
    void blockPartialsAreReductionBlocksOnEveryBackend() {
        StepSystem step = new StepSystem("identity", new ValueModel("reduction"),
                new StateLayout(List.of(new StateLayout.Block("x", List.of(X), List.of("x")))), List.of(), List.of(), List.of(), List.of(add(X, X)), List.of());
        List<Observer> observers = List.of(new Observer("x", X, "x"), new Observer("-x", neg(X), "-x"));
        for (Backend backend : List.of(new ReferenceBackend(), new SimdBackend(2, 64), new OpenClBackend(OptionalInt.empty(), 0))) {
            EnsembleState state = new EnsembleState(step.layout(), MEMBERS);
            SplittableRandom random = new SplittableRandom(5);
            for (int j = 0; j < MEMBERS; j++) state.set(0, j, (random.nextDouble() - 0.5) * 2e3);
            state.set(0, 7, -0.0);
            state.set(0, 8, 0.0);
            for (int j : FAILING) state.set(0, j, Double.NaN);
            double[] partials;
            try (Backend.Run run = backend.compile(step, observers, new NewtonOptions(1e-14, 5)).start(state, new double[]{0.1})) {
                run.observe();
                run.advance(1);
                partials = run.observeBlocks();
                run.finish();
            }
            assertEquals(MEMBERS - FAILING.length, state.okCount(), backend.name() + ": the NaN members fail");
            double[] values = new double[2 * MEMBERS], initial = new double[2 * MEMBERS];
            for (int j = 0; j < MEMBERS; j++) {
                values[j] = state.get(0, j);
                values[MEMBERS + j] = -values[j];
                initial[j] = values[j] / 2;
                initial[MEMBERS + j] = -initial[j];
            }
            double[] expected = new double[Reduction.blocks(MEMBERS) * (1 + Reduction.FIELDS * 2)];
            for (int b = 0; b < Reduction.blocks(MEMBERS); b++) Reduction.block(b, values, initial, MEMBERS, 2, state, expected);
            assertArrayEquals(expected, partials, backend.name());
        }
    }
}
