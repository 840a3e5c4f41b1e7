package org.geomech.lie;

import org.geomech.expr.Expr;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/** Small symbolic matrices (Expr[rows][columns]) for the Lie group layer. */
public final class Matrices {
    private Matrices() {}

    /** The rows x columns zero matrix. */
    public static Expr[][] zeros(int rows, int columns) {
        Expr[][] m = new Expr[rows][columns];
        for (Expr[] row : m) java.util.Arrays.fill(row, ZERO);
        return m;
    }

    /** The n x n identity. */
    public static Expr[][] identity(int n) {
        Expr[][] m = zeros(n, n);
        for (int i = 0; i < n; i++) m[i][i] = ONE;
        return m;
    }

    /** The product a b. */
    public static Expr[][] times(Expr[][] a, Expr[][] b) {
        Expr[][] m = new Expr[a.length][b[0].length];
        for (int i = 0; i < a.length; i++)
            for (int j = 0; j < b[0].length; j++) {
                Expr s = ZERO;
                for (int k = 0; k < b.length; k++) s = add(s, mul(a[i][k], b[k][j]));
                m[i][j] = s;
            }
        return m;
    }

    /** The product a x. */
    public static List<Expr> times(Expr[][] a, List<Expr> x) {
        List<Expr> out = new ArrayList<>(a.length);
        for (Expr[] row : a) {
            Expr s = ZERO;
            for (int k = 0; k < row.length; k++) s = add(s, mul(row[k], x.get(k)));
            out.add(s);
        }
        return out;
    }

    /** The sum a + b. */
    public static Expr[][] plus(Expr[][] a, Expr[][] b) {
        Expr[][] m = new Expr[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a[0].length; j++) m[i][j] = add(a[i][j], b[i][j]);
        return m;
    }

    /** The difference a - b. */
    public static Expr[][] minus(Expr[][] a, Expr[][] b) { return plus(a, scale(MINUS_ONE, b)); }

    /** The product c a of a scalar and a matrix. */
    public static Expr[][] scale(Expr c, Expr[][] a) {
        Expr[][] m = new Expr[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a[0].length; j++) m[i][j] = mul(c, a[i][j]);
        return m;
    }

    /** The transpose of a. */
    public static Expr[][] transpose(Expr[][] a) {
        Expr[][] m = new Expr[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a[0].length; j++) m[j][i] = a[i][j];
        return m;
    }

    /** [a, b] = ab - ba. */
    public static Expr[][] commutator(Expr[][] a, Expr[][] b) { return minus(times(a, b), times(b, a)); }

    /**
     * The inverse of a 1x1, 2x2 or 3x3 matrix by its adjugate, or of a homogeneous [[A, b], [0, 1]] with A of
     * those sizes as [[A^-1, -A^-1 b], [0, 1]]: rational, so it differentiates and emits like any expression.
     */
    public static Expr[][] inverse(Expr[][] a) {
        int n = a.length;
        if (n <= 3 && !isHomogeneous(a)) return adjugateInverse(a);
        if (!isHomogeneous(a)) throw new IllegalArgumentException("inverse of a general " + n + "x" + n + " matrix");
        Expr[][] block = new Expr[n - 1][n - 1];
        for (int i = 0; i < n - 1; i++) for (int j = 0; j < n - 1; j++) block[i][j] = a[i][j];
        Expr[][] inv = adjugateInverse(block);
        Expr[][] m = identity(n);
        for (int i = 0; i < n - 1; i++) {
            Expr t = ZERO;
            for (int j = 0; j < n - 1; j++) { m[i][j] = inv[i][j]; t = add(t, mul(inv[i][j], a[j][n - 1])); }
            m[i][n - 1] = neg(t);
        }
        return m;
    }

    private static boolean isHomogeneous(Expr[][] a) {
        int n = a.length;
        if (n < 2) return false;
        for (int j = 0; j < n - 1; j++) if (!a[n - 1][j].isConst(0)) return false;
        return a[n - 1][n - 1].isConst(1);
    }

    private static Expr[][] adjugateInverse(Expr[][] a) {
        int n = a.length;
        if (n == 1) return new Expr[][]{{div(ONE, a[0][0])}};
        if (n == 2) {
            Expr det = sub(mul(a[0][0], a[1][1]), mul(a[0][1], a[1][0]));
            return new Expr[][]{{div(a[1][1], det), div(neg(a[0][1]), det)}, {div(neg(a[1][0]), det), div(a[0][0], det)}};
        }
        if (n != 3) throw new IllegalArgumentException("adjugate inverse of a " + n + "x" + n + " matrix");
        Expr[][] c = new Expr[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
                c[j][i] = sub(mul(a[i1][j1], a[i2][j2]), mul(a[i1][j2], a[i2][j1]));   // adjugate = cofactor transposed
            }
        Expr det = add(add(mul(a[0][0], c[0][0]), mul(a[0][1], c[1][0])), mul(a[0][2], c[2][0]));
        Expr[][] m = new Expr[3][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = div(c[i][j], det);
        return m;
    }

    /** The matrix whose column k is column(k) (for linear maps of the algebra written in its basis). */
    public static Expr[][] fromColumns(int rows, int columns, java.util.function.IntFunction<List<Expr>> column) {
        Expr[][] m = new Expr[rows][columns];
        for (int k = 0; k < columns; k++) {
            List<Expr> c = column.apply(k);
            for (int i = 0; i < rows; i++) m[i][k] = c.get(i);
        }
        return m;
    }

    /** -x, entry by entry. */
    public static List<Expr> negate(List<Expr> x) {
        List<Expr> out = new ArrayList<>(x.size());
        for (Expr e : x) out.add(neg(e));
        return out;
    }

    /** Block-diagonal matrix of square blocks. */
    public static Expr[][] blockDiagonal(List<Expr[][]> blocks) {
        int n = 0;
        for (Expr[][] b : blocks) n += b.length;
        Expr[][] m = zeros(n, n);
        int o = 0;
        for (Expr[][] b : blocks) {
            for (int i = 0; i < b.length; i++) for (int j = 0; j < b.length; j++) m[o + i][o + j] = b[i][j];
            o += b.length;
        }
        return m;
    }
}
