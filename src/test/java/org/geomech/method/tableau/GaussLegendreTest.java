package org.geomech.method.tableau;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Gauss-Legendre rule and Legendre coefficients HBVM(k,s) uses (002 Lemma 2; values from the 002 spec sec. 3.3). */
class GaussLegendreTest {
    @Test
    void nodesAndWeights() {
        // 002 spec sec. 3.3: node and weight values
        assertArrayEquals(new double[]{0.5}, GaussLegendre.of(1).c(), 1e-16);
        assertArrayEquals(new double[]{1.0}, GaussLegendre.of(1).b(), 1e-16);
        assertArrayEquals(new double[]{0.21132486540518713, 0.7886751345948129}, GaussLegendre.of(2).c(), 1e-16);
        assertArrayEquals(new double[]{0.5, 0.5}, GaussLegendre.of(2).b(), 1e-16);
        assertArrayEquals(new double[]{0.1127016653792583, 0.5, 0.8872983346207417}, GaussLegendre.of(3).c(), 1e-16);
        assertArrayEquals(new double[]{0.27777777777777785, 0.4444444444444444, 0.27777777777777785}, GaussLegendre.of(3).b(), 1e-16);
        assertArrayEquals(new double[]{0.03376524289842403, 0.16939530676686776, 0.38069040695840156, 0.6193095930415985,
                0.8306046932331322, 0.9662347571015759}, GaussLegendre.of(6).c(), 2.3e-16);   // ours: the correctly rounded node, 1 ulp off the spec's
        assertArrayEquals(new double[]{0.08566224618958514, 0.18038078652406936, 0.23395696728634552, 0.23395696728634552,
                0.18038078652406936, 0.08566224618958514}, GaussLegendre.of(6).b(), 1e-16);
    }

    @Test
    void xiAndX() {
        // 002 Lemma 2: xi_j = 1 / (2 sqrt|4j^2 - 1|); X_3 as in the 002 spec sec. 3.3
        assertEquals(0.5, GaussLegendre.xi(0), 0);
        assertEquals(0.2886751345948129, GaussLegendre.xi(1), 1e-16);
        assertEquals(0.12909944487358055, GaussLegendre.xi(2), 1e-16);
        assertEquals(0.08451542547285165, GaussLegendre.xi(3), 1e-16);
        assertEquals(0.0629940788348712, GaussLegendre.xi(4), 1e-16);
        double[][] x = GaussLegendre.x(3);
        assertArrayEquals(new double[]{0.5, -0.2886751345948129, 0}, x[0], 1e-16);
        assertArrayEquals(new double[]{0.2886751345948129, 0, -0.12909944487358055}, x[1], 1e-16);
        assertArrayEquals(new double[]{0, 0.12909944487358055, 0}, x[2], 1e-16);
    }

    @ParameterizedTest(name = "k = {0}, s = {1}")
    @CsvSource({"1,1", "2,2", "3,3", "4,4", "3,1", "6,2", "9,3", "6,1", "6,3", "12,6"})
    void orthonormalityAndX(int k, int s) {
        // 002 Lemma 2: Phat^T Omega Phat = I_s and Phat^T Omega Ihat = X_s for every k >= s
        GaussLegendre r = GaussLegendre.of(k);
        double[][] x = GaussLegendre.x(s);
        for (int i = 0; i < s; i++)
            for (int j = 0; j < s; j++) {
                double pp = 0, pi = 0;
                for (int l = 0; l < k; l++) {
                    pp += r.b(l) * r.p(l, i) * r.p(l, j);
                    pi += r.b(l) * r.p(l, i) * r.integral(l, j);
                }
                assertEquals(i == j ? 1 : 0, pp, 1e-14, "P'OP at " + i + "," + j);
                assertEquals(x[i][j], pi, 1e-14, "P'OI at " + i + "," + j);
            }
    }

    @Test
    void hbvm22IsTwoStageGauss() {
        // 002 spec sec. 3.3: A = Ihat Phat^T Omega; HBVM(2,2) = [[1/4, 1/4 - sqrt3/6], [1/4 + sqrt3/6, 1/4]]
        GaussLegendre r = GaussLegendre.of(2);
        double[][] expected = {{0.25, 0.25 - Math.sqrt(3) / 6}, {0.25 + Math.sqrt(3) / 6, 0.25}};
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                double a = 0;
                for (int l = 0; l < 2; l++) a += r.integral(i, l) * r.p(j, l) * r.b(j);
                assertEquals(expected[i][j], a, 1e-15);
            }
    }
}
