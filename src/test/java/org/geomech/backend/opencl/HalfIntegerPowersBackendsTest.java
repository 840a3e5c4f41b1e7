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

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;

import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Half-integer powers (an inverse-square-root potential's x^(-1/2) and its derivatives' x^(-3/2), x^(-5/2)) are
 * sqrt(x)^k on every backend (Expr.pow), so they step bitwise alike: a device's pow differed from Java's by ulps, and
 * dipole-on-stick vrkmk:gauss2,2 on 4096 members drifted 4.8e-12 (POCL) and 2.3e-12 (H100) from the reference in 100 steps.
 */
class HalfIntegerPowersBackendsTest {
    private static final Expr X = sym("x");
    private static final List<Double> EXPONENTS = List.of(-2.5, -1.5, -0.5, 1.5, 2.5);
    private static final int MEMBERS = 4000;

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @Test
    void aHalfIntegerPowerIsAnIntegerPowerOfTheSquareRoot() {
        assertSame(pow(sqrt(X), num(-3)), pow(X, num(-1.5)));
        assertSame(pow(sqrt(X), num(5)), pow(X, num(2.5)));
        assertSame(sqrt(X), pow(X, num(0.5)));
        assertEquals(Expr.Op.POW, pow(X, num(0.3)).op(), "other exponents stay pow");
    }

    private static StepSystem step() {
        Model model = new ValueModel("half-integer powers");
        List<Expr> values = new ArrayList<>(List.of(X));
        List<Expr> symbols = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int k = 0; k < EXPONENTS.size(); k++) {
            values.add(pow(X, num(EXPONENTS.get(k))));
            symbols.add(sym("p" + k));
            names.add("p" + k);
        }
        StateLayout layout = new StateLayout(List.of(new StateLayout.Block("x", List.of(X), List.of("x")),
                new StateLayout.Block("p", symbols, names)));
        return new StepSystem("values", model, layout, List.of(), List.of(), List.of(), values, List.of());
    }

    private static EnsembleState run(Backend backend) {
        SplittableRandom random = new SplittableRandom(23);
        double[] x = new double[MEMBERS];
        for (int j = 0; j < MEMBERS; j++) x[j] = Math.pow(10, (random.nextDouble() - 0.5) * 12);
        return ValueModel.values(backend, step(), x);
    }

    @Test
    void everyBackendComputesHalfIntegerPowersBitwiseAlikeAndCloseToPow() {
        // sqrt(x)^k: sqrt's half ulp grows |k|-fold, and each of the |k| or so products and the reciprocal rounds once
        EnsembleState reference = run(new ReferenceBackend());
        for (int j = 0; j < MEMBERS; j++) {
            double x = reference.get(0, j);
            for (int k = 0; k < EXPONENTS.size(); k++) {
                double exact = Math.pow(x, EXPONENTS.get(k)), v = reference.get(k + 1, j);
                double ulps = Math.abs(2 * EXPONENTS.get(k)) + 2;
                assertTrue(Math.abs(v - exact) <= ulps * Math.ulp(exact), "x^" + EXPONENTS.get(k) + " of " + x + ": " + v + " against pow's " + exact);
            }
        }
        for (Backend backend : List.of(new SimdBackend(2, 64), new OpenClBackend(OptionalInt.empty(), 0))) {
            EnsembleState s = run(backend);
            for (int j = 0; j < MEMBERS; j++)
                for (int c = 0; c <= EXPONENTS.size(); c++)
                    assertEquals(reference.get(c, j), s.get(c, j), 0.0, backend.name() + ": component " + c + " of x = " + reference.get(0, j));
        }
    }
}
