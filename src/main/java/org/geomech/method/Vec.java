package org.geomech.method;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/** Small vector arithmetic on lists of expressions for writing step equations. */
final class Vec {
    private Vec() {}

    static List<Expr> plus(List<Expr> a, List<Expr> b) {
        List<Expr> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) out.add(add(a.get(i), b.get(i)));
        return out;
    }

    static List<Expr> minus(List<Expr> a, List<Expr> b) {
        List<Expr> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) out.add(sub(a.get(i), b.get(i)));
        return out;
    }

    static List<Expr> times(Expr c, List<Expr> a) {
        List<Expr> out = new ArrayList<>(a.size());
        for (Expr e : a) out.add(mul(c, e));
        return out;
    }

    /** x + h * sum_j w_j y_j, the Runge-Kutta stage combination. */
    static List<Expr> combine(List<Expr> x, Expr h, double[] w, List<List<Expr>> y) {
        List<Expr> out = new ArrayList<>(x.size());
        for (int c = 0; c < x.size(); c++) {
            Expr s = ZERO;
            for (int j = 0; j < w.length; j++) s = add(s, mul(num(w[j]), y.get(j).get(c)));
            out.add(add(x.get(c), mul(h, s)));
        }
        return out;
    }

    /** M^T y for a matrix given by rows (M is rows x n, y has rows entries). */
    static List<Expr> transposeTimes(Expr[][] m, List<Expr> y, int n) {
        List<Expr> out = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
            Expr s = ZERO;
            for (int r = 0; r < m.length; r++) s = add(s, mul(m[r][c], y.get(r)));
            out.add(s);
        }
        return out;
    }

    /** M y. */
    static List<Expr> times(Expr[][] m, List<Expr> y) {
        List<Expr> out = new ArrayList<>(m.length);
        for (Expr[] row : m) out.add(dot(List.of(row), y));
        return out;
    }
}
