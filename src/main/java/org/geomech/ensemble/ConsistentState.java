package org.geomech.ensemble;

import org.ejml.LinearSolverSafe;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.Tape;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * Makes (q, v) consistent with the constraints and supplies p = D2L(q, v) and the continuous multipliers
 * (001 spec sec. 2.1): q is projected onto g(q) = 0 (minimum-norm Gauss-Newton), v onto
 * B(q) v + b(q) = 0 in the kinetic metric g_L, and lambda = -(B g_L^-1 B^T)^-1 (dPhi/dq v + B g_L^-1 f)
 * with f = D1L - (d D2L/dq) v, rows B = (G; A) (holonomic rows first). The LU factors of g_L are kept while the
 * inputs g_L depends on stay the same (every member, when g_L is constant): the same solves, bit for bit. Not thread-safe.
 */
public final class ConsistentState implements Consistency {
    private final MechanicalSystem sys;
    private final int n, mh, m;
    private final Tape holonomic, holonomicJacobian, rows, offsets, metric, momenta, force, drift;
    private final double[] in;
    /** Indices in in of the inputs g_L depends on, their values at the last factorisation, and its factors. */
    private final int[] metricInputs;
    private final double[] metricAt;
    private final DMatrixRMaj gl;
    private final LinearSolverDense<DMatrixRMaj> metricSolver;
    private boolean factored, factoredOk;

    public ConsistentState(MechanicalSystem sys) {
        this.sys = sys;
        this.n = sys.dimension();
        this.mh = sys.holonomicCount();
        this.m = mh + sys.nonholonomicCount();
        List<Expr> inputs = new ArrayList<>(sys.q());
        inputs.addAll(sys.v());
        inputs.addAll(sys.parameterSymbols());
        List<Expr> rowList = new ArrayList<>(), offsetList = new ArrayList<>(), phi = new ArrayList<>();
        for (Expr[] g : sys.holonomicJacobian()) { rowList.addAll(List.of(g)); offsetList.add(ZERO); phi.add(dot(List.of(g), sys.v())); }
        for (Expr[] a : sys.nonholonomicMatrix()) rowList.addAll(List.of(a));
        offsetList.addAll(sys.nonholonomicOffset());
        phi.addAll(sys.nonholonomic());
        List<Expr> driftList = new ArrayList<>();
        for (Expr p : phi) driftList.add(dot(Derivative.gradient(p, sys.q()), sys.v()));
        List<Expr> forceList = new ArrayList<>();
        Expr[][] dpdq = Derivative.jacobian(sys.momenta(), sys.q());
        for (int i = 0; i < n; i++) forceList.add(sub(sys.force().get(i), dot(List.of(dpdq[i]), sys.v())));
        List<Expr> metricList = new ArrayList<>(), gj = new ArrayList<>();
        for (Expr[] row : sys.kineticMetric()) metricList.addAll(List.of(row));
        for (Expr[] row : sys.holonomicJacobian()) gj.addAll(List.of(row));
        this.holonomic = Tape.compile(inputs, sys.holonomic());
        this.holonomicJacobian = Tape.compile(inputs, gj);
        this.rows = Tape.compile(inputs, rowList);
        this.offsets = Tape.compile(inputs, offsetList);
        this.metric = Tape.compile(inputs, metricList);
        this.momenta = Tape.compile(inputs, sys.momenta());
        this.force = Tape.compile(inputs, forceList);
        this.drift = Tape.compile(inputs, driftList);
        this.in = new double[2 * n + sys.parameterSymbols().size()];
        java.util.Set<Expr> metricSymbols = Exprs.symbols(metricList);
        this.metricInputs = java.util.stream.IntStream.range(0, inputs.size()).filter(i -> metricSymbols.contains(inputs.get(i))).toArray();
        this.metricAt = new double[metricInputs.length];
        this.gl = new DMatrixRMaj(n, n);
        this.metricSolver = new LinearSolverSafe<>(LinearSolverFactory_DDRM.linear(n));   // as CommonOps_DDRM.solve does
    }

    // g_L at the current inputs, LU-factored (false: singular); factored again only when an input it depends on changed
    private boolean factorMetric() {
        boolean same = factored;
        for (int k = 0; k < metricInputs.length && same; k++) same = Double.doubleToRawLongBits(in[metricInputs[k]]) == Double.doubleToRawLongBits(metricAt[k]);
        if (same) return factoredOk;
        metric.eval(in, gl.data);
        factoredOk = metricSolver.setA(gl);
        for (int k = 0; k < metricInputs.length; k++) metricAt[k] = in[metricInputs[k]];
        factored = true;
        return factoredOk;
    }

    // x = g_L^-1 b with the factors of factorMetric()
    private DMatrixRMaj solveMetric(DMatrixRMaj b) {
        DMatrixRMaj x = new DMatrixRMaj(n, b.numCols);
        metricSolver.solve(b, x);
        return x;
    }

    /** Total multiplier count: holonomic first, then nonholonomic. */
    @Override public int multipliers() { return m; }

    /**
     * Projects q and v in place, writes p and the multipliers; returns false when the projection does not
     * converge or the constraints are dependent there.
     */
    @Override public boolean apply(double[] q, double[] v, double[] params, double[] p, double[] lambda) {
        System.arraycopy(params, 0, in, 2 * n, params.length);
        if (!projectPositions(q, v)) return false;
        for (int pass = 0; pass < 3; pass++) if (!projectVelocities(q, v)) return false;
        load(q, v);
        momenta.eval(in, p);
        return multipliers(lambda);
    }

    private void load(double[] q, double[] v) {
        System.arraycopy(q, 0, in, 0, n);
        System.arraycopy(v, 0, in, n, n);
    }

    // Minimum-norm Gauss-Newton: q <- q - G^T (G G^T)^-1 g(q)
    private boolean projectPositions(double[] q, double[] v) {
        if (mh == 0) return true;
        double[] g = new double[mh];
        DMatrixRMaj G = new DMatrixRMaj(mh, n), GGt = new DMatrixRMaj(mh, mh), y = new DMatrixRMaj(mh, 1);
        for (int it = 0; it < 60; it++) {
            load(q, v);
            holonomic.eval(in, g);
            holonomicJacobian.eval(in, G.data);
            CommonOps_DDRM.multTransB(G, G, GGt);
            if (!CommonOps_DDRM.solve(GGt, new DMatrixRMaj(mh, 1, true, g), y)) return false;
            double step = 0, size = 0;
            for (int i = 0; i < n; i++) {
                double d = 0;
                for (int a = 0; a < mh; a++) d += G.get(a, i) * y.get(a);
                q[i] -= d;
                step = Math.max(step, Math.abs(d));
                size = Math.max(size, Math.abs(q[i]));
            }
            if (!Double.isFinite(step)) return false;
            if (step <= 1e-15 * (1 + size)) return true;
        }
        return false;
    }

    // v <- v - g_L^-1 B^T (B g_L^-1 B^T)^-1 (B v + b)
    private boolean projectVelocities(double[] q, double[] v) {
        if (m == 0) return true;
        load(q, v);
        DMatrixRMaj B = new DMatrixRMaj(m, n), b = new DMatrixRMaj(m, 1);
        rows.eval(in, B.data);
        offsets.eval(in, b.data);
        DMatrixRMaj r = new DMatrixRMaj(m, 1);
        CommonOps_DDRM.mult(B, new DMatrixRMaj(n, 1, true, v), r);
        CommonOps_DDRM.addEquals(r, b);
        DMatrixRMaj c = new DMatrixRMaj(m, m), y = new DMatrixRMaj(m, 1), dv = new DMatrixRMaj(n, 1);
        if (!factorMetric()) return false;
        DMatrixRMaj glInvBt = solveMetric(transpose(B));
        CommonOps_DDRM.mult(B, glInvBt, c);
        if (!CommonOps_DDRM.solve(c, r, y)) return false;
        CommonOps_DDRM.mult(glInvBt, y, dv);
        for (int i = 0; i < n; i++) v[i] -= dv.get(i);
        return allFinite(v);
    }

    private boolean multipliers(double[] lambda) {
        if (m == 0) return true;
        DMatrixRMaj B = new DMatrixRMaj(m, n), f = new DMatrixRMaj(n, 1), c = new DMatrixRMaj(m, 1);
        rows.eval(in, B.data);
        force.eval(in, f.data);
        drift.eval(in, c.data);
        DMatrixRMaj C = new DMatrixRMaj(m, m), rhs = new DMatrixRMaj(m, 1), l = new DMatrixRMaj(m, 1);
        if (!factorMetric()) return false;
        DMatrixRMaj glInvBt = solveMetric(transpose(B)), glInvF = solveMetric(f);
        CommonOps_DDRM.mult(B, glInvBt, C);
        CommonOps_DDRM.mult(B, glInvF, rhs);
        CommonOps_DDRM.addEquals(rhs, c);
        if (!CommonOps_DDRM.solve(C, rhs, l)) return false;
        for (int a = 0; a < m; a++) lambda[a] = -l.get(a);
        return allFinite(lambda);
    }

    private static DMatrixRMaj transpose(DMatrixRMaj a) { return CommonOps_DDRM.transpose(a, null); }

    private static boolean allFinite(double[] a) {
        for (double d : a) if (!Double.isFinite(d)) return false;
        return true;
    }

    public MechanicalSystem system() { return sys; }
}
