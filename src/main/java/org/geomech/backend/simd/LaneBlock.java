package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.geomech.expr.Expr;
import org.geomech.expr.LaneTape;

import java.util.List;

/**
 * Dense linear algebra and expression tapes on a block of members, lanes over members: entry k of a block array at
 * [k * width + l] for member l. Tapes run over the whole block, one instruction at a time (LaneTape: each lane bitwise
 * Tape.eval's value); the matrix operations run on one vector of lanes at offset o (a chunk), each lane with the
 * operations, in the order, of the EJML routine it stands for, so that every lane is bitwise the member-by-member result.
 */
final class LaneBlock {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int LANES = S.length();

    /** Members per block: a whole number of vectors. */
    final int width;

    LaneBlock(int vectors) { this.width = vectors * LANES; }

    DoubleVector get(double[] a, int k, int o) { return DoubleVector.fromArray(S, a, k * width + o); }

    void set(double[] a, int k, int o, DoubleVector value) { value.intoArray(a, k * width + o); }

    /** Lanes of chunk o whose cell k is nonzero (cells hold 1 or 0 as flags). */
    VectorMask<Double> flag(double[] a, int k, int o) { return get(a, k, o).compare(VectorOperators.NE, 0.0); }

    void flag(double[] a, int k, int o, VectorMask<Double> value) { set(a, k, o, DoubleVector.zero(S).blend(1.0, value)); }

    /** Lanes where every entry of values is finite (x * 0 is 0 exactly for finite x). */
    VectorMask<Double> finite(double[] a, int from, int count, int o) {
        DoubleVector sum = DoubleVector.zero(S);
        for (int k = from; k < from + count; k++) sum = sum.add(get(a, k, o).mul(0.0));
        return sum.compare(VectorOperators.EQ, 0.0);
    }

    /** A LaneTape's program over a block: the outputs of the inputs (block arrays), scratch of its own. */
    final class Program {
        private final int inputs;
        private final int[] code, outputs, constants;
        private final double[] values, w;

        Program(LaneTape tape) {
            this.inputs = tape.inputs();
            this.code = tape.code();
            this.outputs = tape.outputs();
            this.constants = tape.constantRegisters();
            this.values = tape.constantValues();
            this.w = new double[tape.scratch()];
            for (int k = 0; k < constants.length; k++) java.util.Arrays.fill(w, constants[k] * width, (constants[k] + 1) * width, values[k]);
        }

        /** Output i into out at [i * width + l], from input j of lane l at in[j * width + l]. */
        void eval(double[] in, double[] out) {
            System.arraycopy(in, 0, w, 0, inputs * width);
            int[] c = code;
            for (int pc = 0; pc < c.length; pc += 4) {
                int op = c[pc], dst = c[pc + 1] * width, a = c[pc + 2] * width, b = c[pc + 3] * width;
                switch (op) {
                    case LaneTape.ADD -> { for (int o = 0; o < width; o += LANES) DoubleVector.fromArray(S, w, a + o).add(DoubleVector.fromArray(S, w, b + o)).intoArray(w, dst + o); }
                    case LaneTape.SUB -> { for (int o = 0; o < width; o += LANES) DoubleVector.fromArray(S, w, a + o).sub(DoubleVector.fromArray(S, w, b + o)).intoArray(w, dst + o); }
                    case LaneTape.MUL -> { for (int o = 0; o < width; o += LANES) DoubleVector.fromArray(S, w, a + o).mul(DoubleVector.fromArray(S, w, b + o)).intoArray(w, dst + o); }
                    case LaneTape.DIV -> { for (int o = 0; o < width; o += LANES) DoubleVector.fromArray(S, w, a + o).div(DoubleVector.fromArray(S, w, b + o)).intoArray(w, dst + o); }
                    case LaneTape.NEG -> { for (int o = 0; o < width; o += LANES) DoubleVector.fromArray(S, w, a + o).neg().intoArray(w, dst + o); }
                    default -> {
                        boolean binary = LaneTape.binary(op);
                        for (int l = 0; l < width; l++) w[dst + l] = LaneTape.apply(op, w[a + l], binary ? w[b + l] : 0, c[pc + 3]);
                    }
                }
            }
            for (int i = 0; i < outputs.length; i++) System.arraycopy(w, outputs[i] * width, out, i * width, width);
        }
    }

    Program program(List<Expr> inputs, List<Expr> outputs) { return new Program(LaneTape.compile(inputs, outputs, width)); }

    /**
     * EJML's LU (LUDecompositionAlt_DDRM.decompose) of the n x n block matrix a (row-major cells) in place, chunk o: Crout's
     * columns, each entry's sum from zero in k order, partial pivoting on the first largest |a_ij| per lane (whole rows
     * swapped by blends), the pivot row of column j into cell j of pivots, the multipliers divided where the pivot is nonzero.
     */
    void decompose(double[] a, int n, double[] pivots, int o) {
        for (int j = 0; j < n; j++) {
            for (int i = 1; i < n && j > 0; i++) {
                DoubleVector sum = DoubleVector.zero(S);
                for (int k = 0; k < Math.min(i, j); k++) sum = sum.add(get(a, i * n + k, o).mul(get(a, k * n + j, o)));
                set(a, i * n + j, o, get(a, i * n + j, o).sub(sum));
            }
            DoubleVector best = get(a, j * n + j, o).abs(), row = DoubleVector.broadcast(S, j);
            for (int i = j + 1; i < n; i++) {
                DoubleVector v = get(a, i * n + j, o).abs();
                VectorMask<Double> larger = v.compare(VectorOperators.GT, best);
                best = best.blend(v, larger);
                row = row.blend(i, larger);
            }
            for (int i = j + 1; i < n; i++) {
                VectorMask<Double> swap = row.compare(VectorOperators.EQ, i);
                if (!swap.anyTrue()) continue;
                for (int k = 0; k < n; k++) {
                    DoubleVector u = get(a, j * n + k, o), v = get(a, i * n + k, o);
                    set(a, j * n + k, o, u.blend(v, swap));
                    set(a, i * n + k, o, v.blend(u, swap));
                }
            }
            set(pivots, j, o, row);
            DoubleVector diagonal = get(a, j * n + j, o);
            VectorMask<Double> nonzero = diagonal.compare(VectorOperators.NE, 0.0);
            for (int i = j + 1; i < n; i++) set(a, i * n + j, o, get(a, i * n + j, o).div(diagonal, nonzero));
        }
    }

    /**
     * x = A^-1 x in place for the LU and pivots of decompose (cells from of x, chunk o): EJML's
     * LUDecompositionBase_DDRM._solveVectorInternal (the pivots' swaps; a lane's sums start at its first nonzero entry, its
     * ii) and TriangularSolver_DDRM.solveU.
     */
    void solve(double[] lu, int n, double[] pivots, double[] x, int from, int o) {
        DoubleVector first = DoubleVector.broadcast(S, Double.POSITIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            DoubleVector pivot = get(pivots, i, o);
            for (int r = i + 1; r < n; r++) {
                VectorMask<Double> swap = pivot.compare(VectorOperators.EQ, r);
                if (!swap.anyTrue()) continue;
                DoubleVector xi = get(x, from + i, o), xr = get(x, from + r, o);
                set(x, from + i, o, xi.blend(xr, swap));
                set(x, from + r, o, xr.blend(xi, swap));
            }
            DoubleVector sum = get(x, from + i, o);
            for (int j = 0; j < i; j++)
                sum = sum.sub(get(lu, i * n + j, o).mul(get(x, from + j, o)).blend(0.0, first.compare(VectorOperators.GT, j)));
            first = first.min(DoubleVector.broadcast(S, Double.POSITIVE_INFINITY).blend(i, sum.compare(VectorOperators.NE, 0.0)));
            set(x, from + i, o, sum);
        }
        for (int i = n - 1; i >= 0; i--) {
            DoubleVector sum = get(x, from + i, o);
            for (int j = i + 1; j < n; j++) sum = sum.sub(get(lu, i * n + j, o).mul(get(x, from + j, o)));
            set(x, from + i, o, sum.div(get(lu, i * n + i, o)));
        }
    }

    /**
     * y = A x for the rows x cols block matrix a (cells from aFrom), x at xFrom, y at yFrom: MatrixVectorMult_DDRM.mult, each
     * sum starting with its first product (CommonOps_DDRM.mult with a one-column right side).
     */
    void times(double[] a, int aFrom, int rows, int cols, double[] x, int xFrom, double[] y, int yFrom, int o) {
        for (int i = 0; i < rows; i++) {
            DoubleVector sum = get(a, aFrom + i * cols, o).mul(get(x, xFrom, o));
            for (int j = 1; j < cols; j++) sum = sum.add(get(a, aFrom + i * cols + j, o).mul(get(x, xFrom + j, o)));
            set(y, yFrom + i, o, sum);
        }
    }

    /**
     * C = A B (A: rows x inner, B: inner x cols) as CommonOps_DDRM.mult computes it: MatrixVectorMult_DDRM.mult for one column,
     * else MatrixMatrixMult_DDRM.mult_small, each sum from zero (cols below EjmlParameters.MULT_COLUMN_SWITCH, 15).
     */
    void times(double[] a, int rows, int inner, double[] b, int cols, double[] c, int o) {
        if (cols == 1) { times(a, 0, rows, inner, b, 0, c, 0, o); return; }
        if (cols >= 15) throw new IllegalArgumentException(cols + " columns: EJML multiplies them in another order");
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                DoubleVector sum = DoubleVector.zero(S);
                for (int k = 0; k < inner; k++) sum = sum.add(get(a, i * inner + k, o).mul(get(b, k * cols + j, o)));
                set(c, i * cols + j, o, sum);
            }
    }
}
