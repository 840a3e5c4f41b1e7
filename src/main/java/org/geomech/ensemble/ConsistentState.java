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
    /** Gauss-Newton iterations of the position projection at most, its tolerance (a step below TOLERANCE (1 + max |q_i|)), and the passes of the velocity projection. */
    public static final int POSITION_ITERATIONS = 60, VELOCITY_PASSES = 3;
    /** The relative tolerance of the position projection. */
    public static final double TOLERANCE = 1e-15;

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
    /** The solvers CommonOps_DDRM.solve would make for G G^T and for B g_L^-1 B^T, made once; every matrix of a projection, allocated once. */
    private final LinearSolverDense<DMatrixRMaj> holonomicSolver, rowSolver;
    private final DMatrixRMaj G, GGt, g, yh, B, Bt, b, r, vv, c, y, dv, glInvBt, f, drifts, glInvF, rhs, l;

    /**
     * The expressions of the projection, every one a function of inputs (q, v, then the parameters): g(q), the rows of
     * G = dg/dq, of B = (G; A) and the offsets (0; a), g_L, p = D2L, the force f and the drift dPhi/dq v, matrices row
     * after row. One derivation for this class and any backend's projection over lanes.
     */
    public record Equations(int n, int mh, int m, List<Expr> inputs, List<Expr> holonomic, List<Expr> holonomicJacobian, List<Expr> rows,
                            List<Expr> offsets, List<Expr> metric, List<Expr> momenta, List<Expr> force, List<Expr> drift) {
        /** The projection's expressions for sys. */
        public static Equations of(MechanicalSystem sys) {
            int n = sys.dimension(), mh = sys.holonomicCount();
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
            return new Equations(n, mh, mh + sys.nonholonomicCount(), inputs, sys.holonomic(), gj, rowList, offsetList, metricList, sys.momenta(),
                    forceList, driftList);
        }
    }

    /** The projection of initial states onto the constraints of sys, member by member. */
    public ConsistentState(MechanicalSystem sys) {
        this.sys = sys;
        Equations e = Equations.of(sys);
        this.n = e.n();
        this.mh = e.mh();
        this.m = e.m();
        List<Expr> inputs = e.inputs();
        this.holonomic = Tape.compile(inputs, e.holonomic());
        this.holonomicJacobian = Tape.compile(inputs, e.holonomicJacobian());
        this.rows = Tape.compile(inputs, e.rows());
        this.offsets = Tape.compile(inputs, e.offsets());
        this.metric = Tape.compile(inputs, e.metric());
        this.momenta = Tape.compile(inputs, e.momenta());
        this.force = Tape.compile(inputs, e.force());
        this.drift = Tape.compile(inputs, e.drift());
        List<Expr> metricList = e.metric();
        this.in = new double[2 * n + sys.parameterSymbols().size()];
        java.util.Set<Expr> metricSymbols = Exprs.symbols(metricList);
        this.metricInputs = java.util.stream.IntStream.range(0, inputs.size()).filter(i -> metricSymbols.contains(inputs.get(i))).toArray();
        this.metricAt = new double[metricInputs.length];
        this.gl = new DMatrixRMaj(n, n);
        this.metricSolver = new LinearSolverSafe<>(LinearSolverFactory_DDRM.linear(n));   // as CommonOps_DDRM.solve does
        this.holonomicSolver = new LinearSolverSafe<>(LinearSolverFactory_DDRM.linear(mh));
        this.rowSolver = new LinearSolverSafe<>(LinearSolverFactory_DDRM.linear(m));
        this.G = new DMatrixRMaj(mh, n);
        this.GGt = new DMatrixRMaj(mh, mh);
        this.g = new DMatrixRMaj(mh, 1);
        this.yh = new DMatrixRMaj(mh, 1);
        this.B = new DMatrixRMaj(m, n);
        this.Bt = new DMatrixRMaj(n, m);
        this.b = new DMatrixRMaj(m, 1);
        this.r = new DMatrixRMaj(m, 1);
        this.vv = new DMatrixRMaj(n, 1);
        this.c = new DMatrixRMaj(m, m);
        this.y = new DMatrixRMaj(m, 1);
        this.dv = new DMatrixRMaj(n, 1);
        this.glInvBt = new DMatrixRMaj(n, m);
        this.f = new DMatrixRMaj(n, 1);
        this.drifts = new DMatrixRMaj(m, 1);
        this.glInvF = new DMatrixRMaj(n, 1);
        this.rhs = new DMatrixRMaj(m, 1);
        this.l = new DMatrixRMaj(m, 1);
    }

    // x = a^-1 rhs as CommonOps_DDRM.solve(a, rhs, x) computes it, with a solver made once for a's size
    private static boolean solve(LinearSolverDense<DMatrixRMaj> solver, DMatrixRMaj a, DMatrixRMaj rhs, DMatrixRMaj x) {
        if (!solver.setA(a)) return false;
        solver.solve(rhs, x);
        return true;
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


    /** Total multiplier count: holonomic first, then nonholonomic. */
    @Override public int multipliers() { return m; }

    /**
     * Projects q and v in place, writes p and the multipliers; returns false when the projection does not
     * converge or the constraints are dependent there.
     */
    @Override public boolean apply(double[] q, double[] v, double[] params, double[] p, double[] lambda) {
        System.arraycopy(params, 0, in, 2 * n, params.length);
        if (!projectPositions(q, v)) return false;
        for (int pass = 0; pass < VELOCITY_PASSES; pass++) if (!projectVelocities(q, v)) return false;
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
        for (int it = 0; it < POSITION_ITERATIONS; it++) {
            load(q, v);
            holonomic.eval(in, g.data);
            holonomicJacobian.eval(in, G.data);
            CommonOps_DDRM.multTransB(G, G, GGt);
            if (!solve(holonomicSolver, GGt, g, yh)) return false;
            double step = 0, size = 0;
            for (int i = 0; i < n; i++) {
                double d = 0;
                for (int a = 0; a < mh; a++) d += G.get(a, i) * yh.get(a);
                q[i] -= d;
                step = Math.max(step, Math.abs(d));
                size = Math.max(size, Math.abs(q[i]));
            }
            if (!Double.isFinite(step)) return false;
            if (step <= TOLERANCE * (1 + size)) return true;
        }
        return false;
    }

    // v <- v - g_L^-1 B^T (B g_L^-1 B^T)^-1 (B v + b)
    private boolean projectVelocities(double[] q, double[] v) {
        if (m == 0) return true;
        load(q, v);
        rows.eval(in, B.data);
        offsets.eval(in, b.data);
        System.arraycopy(v, 0, vv.data, 0, n);
        CommonOps_DDRM.mult(B, vv, r);
        CommonOps_DDRM.addEquals(r, b);
        if (!factorMetric()) return false;
        metricSolver.solve(CommonOps_DDRM.transpose(B, Bt), glInvBt);
        CommonOps_DDRM.mult(B, glInvBt, c);
        if (!solve(rowSolver, c, r, y)) return false;
        CommonOps_DDRM.mult(glInvBt, y, dv);
        for (int i = 0; i < n; i++) v[i] -= dv.get(i);
        return allFinite(v);
    }

    private boolean multipliers(double[] lambda) {
        if (m == 0) return true;
        rows.eval(in, B.data);
        force.eval(in, f.data);
        drift.eval(in, drifts.data);
        if (!factorMetric()) return false;
        metricSolver.solve(CommonOps_DDRM.transpose(B, Bt), glInvBt);
        metricSolver.solve(f, glInvF);
        CommonOps_DDRM.mult(B, glInvBt, c);
        CommonOps_DDRM.mult(B, glInvF, rhs);
        CommonOps_DDRM.addEquals(rhs, drifts);
        if (!solve(rowSolver, c, rhs, l)) return false;
        for (int a = 0; a < m; a++) lambda[a] = -l.get(a);
        return allFinite(lambda);
    }

    private static boolean allFinite(double[] a) {
        for (double d : a) if (!Double.isFinite(d)) return false;
        return true;
    }

    /** The system projected onto. */
    public MechanicalSystem system() { return sys; }
}
