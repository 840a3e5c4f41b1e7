package org.geomech.lie;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

class RetractionTangentsTest {
    /** cay on SO(3) in vector form (001 spec sec. 4.5): d^L cay_w = 2/(4 + |w|^2)(2I - w^), its inverse I + w^/2 + w w^T/4, Ad = cay(w). */
    private static final RetractionTangents CAY_SO3 = new RetractionTangents("cay", 3) {
        @Override protected Expr[][] dLeftAt(List<Expr> w) {
            Expr f = div(TWO, add(num(4), dot(w, w)));
            Expr[][] h = hat(w), m = new Expr[3][3];
            for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = mul(f, sub(i == j ? TWO : ZERO, h[i][j]));
            return m;
        }
        @Override protected Expr[][] dLeftInverseAt(List<Expr> w) {
            Expr[][] h = hat(w), m = new Expr[3][3];
            for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = add(add(i == j ? ONE : ZERO, mul(HALF, h[i][j])), mul(num(0.25), mul(w.get(i), w.get(j))));
            return m;
        }
        @Override protected Expr[][] adjointAt(List<Expr> w) { return identity(3); }
    };

    private static Expr[][] hat(List<Expr> w) {
        return new Expr[][]{{ZERO, neg(w.get(2)), w.get(1)}, {w.get(2), ZERO, neg(w.get(0))}, {neg(w.get(1)), w.get(0), ZERO}};
    }

    @Test
    void derivedSecondTangentMatchesTheCayleyClosedForm() {
        // 001 spec sec. 4.5: dd^L cay_X(Y, D) = 1/2 [Y (I - X/2)^-1 D - D (I + X/2)^-1 Y]; (dd^L)^*(Y, Pi)_k = Pi . vee(dd(Y, E_k))
        double[] x = {0.3, -0.7, 1.1}, y = {0.5, 0.2, -0.4}, pi = {1.3, -0.6, 0.9};
        List<Expr> xs = Expr.symbols("x", 3), ys = Expr.symbols("y", 3), ps = Expr.symbols("p", 3);
        List<Expr> inputs = new ArrayList<>(xs);
        inputs.addAll(ys);
        inputs.addAll(ps);
        double[] in = new double[9], derived = new double[3];
        System.arraycopy(x, 0, in, 0, 3);
        System.arraycopy(y, 0, in, 3, 3);
        System.arraycopy(pi, 0, in, 6, 3);
        Tape.compile(inputs, CAY_SO3.secondTangentAdjoint(xs, ys, ps)).eval(in, derived);
        double[][] X = hatOf(x), Y = hatOf(y), minus = inverse(plus(-0.5, X)), plusInv = inverse(plus(0.5, X));
        for (int k = 0; k < 3; k++) {
            double[] e = new double[3];
            e[k] = 1;
            double[][] D = hatOf(e), a = times(times(Y, minus), D), b = times(times(D, plusInv), Y);
            double[] v = {0.5 * (a[2][1] - b[2][1]), 0.5 * (a[0][2] - b[0][2]), 0.5 * (a[1][0] - b[1][0])};
            assertEquals(pi[0] * v[0] + pi[1] * v[1] + pi[2] * v[2], derived[k], 1e-15, "component " + k);
        }
    }

    private static double[][] hatOf(double[] w) { return new double[][]{{0, -w[2], w[1]}, {w[2], 0, -w[0]}, {-w[1], w[0], 0}}; }

    /** I + c X. */
    private static double[][] plus(double c, double[][] x) {
        double[][] m = new double[3][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = (i == j ? 1 : 0) + c * x[i][j];
        return m;
    }

    private static double[][] times(double[][] a, double[][] b) {
        double[][] m = new double[3][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) for (int k = 0; k < 3; k++) m[i][j] += a[i][k] * b[k][j];
        return m;
    }

    private static double[][] inverse(double[][] m) {
        double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        double[][] inv = new double[3][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) {
            int r1 = (j + 1) % 3, r2 = (j + 2) % 3, c1 = (i + 1) % 3, c2 = (i + 2) % 3;
            inv[i][j] = (m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]) / det;
        }
        return inv;
    }
}
