package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Expr;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.OptionalInt;
import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.*;
import java.util.SplittableRandom;

/**
 * sin and cos are fdlibm's on every backend (StrictMath in Java, geomech_sin and geomech_cos in kernels/common.cl), so
 * a model with trigonometric terms (cvt, knife-edge, the exp retraction's Stumpff functions) steps bitwise alike:
 * every value of 4000 arguments (near 0, up to 10^5, and within 1e-9 of multiples of pi/2 up to 30 pi) equals StrictMath's.
 */
class TrigonometryBackendsTest {
    private static final Expr X = sym("x");
    private static final int MEMBERS = 4000;

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    static StepSystem step() {
        Model model = new ValueModel("trigonometry");
        StateLayout layout = new StateLayout(List.of(new StateLayout.Block("x", List.of(X), List.of("x")),
                new StateLayout.Block("f", List.of(sym("s"), sym("c")), List.of("s", "c"))));
        return new StepSystem("values", model, layout, List.of(), List.of(), List.of(), List.of(X, sin(X), cos(X)), List.of());
    }

    private static double argument(SplittableRandom r, int j) {
        return switch (j % 4) {
            case 0 -> (r.nextDouble() - 0.5) * 8;
            case 1 -> (r.nextDouble() - 0.5) * 2e5;
            case 2 -> (r.nextDouble() - 0.5) * 1e-6;
            default -> Math.round(r.nextDouble() * 60) * Math.PI / 2 + (r.nextDouble() - 0.5) * 1e-9;
        };
    }

    private static EnsembleState run(Backend backend) {
        SplittableRandom random = new SplittableRandom(17);
        double[] x = new double[MEMBERS];
        for (int j = 0; j < MEMBERS; j++) x[j] = argument(random, j);
        return ValueModel.values(backend, step(), x);
    }

    @Test
    void sinAndCosAreStrictMathsOnEveryBackend() {
        for (Backend backend : List.of(new ReferenceBackend(), new SimdBackend(2, 64), new OpenClBackend(OptionalInt.empty(), 0))) {
            EnsembleState s = run(backend);
            for (int j = 0; j < MEMBERS; j++) {
                double x = s.get(0, j);
                assertEquals(StrictMath.sin(x), s.get(1, j), 0.0, backend.name() + ": sin(" + x + ")");
                assertEquals(StrictMath.cos(x), s.get(2, j), 0.0, backend.name() + ": cos(" + x + ")");
            }
        }
    }
}
