package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.GglTerms.*;
import static org.geomech.method.StepSystem.H;

/**
 * EM, the GGL energy-momentum scheme of 004 sec. 5, eqs. (84a-e), with v eliminated (p^n = M v^n, 004 spec sec. 3.5):
 * <pre>
 * q1 - q0 = h M^-1 p_m + h M^-1 G(q_m)^T gamma
 * p1 - p0 = -h D^G V(q0, q1) - h G(q_m)^T lambda - h T(q_m; gamma) M^-1 p_m
 * g(q1) = 0,   G(q1) M^-1 p1 = 0
 * </pre>
 * (004's signs; geomech stores lambda, gamma with the sign flipped), q_m, p_m the midpoints. The discrete derivatives
 * of g and g^v are the midpoint ones, exact for the quadratic constraints 004 covers; D^G V is
 * {@link GglTerms#discreteGradient}. Unknowns q^{n+1}, p^{n+1}, lambda^{n+1}, gamma^{n+1} (2n + 2m).
 * Conserves H and the momentum maps of linear symmetries; both constraints hold at t^{n+1}; not symplectic.
 */
public final class GglEnergyMomentum implements Method {
    private final Guess guess;

    public GglEnergyMomentum() { this(Guess.SIMPLE); }

    GglEnergyMomentum(Guess guess) { this.guess = guess; }

    @Override public String name() { return "ggl-em" + (guess == Guess.ADVANCED ? ":advanced" : ""); }
    @Override public String summary() { return "GGL energy-momentum scheme EM, second order (004 sec. 5, eqs. 84-91)"; }
    @Override public int order() { return 2; }
    @Override public String conserves() { return "energy and momentum maps exactly, g and G M^-1 p at the nodes; symmetric (004 sec. 5)"; }

    @Override public int multiplierOrder() { return 1; }

    // 004 sec. 5 and Table 1: energy and momentum maps exact, both constraints at the nodes, symmetric, not symplectic
    @Override
    public Claims claims() {
        return Claims.by("004 sec. 5, Table 1", "spherical-pendulum", 0.1).symmetricMap().energyError(Claims.Energy.EXACT).conservesMomentumMaps().constraints(true, true);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        requireMechanical(name(), sys);
        requireQuadraticConstraints(name(), sys);
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, 2 * m);
        List<Expr> q = layout.q(), p = layout.p(), lam = layout.lambda().subList(0, m), gam = layout.lambda().subList(m, 2 * m);
        StepEquations eq = new StepEquations();
        List<Expr> q1 = eq.unknowns("q1", n, guess == Guess.ADVANCED ? Vec.plus(q, Vec.times(H, minv(sys, p))) : q);
        List<Expr> p1 = eq.unknowns("p1", n, p);
        List<Expr> lambda = eq.unknowns("lambda", m, lam);
        List<Expr> gamma = eq.unknowns("gamma", m, gam);
        List<Expr> qm = midpoint(q, q1), pm = midpoint(p, p1), um = minv(sys, pm);
        eq.determine(Vec.plus(Vec.minus(Vec.minus(q1, q), Vec.times(H, um)), Vec.times(H, minv(sys, gT(sys, qm, gamma)))), q1);    // (84a)
        eq.determine(Vec.minus(Vec.minus(Vec.plus(Vec.minus(p1, p), Vec.times(H, discreteGradient(name(), sys, q, q1))),
                Vec.times(H, gT(sys, qm, lambda))), Vec.times(H, t(sys, qm, gamma, um))), p1);  // (84b)
        eq.determine(sys.at(sys.holonomic(), q1, null), lambda);                                // (84d)
        eq.determine(gx(sys, q1, minv(sys, p1)), gamma);                                       // (84e)
        List<Expr> update = new ArrayList<>(q1);
        update.addAll(minv(sys, p1));
        update.addAll(p1);
        update.addAll(lambda);
        update.addAll(gamma);
        return eq.system(name(), sys, layout, update);
    }
}
