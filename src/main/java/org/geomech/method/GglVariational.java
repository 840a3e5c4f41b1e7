package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.GglTerms.*;
import static org.geomech.method.StepSystem.H;

/**
 * VI-S, the first-order GGL variational integrator of 004 sec. 4.1, the discrete Euler-Lagrange equations (55a-e)
 * with qbar = q^n + h v^n (53):
 * <pre>
 * q1 - q0 = h v + h M^-1 G(qbar)^T gamma                          (55a)
 * p1 - p0 = -h DV(q0) - h G(q0)^T lambda - h T(qbar; gamma) M^-1 p1  (55b)
 * M v     = p1 + h T(qbar; gamma) M^-1 p1                            (55c)
 * g(q1) = 0,   G(qbar) M^-1 p1 = 0                                  (55d-e)
 * </pre>
 * written in 004's signs above; geomech stores lambda and gamma with the sign flipped (force +G^T lambda).
 * Unknowns q^{n+1}, p^{n+1}, the interval velocity v^n, lambda^n, gamma^{n+1} (3n + 2m). The state carries
 * (q, v, p, lambda, gamma): v is the velocity of the last interval (a Newton guess only), lambda and gamma as solved.
 */
public final class GglVariational implements Method {
    private final Guess guess;

    public GglVariational() { this(Guess.SIMPLE); }

    GglVariational(Guess guess) { this.guess = guess; }

    @Override public String name() { return "ggl-vi-s" + (guess == Guess.ADVANCED ? ":advanced" : ""); }
    @Override public String summary() { return "GGL variational integrator VI-S, first order, symplectic (004 sec. 4.1, eq. 55)"; }
    @Override public int order() { return 1; }
    @Override public String conserves() { return "symplectic; momentum maps of symmetries; g(q) at the nodes and G M^-1 p at the interval point (004 sec. 4.1)"; }

    @Override public int multiplierOrder() { return 1; }

    // 004 sec. 4.1 and Table 1: VI-S symplectic, momentum maps, g exact at the nodes, the hidden constraint only at q-bar
    @Override
    public Claims claims() {
        return Claims.by("004 sec. 4.1, Table 1", "spherical-pendulum", 0.1).symplecticMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps().constraints(true, false);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        requireMechanical(name(), sys);
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, 2 * m);
        List<Expr> q = layout.q(), v = layout.v(), p = layout.p(), lam = layout.lambda().subList(0, m), gam = layout.lambda().subList(m, 2 * m);
        StepEquations eq = new StepEquations();
        List<Expr> q1 = eq.unknowns("q1", n, guess == Guess.ADVANCED ? Vec.plus(q, Vec.times(H, v)) : q);
        List<Expr> p1 = eq.unknowns("p1", n, p);
        List<Expr> vn = eq.unknowns("v", n, v);
        List<Expr> lambda = eq.unknowns("lambda", m, lam);
        List<Expr> gamma = eq.unknowns("gamma", m, gam);
        // geomech signs: lambda = -lambda_004, gamma = -gamma_004
        List<Expr> qbar = Vec.plus(q, Vec.times(H, vn));                                    // (53)
        List<Expr> u = minv(sys, p1);
        List<Expr> tu = t(sys, qbar, gamma, u);                                             // T(qbar; gamma) M^-1 p1
        eq.determine(Vec.plus(Vec.minus(Vec.minus(q1, q), Vec.times(H, vn)), Vec.times(H, minv(sys, gT(sys, qbar, gamma)))), q1);   // (55a)
        eq.determine(Vec.minus(Vec.minus(Vec.plus(Vec.minus(p1, p), Vec.times(H, dV(sys, q))),
                Vec.times(H, gT(sys, q, lambda))), Vec.times(H, tu)), p1);                      // (55b)
        eq.determine(Vec.plus(Vec.minus(mass(sys, vn), p1), Vec.times(H, tu)), vn);         // (55c)
        eq.determine(sys.at(sys.holonomic(), q1, null), lambda);                                // (55d)
        eq.determine(gx(sys, qbar, u), gamma);                                                 // (55e)
        List<Expr> update = new ArrayList<>(q1);
        update.addAll(vn);
        update.addAll(p1);
        update.addAll(lambda);
        update.addAll(gamma);
        return eq.system(name(), sys, layout, update);
    }
}
