package org.geomech.method.tableau;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Checks the generated Lobatto IIIA/IIIB pair against 001 spec section 3 (paper 001 Appendix A). */
class LobattoIIIAIIIBTest {

    private static final double EXACT_TOL = 1e-15;
    private static final double COND_TOL = 1e-14;

    // ---------------------------------------------------------------- exact tables, 001 spec section 3

    @Test
    void twoStageMatchesSpecTable() {
        // 001 spec section 3, s = 2 (trapezoidal / "nonholonomic RATTLE")
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(2);
        assertEquals(2, t.stages());
        assertTable(t,
                new double[] {0, 1},
                new double[] {0.5, 0.5},
                new double[][] {{0, 0}, {0.5, 0.5}},
                new double[][] {{0.5, 0}, {0.5, 0}});
    }

    @Test
    void threeStageMatchesSpecTable() {
        // 001 spec section 3, s = 3: c = (0, 1/2, 1), b = (1/6, 2/3, 1/6)
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(3);
        assertEquals(3, t.stages());
        assertTable(t,
                new double[] {0, 0.5, 1},
                new double[] {1.0 / 6, 2.0 / 3, 1.0 / 6},
                new double[][] {
                    {0, 0, 0},
                    {5.0 / 24, 1.0 / 3, -1.0 / 24},
                    {1.0 / 6, 2.0 / 3, 1.0 / 6}},
                new double[][] {
                    {1.0 / 6, -1.0 / 6, 0},
                    {1.0 / 6, 1.0 / 3, 0},
                    {1.0 / 6, 5.0 / 6, 0}});
    }

    @Test
    void fourStageMatchesSpecTable() {
        // 001 spec section 3, s = 4: c = (0, (5-√5)/10, (5+√5)/10, 1), b = (1/12, 5/12, 5/12, 1/12)
        double r5 = Math.sqrt(5);
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(4);
        assertEquals(4, t.stages());
        assertTable(t,
                new double[] {0, (5 - r5) / 10, (5 + r5) / 10, 1},
                new double[] {1.0 / 12, 5.0 / 12, 5.0 / 12, 1.0 / 12},
                new double[][] {
                    {0, 0, 0, 0},
                    {(11 + r5) / 120, (25 - r5) / 120, (25 - 13 * r5) / 120, (-1 + r5) / 120},
                    {(11 - r5) / 120, (25 + 13 * r5) / 120, (25 + r5) / 120, (-1 - r5) / 120},
                    {1.0 / 12, 5.0 / 12, 5.0 / 12, 1.0 / 12}},
                new double[][] {
                    {1.0 / 12, (-1 - r5) / 24, (-1 + r5) / 24, 0},
                    {1.0 / 12, (25 + r5) / 120, (25 - 13 * r5) / 120, 0},
                    {1.0 / 12, (25 + 13 * r5) / 120, (25 - r5) / 120, 0},
                    {1.0 / 12, (11 - r5) / 24, (11 + r5) / 24, 0}});
        // 001 spec section 3, numerical values of A rows 2 and 3 (15 digits given there)
        assertArrayEquals(new double[] {0.110300566479165, 0.189699433520835, -0.033907364229144, 0.010300566479165},
                t.a()[1], 1e-14);
        assertArrayEquals(new double[] {0.073032766854168, 0.450574030895811, 0.226967233145832, -0.026967233145832},
                t.a()[2], 1e-14);
    }

    private static void assertTable(LobattoIIIAIIIB t, double[] c, double[] b, double[][] a, double[][] aHat) {
        int s = t.stages();
        for (int i = 0; i < s; i++) {
            assertEquals(c[i], t.c(i), EXACT_TOL, "c_" + i);
            assertEquals(b[i], t.b(i), EXACT_TOL, "b_" + i);
            for (int j = 0; j < s; j++) {
                assertEquals(a[i][j], t.a(i, j), EXACT_TOL, "a_" + i + j);
                assertEquals(aHat[i][j], t.aHat(i, j), EXACT_TOL, "aHat_" + i + j);
            }
        }
    }

    // ---------------------------------------------------------------- simplifying assumptions, App. A eqs 43-45

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void lobattoIIIASatisfiesB2sMinus2_Cs_DsMinus2(int s) {
        // 001 spec section 3: IIIA satisfies B(2s-2), C(s), D(s-2)
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        assertTrue(maxB(t.b(), t.c(), 2 * s - 2) < COND_TOL, "B(2s-2)");
        assertTrue(maxC(t.a(), t.c(), s) < COND_TOL, "C(s)");
        assertTrue(maxD(t.a(), t.b(), t.c(), s - 2) < COND_TOL, "D(s-2)");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void lobattoIIIBSatisfiesB2sMinus2_CsMinus2_Ds(int s) {
        // 001 spec section 3: IIIB (bHat = b) satisfies B^(2s-2), C^(s-2), D^(s)
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        assertTrue(maxB(t.b(), t.c(), 2 * s - 2) < COND_TOL, "B^(2s-2)");
        assertTrue(maxC(t.aHat(), t.c(), s - 2) < COND_TOL, "C^(s-2)");
        assertTrue(maxD(t.aHat(), t.b(), t.c(), s) < COND_TOL, "D^(s)");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void assumptionsAreSharp(int s) {
        // Orders are exact, not higher (001 spec section 3: quadrature order 2s-2, stage orders s and s-2),
        // which shows the helpers actually discriminate.
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        assertTrue(maxB(t.b(), t.c(), 2 * s - 1) > 1e-6, "B(2s-1) must fail");
        assertTrue(maxC(t.a(), t.c(), s + 1) > 1e-6, "C(s+1) must fail");
        assertTrue(maxC(t.aHat(), t.c(), s - 1) > 1e-6, "C^(s-1) must fail");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void symplecticConjugacy(int s) {
        // 001 spec section 3: b_i aHat_ij + b_j a_ji = b_i b_j (bHat = b)
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < s; j++) {
                assertEquals(t.b(i) * t.b(j), t.b(i) * t.aHat(i, j) + t.b(j) * t.a(j, i), COND_TOL,
                        "conjugacy (" + i + "," + j + ")");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 8})
    void structuralPropertiesHoldExactly(int s) {
        // 001 spec section 3 (App. A): H1 a_1j = 0, H3 a_sj = b_j, H1' aHat_is = 0, H2' aHat_i1 = bHat_1 (1-based),
        // c_1 = 0, c_s = 1; all exact (delta 0), since symbolic code downstream relies on exact zeros.
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        assertEquals(0.0, t.c(0), 0.0);
        assertEquals(1.0, t.c(s - 1), 0.0);
        for (int j = 0; j < s; j++) {
            assertEquals(0.0, t.a(0, j), 0.0, "H1");
            assertEquals(t.b(j), t.a(s - 1, j), 0.0, "H3");
            assertEquals(0.0, t.aHat(j, s - 1), 0.0, "H1'");
            assertEquals(t.b(0), t.aHat(j, 0), 0.0, "H2'");
            // positive zero, not -0.0
            assertEquals(0L, Double.doubleToRawLongBits(t.a(0, j)));
            assertEquals(0L, Double.doubleToRawLongBits(t.aHat(j, s - 1)));
        }
        // C(1): row sums of a are the nodes
        for (int i = 0; i < s; i++) {
            double sum = 0;
            for (int j = 0; j < s; j++) {
                sum += t.a(i, j);
            }
            assertEquals(t.c(i), sum, COND_TOL, "row sum " + i);
        }
        // nodes increasing and symmetric, c_i + c_{s-1-i} = 1 (Lobatto points are symmetric about 1/2)
        for (int i = 0; i < s; i++) {
            assertEquals(1.0, t.c(i) + t.c(s - 1 - i), COND_TOL);
            if (i > 0) {
                assertTrue(t.c(i) > t.c(i - 1));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void mixedConditionCChatS(int s) {
        // 001 spec section 3: CC^(Q): sum_j sum_l a_ij aHat_jl c_l^{k-2} = c_i^k / (k(k-1)), k = 2..Q, Q = s
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        for (int k = 2; k <= s; k++) {
            for (int i = 0; i < s; i++) {
                double sum = 0;
                for (int j = 0; j < s; j++) {
                    for (int l = 0; l < s; l++) {
                        sum += t.a(i, j) * t.aHat(j, l) * Math.pow(t.c(l), k - 2);
                    }
                }
                assertEquals(Math.pow(t.c(i), k) / (k * (k - 1)), sum, COND_TOL, "CC^ k=" + k + " i=" + i);
            }
        }
    }

    /** max_k |sum_i b_i c_i^{k-1} - 1/k|, k = 1..p (B(p), eq 43). */
    private static double maxB(double[] b, double[] c, int p) {
        double err = 0;
        for (int k = 1; k <= p; k++) {
            double sum = 0;
            for (int i = 0; i < b.length; i++) {
                sum += b[i] * Math.pow(c[i], k - 1);
            }
            err = Math.max(err, Math.abs(sum - 1.0 / k));
        }
        return err;
    }

    /** max_{i,k} |sum_j a_ij c_j^{k-1} - c_i^k / k|, k = 1..q (C(q), eq 44). */
    private static double maxC(double[][] a, double[] c, int q) {
        double err = 0;
        for (int k = 1; k <= q; k++) {
            for (int i = 0; i < c.length; i++) {
                double sum = 0;
                for (int j = 0; j < c.length; j++) {
                    sum += a[i][j] * Math.pow(c[j], k - 1);
                }
                err = Math.max(err, Math.abs(sum - Math.pow(c[i], k) / k));
            }
        }
        return err;
    }

    /** max_{j,k} |sum_i b_i c_i^{k-1} a_ij - b_j (1 - c_j^k) / k|, k = 1..r (D(r), eq 45). */
    private static double maxD(double[][] a, double[] b, double[] c, int r) {
        double err = 0;
        for (int k = 1; k <= r; k++) {
            for (int j = 0; j < c.length; j++) {
                double sum = 0;
                for (int i = 0; i < c.length; i++) {
                    sum += b[i] * Math.pow(c[i], k - 1) * a[i][j];
                }
                err = Math.max(err, Math.abs(sum - b[j] * (1 - Math.pow(c[j], k)) / k));
            }
        }
        return err;
    }

    // ---------------------------------------------------------------- stability function

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void stabilityFunctionAtInfinity(int s) {
        // 001 spec section 3: R_A(inf) = (-1)^{s-1}
        double r = stabilityFunction(LobattoIIIAIIIB.of(s).a(), -1e8);
        assertEquals(s % 2 == 0 ? -1.0 : 1.0, r, 1e-6);
    }

    @Test
    void stabilityFunctionClosedForms() {
        // 001 spec section 3: s=2: R = (2+z)/(2-z); s=3: R = (z^2+6z+12)/(z^2-6z+12)
        for (double z : new double[] {-3.0, -0.5, 0.7}) {
            assertEquals((2 + z) / (2 - z), stabilityFunction(LobattoIIIAIIIB.of(2).a(), z), 1e-14);
            assertEquals((z * z + 6 * z + 12) / (z * z - 6 * z + 12),
                    stabilityFunction(LobattoIIIAIIIB.of(3).a(), z), 1e-14);
        }
    }

    /** R_A(z) = e_s^T (I - zA)^{-1} 1 (valid under H3), by Gaussian elimination with partial pivoting. */
    private static double stabilityFunction(double[][] a, double z) {
        int n = a.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = (i == j ? 1.0 : 0.0) - z * a[i][j];
            }
            m[i][n] = 1.0;
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int i = col + 1; i < n; i++) {
                if (Math.abs(m[i][col]) > Math.abs(m[piv][col])) {
                    piv = i;
                }
            }
            double[] tmp = m[col]; m[col] = m[piv]; m[piv] = tmp;
            for (int i = col + 1; i < n; i++) {
                double f = m[i][col] / m[col][col];
                for (int j = col; j <= n; j++) {
                    m[i][j] -= f * m[col][j];
                }
            }
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double acc = m[i][n];
            for (int j = i + 1; j < n; j++) {
                acc -= m[i][j] * x[j];
            }
            x[i] = acc / m[i][i];
        }
        return x[n - 1];
    }

    // ---------------------------------------------------------------- API contract

    @Test
    void rejectsFewerThanTwoStages() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LobattoIIIAIIIB.of(1));
        assertTrue(e.getMessage().contains("s = 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LobattoIIIAIIIB.of(0));
        assertThrows(IllegalArgumentException.class, () -> LobattoIIIAIIIB.of(-3));
    }

    @Test
    void cachedPerStageCountWithDefensiveCopies() {
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(3);
        assertSame(t, LobattoIIIAIIIB.of(3));
        double[][] a = t.a();
        assertNotSame(a, t.a());
        a[1][1] = 42;
        t.aHat()[0][0] = 42;
        t.b()[0] = 42;
        t.c()[1] = 42;
        assertEquals(1.0 / 3, t.a(1, 1), EXACT_TOL);
        assertEquals(1.0 / 6, t.aHat(0, 0), EXACT_TOL);
        assertEquals(1.0 / 6, t.b(0), EXACT_TOL);
        assertEquals(0.5, t.c(1), EXACT_TOL);
    }
}
