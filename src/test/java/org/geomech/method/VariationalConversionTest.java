package org.geomech.method;

import org.geomech.ensemble.InitialStates;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.ModelDefinition;
import org.geomech.study.paper000.Paper000;
import org.geomech.study.paper000.Stepper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** vi:TABLEAU on the spherical pendulum SP of the 000 spec (sec. 6, 8): one-step values, orders, invariants. */
class VariationalConversionTest {
    private static final MechanicalSystem SP = Paper000.sphericalPendulum();

    private static Stepper sp(String method) { return new Stepper(SP, Methods.parse(method), Paper000.sphericalParams()); }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // 000 spec sec. 8.4: w2 and mu after one step of h = 0.1 (exact derivatives, orthogonal projection)
            "vi:rk4; 0.83499695989, 0.099743179875, -0.541138960936, -0.129349468263, 0.992302142594, -0.016688951112; -0.129349067408, 0.992297602044, -0.016689169497",
            "vi:rk4,-1/2,1/2; 0.834996945012, 0.099743344192, -0.541138953606, -0.129349578894, 0.992302105202, -0.016688824069; -0.064773189572, 0.998074561439, -0.008377516006"})
    void oneStepMatchesTheSpec(String method, String w2, String mu) {
        Stepper s = sp(method);
        double[] x = s.advance(s.initial(Paper000.sphericalInitial(SP)), 0.1, 1);
        double[] w = parse(w2), m = parse(mu);
        StateLayout l = s.stepSystem().layout();
        for (int i = 0; i < 6; i++) assertEquals(w[i], x[i], 1e-10, "w2[" + i + "]");
        // carried: lambda(w2), then q-bar (3), then mu (3)
        for (int i = 0; i < 3; i++) assertEquals(m[i], x[l.lambdaOffset() + 1 + 3 + i], 1e-10, "mu[" + i + "]");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // 000 spec sec. 6 order table: max-norm error of (q, v) at T = 5 at h = 0.1 and 0.05, the order, the finest h
            "vi:rk4;             4.08e-6; 2.56e-7; 4; 0.025",
            "vi:kutta3;          1.61e-4; 1.27e-5; 3; 0.0125",
            "vi:kutta3,-1/2,1/2; 9.51e-6; 5.94e-7; 4; 0.025",
            "vi:heun;            3.94e-3; 9.96e-4; 2; 0.025",
            "vi:euler;           7.31e-2; 3.52e-2; 1; 0.025",
            "vi:euler,-1/2,1/2;  1.06e-2; 2.66e-3; 2; 0.025"})
    void ordersOnTheSphericalPendulum(String method, double e1, double e2, int order, double hFine) {
        Stepper s = sp(method);
        double[] x0 = s.initial(Paper000.sphericalInitial(SP));
        double err1 = Paper000.errorAt5(s.advance(x0, 0.1, 50)), err2 = Paper000.errorAt5(s.advance(x0, 0.05, 100));
        assertEquals(e1, err1, 0.05 * e1, "h = 0.1");
        assertEquals(e2, err2, 0.05 * e2, "h = 0.05");
        // order fitted on the two finest steps; Kutta3 (0,1) is pre-asymptotic down to 0.025 (spec: 3.79, 3.67, 3.50), so it goes one finer
        double errFine = Paper000.errorAt5(s.advance(x0, hFine, Math.round(5 / hFine)));
        double errMid = hFine == 0.025 ? err2 : Paper000.errorAt5(s.advance(x0, 2 * hFine, Math.round(2.5 / hFine)));
        assertEquals(order, Math.log(errMid / errFine) / Math.log(2), 0.3, method + ": " + errMid + " -> " + errFine);
        assertEquals(order, Methods.parse(method).order());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {"vi:rk4; 4", "vi:kutta3,-1/2,1/2; 4", "vi:heun; 2", "vi:euler; 1"})
    void ordersOnTheDoublePendulum(String method, int order) {
        // 000 Thm: the standard layer's order (a self-adjoint bias lifts odd to even) on DP, the spec's second system (sec. 6);
        // fitted from the differences of runs at h = 0.1 / 2^k to T = 1 (no reference solution is given for DP)
        MechanicalSystem dp = Paper000.doublePendulum();
        Stepper s = new Stepper(dp, Methods.parse(method), dp.parameterValues());
        double[] diff = s.successiveDifferences(s.initial(InitialStates.defaults(dp)), 0.1, 10, 4, 8);
        assertEquals(order, Math.log(diff[1] / diff[2]) / Math.log(2), 0.3, method + ": differences " + java.util.Arrays.toString(diff));
    }

    @Test
    void constraintsHoldAndTheDiscreteMomentumIsConstant() {
        // 000 spec sec. 6: g and Dg v at round-off; J = -mu.(e3 x q-bar) constant to ~1e-12, close to -L_z0 = -0.841470984808
        Stepper s = sp("vi:rk4");
        double[] x = s.initial(Paper000.sphericalInitial(SP));
        int mu = s.stepSystem().layout().lambdaOffset() + 4, qBar = mu - 3;
        double j0 = Double.NaN;
        for (int k = 0; k < 200; k++) {
            x = s.advance(x, 0.1, 1);
            double g = 0.5 * (x[0] * x[0] + x[1] * x[1] + x[2] * x[2] - 1), gv = x[0] * x[3] + x[1] * x[4] + x[2] * x[5];
            assertTrue(Math.abs(g) <= 1e-13 && Math.abs(gv) <= 1e-13, "step " + k + ": g = " + g + ", Dg v = " + gv);
            double j = x[mu] * x[qBar + 1] - x[mu + 1] * x[qBar];
            if (k == 0) j0 = j;
            assertEquals(j0, j, 1e-12, "J at step " + k);
        }
        assertEquals(-0.841470984808, j0, 1e-4);
    }

    @Test
    void energyStaysBoundedWhilePlainRk4Drifts() {
        // 000 spec sec. 6 long-time: vi:rk4 at h = 0.2, 10^4 steps: max|E - E0| = 5.62e-5, reached before t = 20;
        // plain RK4 at the same h: E - E0 = +0.41 at t = 500
        Stepper vi = sp("vi:rk4"), rk = sp("rk:rk4");
        double[] x = vi.initial(Paper000.sphericalInitial(SP));
        double e0 = energy(x), early = 0, late = 0;
        for (int k = 1; k <= 100; k++) {
            x = vi.advance(x, 0.2, 100);
            double de = Math.abs(energy(x) - e0);
            if (k <= 50) early = Math.max(early, de); else late = Math.max(late, de);
        }
        double[] y = vi.advance(vi.initial(Paper000.sphericalInitial(SP)), 0.2, 100);
        double firstTwenty = Math.abs(energy(y) - e0);
        assertTrue(early < 6e-5 && late < 6e-5, "max |E - E0| " + early + ", " + late);
        assertTrue(late <= 1.5 * early, "no drift: first half " + early + ", second half " + late);
        assertTrue(firstTwenty < 6e-5);
        double[] z = rk.advance(rk.initial(Paper000.sphericalInitial(SP)), 0.2, 2500);
        assertEquals(0.41, energy(z) - e0, 0.05, "plain RK4 drift at t = 500");
    }

    @Test
    void unconstrainedEulerIsSymplecticEuler() {
        // 000 spec sec. 8.2: harmonic oscillator, h = 0.1, w = (1, 0.3): Euler (0,1) gives (1.03, 0.197), Euler (-1,0) (1.02, 0.20)
        MechanicalSystem ho = new ModelDefinition("ho", "", List.of("x"), Map.of(), "0.5*dot(x)^2 - 0.5*x^2", List.of(), List.of()).build();
        InitialStates w = new InitialStates(ho, List.of("1"), List.of("0.3"));
        Stepper a = new Stepper(ho, Methods.parse("vi:euler"), new double[0]), b = new Stepper(ho, Methods.parse("vi:euler,-1,0"), new double[0]);
        double[] x = a.advance(a.initial(w), 0.1, 1), y = b.advance(b.initial(w), 0.1, 1);
        assertEquals(1.03, x[0], 1e-14);
        assertEquals(0.197, x[1], 1e-14);
        assertEquals(1.02, y[0], 1e-14);
        assertEquals(0.20, y[1], 1e-14);
    }

    private static double energy(double[] x) { return 0.5 * (x[3] * x[3] + x[4] * x[4] + x[5] * x[5]) + x[2]; }

    private static double[] parse(String csv) {
        String[] p = csv.split(",");
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) out[i] = Double.parseDouble(p[i].trim());
        return out;
    }
}
