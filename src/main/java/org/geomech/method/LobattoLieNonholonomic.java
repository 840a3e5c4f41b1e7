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
 * The s-stage nonholonomic Lie group Lobatto IIIA-IIIB method of 001 sec. 6.4 and App. F on G x R^n, left-trivialised:
 * momentum matching (26) with the constraint force &lt;Lambda^i, D2 phi(G^i, d^L tau H^i)&gt;, the constraint
 * phi(G^i, eta^i) = 0 imposed on the IIIA-type momenta mu^i for i = 2..s, Lambda^1 = lambda_k carried,
 * lambda_{k+1} = Lambda^s. On R^n (tau = identity) it is lobatto-nh:s.
 */
public final class LobattoLieNonholonomic implements Method {
    private final int s;
    private final String retraction;

    public LobattoLieNonholonomic(int s, String retraction) {
        if (s < 2) throw new InputException("lobatto-lie-nh needs s >= 2 stages, got " + s);
        this.s = s;
        this.retraction = retraction;
    }

    @Override public String name() { return "lobatto-lie-nh:" + s + (retraction.equals("cay") ? "" : "," + retraction); }
    @Override public String summary() { return s + "-stage nonholonomic Lie group Lobatto IIIA-IIIB, tau = " + retraction + " (001 sec. 6.4, App. F)"; }
    @Override public int order() { return 2 * s - 2; }
    // 001 Cor. 5.2.1, claimed for the Lie group version at the end of sec. 6.4
    @Override public int multiplierOrder() { return s % 2 == 0 ? s : s - 1; }

    @Override
    public String conserves() {
        return "the nonholonomic constraint at every node (to the Newton tolerance); g on the group (cay, exp); linear first integrals "
                + "of the turntable ball; energy or moving energy only approximately (bounded error on integrable examples)";
    }

    // 001 sec. 6.4: the nonholonomic constraint at every node, g on the group; no symplecticity
    @Override
    public Claims claims() {
        return Claims.by("001 sec. 6.4", "unicycle", s > 2 ? 0.2 : 0.1).constraints(true, true);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) { return equations(TrivialisedSystem.vectorSpace(sys)); }

    @Override
    public StepSystem build(Model model) {
        if (model instanceof LieGroupSystem lie) return equations(TrivialisedSystem.of(lie.requireVelocities(LieGroupSystem.Velocities.BODY, name()))).reduced();
        return Method.super.build(model);
    }

    public StepSystem equations(TrivialisedSystem sys) {
        if (sys.holonomicCount() > 0)
            throw new InputException(name() + " handles nonholonomic constraints only; model " + sys.name() + " has "
                    + sys.holonomicCount() + " holonomic constraint(s) (use lobatto-lie:s)");
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        RetractionTangents tau = sys.retraction(retraction);
        int d = sys.dimension(), m = sys.nonholonomicCount();
        StateLayout layout = sys.layout(m);
        List<Expr> g = sys.element(), eta = sys.velocity(), mu = sys.momentum(), lambda = layout.lambda();

        StepEquations eq = new StepEquations();
        List<List<Expr>> hs = eq.stages("H", List.of(), s, d, i -> eta), lam = LobattoNonholonomic.multipliers(eq, s, lambda);
        LieLobattoStages stages = new LieLobattoStages(sys, tau, t, g, mu, hs,            // App. F: N^i with <Lambda^i, D2 phi(G^i, eta-hat^i)>
                (i, gi, etaHat) -> Vec.transposeTimes(sys.nonholonomicMatrix(gi, etaHat), lam.get(i), d));
        for (int i = 0; i < s; i++) eq.determine(stages.momentumMatching(i), hs.get(i));   // R_i, eq. (26)
        List<Expr> etaNew = null, muNew = null;
        for (int i = 1; i < s; i++) {                                                      // C_i = phi(G^i, eta^i), D2 l(G^i, eta^i) = mu^i
            List<Expr> mui = stages.iiiaMomentum(i), gi = stages.element(i);
            List<Expr> etai = velocity(sys, gi, mui, "eta" + (i + 1), eq, eta);
            eq.determine(sys.nonholonomic(gi, etai), lam.get(i));
            if (i == s - 1) { etaNew = etai; muNew = mui; }
        }
        List<Expr> update = new ArrayList<>(stages.element(s - 1));                        // g_{k+1} = g_k tau(xi)
        update.addAll(etaNew);
        update.addAll(muNew);                                                              // mu_{k+1} = mu^s (eq. 27)
        update.addAll(lam.get(s - 1));                                                     // lambda_{k+1} = Lambda^s
        return eq.system(name(), sys.model(), layout, update);
    }

    /** eta with D2 l(g, eta) = mu: closed form when available, otherwise new unknowns with their residuals. */
    static List<Expr> velocity(TrivialisedSystem sys, List<Expr> g, List<Expr> mu, String name, StepEquations eq, List<Expr> etaGuess) {
        var closed = sys.velocity(g, mu);
        if (closed.isPresent()) return closed.get();
        return eq.unknowns(name, sys.dimension(), etaGuess, eta -> Vec.minus(sys.momentum(g, eta), mu));
    }
}
