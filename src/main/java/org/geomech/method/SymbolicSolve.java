package org.geomech.method;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * K x = r solved symbolically by Gaussian elimination in the given order, without pivoting, skipping zero entries:
 * the result is one expression per unknown, sharing every elimination step in the DAG. Meant for saddle-point matrices
 * [[M, G^T], [G, 0]] with M symmetric positive definite, where the natural order never meets a zero pivot.
 */
public final class SymbolicSolve {
    private SymbolicSolve() {}

    /** The solution x of K x = r, by elimination in order without pivoting (the first n columns of k). */
    public static List<Expr> solve(Expr[][] k, List<Expr> r) {
        int n = r.size();
        Expr[][] a = new Expr[n][];
        for (int i = 0; i < n; i++) a[i] = Arrays.copyOf(k[i], n);
        Expr[] b = r.toArray(new Expr[0]);
        for (int col = 0; col < n; col++) {
            Expr pivot = a[col][col];
            if (pivot.isConst(0)) throw new ArithmeticException("zero pivot in column " + col + " of a symbolic solve");
            for (int row = col + 1; row < n; row++) {
                if (a[row][col].isConst(0)) continue;
                Expr factor = div(a[row][col], pivot);
                for (int j = col + 1; j < n; j++) if (!a[col][j].isConst(0)) a[row][j] = sub(a[row][j], mul(factor, a[col][j]));
                b[row] = sub(b[row], mul(factor, b[col]));
                a[row][col] = ZERO;
            }
        }
        Expr[] x = new Expr[n];
        for (int row = n - 1; row >= 0; row--) {
            Expr s = b[row];
            for (int j = row + 1; j < n; j++) if (!a[row][j].isConst(0)) s = sub(s, mul(a[row][j], x[j]));
            x[row] = div(s, a[row][row]);
        }
        return new ArrayList<>(Arrays.asList(x));
    }
}
