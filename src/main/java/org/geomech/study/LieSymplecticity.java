package org.geomech.study;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.lie.LieGroup;
import org.geomech.lie.Matrices;
import org.geomech.lie.RetractionKind;
import org.geomech.method.LieMethod;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The symplecticity defect of a right-trivialised step map (g, mu) -> (g', mu') on T*G = G x g* (003 sec. 2.1):
 * max_{a,b} |omega(DPhi a, DPhi b) - omega(a, b)| over the basis a, b of the tangent space at the start, a tangent
 * (eta, nu) at (g, mu) being the curve (exp(eps eta) g, mu + eps nu) and omega_(g,mu)((eta1, nu1), (eta2, nu2)) =
 * &lt;nu1, eta2&gt; - &lt;nu2, eta1&gt; + &lt;mu, [eta1, eta2]&gt;, d of the canonical one-form &lt;mu, dg g^-1&gt;; DPhi by central
 * differences with eps = 1e-5.
 */
public final class LieSymplecticity {
    private LieSymplecticity() {}

    private static final double EPS = 1e-5;

    /** The defect of one step of h from the full state x0 of a step whose layout has the blocks g and mu. */
    public static double defect(LieGroup group, Trajectory tr, double[] x0, double[] params, double h) {
        Maps maps = new Maps(group);
        int d = group.dimension(), size = group.size(), go = tr.step().layout().offset(LieMethod.G), mo = tr.step().layout().offset(LieMethod.MU);
        double[] g0 = Arrays.copyOfRange(x0, go, go + size), mu0 = Arrays.copyOfRange(x0, mo, mo + d);
        double[] x1 = step(tr, x0, params, h), g1 = Arrays.copyOfRange(x1, go, go + size), mu1 = Arrays.copyOfRange(x1, mo, mo + d);
        double[][] basisEta = new double[2 * d][d], basisNu = new double[2 * d][d], eta = new double[2 * d][], nu = new double[2 * d][d];
        for (int k = 0; k < 2 * d; k++) {
            if (k < d) basisEta[k][k] = 1; else basisNu[k][k - d] = 1;
            double[][] ends = new double[2][];
            for (int side = 0; side < 2; side++) {
                double e = side == 0 ? EPS : -EPS;
                double[] x = x0.clone();
                System.arraycopy(maps.move(g0, basisEta[k], e), 0, x, go, size);
                for (int i = 0; i < d; i++) x[mo + i] = mu0[i] + e * basisNu[k][i];
                ends[side] = step(tr, x, params, h);
            }
            double[] dg = new double[size];
            for (int i = 0; i < size; i++) dg[i] = (ends[0][go + i] - ends[1][go + i]) / (2 * EPS);
            for (int i = 0; i < d; i++) nu[k][i] = (ends[0][mo + i] - ends[1][mo + i]) / (2 * EPS);
            eta[k] = maps.trivialise(dg, g1);
        }
        double worst = 0;
        for (int a = 0; a < 2 * d; a++)
            for (int b = a + 1; b < 2 * d; b++)
                worst = Math.max(worst, Math.abs(maps.omega(mu1, eta[a], nu[a], eta[b], nu[b]) - maps.omega(mu0, basisEta[a], basisNu[a], basisEta[b], basisNu[b])));
        return worst;
    }

    private static double[] step(Trajectory tr, double[] x, double[] params, double h) {
        EnsembleState s = new EnsembleState(tr.step().layout(), 1);
        s.scatter(0, x);
        Trajectory.Result r = tr.run(s, params, h, 1, 1);
        if (!r.ok()) throw new IllegalStateException(tr.step().method() + " failed in the symplecticity check");
        return r.last();
    }

    /** The group's exp, right generators and bracket, compiled from its symbolic maps. */
    private static final class Maps {
        private final int d, size;
        private final Tape move, generators, bracket;

        Maps(LieGroup group) {
            d = group.dimension();
            size = group.size();
            List<Expr> theta = symbols("theta", d), g = symbols("g", size), y = symbols("y", d);
            move = Tape.compile(concat(theta, g), group.multiply(group.retract(RetractionKind.EXP, theta), g));      // exp(theta) g
            List<Expr> columns = new ArrayList<>();
            for (int k = 0; k < d; k++) columns.addAll(group.generatorRight(k, g));                                 // E_k g
            generators = Tape.compile(g, columns);
            bracket = Tape.compile(concat(theta, y), Matrices.times(group.ad(theta), y));                            // [theta, y]
        }

        double[] move(double[] g, double[] eta, double e) {
            double[] in = new double[d + size], out = new double[size];
            for (int i = 0; i < d; i++) in[i] = e * eta[i];
            System.arraycopy(g, 0, in, d, size);
            move.eval(in, out);
            return out;
        }

        /** eta with dg = sum_k eta_k E_k g (least squares over the stored entries). */
        double[] trivialise(double[] dg, double[] g) {
            double[] cols = new double[d * size];
            generators.eval(g, cols);
            DMatrixRMaj a = new DMatrixRMaj(size, d), b = new DMatrixRMaj(size, 1), x = new DMatrixRMaj(d, 1);
            for (int k = 0; k < d; k++) for (int i = 0; i < size; i++) a.set(i, k, cols[k * size + i]);
            System.arraycopy(dg, 0, b.data, 0, size);
            if (!CommonOps_DDRM.solve(a, b, x)) throw new IllegalStateException("the right generators at g are not independent");
            return x.data.clone();
        }

        double omega(double[] mu, double[] eta1, double[] nu1, double[] eta2, double[] nu2) {
            double[] in = new double[2 * d], br = new double[d];
            System.arraycopy(eta1, 0, in, 0, d);
            System.arraycopy(eta2, 0, in, d, d);
            bracket.eval(in, br);
            double w = 0;
            for (int i = 0; i < d; i++) w += nu1[i] * eta2[i] - nu2[i] * eta1[i] + mu[i] * br[i];
            return w;
        }

        private static List<Expr> symbols(String prefix, int n) {
            List<Expr> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) out.add(Expr.sym("$" + prefix + i));
            return out;
        }

        private static List<Expr> concat(List<Expr> a, List<Expr> b) {
            List<Expr> out = new ArrayList<>(a);
            out.addAll(b);
            return out;
        }
    }
}
