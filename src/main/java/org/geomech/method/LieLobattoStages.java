package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.RetractionTangents;
import org.geomech.method.tableau.LobattoIIIAIIIB;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.lie.RetractionTangents.times;
import static org.geomech.lie.RetractionTangents.transposeTimes;
import static org.geomech.method.StepSystem.H;

/**
 * The stages of the variational Lie group Lobatto IIIA-IIIB step on G (001 Thm 6.1, eqs. 24-27, and App. F) for
 * algebra unknowns H^1..H^s: Xi^i = h sum_j a_ij H^j (24), G^i = g_k tau(Xi^i), the trivialised stage velocities
 * d^L tau_{Xi^i} H^i, the stage momenta Pi^i and forces N^i (with a method's constraint force), the momentum
 * matching residuals of eq. (26) and the IIIA-type momenta mu^i of App. F.
 */
final class LieLobattoStages {
    /** A method's constraint force at stage i, as a covector at G^i before the pull-back by d^L tau. */
    interface StageForce { List<Expr> at(int i, List<Expr> g, List<Expr> etaHat); }

    private final LobattoIIIAIIIB t;
    private final int s;
    private final RetractionTangents tau;
    private final List<Expr> mu;
    private final List<List<Expr>> hs, xis, gs, etaHats, pis, ns, pulled;
    private final Expr[][] tangentInverseXi, adjointXi, tangentInverseMinusXi;

    LieLobattoStages(TrivialisedSystem sys, RetractionTangents tau, LobattoIIIAIIIB t, List<Expr> g, List<Expr> mu,
                     List<List<Expr>> hs, StageForce constraintForce) {
        this.t = t;
        this.s = t.stages();
        this.tau = tau;
        this.mu = mu;
        this.hs = hs;
        xis = new ArrayList<>();
        gs = new ArrayList<>();
        etaHats = new ArrayList<>();
        pis = new ArrayList<>();
        ns = new ArrayList<>();
        pulled = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            List<Expr> xi = combine(t.a()[i], hs);                                        // (24) Xi^i
            Expr[][] tangent = tau.dLeft(xi);
            List<Expr> gi = sys.compose(g, xi, tau), etaHat = times(tangent, hs.get(i));
            List<Expr> force = Vec.plus(sys.force(gi, etaHat), constraintForce.at(i, gi, etaHat));
            xis.add(xi);
            gs.add(gi);
            etaHats.add(etaHat);
            pis.add(transposeTimes(tangent, sys.momentum(gi, etaHat)));                  // Pi^i = (d^L tau)^* D2 l
            ns.add(transposeTimes(tangent, force));                                      // N^i = (d^L tau)^* (L* D1 l + constraint force)
            pulled.add(transposeTimes(tau.dLeftInverse(Vec.times(MINUS_ONE, xi)), ns.get(i)));   // (d^L tau^{-1}_{-Xi^i})^* N^i
        }
        List<Expr> xi = xis.get(s - 1);                                                  // (25) xi = Xi^s (H3: a_sj = b_j)
        tangentInverseXi = tau.dLeftInverse(xi);
        adjointXi = tau.adjoint(xi);
        tangentInverseMinusXi = tau.dLeftInverse(Vec.times(MINUS_ONE, xi));
    }

    List<Expr> xi(int i) { return xis.get(i); }
    /** G^i = g_k tau(Xi^i); G^s = g_{k+1}. */
    List<Expr> element(int i) { return gs.get(i); }

    /**
     * Residual i of eq. (26) with M^i written out: (d^L tau^{-1}_xi)^* [Pi^i + h sum_j (b_j a_ji/b_i) (dd^L tau_{Xi^j})^*(H^j, Pi^j)]
     * - Ad*_{tau(xi)} [mu_k + h sum_j b_j ((d^L tau^{-1}_{-Xi^j})^* - (a_ji/b_i)(d^L tau^{-1}_{-xi})^*) N^j].
     */
    List<Expr> momentumMatching(int i) {
        int d = mu.size();
        double[] w = new double[s];
        for (int j = 0; j < s; j++) w[j] = t.b()[j] * t.a()[j][i] / t.b()[i];
        List<Expr> left = new ArrayList<>(pis.get(i));
        for (int j = 0; j < s; j++) {
            if (w[j] == 0) continue;
            List<Expr> dd = tau.secondTangentAdjoint(xis.get(j), hs.get(j), pis.get(j));
            for (int k = 0; k < d; k++) left.set(k, add(left.get(k), mul(H, mul(num(w[j]), dd.get(k)))));
        }
        List<Expr> forces = Vec.times(MINUS_ONE, transposeTimes(tangentInverseMinusXi, combineRaw(w, ns)));
        List<Expr> right = Vec.plus(mu, Vec.times(H, Vec.plus(combineRaw(t.b(), pulled), forces)));
        return Vec.minus(transposeTimes(tangentInverseXi, left), transposeTimes(adjointXi, right));
    }

    /** App. F: mu^i = Ad*_{tau(Xi^i)} [mu_k + h sum_j a_ij (d^L tau^{-1}_{-Xi^j})^* N^j]; mu^s = mu_{k+1} (eq. 27, H3). */
    List<Expr> iiiaMomentum(int i) {
        List<Expr> inner = Vec.plus(mu, Vec.times(H, combineRaw(t.a()[i], pulled)));
        return transposeTimes(tau.adjoint(xis.get(i)), inner);
    }

    /** h sum_j w_j y_j. */
    private static List<Expr> combine(double[] w, List<List<Expr>> y) {
        return Vec.times(H, combineRaw(w, y));
    }

    /** sum_j w_j y_j. */
    private static List<Expr> combineRaw(double[] w, List<List<Expr>> y) {
        List<Expr> out = new ArrayList<>();
        for (int c = 0; c < y.get(0).size(); c++) {
            Expr sum = ZERO;
            for (int j = 0; j < w.length; j++) sum = add(sum, mul(num(w[j]), y.get(j).get(c)));
            out.add(sum);
        }
        return out;
    }
}
