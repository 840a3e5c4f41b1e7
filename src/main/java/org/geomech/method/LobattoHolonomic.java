package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.method.tableau.LobattoIIIAIIIB;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.StepSystem.H;

/**
 * The s-stage constrained symplectic Lobatto IIIA-IIIB method for holonomic constraints, 001 sec. 4.3,
 * eqs. (13a-d): g(Q^i) = 0 at stages 2..s, the tangency condition at q_{k+1}, all Lambda^i re-solved.
 */
public final class LobattoHolonomic implements Method {
    private final int s;

    public LobattoHolonomic(int s) {
        if (s < 2) throw new InputException("lobatto-holonomic needs s >= 2 stages, got " + s);
        this.s = s;
    }

    @Override public String name() { return "lobatto-holonomic:" + s; }
    @Override public String summary() { return s + "-stage Lobatto IIIA-IIIB for holonomic constraints (001 sec. 4.3, eq. 13)"; }
    @Override public int order() { return 2 * s - 2; }
    // measured, not claimed by 001: Lambda^s converges with order s - 1 (1.00, 2.01, 2.93 for s = 2, 3, 4, planar pendulum)
    @Override public int multiplierOrder() { return s - 1; }

    @Override
    public String conserves() {
        return "g(q) = 0 and the tangency G(q) v = 0 at every node; symplectic on the constraint manifold; "
                + "energy up to a bounded O(h^(2s-2)) error";
    }

    // 001 sec. 4.3 (b), eqs. 13a-d: the constrained symplectic PRK of the augmented action (12)
    @Override
    public Claims claims() {
        return Claims.by("001 sec. 4.3 (b)", "spherical-pendulum", s > 2 ? 0.2 : 0.1).symplecticMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps().constraints(true, true);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        return equations(sys, StagePositions.pay(sys, t.a(), t.aHat()));
    }

    /** (13) with the stage positions as unknowns (residuals 13b) or substituted (see StagePositions). */
    StepSystem equations(MechanicalSystem sys, boolean positionUnknowns) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException(name() + " handles holonomic constraints only; model " + sys.name() + " has "
                    + sys.nonholonomicCount() + " nonholonomic constraint(s) (use lobatto-nh:s)");
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), v = layout.v(), p = layout.p(), lambda = layout.lambda();

        StepEquations eq = new StepEquations();
        List<List<Expr>> V = eq.stages("V", List.of(), s, n, i -> v), Lam = eq.stages("Lambda", List.of(), s, m, i -> lambda), W = new ArrayList<>();
        List<Expr> startForce = Vec.plus(sys.force(), Vec.transposeTimes(sys.holonomicJacobian(), lambda, n));   // W^1 with Lambda^1 ~ lambda_k
        StagePositions positions = StagePositions.of(positionUnknowns, sys, t, q, v, p, startForce, V, eq);   // (13b) Q^i
        List<List<Expr>> Q = positions.positions();
        for (int i = 0; i < s; i++) {
            List<Expr> qi = Q.get(i);
            Expr[][] g = sys.at(sys.holonomicJacobian(), qi, null);
            W.add(Vec.plus(sys.at(sys.force(), qi, V.get(i)), Vec.transposeTimes(g, Lam.get(i), n)));   // (13c) W^i
        }
        for (int i = 0; i < s; i++)                                                // (13b-c) P^i = D2L(Q^i, V^i)
            eq.determine(Vec.minus(Vec.combine(p, H, t.aHat()[i], W), sys.at(sys.momenta(), Q.get(i), V.get(i))), V.get(i));
        positions.determine(eq);
        for (int i = 1; i < s; i++) eq.determine(sys.at(sys.holonomic(), Q.get(i), null), Lam.get(i - 1));   // (13d) g(Q^i) = 0
        List<Expr> qNew = Q.get(s - 1), pNew = Vec.combine(p, H, t.b(), W);                   // (13a)
        List<Expr> vNew = LobattoNonholonomic.velocity(sys, qNew, pNew, "v_new", eq, v);
        eq.determine(Vec.times(sys.at(sys.holonomicJacobian(), qNew, null), vNew), Lam.get(s - 1));   // (13d) tangency
        List<Expr> update = new ArrayList<>(qNew);
        update.addAll(vNew);
        update.addAll(pNew);
        update.addAll(Lam.get(s - 1));
        return eq.system(name(), sys, layout, update);
    }
}
