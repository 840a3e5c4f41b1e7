package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.*;

/** Expr.stumpff on every backend: sin(t)/t-type functions and their t-derivatives at t = 0 .. 3 against 60-digit values. */
class StumpffBackendsTest {
    private static final double[] T = {0, 1e-12, 1e-8, 1e-4, 0.1, 1, 3};
    private static final Expr X = sym("t");

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    /** A step that keeps t and writes c_n(t^2) and d/dt c_n(t^2), n = 1..4, into the state. */
    private static StepSystem step() {
        Model model = new ValueModel("stumpff-values");
        List<Expr> values = new ArrayList<>(), symbols = new ArrayList<>();
        List<String> names = new ArrayList<>();
        values.add(X);
        for (int n = 1; n <= 4; n++) {
            Expr f = stumpff(n, pow(X, 2));
            values.add(f);
            values.add(Derivative.of(f, X));
            symbols.add(sym("c" + n));
            symbols.add(sym("dc" + n));
            names.add("c" + n);
            names.add("dc" + n);
        }
        StateLayout layout = new StateLayout(List.of(new StateLayout.Block("t", List.of(X), List.of("t")), new StateLayout.Block("f", symbols, names)));
        return new StepSystem("values", model, layout, List.of(), List.of(), List.of(), values, List.of());
    }

    /** c_n(t^2) and 2 t c_n'(t^2) = -2 t sum_k (k+1) (-t^2)^k / (2k+n+2)! in 60 digits. */
    private static double exact(int n, boolean derivative, double t) {
        MathContext mc = new MathContext(60);
        BigDecimal x = new BigDecimal(t).pow(2), sum = BigDecimal.ZERO, power = BigDecimal.ONE;
        for (int k = 0; k < 60; k++) {
            BigDecimal fact = BigDecimal.ONE;
            for (int i = 2; i <= 2 * k + n + (derivative ? 2 : 0); i++) fact = fact.multiply(BigDecimal.valueOf(i));
            BigDecimal term = power.multiply(BigDecimal.valueOf(derivative ? k + 1 : 1)).divide(fact, mc);
            sum = sum.add(term, mc);
            power = power.multiply(x.negate(), mc);
        }
        return derivative ? sum.multiply(new BigDecimal(-2 * t), mc).doubleValue() : sum.doubleValue();
    }

    private static EnsembleState run(Backend backend) { return ValueModel.values(backend, step(), T); }

    @Test
    void everyBackendComputesTheSeriesToAFewUlps() {
        EnsembleState ref = run(new ReferenceBackend()), simd = run(new SimdBackend(2, 4)), cl = run(new OpenClBackend(OptionalInt.empty(), 0));
        for (int j = 0; j < T.length; j++) {
            for (int n = 1; n <= 4; n++) {
                for (int d = 0; d < 2; d++) {
                    int c = 1 + 2 * (n - 1) + d;
                    double expected = exact(n, d == 1, T[j]);
                    String what = (d == 1 ? "d/dt " : "") + "c_" + n + "(t^2) at t = " + T[j];
                    assertEquals(expected, ref.get(c, j), 4 * Math.ulp(expected), "reference " + what);
                    // simd calls Stumpff.value lane by lane: bitwise the reference
                    assertEquals(ref.get(c, j), simd.get(c, j), 0.0, "simd " + what);
                    // OpenCL: the same branches and coefficients, fdlibm sin/cos (its own sinh/cosh)
                    assertEquals(expected, cl.get(c, j), 4 * Math.ulp(expected), "opencl " + what);
                }
            }
        }
    }
}
