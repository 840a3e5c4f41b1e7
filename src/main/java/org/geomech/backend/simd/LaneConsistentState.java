package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * ConsistentState on a block of members (001 spec sec. 2.1): q projected onto g(q) = 0 by minimum-norm Gauss-Newton, v
 * onto B(q) v + b(q) = 0 in the kinetic metric, p = D2L and the continuous multipliers, from the same equations
 * (ConsistentState.Equations) with the same operations member by member, so each member is ConsistentState's, bitwise
 * (a solve with a metric the block's members share skips its zero entries: at most a zero's sign can differ).
 * The equations' tapes run over the block (LaneBlock); a member whose projection fails is left to ConsistentState.
 */
final class LaneConsistentState implements BlockConsistency {
    /**
     * The equations a system's projections share, whether g_L reads v, and the inputs it reads where it reads neither q
     * nor v (a constant, or a function of the parameters alone: shared by the members that share them), else null.
     */
    record Shared(ConsistentState.Equations equations, boolean metricOfVelocity, int[] metricParameters, boolean rowsOfVelocity, boolean offsetsOfVelocity) {
        static Shared of(ConsistentState.Equations e) {
            Set<Expr> read = Exprs.symbols(e.metric());
            int n = e.n();
            List<Expr> velocities = e.inputs().subList(n, 2 * n);
            boolean ofVelocity = velocities.stream().anyMatch(read::contains);
            boolean ofState = ofVelocity || e.inputs().subList(0, n).stream().anyMatch(read::contains);
            int[] parameters = IntStream.range(2 * n, e.inputs().size()).filter(i -> read.contains(e.inputs().get(i))).toArray();
            Set<Expr> rows = Exprs.symbols(e.rows()), offsets = Exprs.symbols(e.offsets());
            return new Shared(e, ofVelocity, ofState ? null : parameters, ofVelocity || velocities.stream().anyMatch(rows::contains),
                    velocities.stream().anyMatch(offsets::contains));
        }
    }

    private final LaneBlock block;
    private final int n, mh, m, params;
    private final boolean metricOfVelocity;
    /**
     * Whether B or g_L, and b, read v: where B and g_L do not, B, g_L^-1 B^T and the LU of B g_L^-1 B^T of the first velocity
     * pass serve the later passes and the multipliers (the same operations on the same values: bitwise as made anew); b likewise.
     */
    private final boolean rowsOfVelocity, offsetsOfVelocity;
    /** The inputs g_L reads where they are parameters alone (else null), the LU at the values in sharedAt, and whether this block uses it. */
    private final int[] metricParameters;
    private LaneBlock.ConstantLu sharedMetric;
    private double[] sharedAt;
    private boolean metricShared;
    private final LaneBlock.Program holonomic, holonomicJacobian, rows, offsets, metric, momenta, force, drift;
    /** in: q, v, parameters (the programs' inputs, q and v projected in place); the rest as in ConsistentState. */
    private final double[] in, g, G, GGt, yh, B, b, r, glLu, glInvBt, column, c, y, f, dr, glInvF;
    private final int[] glPivots, cPivots;
    private final boolean[] active;
    private int count;

    LaneConsistentState(Shared shared, int width) {
        ConsistentState.Equations e = shared.equations();
        this.block = new LaneBlock(width);
        this.n = e.n();
        this.mh = e.mh();
        this.m = e.m();
        this.params = e.inputs().size() - 2 * n;
        this.metricOfVelocity = shared.metricOfVelocity();
        this.metricParameters = shared.metricParameters();
        this.rowsOfVelocity = shared.rowsOfVelocity();
        this.offsetsOfVelocity = shared.offsetsOfVelocity();
        List<Expr> inputs = e.inputs();
        this.holonomic = block.program(inputs, e.holonomic());
        this.holonomicJacobian = block.program(inputs, e.holonomicJacobian());
        this.rows = block.program(inputs, e.rows());
        this.offsets = block.program(inputs, e.offsets());
        this.metric = block.program(inputs, e.metric());
        this.momenta = block.program(inputs, e.momenta());
        this.force = block.program(inputs, e.force());
        this.drift = block.program(inputs, e.drift());
        this.in = new double[inputs.size() * width];
        this.g = new double[mh * width];
        this.G = new double[mh * n * width];
        this.GGt = new double[mh * mh * width];
        this.yh = new double[mh * width];
        this.B = new double[m * n * width];
        this.b = new double[m * width];
        this.r = new double[m * width];
        this.glLu = new double[n * n * width];
        this.glPivots = new int[n * width];
        this.glInvBt = new double[n * m * width];
        this.column = new double[n * width];
        this.c = new double[m * m * width];
        this.cPivots = new int[Math.max(m, mh) * width];
        this.y = new double[m * width];
        this.f = new double[n * width];
        this.dr = new double[m * width];
        this.glInvF = new double[n * width];
        this.active = new boolean[width];
    }

    @Override public int width() { return block.width; }

    @Override public Program program(List<Expr> inputs, List<Expr> outputs) { return block.program(inputs, outputs); }

    @Override
    public void apply(double[] q, double[] v, double[] parameters, double[] p, double[] lambda, int count, boolean[] done) {
        int w = block.width;
        this.count = count;
        System.arraycopy(q, 0, in, 0, n * w);
        System.arraycopy(v, 0, in, n * w, n * w);
        System.arraycopy(parameters, 0, in, 2 * n * w, params * w);
        Arrays.fill(done, 0, w, true);
        projectPositions(done);
        if (m > 0) {
            if (!metricOfVelocity) factorMetric();
            for (int pass = 0; pass < ConsistentState.VELOCITY_PASSES; pass++) projectVelocities(done, pass == 0);
        }
        momenta.eval(in, p);
        if (m > 0) multipliers(lambda, done);
        System.arraycopy(in, 0, q, 0, n * w);
        System.arraycopy(in, n * w, v, 0, n * w);
    }

    // Minimum-norm Gauss-Newton, q <- q - G^T (G G^T)^-1 g(q), in the members still iterating; those that fail or do not converge are not done
    private void projectPositions(boolean[] done) {
        if (mh == 0) return;
        Arrays.fill(active, false);
        Arrays.fill(active, 0, count, true);
        for (int it = 0; it < ConsistentState.POSITION_ITERATIONS; it++) {
            boolean any = false;
            for (boolean a : active) any |= a;
            if (!any) return;
            holonomic.eval(in, g);
            holonomicJacobian.eval(in, G);
            gaussNewton(done);
        }
        for (int l = 0; l < count; l++) if (active[l]) done[l] = false;
    }

    // One Gauss-Newton step: ConsistentState.projectPositions's operations, q changed in the members still iterating
    private void gaussNewton(boolean[] done) {
        int w = block.width;
        for (int a = 0; a < mh; a++)
            for (int k = 0; k < mh; k++) {
                int ak = (a * mh + k) * w;
                Arrays.fill(GGt, ak, ak + count, 0.0);
                for (int i = 0; i < n; i++) {
                    int ai = (a * n + i) * w, ki = (k * n + i) * w;
                    for (int l = 0; l < count; l++) GGt[ak + l] += G[ai + l] * G[ki + l];
                }
            }
        block.decompose(GGt, mh, cPivots, count);
        block.copy(g, 0, mh, yh, 0);
        block.solve(GGt, mh, cPivots, yh, 0, count);
        for (int l = 0; l < count; l++) {
            if (!active[l]) continue;
            double step = 0, size = 0;
            for (int i = 0; i < n; i++) {
                double d = 0;
                for (int a = 0; a < mh; a++) d += G[(a * n + i) * w + l] * yh[a * w + l];
                in[i * w + l] -= d;
                step = Math.max(step, Math.abs(d));
                size = Math.max(size, Math.abs(in[i * w + l]));
            }
            if (!Double.isFinite(step)) {
                done[l] = false;
                active[l] = false;
            } else if (step <= ConsistentState.TOLERANCE * (1 + size)) {
                active[l] = false;
            }
        }
    }

    // g_L factored: where it reads the parameters alone and every member of the block has the same, one LU for them (kept
    // while they stay the same; its solves skip zero entries), else every member's, once per block or at each use where it reads v
    private void factorMetric() {
        metricShared = metricParameters != null && sameParameters();
        if (metricShared && sharedMetric != null && Arrays.equals(sharedAt, parameterValues(0))) return;
        metric.eval(in, glLu);
        block.decompose(glLu, n, glPivots, count);
        if (metricShared) {
            sharedMetric = block.constant(glLu, n, glPivots);
            sharedAt = parameterValues(0);
        }
    }

    // whether members 0 .. count - 1 have bitwise the same values of the parameters g_L reads
    private boolean sameParameters() {
        int w = block.width;
        for (int k : metricParameters)
            for (int l = 1; l < count; l++) if (Double.doubleToRawLongBits(in[k * w + l]) != Double.doubleToRawLongBits(in[k * w])) return false;
        return true;
    }

    private double[] parameterValues(int l) {
        double[] values = new double[metricParameters.length];
        for (int k = 0; k < values.length; k++) values[k] = in[metricParameters[k] * block.width + l];
        return values;
    }

    // x = g_L^-1 x (entries from of x), every member
    private void metricSolve(double[] x, int from) {
        if (metricShared) block.solve(sharedMetric, n, x, from, count);
        else block.solve(glLu, n, glPivots, x, from, count);
    }

    // v <- v - g_L^-1 B^T (B g_L^-1 B^T)^-1 (B v + b); B, b and the factors kept from the first pass where they do not read v
    private void projectVelocities(boolean[] done, boolean first) {
        int w = block.width;
        boolean anew = first || rowsOfVelocity;
        if (anew) rows.eval(in, B);
        if (first || offsetsOfVelocity) offsets.eval(in, b);
        if (metricOfVelocity) factorMetric();
        block.times(B, 0, m, n, in, n, r, 0, count);
        for (int a = 0; a < m; a++) for (int l = 0; l < count; l++) r[a * w + l] = r[a * w + l] + b[a * w + l];
        if (anew) {
            inverseTimesRows();
            block.times(B, m, n, glInvBt, m, c, count);
            block.decompose(c, m, cPivots, count);
        }
        block.solve(c, m, cPivots, r, 0, count);
        block.times(glInvBt, 0, n, m, r, 0, column, 0, count);
        for (int i = 0; i < n; i++) for (int l = 0; l < count; l++) in[(n + i) * w + l] -= column[i * w + l];
        block.finite(in, n, n, count, done);
    }

    // g_L^-1 B^T, column by column as LinearSolverLu_DDRM.solve does, into glInvBt (n x m)
    private void inverseTimesRows() {
        int w = block.width;
        for (int a = 0; a < m; a++) {
            block.copy(B, a * n, n, column, 0);
            metricSolve(column, 0);
            for (int i = 0; i < n; i++) System.arraycopy(column, i * w, glInvBt, (i * m + a) * w, count);
        }
    }

    // lambda = -(B g_L^-1 B^T)^-1 (B g_L^-1 f + dPhi/dq v); B and the factors of the velocity passes where they do not read v
    private void multipliers(double[] lambda, boolean[] done) {
        int w = block.width;
        if (rowsOfVelocity) rows.eval(in, B);
        force.eval(in, f);
        drift.eval(in, dr);
        if (metricOfVelocity) factorMetric();
        if (rowsOfVelocity) inverseTimesRows();
        block.copy(f, 0, n, glInvF, 0);
        metricSolve(glInvF, 0);
        if (rowsOfVelocity) block.times(B, m, n, glInvBt, m, c, count);
        block.times(B, 0, m, n, glInvF, 0, y, 0, count);
        for (int a = 0; a < m; a++) for (int l = 0; l < count; l++) y[a * w + l] = y[a * w + l] + dr[a * w + l];
        if (rowsOfVelocity) block.decompose(c, m, cPivots, count);
        block.solve(c, m, cPivots, y, 0, count);
        for (int a = 0; a < m; a++) for (int l = 0; l < count; l++) lambda[a * w + l] = -y[a * w + l];
        block.finite(lambda, 0, m, count, done);
    }
}
