package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieConsistentState;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.paper001lie.LieFlows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lobatto-lie-nh:s on the homogeneous ball on a turntable, SO(3) x R^2 (001 sec. 7.5), against the 001 spec R.5. */
class TurntableBallTest {

    // 001 spec R.5 (chosen there): r = 1, Omega = 1, a = b = c = 0.4, R0 = I, (x, y) = (1, 0), v = (0.1, 0.3), w_z = 0.5,
    // (w_x, w_y) = (0.7, 0.1) from the constraints; body velocities (w1, w2, w3, vx, vy), R0 = I so body = spatial at t = 0
    private static final double[] PARAMS = {0.4, 0.4, 0.4, 1, 1}, G0 = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0}, ETA0 = {0.7, 0.1, 0.5, 0.1, 0.3};

    /** The consistent initial state (g, xi, mu, lambda) of R.5. */
    private static double[] start() {
        TrivialisedSystem sys = TrivialisedSystem.of(LieLibrary.system("turntable-ball"));
        double[] g = G0.clone(), eta = ETA0.clone(), mu = new double[5], lambda = new double[2];
        assertTrue(new LieConsistentState(sys, sys.retraction("cay")).apply(g, eta, PARAMS, mu, lambda));
        double[] x = new double[23];
        System.arraycopy(g, 0, x, 0, 11);
        System.arraycopy(eta, 0, x, 11, 5);
        System.arraycopy(mu, 0, x, 16, 5);
        System.arraycopy(lambda, 0, x, 21, 2);
        return x;
    }

    @Test
    void consistentMultiplierIsTheSpecsFormula() {
        // 001 spec R.5: lambda0 = (-Omega a v_y, Omega a v_x)/(1 + a)
        double[] x = start();
        assertEquals(-0.4 * 0.3 / 1.4, x[21], 1e-16);
        assertEquals(0.4 * 0.1 / 1.4, x[22], 1e-16);
    }

    @ParameterizedTest(name = "s = {0}")
    @CsvSource({"2, 2", "3, 2", "4, 4"})
    void ordersOfSpecR5(int s, int lambdaOrder) {
        // 001 spec R.5 orders at T = 1 (configuration / velocity / lambda): s = 2: 2, 2, 2; s = 3: 4, 4, 2; s = 4: 6, round-off, 4
        double[] e10 = errors(s, 10), e20 = errors(s, 20);
        assertEquals(2 * s - 2, Math.log(e10[0] / e20[0]) / Math.log(2), 0.3, "configuration order");
        if (s < 4) assertEquals(2 * s - 2, Math.log(e10[1] / e20[1]) / Math.log(2), 0.3, "velocity order");
        else assertTrue(e10[1] < 1e-14, "velocity error at round-off: " + e10[1]);
        assertEquals(lambdaOrder, Math.log(e10[2] / e20[2]) / Math.log(2), 0.3, "multiplier order");
    }

    @Test
    void firstIntegralsWithLobatto3() {
        // 001 spec R.5 / Fig. 8: Lobatto-3, h = 0.1: I1..I3 at round-off, the moving energy I4 bounded (<= 3.6e-10 to t = 200),
        // R orthogonal to round-off; here t <= 50, and I4 must not drift (second half no larger than twice the first)
        StepSystem step = new LobattoLieNonholonomic(3, "cay").build(LieLibrary.system("turntable-ball"));
        EnsembleState state = new EnsembleState(step.layout(), 1);
        state.scatter(0, start());
        double[] x = new double[23], i0 = integrals(start());
        double[] worst = new double[4];
        double firstHalf = 0, orthogonality = 0;
        try (Backend.Run r = new ReferenceBackend().compile(step, List.of(), new NewtonOptions(1e-14, 50)).start(state, params(0.1))) {
            for (int k = 1; k <= 500; k++) {
                r.advance(1);
                state.gather(0, x);
                double[] i = integrals(x);
                for (int c = 0; c < 4; c++) worst[c] = Math.max(worst[c], Math.abs(i[c] - i0[c]));
                if (k == 250) firstHalf = worst[3];
                for (int a = 0; a < 3; a++) for (int b = 0; b < 3; b++) {
                    double dot = 0;
                    for (int c = 0; c < 3; c++) dot += x[3 * c + a] * x[3 * c + b];
                    orthogonality = Math.max(orthogonality, Math.abs(dot - (a == b ? 1 : 0)));
                }
            }
            r.finish();
        }
        assertTrue(state.ok(0));
        for (int c = 0; c < 3; c++) assertTrue(worst[c] <= 1e-13, "I" + (c + 1) + " moved by " + worst[c]);
        assertTrue(worst[3] <= 3.6e-10, "I4 moved by " + worst[3]);
        assertTrue(worst[3] <= 2 * firstHalf, "I4 drifts: " + firstHalf + " to t = 25, " + worst[3] + " to t = 50");
        assertTrue(orthogonality <= 1e-14, "|R^T R - I| = " + orthogonality);
    }

    /** I1..I4 of 001 spec sec. 5.5 from a state, with the spatial angular velocity R w. */
    private static double[] integrals(double[] z) {
        double a = 0.4, r = 1, om = 1;
        double[] w = new double[3];
        for (int i = 0; i < 3; i++) for (int k = 0; k < 3; k++) w[i] += z[3 * i + k] * z[11 + k];
        double x = z[9], y = z[10], vx = z[14], vy = z[15];
        return new double[]{w[2], r * w[0] - om * x / (1 + a), r * w[1] - om * y / (1 + a),
                0.5 * (vx * vx + vy * vy) + a * r * r / 2 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + r * om * (x * w[0] + y * w[1]) - om * om * (x * x + y * y)};
    }

    /** 2-norm errors at T = 1 against the exact flow: (R, x, y), (spatial w, v), lambda. */
    private static double[] errors(int s, int n) {
        double[] z = run(new LobattoLieNonholonomic(s, "cay").build(LieLibrary.system("turntable-ball")), start(), 1.0 / n, n);
        double[] ex = LieFlows.turntable(0.4, 1, 1, new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1}, 1, 0, 0.1, 0.3, 0.5, 1);
        double eq = 0, ev = 0;
        for (int i = 0; i < 11; i++) eq += Math.pow(z[i] - ex[i], 2);
        double[] ws = new double[3];
        for (int i = 0; i < 3; i++) for (int k = 0; k < 3; k++) ws[i] += z[3 * i + k] * z[11 + k];
        for (int i = 0; i < 3; i++) ev += Math.pow(ws[i] - ex[13 + i], 2);
        ev += Math.pow(z[14] - ex[11], 2) + Math.pow(z[15] - ex[12], 2);
        return new double[]{Math.sqrt(eq), Math.sqrt(ev), Math.hypot(z[21] - ex[16], z[22] - ex[17])};
    }

    private static double[] params(double h) {
        double[] p = new double[1 + PARAMS.length];
        p[0] = h;
        System.arraycopy(PARAMS, 0, p, 1, PARAMS.length);
        return p;
    }

    private static double[] run(StepSystem step, double[] start, double h, int steps) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        state.scatter(0, start);
        try (Backend.Run r = new ReferenceBackend().compile(step, List.of(), new NewtonOptions(1e-14, 50)).start(state, params(h))) {
            r.advance(steps);
            r.finish();
        }
        assertTrue(state.ok(0));
        double[] z = new double[start.length];
        state.gather(0, z);
        return z;
    }
}
