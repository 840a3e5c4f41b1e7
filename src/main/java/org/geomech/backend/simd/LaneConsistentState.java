package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * ConsistentState over lanes (001 spec sec. 2.1): q projected onto g(q) = 0 by minimum-norm Gauss-Newton, v onto
 * B(q) v + b(q) = 0 in the kinetic metric, p = D2L and the continuous multipliers, from the same equations
 * (ConsistentState.Equations) with the same operations lane by lane, so each member is bitwise ConsistentState's. A lane
 * whose Gauss-Newton iteration fails or does not converge is left to ConsistentState (done false).
 */
final class LaneConsistentState implements BlockConsistency {
    /** The compiled programs a system's projections share. */
    record Shared(ConsistentState.Equations equations, boolean metricOfVelocity) {
        static Shared of(ConsistentState.Equations e) {
            Set<Expr> read = Exprs.symbols(e.metric());
            boolean ofVelocity = e.inputs().subList(e.n(), 2 * e.n()).stream().anyMatch(read::contains);
            return new Shared(e, ofVelocity);
        }
    }

    private final LaneBlock block;
    private final int n, mh, m, params;
    private final boolean metricOfVelocity;
    private final LaneBlock.Program holonomic, holonomicJacobian, rows, offsets, metric, momenta, force, drift;
    /** in: q, v, parameters (the programs' inputs, q and v projected in place); the rest as in ConsistentState. */
    private final double[] in, g, G, GGt, yh, B, b, r, gl, glLu, glPivots, glInvBt, column, c, cPivots, y, f, dr, glInvF, active;

    LaneConsistentState(Shared shared, int vectors) {
        ConsistentState.Equations e = shared.equations();
        this.block = new LaneBlock(vectors);
        this.n = e.n();
        this.mh = e.mh();
        this.m = e.m();
        this.params = e.inputs().size() - 2 * n;
        this.metricOfVelocity = shared.metricOfVelocity();
        List<Expr> inputs = e.inputs();
        this.holonomic = block.program(inputs, e.holonomic());
        this.holonomicJacobian = block.program(inputs, e.holonomicJacobian());
        this.rows = block.program(inputs, e.rows());
        this.offsets = block.program(inputs, e.offsets());
        this.metric = block.program(inputs, e.metric());
        this.momenta = block.program(inputs, e.momenta());
        this.force = block.program(inputs, e.force());
        this.drift = block.program(inputs, e.drift());
        int w = block.width;
        this.in = new double[inputs.size() * w];
        this.g = new double[mh * w];
        this.G = new double[mh * n * w];
        this.GGt = new double[mh * mh * w];
        this.yh = new double[mh * w];
        this.B = new double[m * n * w];
        this.b = new double[m * w];
        this.r = new double[m * w];
        this.gl = new double[n * n * w];
        this.glLu = new double[n * n * w];
        this.glPivots = new double[n * w];
        this.glInvBt = new double[n * m * w];
        this.column = new double[n * w];
        this.c = new double[m * m * w];
        this.cPivots = new double[Math.max(m, mh) * w];
        this.y = new double[m * w];
        this.f = new double[n * w];
        this.dr = new double[m * w];
        this.glInvF = new double[n * w];
        this.active = new double[w];
    }

    @Override public int width() { return block.width; }

    @Override
    public void apply(double[] q, double[] v, double[] parameters, double[] p, double[] lambda, int count, boolean[] done) {
        int w = block.width;
        System.arraycopy(q, 0, in, 0, n * w);
        System.arraycopy(v, 0, in, n * w, n * w);
        System.arraycopy(parameters, 0, in, 2 * n * w, params * w);
        Arrays.fill(done, 0, w, true);
        projectPositions(count, done);
        if (m > 0) {
            if (!metricOfVelocity) factorMetric();
            for (int pass = 0; pass < ConsistentState.VELOCITY_PASSES; pass++) projectVelocities(done);
        }
        momenta.eval(in, p);
        if (m > 0) multipliers(lambda, done);
        System.arraycopy(in, 0, q, 0, n * w);
        System.arraycopy(in, n * w, v, 0, n * w);
    }

    // Minimum-norm Gauss-Newton, q <- q - G^T (G G^T)^-1 g(q), in the lanes still iterating; lanes that fail or do not converge are not done
    private void projectPositions(int count, boolean[] done) {
        if (mh == 0) return;
        int w = block.width;
        Arrays.fill(active, 0.0);
        Arrays.fill(active, 0, count, 1.0);
        for (int it = 0; it < ConsistentState.POSITION_ITERATIONS; it++) {
            boolean any = false;
            for (double a : active) any |= a != 0;
            if (!any) return;
            holonomic.eval(in, g);
            holonomicJacobian.eval(in, G);
            for (int o = 0; o < w; o += LaneBlock.LANES) gaussNewton(o, done);
        }
        for (int l = 0; l < w; l++) if (active[l] != 0) done[l] = false;
    }

    // One Gauss-Newton step of chunk o: ConsistentState.projectPositions's operations lane by lane
    private void gaussNewton(int o, boolean[] done) {
        VectorMask<Double> iterating = block.flag(active, 0, o);
        if (!iterating.anyTrue()) return;
        for (int a = 0; a < mh; a++)
            for (int bb = 0; bb < mh; bb++) {
                DoubleVector sum = DoubleVector.zero(LaneBlock.S);
                for (int i = 0; i < n; i++) sum = sum.add(block.get(G, a * n + i, o).mul(block.get(G, bb * n + i, o)));
                block.set(GGt, a * mh + bb, o, sum);
            }
        block.decompose(GGt, mh, cPivots, o);
        for (int a = 0; a < mh; a++) block.set(yh, a, o, block.get(g, a, o));
        block.solve(GGt, mh, cPivots, yh, 0, o);
        DoubleVector step = DoubleVector.zero(LaneBlock.S), size = step;
        for (int i = 0; i < n; i++) {
            DoubleVector d = DoubleVector.zero(LaneBlock.S);
            for (int a = 0; a < mh; a++) d = d.add(block.get(G, a * n + i, o).mul(block.get(yh, a, o)));
            DoubleVector moved = block.get(in, i, o).sub(d);
            block.set(in, i, o, block.get(in, i, o).blend(moved, iterating));
            step = step.max(d.abs());
            size = size.max(moved.abs());
        }
        VectorMask<Double> finite = step.compare(VectorOperators.LE, Double.MAX_VALUE);
        VectorMask<Double> failed = iterating.andNot(finite);
        VectorMask<Double> converged = step.compare(VectorOperators.LE, size.add(1.0).mul(ConsistentState.TOLERANCE));
        for (int l = 0; l < LaneBlock.LANES; l++) if (failed.laneIsSet(l)) done[o + l] = false;
        block.flag(active, 0, o, iterating.and(finite).andNot(converged));
    }

    private void factorMetric() {
        metric.eval(in, gl);
        System.arraycopy(gl, 0, glLu, 0, gl.length);
        for (int o = 0; o < block.width; o += LaneBlock.LANES) block.decompose(glLu, n, glPivots, o);
    }

    // v <- v - g_L^-1 B^T (B g_L^-1 B^T)^-1 (B v + b), each pass over the whole block
    private void projectVelocities(boolean[] done) {
        rows.eval(in, B);
        offsets.eval(in, b);
        if (metricOfVelocity) factorMetric();
        for (int o = 0; o < block.width; o += LaneBlock.LANES) {
            block.times(B, 0, m, n, in, n, r, 0, o);
            for (int a = 0; a < m; a++) block.set(r, a, o, block.get(r, a, o).add(block.get(b, a, o)));
            inverseTimesRows(o);
            block.times(B, m, n, glInvBt, m, c, o);
            block.decompose(c, m, cPivots, o);
            block.solve(c, m, cPivots, r, 0, o);
            block.times(glInvBt, 0, n, m, r, 0, column, 0, o);
            for (int i = 0; i < n; i++) block.set(in, n + i, o, block.get(in, n + i, o).sub(block.get(column, i, o)));
            VectorMask<Double> finite = block.finite(in, n, n, o);
            for (int l = 0; l < LaneBlock.LANES; l++) if (!finite.laneIsSet(l)) done[o + l] = false;
        }
    }

    // g_L^-1 B^T, column by column as LinearSolverLu_DDRM.solve does, into glInvBt (n x m)
    private void inverseTimesRows(int o) {
        for (int a = 0; a < m; a++) {
            for (int i = 0; i < n; i++) block.set(column, i, o, block.get(B, a * n + i, o));
            block.solve(glLu, n, glPivots, column, 0, o);
            for (int i = 0; i < n; i++) block.set(glInvBt, i * m + a, o, block.get(column, i, o));
        }
    }

    // lambda = -(B g_L^-1 B^T)^-1 (B g_L^-1 f + dPhi/dq v)
    private void multipliers(double[] lambda, boolean[] done) {
        rows.eval(in, B);
        force.eval(in, f);
        drift.eval(in, dr);
        if (metricOfVelocity) factorMetric();
        for (int o = 0; o < block.width; o += LaneBlock.LANES) {
            inverseTimesRows(o);
            for (int i = 0; i < n; i++) block.set(glInvF, i, o, block.get(f, i, o));
            block.solve(glLu, n, glPivots, glInvF, 0, o);
            block.times(B, m, n, glInvBt, m, c, o);
            block.times(B, 0, m, n, glInvF, 0, y, 0, o);
            for (int a = 0; a < m; a++) block.set(y, a, o, block.get(y, a, o).add(block.get(dr, a, o)));
            block.decompose(c, m, cPivots, o);
            block.solve(c, m, cPivots, y, 0, o);
            for (int a = 0; a < m; a++) block.set(lambda, a, o, block.get(y, a, o).neg());
            VectorMask<Double> finite = block.finite(lambda, 0, m, o);
            for (int l = 0; l < LaneBlock.LANES; l++) if (!finite.laneIsSet(l)) done[o + l] = false;
        }
    }
}
