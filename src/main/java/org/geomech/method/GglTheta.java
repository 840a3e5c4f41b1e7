package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.GglTerms.*;
import static org.geomech.method.StepSystem.H;

/**
 * The one-stage theta family of GGL variational integrators, 004 sec. 4.2-4.3, eq. (76), with q_theta =
 * (1 - theta) q^n + theta q^{n+1} and p^{n+1-theta} = theta p^n + (1 - theta) p^{n+1} (eq. 75):
 * <ul>
 * <li>Option A (eq. 79), constraints at q_theta, theta in (0,1); VI-A is theta = 1/2 (second order):
 * <pre>
 * q1 - q0 = h v1 + h M^-1 G_theta^T gamma,  p1 - p0 = -h DV(q_theta) - h G_theta^T lambda - h T(q_theta; gamma) v1,
 * M v1 = p^{n+1-theta},  g(q_theta) = 0,  G_theta v1 = 0
 * </pre></li>
 * <li>Option B (eq. 82), trapezoidal position constraint, theta in [0,1], vartheta in (0,1]; VI-B is theta = 1,
 * vartheta = 1/2 (eq. 83, first order):
 * <pre>
 * q1 - q0 = h v1 + h M^-1 G_theta^T gamma,
 * p1 - p0 = -h DV(q_theta) - h ((1-vt) G_n + vt G_1)^T lambda - h T(q_theta; gamma) v1,
 * M v1 = p^{n+1-theta} - h (theta (1-vt) G_n^T - (1-theta) vt G_1^T) lambda,  g(q1) = 0,  G_theta v1 = 0
 * </pre></li>
 * </ul>
 * (004's signs; geomech stores lambda, gamma with the sign flipped.) 004's (79b)/(82b)/(83b) print D_1 L_d where
 * h D_1 L = -h DV is meant (004 spec sec. 7 item 1). Unknowns q^{n+1}, p^{n+1}, v^{n+1}, lambda^n, gamma^n
 * (3n + 2m); g(q1) = 0 is enforced directly (004 spec sec. 7 item 6).
 */
public final class GglTheta implements Method {
    /** Where the constraints are evaluated. */
    public enum Option { A, B }

    private final Option option;
    private final double theta, vartheta;
    private final Guess guess;

    public GglTheta(Option option, double theta, double vartheta) { this(option, theta, vartheta, Guess.SIMPLE); }

    GglTheta(Option option, double theta, double vartheta, Guess guess) {
        if (option == Option.A && !(theta > 0 && theta < 1))
            throw new InputException("GGL theta option A needs 0 < theta < 1 (004 sec. 4.3.1), got " + theta);
        if (option == Option.B && !(theta >= 0 && theta <= 1 && vartheta > 0 && vartheta <= 1))
            throw new InputException("GGL theta option B needs 0 <= theta <= 1 and 0 < vartheta <= 1 (004 sec. 4.3.2), got " + theta + ", " + vartheta);
        this.option = option;
        this.theta = theta;
        this.vartheta = vartheta;
        this.guess = guess;
    }

    /** VI-A: option A, theta = 1/2. */
    public static GglTheta viA() { return new GglTheta(Option.A, 0.5, Double.NaN); }

    /** VI-B: option B, theta = 1, vartheta = 1/2. */
    public static GglTheta viB() { return new GglTheta(Option.B, 1.0, 0.5); }

    @Override
    public String name() {
        String base;
        if (option == Option.A) base = theta == 0.5 ? "ggl-vi-a" : "ggl-theta-a:" + theta;
        else base = theta == 1 && vartheta == 0.5 ? "ggl-vi-b" : "ggl-theta-b:" + theta + "," + vartheta;
        return base + (guess == Guess.ADVANCED ? (base.contains(":") ? "," : ":") + "advanced" : "");
    }

    @Override
    public String summary() {
        return option == Option.A ? "GGL variational integrator, option A, theta = " + theta + " (004 sec. 4.3.1, eq. 79)"
                : "GGL variational integrator, option B, theta = " + theta + ", vartheta = " + vartheta + " (004 sec. 4.3.2, eqs. 82-83)";
    }

    @Override public int order() { return option == Option.A && theta == 0.5 ? 2 : 1; }
    @Override public String conserves() { return "symplectic; momentum maps of symmetries; option A: the constraints at q_theta only, option B: g and G v at the nodes (004 secs. 4.2-4.3)"; }

    @Override public int multiplierOrder() { return 1; }

    // 004 secs. 4.2-4.3 and Table 1: symplectic, momentum maps; option A enforces the constraints at q_theta only, option B g at the nodes, and G v for theta = 1 (VI-B); option A's v is staggered
    @Override
    public Claims claims() {
        Claims c = Claims.by("004 secs. 4.2-4.3, Table 1", "spherical-pendulum", 0.1).symplecticMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps()
                .constraints(option == Option.B, option == Option.B && theta == 1);
        return option == Option.A ? c.orderIn(StateLayout.Q, StateLayout.P) : c;
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
        List<Expr> v1 = eq.unknowns("v1", n, v);
        List<Expr> lambda = eq.unknowns("lambda", m, lam);
        List<Expr> gamma = eq.unknowns("gamma", m, gam);
        // geomech signs: lambda = -lambda_004, gamma = -gamma_004
        List<Expr> qt = lerp(q, q1, theta);
        List<Expr> pt = lerp(p1, p, theta);                                                  // p^{n+1-theta} (75)
        eq.determine(Vec.plus(Vec.minus(Vec.minus(q1, q), Vec.times(H, v1)), Vec.times(H, minv(sys, gT(sys, qt, gamma)))), q1);   // (79a)/(82a)
        List<Expr> force = option == Option.A ? gT(sys, qt, lambda)
                : Vec.plus(Vec.times(num(1 - vartheta), gT(sys, q, lambda)), Vec.times(num(vartheta), gT(sys, q1, lambda)));
        eq.determine(Vec.minus(Vec.minus(Vec.plus(Vec.minus(p1, p), Vec.times(H, dV(sys, qt))), Vec.times(H, force)),
                Vec.times(H, t(sys, qt, gamma, v1))), p1);                                        // (79b)/(82b)
        List<Expr> r3 = Vec.minus(mass(sys, v1), pt);                                         // (79c)
        if (option == Option.B) {                                                            // (82c)
            List<Expr> c = Vec.minus(Vec.times(num(theta * (1 - vartheta)), gT(sys, q, lambda)),
                    Vec.times(num((1 - theta) * vartheta), gT(sys, q1, lambda)));
            r3 = Vec.minus(r3, Vec.times(H, c));
        }
        eq.determine(r3, v1);
        eq.determine(sys.at(sys.holonomic(), option == Option.A ? qt : q1, null), lambda);        // (79d)/(82d)
        eq.determine(gx(sys, qt, v1), gamma);                                                    // (79e)/(82e)
        List<Expr> update = new ArrayList<>(q1);
        update.addAll(v1);
        update.addAll(p1);
        update.addAll(lambda);
        update.addAll(gamma);
        return eq.system(name(), sys, layout, update);
    }
}
