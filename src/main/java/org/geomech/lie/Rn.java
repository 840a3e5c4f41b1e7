package org.geomech.lie;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * R^n under addition, the abelian factor of a product (001 sec. 4.5: tau = identity, d tau = I, Ad = I). Stored as
 * its n coordinates; as a matrix group [[I, x], [0, 1]], where exp = cay = I + X exactly.
 */
public final class Rn extends MatrixGroup {
    private final int n;

    /** R^n, n at least 1. */
    public Rn(int n) {
        if (n < 1) throw new IllegalArgumentException("R^" + n);
        this.n = n;
    }

    @Override public String name() { return n == 1 ? "R" : "R^" + n; }
    @Override public int dimension() { return n; }
    @Override public int size() { return n; }

    @Override
    public List<String> entryNames(String prefix) {
        if (n == 1) return List.of(prefix);
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= n; i++) names.add(prefix + i);
        return names;
    }

    @Override public double[] identity() { return new double[n]; }

    @Override
    public Expr[][] matrix(List<Expr> e) {
        Expr[][] m = Matrices.identity(n + 1);
        for (int i = 0; i < n; i++) m[i][n] = e.get(i);
        return m;
    }

    @Override
    public List<Expr> entries(Expr[][] m) {
        List<Expr> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(m[i][n]);
        return out;
    }

    @Override
    public Expr[][] hat(List<Expr> xi) {
        Expr[][] m = Matrices.zeros(n + 1, n + 1);
        for (int i = 0; i < n; i++) m[i][n] = xi.get(i);
        return m;
    }

    @Override public List<Expr> vee(Expr[][] x) { return entries(x); }

    @Override
    public List<Expr> multiply(List<Expr> a, List<Expr> b) {
        List<Expr> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(add(a.get(i), b.get(i)));
        return out;
    }

    @Override public List<Expr> inverse(List<Expr> a) { return Matrices.negate(a); }
    @Override public Expr[][] ad(List<Expr> x) { return Matrices.zeros(n, n); }
    @Override public Expr[][] adjoint(List<Expr> g) { return Matrices.identity(n); }
    @Override public boolean hasExp() { return true; }
    @Override public List<Expr> retract(RetractionKind tau, List<Expr> xi) { return List.copyOf(xi); }
    @Override public Expr[][] dRight(RetractionKind tau, List<Expr> xi) { return Matrices.identity(n); }
    @Override public Expr[][] dRightInverse(RetractionKind tau, List<Expr> xi) { return Matrices.identity(n); }
}
