package org.geomech.study.paper001lie;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LieFlowsTest {
    @Test
    void unicycleMatchesTheSpecsExactValues() {
        // 001 spec R.4: m = 1, (x, y, theta) = (1, 0.5, 0.3), (v1, v2, omega) = (0.2, 0, 1); at T = 1
        // (x, y, theta) = (0.83969155, 0.22242356, 1.3), (x', y') = (-0.19574004, -0.70507567), lambda = -1.4813352871756849
        double[] s = LieFlows.unicycle(1, 1, 0.5, 0.3, 0.2, 1, 1);
        double[] expected = {0.83969155, 0.22242356, 1.3, -0.19574004, -0.70507567};
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], s[i], 6e-9, "component " + i);
        assertEquals(-1.4813352871756849, s[9], 1e-14);   // (30-digit Taylor integration: -1.48133528717568324)
    }

    @Test
    void turntableConservesTheFourFirstIntegrals() {
        // 001 spec sec. 5.5 and R.5: r = 1, Omega = 1, a = 0.4, R0 = I, (x, y) = (1, 0), v = (0.1, 0.3), w_z = 0.5,
        // w_xy = (0.7, 0.1) from the constraints; I1..I4 are exact first integrals for a = b = c
        double a = 0.4, r = 1, om = 1;
        double[] id = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        double[] s0 = LieFlows.turntable(a, r, om, id, 1, 0, 0.1, 0.3, 0.5, 0);
        assertEquals(0.7, s0[13], 1e-15);
        assertEquals(0.1, s0[14], 1e-15);
        double[] s = LieFlows.turntable(a, r, om, id, 1, 0, 0.1, 0.3, 0.5, 7);
        double[] i0 = integrals(s0, a, r, om), i1 = integrals(s, a, r, om);
        for (int k = 0; k < 4; k++) assertEquals(i0[k], i1[k], 1e-13, "I" + (k + 1));
        // R stays a rotation: R R^T = I
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) {
            double d = 0;
            for (int k = 0; k < 3; k++) d += s[3 * i + k] * s[3 * j + k];
            assertEquals(i == j ? 1 : 0, d, 1e-13);
        }
    }

    // 001 spec sec. 5.5: I1 = w_z, I2 = r w_x - Omega x/(1+a), I3 = r w_y - Omega y/(1+a), I4 the moving energy
    private static double[] integrals(double[] s, double a, double r, double om) {
        double x = s[9], y = s[10], vx = s[11], vy = s[12], wx = s[13], wy = s[14], wz = s[15];
        return new double[]{wz, r * wx - om * x / (1 + a), r * wy - om * y / (1 + a),
                0.5 * (vx * vx + vy * vy) + a * r * r / 2 * (wx * wx + wy * wy + wz * wz) + r * om * (x * wx + y * wy) - om * om * (x * x + y * y)};
    }
}
