package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.RetractionTangents;
import org.geomech.method.tableau.LobattoIIIAIIIB;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.List;

/**
 * The s-stage variational Lie group Lobatto IIIA-IIIB method of 001 Thm 6.1 (eqs. 24-27), unconstrained, and with
 * holonomic constraints Phi(g) = 0 as in sec. 6.3: N^i gains &lt;Lambda^i, (d^L tau)^* L*_{G^i} DPhi(G^i)&gt;, Phi(G^i) = 0
 * for i = 2..s and the tangency L*_{g_{k+1}} DPhi(g_{k+1}) eta_{k+1} = 0. On R^n (tau = identity) it is
 * lobatto-holonomic:s.
 */
public final class LobattoLie implements Method {
    private final int s;
    private final String retraction;

    public LobattoLie(int s, String retraction) {
        if (s < 2) throw new InputException("lobatto-lie needs s >= 2 stages, got " + s);
        this.s = s;
        this.retraction = retraction;
    }

    @Override public String name() { return "lobatto-lie:" + s + (retraction.equals("cay") ? "" : "," + retraction); }
    @Override public String summary() { return s + "-stage variational Lie group Lobatto IIIA-IIIB, tau = " + retraction + " (001 Thm 6.1, sec. 6.3)"; }
    @Override public int order() { return 2 * s - 2; }
    // as lobatto-holonomic:s, whose Lambda^s has order s - 1 (measured)
    @Override public int multiplierOrder() { return s - 1; }

    @Override
    public String conserves() {
        return "g on the group (cay, exp); Phi(g) = 0 and its tangency at every node; symplectic (variational, Thm 6.1); "
                + "energy up to a bounded O(h^(2s-2)) error";
    }

    // 001 Thm 6.1 (variational, so symplectic on T*G in the left-trivialised form) and sec. 6.3 (Phi(g) = 0 and its tangency)
    @Override
    public Claims claims() {
        return Claims.by("001 Thm 6.1, sec. 6.3", "spherical-pendulum", s > 2 ? 0.2 : 0.1).symplecticMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps().constraints(true, true);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) { return equations(TrivialisedSystem.vectorSpace(sys)); }

    @Override
    public StepSystem build(Model model) {
        if (model instanceof LieGroupSystem lie) return equations(TrivialisedSystem.of(lie.requireVelocities(LieGroupSystem.Velocities.BODY, name()))).reduced();
        return Method.super.build(model);
    }

    public StepSystem equations(TrivialisedSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException(name() + " handles holonomic constraints only; model " + sys.name() + " has "
                    + sys.nonholonomicCount() + " nonholonomic constraint(s) (use lobatto-lie-nh:s)");
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        RetractionTangents tau = sys.retraction(retraction);
        int d = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = sys.layout(m);
        List<Expr> g = sys.element(), eta = sys.velocity(), mu = sys.momentum(), lambda = layout.lambda();

        StepEquations eq = new StepEquations();
        List<List<Expr>> hs = eq.stages("H", List.of(), s, d, i -> eta), lam = eq.stages("Lambda", List.of(), s, m, i -> lambda);
        LieLobattoStages stages = new LieLobattoStages(sys, tau, t, g, mu, hs,            // sec. 6.3: T^i = <Lambda^i, L*_{G^i} DPhi(G^i)>
                (i, gi, etaHat) -> Vec.transposeTimes(sys.holonomicGradient(gi), lam.get(i), d));
        for (int i = 0; i < s; i++) eq.determine(stages.momentumMatching(i), hs.get(i));   // eq. (26)
        for (int i = 1; i < s; i++) eq.determine(sys.holonomic(stages.element(i)), lam.get(i - 1));   // Phi(G^i) = 0
        List<Expr> gNew = stages.element(s - 1), muNew = stages.iiiaMomentum(s - 1);      // eq. (27)
        List<Expr> etaNew = LobattoLieNonholonomic.velocity(sys, gNew, muNew, "eta_new", eq, eta);
        eq.determine(Vec.times(sys.holonomicGradient(gNew), etaNew), lam.get(s - 1));      // tangency at g_{k+1}
        List<Expr> update = new ArrayList<>(gNew);
        update.addAll(etaNew);
        update.addAll(muNew);
        update.addAll(lam.get(s - 1));
        return eq.system(name(), sys.model(), layout, update);
    }
}
