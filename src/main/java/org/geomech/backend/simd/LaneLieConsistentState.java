package org.geomech.backend.simd;

import jdk.incubator.vector.VectorMask;
import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.ensemble.LieConsistentState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.List;
import java.util.Set;

/**
 * LieConsistentState over lanes (001 sec. 6.1, 6.4; 001 spec sec. 2.2): eta projected onto A(g) eta + a(g) = 0 in the
 * metric K, mu = D2 l(g, eta) and the continuous multipliers, from the same equations (LieConsistentState.Equations)
 * with the same operations lane by lane, so each member is bitwise LieConsistentState's; g is left as given.
 */
final class LaneLieConsistentState implements BlockConsistency {
    /** The equations a system's projections share, and whether K reads eta. */
    record Shared(LieConsistentState.Equations equations, boolean metricOfVelocity) {
        static Shared of(LieConsistentState.Equations e) {
            Set<Expr> read = Exprs.symbols(e.metric());
            return new Shared(e, e.inputs().subList(e.size(), e.size() + e.d()).stream().anyMatch(read::contains));
        }
    }

    private final LaneBlock block;
    private final int size, d, m, params;
    private final boolean metricOfVelocity;
    private final LaneBlock.Program metric, rows, offsets, momentum, rhs;
    /** in: the entries of g, eta, the parameters (eta projected in place). */
    private final double[] in, k, kLu, kPivots, a, off, r, kInvAt, column, c, cPivots, all, kInvDrive, y;

    LaneLieConsistentState(Shared shared, int vectors) {
        LieConsistentState.Equations e = shared.equations();
        this.block = new LaneBlock(vectors);
        this.size = e.size();
        this.d = e.d();
        this.m = e.m();
        this.params = e.inputs().size() - size - d;
        this.metricOfVelocity = shared.metricOfVelocity();
        List<Expr> inputs = e.inputs();
        this.metric = block.program(inputs, e.metric());
        this.rows = block.program(inputs, e.rows());
        this.offsets = block.program(inputs, e.offsets());
        this.momentum = block.program(inputs, e.momentum());
        this.rhs = block.program(inputs, e.rhs());
        int w = block.width;
        this.in = new double[inputs.size() * w];
        this.k = new double[d * d * w];
        this.kLu = new double[d * d * w];
        this.kPivots = new double[d * w];
        this.a = new double[m * d * w];
        this.off = new double[m * w];
        this.r = new double[m * w];
        this.kInvAt = new double[d * m * w];
        this.column = new double[d * w];
        this.c = new double[m * m * w];
        this.cPivots = new double[m * w];
        this.all = new double[(d + m) * w];
        this.kInvDrive = new double[d * w];
        this.y = new double[m * w];
    }

    @Override public int width() { return block.width; }

    @Override
    public void apply(double[] g, double[] eta, double[] parameters, double[] mu, double[] lambda, int count, boolean[] done) {
        int w = block.width;
        System.arraycopy(g, 0, in, 0, size * w);
        System.arraycopy(eta, 0, in, size * w, d * w);
        System.arraycopy(parameters, 0, in, (size + d) * w, params * w);
        java.util.Arrays.fill(done, 0, w, true);
        if (m > 0 && !metricOfVelocity) factorMetric();
        for (int pass = 0; pass < ConsistentState.VELOCITY_PASSES && m > 0; pass++) project();
        momentum.eval(in, mu);
        if (m > 0) multipliers(lambda);
        for (int o = 0; o < w; o += LaneBlock.LANES) {
            VectorMask<Double> finite = block.finite(mu, 0, d, o);
            if (m > 0) finite = finite.and(block.finite(in, size, d, o)).and(block.finite(lambda, 0, m, o));
            for (int l = 0; l < LaneBlock.LANES; l++) if (!finite.laneIsSet(l)) done[o + l] = false;
        }
        System.arraycopy(in, size * w, eta, 0, d * w);
    }

    private void factorMetric() {
        metric.eval(in, k);
        System.arraycopy(k, 0, kLu, 0, k.length);
        for (int o = 0; o < block.width; o += LaneBlock.LANES) block.decompose(kLu, d, kPivots, o);
    }

    // eta <- eta - K^-1 A^T (A K^-1 A^T)^-1 (A eta + a)
    private void project() {
        if (metricOfVelocity) factorMetric();
        rows.eval(in, a);
        offsets.eval(in, off);
        for (int o = 0; o < block.width; o += LaneBlock.LANES) {
            block.times(a, 0, m, d, in, size, r, 0, o);
            for (int i = 0; i < m; i++) block.set(r, i, o, block.get(r, i, o).add(block.get(off, i, o)));
            inverseTimesRows(o);
            block.times(a, m, d, kInvAt, m, c, o);
            block.decompose(c, m, cPivots, o);
            block.solve(c, m, cPivots, r, 0, o);
            block.times(kInvAt, 0, d, m, r, 0, column, 0, o);
            for (int i = 0; i < d; i++) block.set(in, size + i, o, block.get(in, size + i, o).sub(block.get(column, i, o)));
        }
    }

    // K^-1 A^T column by column (CommonOps_DDRM.solve) into kInvAt (d x m)
    private void inverseTimesRows(int o) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < d; j++) block.set(column, j, o, block.get(a, i * d + j, o));
            block.solve(kLu, d, kPivots, column, 0, o);
            for (int j = 0; j < d; j++) block.set(kInvAt, j * m + i, o, block.get(column, j, o));
        }
    }

    // lambda = -(A K^-1 A^T)^-1 [phi_g + A K^-1 drive]
    private void multipliers(double[] lambda) {
        if (metricOfVelocity) factorMetric();
        rows.eval(in, a);
        rhs.eval(in, all);
        for (int o = 0; o < block.width; o += LaneBlock.LANES) {
            inverseTimesRows(o);
            for (int j = 0; j < d; j++) block.set(kInvDrive, j, o, block.get(all, j, o));
            block.solve(kLu, d, kPivots, kInvDrive, 0, o);
            block.times(a, m, d, kInvAt, m, c, o);
            block.times(a, 0, m, d, kInvDrive, 0, y, 0, o);
            for (int i = 0; i < m; i++) block.set(y, i, o, block.get(y, i, o).add(block.get(all, d + i, o)));
            block.decompose(c, m, cPivots, o);
            block.solve(c, m, cPivots, y, 0, o);
            for (int i = 0; i < m; i++) block.set(lambda, i, o, block.get(y, i, o).neg());
        }
    }
}
