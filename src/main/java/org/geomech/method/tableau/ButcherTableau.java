package org.geomech.method.tableau;

import org.geomech.InputException;

/**
 * A Runge-Kutta tableau (A, b, c) with its order: the coefficients a one-step method is made of. Checked on
 * construction: A is s x s, b and c have s entries, and each row of A sums to its c (to 1e-12).
 */
public record ButcherTableau(String name, double[][] a, double[] b, double[] c, int order) {

    /** Checks the shape, that each row of A sums to its c, and an order of at least 1; keeps copies. */
    public ButcherTableau {
        checkShape(name, java.util.Arrays.stream(a).mapToInt(row -> row.length).toArray(), b.length, c.length);
        for (int i = 0; i < b.length; i++) {
            double sum = 0;
            for (double x : a[i]) sum += x;
            if (Math.abs(sum - c[i]) > 1e-12 * Math.max(1, Math.abs(c[i])))
                throw new InputException("tableau " + name + ": row " + (i + 1) + " of A sums to " + sum + ", not to c" + (i + 1) + " = " + c[i]);
        }
        if (order < 1) throw new InputException("tableau " + name + ": order must be at least 1, got " + order);
        a = copy(a);
        b = b.clone();
        c = c.clone();
    }

    /** A is s x s for s = the number of weights b, and c has s entries. */
    public static void checkShape(String name, int[] rowLengths, int weights, int nodes) {
        if (weights == 0) throw new InputException("tableau " + name + ": b is empty");
        if (rowLengths.length != weights) throw new InputException("tableau " + name + ": A has " + rowLengths.length + " rows for " + weights + " weights b (A must be s x s)");
        for (int i = 0; i < weights; i++)
            if (rowLengths[i] != weights)
                throw new InputException("tableau " + name + ": A is not square (row " + (i + 1) + " has " + rowLengths[i] + " entries, expected " + weights + ")");
        if (nodes != weights) throw new InputException("tableau " + name + ": c has " + nodes + " entries, expected " + weights);
    }

    /** The number of stages s. */
    public int stages() { return b.length; }

    /** True when a_ij = 0 for j >= i: every stage is an explicit function of the earlier ones. */
    public boolean isExplicit() {
        for (int i = 0; i < a.length; i++) for (int j = i; j < a.length; j++) if (a[i][j] != 0) return false;
        return true;
    }

    /** A copy of A. */
    @Override public double[][] a() { return copy(a); }
    /** A copy of b. */
    @Override public double[] b() { return b.clone(); }
    /** A copy of c. */
    @Override public double[] c() { return c.clone(); }

    private static double[][] copy(double[][] m) {
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) out[i] = m[i].clone();
        return out;
    }
}
