package org.geomech.study.certify;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.lie.LieGroup;
import org.geomech.method.Claims;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.List;

/**
 * The canonical symplectic form of a method's canonical pair evaluated on the tangent vectors a probe gives (central
 * differences of its members): omega(a, b) = dQ_a . dP_b - dQ_b . dP_a in coordinates; on T*G = G x g* in the trivialised form
 * omega(a, b) = <dmu_b, eta_a> - <dmu_a, eta_b> +- <mu, [eta_a, eta_b]> with dg = g eta_a (left, +) or eta_a g (right, -)
 * (the exterior derivative of the canonical one-form <mu, eta>; Marsden-Ratiu sec. 13.3).
 */
final class SymplecticForm {
    private final Claims.CanonicalPair pair;
    private final int sign;
    private final Tape generators, bracket;
    private final int d;

    SymplecticForm(Model model, Claims.CanonicalPair pair) {
        this.pair = pair;
        boolean onGroup = model instanceof LieGroupSystem && pair.trivialisation() != Claims.Trivialisation.NONE;
        this.d = onGroup ? ((LieGroupSystem) model).dimension() : pair.positions().size();
        if (!onGroup) {
            this.sign = 0;
            this.generators = null;
            this.bracket = null;
            return;
        }
        LieGroupSystem lie = (LieGroupSystem) model;
        LieGroup group = lie.group();
        boolean left = pair.trivialisation() == Claims.Trivialisation.LEFT;
        this.sign = left ? 1 : -1;
        List<Expr> columns = new ArrayList<>();
        for (int k = 0; k < d; k++) columns.addAll(left ? group.generatorLeft(k, lie.g()) : group.generatorRight(k, lie.g()));
        this.generators = Tape.compile(lie.g(), columns);
        List<Expr> x = new ArrayList<>(), ad = new ArrayList<>();
        for (int k = 0; k < d; k++) x.add(Expr.sym("$x" + k));
        for (Expr[] row : group.ad(x)) ad.addAll(List.of(row));
        this.bracket = Tape.compile(x, ad);
    }

    /** Omega[a][b] = omega(t_a, t_b) over the probe's directions, from one step's member states and the probe's eps. */
    double[][] matrix(double[][] members, double eps) {
        int count = (members.length - 1) / 2;
        double[] q0 = pick(members[0], pair.positions()), p0 = pick(members[0], pair.momenta());
        double[][] eta = new double[count][], dp = new double[count][];
        double[] gens = generators == null ? null : new double[generators.outputCount()];
        if (generators != null) generators.eval(q0, gens);
        for (int k = 0; k < count; k++) {
            double[] plus = members[1 + 2 * k], minus = members[2 + 2 * k];
            double[] dq = new double[pair.positions().size()];
            dp[k] = new double[pair.momenta().size()];
            for (int i = 0; i < dq.length; i++) dq[i] = (plus[pair.positions().get(i)] - minus[pair.positions().get(i)]) / (2 * eps);
            for (int i = 0; i < dp[k].length; i++) dp[k][i] = (plus[pair.momenta().get(i)] - minus[pair.momenta().get(i)]) / (2 * eps);
            eta[k] = gens == null ? dq : trivialised(gens, dq);
        }
        double[][] omega = new double[count][count];
        double[] ad = bracket == null ? null : new double[d * d];
        for (int a = 0; a < count; a++) {
            if (bracket != null) bracket.eval(eta[a], ad);
            for (int b = 0; b < count; b++) {
                double w = dot(dp[b], eta[a]) - dot(dp[a], eta[b]);
                if (ad != null)
                    for (int i = 0; i < d; i++) {
                        double c = 0;
                        for (int j = 0; j < d; j++) c += ad[i * d + j] * eta[b][j];
                        w += sign * p0[i] * c;
                    }
                omega[a][b] = w;
            }
        }
        return omega;
    }

    // eta with dg = sum_k eta_k (generator k at g), in the least-squares sense (the generators are independent)
    private double[] trivialised(double[] gens, double[] dg) {
        int size = dg.length;
        DMatrixRMaj a = new DMatrixRMaj(size, d), b = new DMatrixRMaj(size, 1), x = new DMatrixRMaj(d, 1);
        for (int k = 0; k < d; k++) for (int i = 0; i < size; i++) a.set(i, k, gens[k * size + i]);
        for (int i = 0; i < size; i++) b.set(i, 0, dg[i]);
        CommonOps_DDRM.solve(a, b, x);
        return x.data.clone();
    }

    private static double[] pick(double[] x, List<Integer> at) {
        double[] out = new double[at.size()];
        for (int i = 0; i < out.length; i++) out[i] = x[at.get(i)];
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }
}
