package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.StepSystem.H;

/**
 * rk:TABLEAU: a plain explicit Runge-Kutta step on the index-1 form q' = v, v' = A(q, v) (000 eqs. 1.2-1.3), the
 * comparison method 000 contrasts with its variational twin: no unknowns, constraints not enforced (they drift).
 * Carries the multipliers lambda(q, v) of the index-1 form at the new state.
 */
public final class ExplicitRungeKutta implements Method {
    private final ButcherTableau tableau;

    public ExplicitRungeKutta(ButcherTableau tableau) { this.tableau = tableau; }

    @Override public String name() { return "rk:" + tableau.name(); }
    @Override public String summary() { return "explicit Runge-Kutta " + tableau.name() + " on the index-1 form, constraints not enforced (000 sec. 1)"; }
    @Override public int order() { return tableau.order(); }
    @Override public int multiplierOrder() { return tableau.order(); }
    @Override public String conserves() { return "nothing: g(q), G(q) v and the energy drift at the method's order"; }

    // 000 spec sec. 6: plain RK on the index-1 form, the contrast to vi: (no structure kept)
    @Override
    public Claims claims() {
        return Claims.by("000 sec. 1, spec sec. 6", "double-pendulum", tableau.order() >= 3 ? 0.2 : 0.1);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        ConstrainedAcceleration a = new ConstrainedAcceleration(sys);
        StandardLayer.End end = new StandardLayer(sys, tableau, a).step(sys.q(), sys.v(), H);
        StateLayout layout = new StateLayout(sys, sys.holonomicCount());
        List<Expr> update = new ArrayList<>(end.q());
        update.addAll(end.v());
        update.addAll(sys.at(sys.momenta(), end.q(), end.v()));
        update.addAll(sys.at(a.multipliers(), end.q(), end.v()));
        return new StepEquations().system(name(), sys, layout, update);     // explicit: no unknowns
    }
}
