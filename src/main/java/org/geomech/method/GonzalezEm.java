package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.GglTerms.*;
import static org.geomech.method.StepSystem.H;

/**
 * EM-G, Gonzalez's energy-momentum scheme for holonomic constraints (Gonzalez 1999, 004's comparison scheme of
 * sec. 6.3; 004 spec sec. 3.6):
 * <pre>
 * q1 - q0 = h M^-1 p_m,   p1 - p0 = -h D^G V(q0, q1) + h G(q_m)^T lambda,   g(q1) = 0
 * </pre>
 * (geomech's sign, force +G^T lambda). D^G g = G(q_m) is exact for the quadratic constraints it accepts; D^G V as in
 * EM. Unknowns q^{n+1}, p^{n+1}, lambda^{n+1} (2n + m). Conserves H and the momentum maps; the hidden constraint is
 * not enforced.
 */
public final class GonzalezEm implements Method {
    private final Guess guess;

    public GonzalezEm() { this(Guess.SIMPLE); }

    GonzalezEm(Guess guess) { this.guess = guess; }

    @Override public String name() { return "gonzalez-em" + (guess == Guess.ADVANCED ? ":advanced" : ""); }
    @Override public String summary() { return "Gonzalez's energy-momentum scheme EM-G for holonomic constraints (004 sec. 6.3, ref. [14])"; }
    @Override public int order() { return 2; }
    @Override public String conserves() { return "energy and momentum maps exactly, g at the nodes; the hidden constraint is not enforced (Gonzalez 1999)"; }

    @Override public int multiplierOrder() { return 1; }

    // 004 Table 1 (Gonzalez 1999): energy and momentum maps exact, g at the nodes, the hidden constraint not enforced
    @Override
    public Claims claims() {
        return Claims.by("004 Table 1, ref. [14]", "spherical-pendulum", 0.1).energyError(Claims.Energy.EXACT).conservesMomentumMaps().constraints(true, false);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        requireMechanical(name(), sys);
        requireQuadraticConstraints(name(), sys);
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), p = layout.p();
        StepEquations eq = new StepEquations();
        List<Expr> q1 = eq.unknowns("q1", n, guess == Guess.ADVANCED ? Vec.plus(q, Vec.times(H, minv(sys, p))) : q);
        List<Expr> p1 = eq.unknowns("p1", n, p);
        List<Expr> lambda = eq.unknowns("lambda", m, layout.lambda());
        List<Expr> qm = midpoint(q, q1), pm = midpoint(p, p1);
        eq.determine(Vec.minus(Vec.minus(q1, q), Vec.times(H, minv(sys, pm))), q1);
        eq.determine(Vec.minus(Vec.plus(Vec.minus(p1, p), Vec.times(H, discreteGradient(name(), sys, q, q1))), Vec.times(H, gT(sys, qm, lambda))), p1);
        eq.determine(sys.at(sys.holonomic(), q1, null), lambda);
        List<Expr> update = new ArrayList<>(q1);
        update.addAll(minv(sys, p1));
        update.addAll(p1);
        update.addAll(lambda);
        return eq.system(name(), sys, layout, update);
    }
}
