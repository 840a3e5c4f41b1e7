package org.geomech.ensemble;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.Tape;
import org.geomech.lie.RetractionTangents;
import org.geomech.method.TrivialisedSystem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/**
 * Consistent initial velocity, momentum and multipliers of a left-trivialised system on G x R^n (001 sec. 6.1, 6.4):
 * eta is projected onto A(g) eta + a(g) = 0 in the metric K = D2^2 l, mu = D2 l(g, eta), and the continuous multiplier
 * solves the derivative of the constraint along mu' = ad*_eta mu + L*_g D1 l + A^T lambda (001 spec sec. 2.2):
 * lambda = -(A K^-1 A^T)^-1 [phi_g + A K^-1 (ad*_eta mu + L*_g D1 l - mu_g)], where phi_g and mu_g are the derivatives
 * of phi and D2 l along g' = g eta, d/de f(g tau(e eta)) at e = 0, and ad_eta = d/de Ad_{tau(e eta)} at e = 0.
 * Not thread-safe.
 */
public final class LieConsistentState implements Consistency {
    private final int size, d, m;
    private final Tape metric, rows, offsets, momentum, rhs;
    private final double[] in;

    /**
     * The expressions of the projection, functions of inputs (the stored entries of g, eta, then the parameters): K = D2^2 l
     * and the rows of A row after row, the offsets a(g), mu = D2 l(g, eta), and rhs: the drive ad*_eta mu + L*_g D1 l - mu_g
     * (d entries) then phi_g (m entries). One derivation for this class and any backend's projection over lanes.
     */
    public record Equations(int size, int d, int m, List<Expr> inputs, List<Expr> metric, List<Expr> rows, List<Expr> offsets,
                            List<Expr> momentum, List<Expr> rhs) {
        /** The equations of initial states on a Lie group system: its left-trivialised form with the Cayley retraction. */
        public static Equations of(org.geomech.model.LieGroupSystem sys) {
            TrivialisedSystem t = TrivialisedSystem.of(sys);
            return of(t, t.retraction("cay"));
        }

        /** The projection's expressions for a trivialised system with the retraction's tangents tau. */
        public static Equations of(TrivialisedSystem sys, RetractionTangents tau) {
            int d = sys.dimension();
            List<Expr> g = sys.element(), eta = sys.velocity(), zero = Collections.nCopies(d, ZERO);
            List<Expr> inputs = new ArrayList<>(g);
            inputs.addAll(eta);
            inputs.addAll(sys.model().parameterSymbols());
            Expr e = sym("$e");
            List<Expr> mu = sys.momentum(g, eta), moved = sys.compose(g, times(e, eta), tau);
            List<Expr> muAlong = along(sys.momentum(moved, eta), e), phiAlong = along(sys.nonholonomic(moved, eta), e);
            Expr[][] adEta = adjointDerivative(tau, eta, e);
            List<Expr> force = sys.force(g, eta), drive = new ArrayList<>();
            List<Expr> adStarMu = RetractionTangents.transposeTimes(adEta, mu);
            for (int k = 0; k < d; k++) drive.add(sub(add(adStarMu.get(k), force.get(k)), muAlong.get(k)));
            List<Expr> metricList = new ArrayList<>(), rowList = new ArrayList<>();
            for (Expr[] row : Derivative.jacobian(mu, eta)) metricList.addAll(List.of(row));
            for (Expr[] row : sys.nonholonomicMatrix(g, eta)) rowList.addAll(List.of(row));
            List<Expr> rhsList = new ArrayList<>(drive);
            rhsList.addAll(phiAlong);
            return new Equations(g.size(), d, sys.nonholonomicCount(), inputs, metricList, rowList, sys.nonholonomic(g, zero), mu, rhsList);
        }
    }

    /** The projection of initial states on a Lie group system: its left-trivialised form with the Cayley retraction. */
    public static LieConsistentState of(org.geomech.model.LieGroupSystem sys) { return new LieConsistentState(Equations.of(sys)); }

    /** The projection of initial states on a trivialised system with the retraction's tangents tau. */
    public LieConsistentState(TrivialisedSystem sys, RetractionTangents tau) { this(Equations.of(sys, tau)); }

    private LieConsistentState(Equations e) {
        this.d = e.d();
        this.m = e.m();
        this.size = e.size();
        List<Expr> inputs = e.inputs();
        this.metric = Tape.compile(inputs, e.metric());
        this.rows = Tape.compile(inputs, e.rows());
        this.offsets = Tape.compile(inputs, e.offsets());
        this.momentum = Tape.compile(inputs, e.momentum());
        this.rhs = Tape.compile(inputs, e.rhs());
        this.in = new double[inputs.size()];
    }

    private static List<Expr> times(Expr c, List<Expr> v) {
        List<Expr> out = new ArrayList<>();
        for (Expr x : v) out.add(mul(c, x));
        return out;
    }

    /** d/de f at e = 0. */
    private static List<Expr> along(List<Expr> f, Expr e) {
        List<Expr> out = new ArrayList<>();
        for (Expr x : f) out.add(Exprs.substitute(Derivative.of(x, e), Map.of(e, ZERO)));
        return out;
    }

    /** ad_eta = d/de Ad_{tau(e eta)} at e = 0. */
    private static Expr[][] adjointDerivative(RetractionTangents tau, List<Expr> eta, Expr e) {
        Expr[][] ad = tau.adjoint(times(e, eta));
        Expr[][] out = new Expr[ad.length][];
        for (int i = 0; i < ad.length; i++) out[i] = along(List.of(ad[i]), e).toArray(new Expr[0]);
        return out;
    }

    @Override public int multipliers() { return m; }

    /** Projects eta in place, writes mu and lambda; false when the constraints are dependent there. */
    @Override public boolean apply(double[] g, double[] eta, double[] params, double[] mu, double[] lambda) {
        System.arraycopy(g, 0, in, 0, size);
        System.arraycopy(params, 0, in, size + d, params.length);
        DMatrixRMaj k = new DMatrixRMaj(d, d), a = new DMatrixRMaj(m, d), off = new DMatrixRMaj(m, 1);
        for (int pass = 0; pass < ConsistentState.VELOCITY_PASSES && m > 0; pass++) {                   // eta <- eta - K^-1 A^T (A K^-1 A^T)^-1 (A eta + a)
            System.arraycopy(eta, 0, in, size, d);
            metric.eval(in, k.data);
            rows.eval(in, a.data);
            offsets.eval(in, off.data);
            DMatrixRMaj r = new DMatrixRMaj(m, 1), kInvAt = new DMatrixRMaj(d, m), c = new DMatrixRMaj(m, m), y = new DMatrixRMaj(m, 1), dv = new DMatrixRMaj(d, 1);
            CommonOps_DDRM.mult(a, new DMatrixRMaj(d, 1, true, eta), r);
            CommonOps_DDRM.addEquals(r, off);
            if (!CommonOps_DDRM.solve(k, CommonOps_DDRM.transpose(a, null), kInvAt)) return false;
            CommonOps_DDRM.mult(a, kInvAt, c);
            if (!CommonOps_DDRM.solve(c, r, y)) return false;
            CommonOps_DDRM.mult(kInvAt, y, dv);
            for (int i = 0; i < d; i++) eta[i] -= dv.get(i);
        }
        System.arraycopy(eta, 0, in, size, d);
        momentum.eval(in, mu);
        if (m == 0) return finite(mu);
        metric.eval(in, k.data);
        rows.eval(in, a.data);
        double[] all = new double[d + m];
        rhs.eval(in, all);
        DMatrixRMaj drive = new DMatrixRMaj(d, 1), kInvAt = new DMatrixRMaj(d, m), kInvDrive = new DMatrixRMaj(d, 1), c = new DMatrixRMaj(m, m),
                b = new DMatrixRMaj(m, 1), l = new DMatrixRMaj(m, 1);
        System.arraycopy(all, 0, drive.data, 0, d);
        if (!CommonOps_DDRM.solve(k, CommonOps_DDRM.transpose(a, null), kInvAt) || !CommonOps_DDRM.solve(k, drive, kInvDrive)) return false;
        CommonOps_DDRM.mult(a, kInvAt, c);
        CommonOps_DDRM.mult(a, kInvDrive, b);
        for (int i = 0; i < m; i++) b.set(i, b.get(i) + all[d + i]);
        if (!CommonOps_DDRM.solve(c, b, l)) return false;
        for (int i = 0; i < m; i++) lambda[i] = -l.get(i);
        return finite(eta) && finite(mu) && finite(lambda);
    }

    private static boolean finite(double[] a) {
        for (double x : a) if (!Double.isFinite(x)) return false;
        return true;
    }
}
