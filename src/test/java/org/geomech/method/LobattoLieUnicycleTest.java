package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.paper001lie.LieFlows;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lobatto-lie-nh:s on the unicycle of 001 sec. 7.4 (hand-written SE(2), tau = cay) against the exact flow: the
 * errors of the 001 spec R.4 at N = 10 and the orders of Cor. 5.2.1 (2s - 2 in configuration and velocity;
 * s or s - 1 in the multiplier), fitted from N = 10 and 20.
 */
class LobattoLieUnicycleTest {
    // 001 spec R.4 (chosen there): m = 1, I_z = 0.5, (x, y, theta) = (1, 0.5, 0.3), (v1, v2, omega) = (0.2, 0, 1), T = 1
    private static final double M = 1, IZ = 0.5, X = 1, Y = 0.5, TH = 0.3, V1 = 0.2, OM = 1;

    @ParameterizedTest(name = "s = {0}")
    @CsvSource({
            // 001 spec R.4, N = 10: errors in configuration (x, y, theta), velocity (x', y', theta'), lambda
            "2, 3.14e-3, 3.85e-3, 2.88e-3, 2",
            "3, 1.25e-6, 9.16e-7, 2.49e-3, 2",
            "4, 4.60e-10, 2.42e-10, 3.79e-6, 4"})
    void errorsAndOrdersOfSpecR4(int s, double eq, double ev, double el, int lambdaOrder) {
        double[] e10 = errors(s, 10), e20 = errors(s, 20);
        assertEquals(eq, e10[0], 0.05 * eq, "configuration error at N = 10");
        assertEquals(ev, e10[1], 0.05 * ev, "velocity error at N = 10");
        assertEquals(el, e10[2], 0.05 * el, "multiplier error at N = 10");
        double[] expected = {2 * s - 2, 2 * s - 2, lambdaOrder};
        for (int k = 0; k < 3; k++) {
            double order = Math.log(e10[k] / e20[k]) / Math.log(2);
            assertEquals(expected[k], order, 0.3, "fitted order of component group " + k);
        }
        assertTrue(e10[3] <= 1e-15, "v2 = 0 at the nodes: " + e10[3]);
    }

    /** 2-norm errors at T = 1 of (x, y, theta), (x', y', theta') and lambda, and |v2| at T. */
    static double[] errors(int s, int n) {
        StepSystem step = new LobattoLieNonholonomic(s, "cay").equations(LieTestSystems.unicycle()).reduced();
        EnsembleState state = new EnsembleState(step.layout(), 1);
        // continuous multiplier lambda = y cos theta - x sin theta + m omega v1 (001 spec sec. 5.4)
        state.scatter(0, new double[]{X, Y, TH, V1, 0, OM, M * V1, 0, IZ * OM, Y * Math.cos(TH) - X * Math.sin(TH) + M * OM * V1});
        try (Backend.Run run = new ReferenceBackend().compile(step, List.of(), new NewtonOptions(1e-14, 50)).start(state, new double[]{1.0 / n, M, IZ})) {
            run.advance(n);
            run.finish();
        }
        assertTrue(state.ok(0));
        double[] z = new double[10];
        state.gather(0, z);
        double[] exact = LieFlows.unicycle(M, X, Y, TH, V1, OM, 1);
        double c = Math.cos(z[2]), sn = Math.sin(z[2]);
        double xd = z[3] * c - z[4] * sn, yd = z[3] * sn + z[4] * c;
        return new double[]{norm(z[0] - exact[0], z[1] - exact[1], z[2] - exact[2]), norm(xd - exact[3], yd - exact[4], z[5] - exact[5]),
                Math.abs(z[9] - exact[9]), Math.abs(z[4])};
    }

    private static double norm(double a, double b, double c) { return Math.sqrt(a * a + b * b + c * c); }
}
