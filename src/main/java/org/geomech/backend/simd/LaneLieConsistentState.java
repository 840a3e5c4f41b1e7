package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.ensemble.LieConsistentState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * LieConsistentState on a block of members (001 sec. 6.1, 6.4; 001 spec sec. 2.2): eta projected onto A(g) eta + a(g) = 0
 * in the metric K, mu = D2 l(g, eta) and the continuous multipliers, from the same equations (LieConsistentState.Equations)
 * with the same operations member by member, so each member is LieConsistentState's, bitwise (a constant K's solves skip its
 * zero entries: at most a zero's sign can differ); g is left as given.
 */
final class LaneLieConsistentState implements BlockConsistency {
    /** The equations a system's projections share, whether K reads eta, and whether it reads nothing (a constant). */
    record Shared(LieConsistentState.Equations equations, boolean metricOfVelocity, boolean metricConstant) {
        static Shared of(LieConsistentState.Equations e) {
            Set<Expr> read = Exprs.symbols(e.metric());
            return new Shared(e, e.inputs().subList(e.size(), e.size() + e.d()).stream().anyMatch(read::contains), read.isEmpty());
        }
    }

    private final LaneBlock block;
    private final int size, d, m, params;
    private final boolean metricOfVelocity, metricConstant;
    /** The LU of a constant K, once factored. */
    private LaneBlock.ConstantLu constantMetric;
    private final BlockConsistency.Program metric, rows, offsets, momentum, rhs;
    /** in: the entries of g, eta, the parameters (eta projected in place). */
    private final double[] in, kLu, a, off, r, kInvAt, column, c, all, kInvDrive, y;
    private final int[] kPivots, cPivots;
    private int count;

    LaneLieConsistentState(Shared shared, int width) {
        LieConsistentState.Equations e = shared.equations();
        this.block = new LaneBlock(width);
        this.size = e.size();
        this.d = e.d();
        this.m = e.m();
        this.params = e.inputs().size() - size - d;
        this.metricOfVelocity = shared.metricOfVelocity();
        this.metricConstant = shared.metricConstant();
        List<Expr> inputs = e.inputs();
        this.metric = block.program(inputs, e.metric());
        this.rows = block.program(inputs, e.rows());
        this.offsets = block.program(inputs, e.offsets());
        this.momentum = block.program(inputs, e.momentum());
        this.rhs = block.program(inputs, e.rhs());
        this.in = new double[inputs.size() * width];
        this.kLu = new double[d * d * width];
        this.kPivots = new int[d * width];
        this.a = new double[m * d * width];
        this.off = new double[m * width];
        this.r = new double[m * width];
        this.kInvAt = new double[d * m * width];
        this.column = new double[d * width];
        this.c = new double[m * m * width];
        this.cPivots = new int[m * width];
        this.all = new double[(d + m) * width];
        this.kInvDrive = new double[d * width];
        this.y = new double[m * width];
    }

    @Override public int width() { return block.width; }

    @Override public Program program(List<Expr> inputs, List<Expr> outputs) { return block.program(inputs, outputs); }

    @Override
    public void apply(double[] g, double[] eta, double[] parameters, double[] mu, double[] lambda, int count, boolean[] done) {
        int w = block.width;
        this.count = count;
        System.arraycopy(g, 0, in, 0, size * w);
        System.arraycopy(eta, 0, in, size * w, d * w);
        System.arraycopy(parameters, 0, in, (size + d) * w, params * w);
        if (m > 0 && !metricOfVelocity) factorMetric();
        for (int pass = 0; pass < ConsistentState.VELOCITY_PASSES && m > 0; pass++) project();
        momentum.eval(in, mu);
        if (m > 0) multipliers(lambda);
        Arrays.fill(done, 0, w, true);
        for (int l = 0; l < count; l++)
            done[l] = block.finite(mu, 0, d, l) && (m == 0 || block.finite(in, size, d, l) && block.finite(lambda, 0, m, l));
        System.arraycopy(in, size * w, eta, 0, d * w);
    }

    // K factored: once for good where it is constant (its solves then skip zero entries), else per block or at each use
    private void factorMetric() {
        if (constantMetric != null) return;
        metric.eval(in, kLu);
        block.decompose(kLu, d, kPivots, count);
        if (metricConstant) constantMetric = block.constant(kLu, d, kPivots);
    }

    // x = K^-1 x (entries from of x), every member
    private void metricSolve(double[] x, int from) {
        if (constantMetric != null) block.solve(constantMetric, d, x, from, count);
        else block.solve(kLu, d, kPivots, x, from, count);
    }

    // eta <- eta - K^-1 A^T (A K^-1 A^T)^-1 (A eta + a)
    private void project() {
        int w = block.width;
        if (metricOfVelocity) factorMetric();
        rows.eval(in, a);
        offsets.eval(in, off);
        block.times(a, 0, m, d, in, size, r, 0, count);
        for (int i = 0; i < m; i++) for (int l = 0; l < count; l++) r[i * w + l] = r[i * w + l] + off[i * w + l];
        inverseTimesRows();
        block.times(a, m, d, kInvAt, m, c, count);
        block.decompose(c, m, cPivots, count);
        block.solve(c, m, cPivots, r, 0, count);
        block.times(kInvAt, 0, d, m, r, 0, column, 0, count);
        for (int i = 0; i < d; i++) for (int l = 0; l < count; l++) in[(size + i) * w + l] -= column[i * w + l];
    }

    // K^-1 A^T, column by column (CommonOps_DDRM.solve), into kInvAt (d x m)
    private void inverseTimesRows() {
        int w = block.width;
        for (int i = 0; i < m; i++) {
            block.copy(a, i * d, d, column, 0);
            metricSolve(column, 0);
            for (int j = 0; j < d; j++) System.arraycopy(column, j * w, kInvAt, (j * m + i) * w, count);
        }
    }

    // lambda = -(A K^-1 A^T)^-1 [phi_g + A K^-1 drive]
    private void multipliers(double[] lambda) {
        int w = block.width;
        if (metricOfVelocity) factorMetric();
        rows.eval(in, a);
        rhs.eval(in, all);
        inverseTimesRows();
        block.copy(all, 0, d, kInvDrive, 0);
        metricSolve(kInvDrive, 0);
        block.times(a, m, d, kInvAt, m, c, count);
        block.times(a, 0, m, d, kInvDrive, 0, y, 0, count);
        for (int i = 0; i < m; i++) for (int l = 0; l < count; l++) y[i * w + l] = y[i * w + l] + all[(d + i) * w + l];
        block.decompose(c, m, cPivots, count);
        block.solve(c, m, cPivots, y, 0, count);
        for (int i = 0; i < m; i++) for (int l = 0; l < count; l++) lambda[i * w + l] = -y[i * w + l];
    }
}
