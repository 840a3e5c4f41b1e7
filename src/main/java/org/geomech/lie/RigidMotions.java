package org.geomech.lie;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * SE(2) and SE(3) as homogeneous matrices [[R, t], [0, 1]], stored as the entries of R (row-major) then t; the
 * algebra is (omega, v) with omega the rotation part (1 component in the plane, 3 in space) and v the translation.
 * The Cayley map and its tangents come from MatrixGroup (001 sec. 4.5); exp has no closed form here.
 */
public final class RigidMotions extends MatrixGroup {
    private final int d;

    private RigidMotions(int d) { this.d = d; }

    /** SE(2), the rigid motions of the plane. */
    public static RigidMotions se2() { return new RigidMotions(2); }
    /** SE(3), the rigid motions of space. */
    public static RigidMotions se3() { return new RigidMotions(3); }

    private int rotations() { return d == 2 ? 1 : 3; }

    @Override public String name() { return "SE(" + d + ")"; }
    @Override public int dimension() { return rotations() + d; }
    @Override public int size() { return d * d + d; }

    @Override
    public List<String> entryNames(String prefix) {
        List<String> n = new ArrayList<>();
        for (int i = 1; i <= d; i++) for (int j = 1; j <= d; j++) n.add(prefix + i + j);
        for (int i = 1; i <= d; i++) n.add(prefix + i + (d + 1));
        return n;
    }

    @Override
    public double[] identity() {
        double[] e = new double[size()];
        for (int i = 0; i < d; i++) e[i * d + i] = 1;
        return e;
    }

    @Override
    public Expr[][] matrix(List<Expr> e) {
        Expr[][] m = Matrices.identity(d + 1);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) m[i][j] = e.get(i * d + j);
            m[i][d] = e.get(d * d + i);
        }
        return m;
    }

    @Override
    public List<Expr> entries(Expr[][] m) {
        List<Expr> out = new ArrayList<>(size());
        for (int i = 0; i < d; i++) for (int j = 0; j < d; j++) out.add(m[i][j]);
        for (int i = 0; i < d; i++) out.add(m[i][d]);
        return out;
    }

    @Override
    public Expr[][] hat(List<Expr> xi) {
        Expr[][] m = Matrices.zeros(d + 1, d + 1);
        if (d == 2) {
            m[0][1] = neg(xi.get(0));
            m[1][0] = xi.get(0);
        } else {
            Expr[][] w = new So3().hat(xi.subList(0, 3));
            for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = w[i][j];
        }
        for (int i = 0; i < d; i++) m[i][d] = xi.get(rotations() + i);
        return m;
    }

    @Override
    public List<Expr> vee(Expr[][] x) {
        List<Expr> out = new ArrayList<>();
        if (d == 2) out.add(x[1][0]);
        else out.addAll(List.of(x[2][1], x[0][2], x[1][0]));
        for (int i = 0; i < d; i++) out.add(x[i][d]);
        return out;
    }

    /** [[R^T, -R^T t], [0, 1]]. */
    @Override
    public List<Expr> inverse(List<Expr> a) {
        Expr[][] m = matrix(a), inv = Matrices.identity(d + 1);
        for (int i = 0; i < d; i++) {
            Expr t = ZERO;
            for (int j = 0; j < d; j++) { inv[i][j] = m[j][i]; t = add(t, mul(m[j][i], m[j][d])); }
            inv[i][d] = neg(t);
        }
        return entries(inv);
    }

    @Override public List<Expr> defect(List<Expr> g) { return orthogonalityDefect(matrix(g), d); }
}
