package org.geomech.lie;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * SO(3), stored as the 9 entries of the rotation matrix (row-major), so(3) = R^3 with the hat map x^ y = x cross y.
 * Closed forms: cay(w) = I + 4/(4 + |w|^2) (w^ + w^2/2), dcay_w = 2/(4 + |w|^2)(2I + w^), dcay_w^-1 = I - w^/2 + w w^T/4
 * (001 sec. 4.5, right-trivialised); exp, dexp, dexp^-1 by Rodrigues (003 sec. 2.4) with the Stumpff functions of
 * theta^2 = |w|^2: exp = I + c1 w^ + c2 w^2, dexp = I + c2 w^ + c3 w^2, dexp^-1 = I - w^/2 + (c3 - 2 c4)/(2 c2) w^2
 * (= (1 - (theta/2) cot(theta/2))/theta^2), exact at w = 0.
 */
public final class So3 extends MatrixGroup {
    @Override public String name() { return "SO(3)"; }
    @Override public int dimension() { return 3; }
    @Override public int size() { return 9; }

    @Override
    public List<String> entryNames(String prefix) {
        List<String> n = new ArrayList<>();
        for (int i = 1; i <= 3; i++) for (int j = 1; j <= 3; j++) n.add(prefix + i + j);
        return n;
    }

    @Override public double[] identity() { return new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1}; }

    @Override
    public Expr[][] matrix(List<Expr> e) {
        return new Expr[][]{{e.get(0), e.get(1), e.get(2)}, {e.get(3), e.get(4), e.get(5)}, {e.get(6), e.get(7), e.get(8)}};
    }

    @Override
    public List<Expr> entries(Expr[][] m) {
        List<Expr> out = new ArrayList<>(9);
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) out.add(m[i][j]);
        return out;
    }

    @Override
    public Expr[][] hat(List<Expr> w) {
        return new Expr[][]{{ZERO, neg(w.get(2)), w.get(1)}, {w.get(2), ZERO, neg(w.get(0))}, {neg(w.get(1)), w.get(0), ZERO}};
    }

    @Override public List<Expr> vee(Expr[][] x) { return List.of(x[2][1], x[0][2], x[1][0]); }

    @Override public List<Expr> inverse(List<Expr> a) { return entries(Matrices.transpose(matrix(a))); }

    /** ad_x = x^. */
    @Override public Expr[][] ad(List<Expr> x) { return hat(x); }

    /** Ad_g = g (003 sec. 2.4). */
    @Override public Expr[][] adjoint(List<Expr> g) { return matrix(g); }

    @Override public boolean hasExp() { return true; }

    private static Expr squaredNorm(List<Expr> w) { return add(add(pow(w.get(0), 2), pow(w.get(1), 2)), pow(w.get(2), 2)); }

    /** a I + b w^ + c w^2. */
    private Expr[][] combination(Expr a, Expr b, Expr c, List<Expr> w) {
        Expr[][] hw = hat(w);
        return Matrices.plus(Matrices.plus(Matrices.scale(a, Matrices.identity(3)), Matrices.scale(b, hw)), Matrices.scale(c, Matrices.times(hw, hw)));
    }

    @Override
    public List<Expr> retract(RetractionKind tau, List<Expr> w) {
        if (tau == RetractionKind.EXP) return exp(w);
        Expr f = div(num(4), add(num(4), squaredNorm(w)));
        return entries(combination(ONE, f, mul(HALF, f), w));
    }

    @Override
    public Expr[][] dRight(RetractionKind tau, List<Expr> w) {
        if (tau == RetractionKind.EXP) return dexp(w);
        Expr f = div(TWO, add(num(4), squaredNorm(w)));
        return combination(mul(TWO, f), f, ZERO, w);
    }

    @Override
    public Expr[][] dRightInverse(RetractionKind tau, List<Expr> w) {
        if (tau == RetractionKind.EXP) return dexpInverse(w);
        Expr[][] m = combination(ONE, num(-0.5), ZERO, w);
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = add(m[i][j], mul(num(0.25), mul(w.get(i), w.get(j))));
        return m;
    }

    @Override
    protected List<Expr> exp(List<Expr> w) {
        Expr t = squaredNorm(w);
        return entries(combination(ONE, stumpff(1, t), stumpff(2, t), w));
    }

    @Override
    protected Expr[][] dexp(List<Expr> w) {
        Expr t = squaredNorm(w);
        return combination(ONE, stumpff(2, t), stumpff(3, t), w);
    }

    @Override
    protected Expr[][] dexpInverse(List<Expr> w) {
        Expr t = squaredNorm(w);
        return combination(ONE, num(-0.5), div(sub(stumpff(3, t), mul(TWO, stumpff(4, t))), mul(TWO, stumpff(2, t))), w);
    }

    @Override public List<Expr> defect(List<Expr> g) { return orthogonalityDefect(matrix(g), 3); }
}
