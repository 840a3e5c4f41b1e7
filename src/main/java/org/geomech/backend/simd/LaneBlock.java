package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.expr.Expr;

import java.util.Arrays;
import java.util.List;

/**
 * Expressions and dense linear algebra on a block of members: entry k of member l at [k * width + l]. The expressions
 * run as generated Java (ProgramKernelSource: each member's values bitwise Tape.eval's, plain code that the interpreter
 * and C1 run fast enough that a fresh run's first block is not slow; the Vector API's operations, not yet compiled,
 * cost tens of microseconds a member there). The matrix operations run on members 0 .. count - 1, each member with the
 * operations, in the order, of the EJML routine it stands for (loops over members innermost), so that every member is
 * bitwise what the member-by-member projection computes.
 */
final class LaneBlock {
    /** Members per block. */
    final int width;
    /** Scratch of the LU's sums and the solve's first nonzero entries, per member. */
    private final double[] sums;
    private final int[] first;

    LaneBlock(int width) {
        this.width = width;
        this.sums = new double[width];
        this.first = new int[width];
    }

    /** Expressions of inputs over the block (ProgramKernelSource): the generated class of their source, one instance per JVM. */
    BlockConsistency.Program program(List<Expr> inputs, List<Expr> outputs) { return KernelCompiler.load(ProgramKernelSource.of(inputs, outputs, width)); }

    /**
     * EJML's LU (LUDecompositionAlt_DDRM.decompose) of the n x n matrices a (row-major entries) of members 0 .. count - 1 in
     * place: Crout's columns, each entry's sum from zero in k order, partial pivoting on the first largest |a_ij|, the
     * pivot row of column j into entry j of pivots, the multipliers divided where the pivot is nonzero.
     */
    void decompose(double[] a, int n, int[] pivots, int count) {
        int w = width;
        double[] s = sums;
        for (int j = 0; j < n; j++) {
            for (int i = 1; i < n && j > 0; i++) {
                Arrays.fill(s, 0, count, 0.0);
                for (int k = 0; k < Math.min(i, j); k++) {
                    int ik = (i * n + k) * w, kj = (k * n + j) * w;
                    for (int l = 0; l < count; l++) s[l] += a[ik + l] * a[kj + l];
                }
                int ij = (i * n + j) * w;
                for (int l = 0; l < count; l++) a[ij + l] -= s[l];
            }
            for (int l = 0; l < count; l++) {
                int p = j;
                double max = Math.abs(a[(j * n + j) * w + l]);
                for (int i = j + 1; i < n; i++) {
                    double v = Math.abs(a[(i * n + j) * w + l]);
                    if (v > max) { p = i; max = v; }
                }
                if (p != j) {
                    for (int k = 0; k < n; k++) {
                        double t = a[(p * n + k) * w + l];
                        a[(p * n + k) * w + l] = a[(j * n + k) * w + l];
                        a[(j * n + k) * w + l] = t;
                    }
                }
                pivots[j * w + l] = p;
            }
            int jj = (j * n + j) * w;
            for (int i = j + 1; i < n; i++) {
                int ij = (i * n + j) * w;
                for (int l = 0; l < count; l++) if (a[jj + l] != 0) a[ij + l] /= a[jj + l];
            }
        }
    }

    /**
     * x = A^-1 x in place for members 0 .. count - 1, from the LU and pivots of decompose (entries from of x): EJML's
     * LUDecompositionBase_DDRM._solveVectorInternal (the pivots' swaps; a member's sums start at its first nonzero entry,
     * EJML's ii) and TriangularSolver_DDRM.solveU.
     */
    void solve(double[] lu, int n, int[] pivots, double[] x, int from, int count) {
        int w = width;
        int[] start = first;
        Arrays.fill(start, 0, count, Integer.MAX_VALUE);
        for (int i = 0; i < n; i++) {
            int xi = (from + i) * w;
            boolean swaps = false;
            for (int l = 0; l < count; l++) swaps |= pivots[i * w + l] != i;
            for (int l = 0; l < count && swaps; l++) {
                int ip = pivots[i * w + l];
                if (ip != i) {
                    double t = x[(from + ip) * w + l];
                    x[(from + ip) * w + l] = x[xi + l];
                    x[xi + l] = t;
                }
            }
            // terms from the latest first nonzero entry on are every member's: one loop over the members without a test
            int latest = 0;
            for (int l = 0; l < count; l++) latest = Math.max(latest, start[l]);
            for (int j = 0; j < i; j++) {
                int ij = (i * n + j) * w, xj = (from + j) * w;
                if (j >= latest) for (int l = 0; l < count; l++) x[xi + l] -= lu[ij + l] * x[xj + l];
                else for (int l = 0; l < count; l++) if (j >= start[l]) x[xi + l] -= lu[ij + l] * x[xj + l];
            }
            for (int l = 0; l < count; l++) if (start[l] == Integer.MAX_VALUE && x[xi + l] != 0.0) start[l] = i;
        }
        for (int i = n - 1; i >= 0; i--) {
            int xi = (from + i) * w;
            for (int j = i + 1; j < n; j++) {
                int ij = (i * n + j) * w, xj = (from + j) * w;
                for (int l = 0; l < count; l++) x[xi + l] -= lu[ij + l] * x[xj + l];
            }
            int ii = (i * n + i) * w;
            for (int l = 0; l < count; l++) x[xi + l] /= lu[ii + l];
        }
    }

    /**
     * The LU of a matrix every member shares (a constant metric), from member 0 of decompose's a and pivots: its row swaps,
     * and its entries as the terms a solve subtracts (zeros left out) and the diagonal it divides by (ones left out).
     */
    record ConstantLu(int[] pivots, int[] lower, double[] lowerValues, int[] upper, double[] upperValues, double[] diagonal) {}

    ConstantLu constant(double[] a, int n, int[] pivots) {
        int w = width;
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) rows[i] = pivots[i * w];
        List<Integer> lower = new java.util.ArrayList<>(), upper = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) if (j != i && a[(i * n + j) * w] != 0) (j < i ? lower : upper).add(i * n + j);
        double[] diagonal = new double[n];
        for (int i = 0; i < n; i++) diagonal[i] = a[(i * n + i) * w];
        int[] lo = lower.stream().mapToInt(Integer::intValue).toArray(), up = upper.stream().mapToInt(Integer::intValue).toArray();
        double[] loValues = new double[lo.length], upValues = new double[up.length];
        for (int k = 0; k < lo.length; k++) loValues[k] = a[lo[k] * w];
        for (int k = 0; k < up.length; k++) upValues[k] = a[up[k] * w];
        return new ConstantLu(rows, lo, loValues, up, upValues, diagonal);
    }

    /**
     * solve for an LU every member shares: the same operations but those that subtract a zero entry's product or divide
     * by one, which change a finite value at most in the sign of a zero (so every member equals, ==, what solve gives).
     */
    void solve(ConstantLu lu, int n, double[] x, int from, int count) {
        int w = width;
        for (int i = 0; i < n; i++) {
            int p = lu.pivots()[i];
            if (p == i) continue;
            for (int l = 0; l < count; l++) {
                double t = x[(from + p) * w + l];
                x[(from + p) * w + l] = x[(from + i) * w + l];
                x[(from + i) * w + l] = t;
            }
        }
        int[] lower = lu.lower(), upper = lu.upper();
        for (int k = 0; k < lower.length; k++) {
            int xi = (from + lower[k] / n) * w, xj = (from + lower[k] % n) * w;
            double c = lu.lowerValues()[k];
            for (int l = 0; l < count; l++) x[xi + l] -= c * x[xj + l];
        }
        int end = upper.length;
        for (int i = n - 1; i >= 0; i--) {
            int xi = (from + i) * w, start = end;
            while (start > 0 && upper[start - 1] / n == i) start--;
            for (int k = start; k < end; k++) {
                int xj = (from + upper[k] % n) * w;
                double c = lu.upperValues()[k];
                for (int l = 0; l < count; l++) x[xi + l] -= c * x[xj + l];
            }
            end = start;
            double d = lu.diagonal()[i];
            if (d != 1) for (int l = 0; l < count; l++) x[xi + l] /= d;
        }
    }

    /**
     * y = A x for members 0 .. count - 1, A rows x cols (entries from aFrom), x at xFrom, y at yFrom: MatrixVectorMult_DDRM.mult,
     * each sum starting with its first product (CommonOps_DDRM.mult with a one-column right side).
     */
    void times(double[] a, int aFrom, int rows, int cols, double[] x, int xFrom, double[] y, int yFrom, int count) {
        int w = width;
        for (int i = 0; i < rows; i++) {
            int yi = (yFrom + i) * w, ai = (aFrom + i * cols) * w, x0 = xFrom * w;
            for (int l = 0; l < count; l++) y[yi + l] = a[ai + l] * x[x0 + l];
            for (int j = 1; j < cols; j++) {
                int aij = (aFrom + i * cols + j) * w, xj = (xFrom + j) * w;
                for (int l = 0; l < count; l++) y[yi + l] += a[aij + l] * x[xj + l];
            }
        }
    }

    /**
     * C = A B for members 0 .. count - 1 (A rows x inner, B inner x cols) as CommonOps_DDRM.mult computes it:
     * MatrixVectorMult_DDRM.mult for one column, else MatrixMatrixMult_DDRM.mult_small, each sum from zero (cols below
     * EjmlParameters.MULT_COLUMN_SWITCH, 15).
     */
    void times(double[] a, int rows, int inner, double[] b, int cols, double[] c, int count) {
        if (cols == 1) { times(a, 0, rows, inner, b, 0, c, 0, count); return; }
        if (cols >= 15) throw new IllegalArgumentException(cols + " columns: EJML multiplies them in another order");
        int w = width;
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                int cij = (i * cols + j) * w;
                Arrays.fill(c, cij, cij + count, 0.0);
                for (int k = 0; k < inner; k++) {
                    int ik = (i * inner + k) * w, kj = (k * cols + j) * w;
                    for (int l = 0; l < count; l++) c[cij + l] += a[ik + l] * b[kj + l];
                }
            }
    }

    /** Entries from .. from + count - 1 of x copied to entries at to of y (every member). */
    void copy(double[] x, int from, int entries, double[] y, int to) { System.arraycopy(x, from * width, y, to * width, entries * width); }

    /** Whether entries from .. from + count - 1 of member l are all finite. */
    boolean finite(double[] x, int from, int count, int l) {
        for (int k = from; k < from + count; k++) if (!Double.isFinite(x[k * width + l])) return false;
        return true;
    }

    /** done[l] = false for members 0 .. count - 1 with an entry from .. from + entries - 1 not finite. */
    void finite(double[] x, int from, int entries, int count, boolean[] done) {
        for (int k = from; k < from + entries; k++)
            for (int l = 0; l < count; l++) if (!Double.isFinite(x[k * width + l])) done[l] = false;
    }
}
