package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.HALF;
import static org.geomech.expr.Expr.mul;
import static org.geomech.method.StepSystem.H;

/**
 * RATTLE for L = 1/2 v^T M v - U(q) with holonomic constraints (001 sec. 4.3 (a)), written directly:
 * a half kick with lambda, a drift, g(q_{k+1}) = 0, a half kick with mu and the tangency condition.
 * Unknowns: lambda and mu only (2m). Multiplier sign as in 001: the force is +G^T lambda.
 */
public final class Rattle implements Method {
    @Override public String name() { return "rattle"; }
    @Override public String summary() { return "RATTLE for holonomic constraints, mechanical Lagrangians (001 sec. 4.3 (a))"; }
    @Override public int order() { return 2; }
    // mu_n alone is a first-order approximation of lambda(t_{n+1}) (measured 0.97 on the planar pendulum)
    @Override public int multiplierOrder() { return 1; }

    // 001 sec. 4.3 (a): RATTLE is the constrained discrete Hamiltonian map of the trapezoidal discrete Lagrangian
    @Override
    public Claims claims() {
        return Claims.by("001 sec. 4.3 (a)", "spherical-pendulum", 0.1).symplecticMap().symmetricMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps().constraints(true, true);
    }

    @Override
    public String conserves() {
        return "g(q) = 0 and G(q) v = 0 at every step; symplectic and symmetric; energy up to a bounded O(h^2) error";
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException("rattle handles holonomic constraints only; model " + sys.name() + " has nonholonomic constraints (use lobatto-nh:s)");
        if (sys.constantMassMatrix().isEmpty() || sys.velocityFromMomentum(sys.q(), sys.q()).isEmpty())
            throw new InputException("rattle needs a mechanical Lagrangian 1/2 v'Mv - U(q) with a constant diagonal M; model "
                    + sys.name() + " is not of that form (use lobatto-holonomic:2)");
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), p = layout.p(), lambda = layout.lambda();
        List<Expr> lam = StepSystem.unknownVector("lambda", m), mu = StepSystem.unknownVector("mu", m);

        List<Expr> kick0 = Vec.plus(sys.at(sys.force(), q, null), Vec.transposeTimes(sys.at(sys.holonomicJacobian(), q, null), lam, n));
        List<Expr> pHalf = Vec.plus(p, Vec.times(mul(HALF, H), kick0));
        List<Expr> qNew = Vec.plus(q, Vec.times(H, sys.velocityFromMomentum(q, pHalf).orElseThrow()));
        List<Expr> kick1 = Vec.plus(sys.at(sys.force(), qNew, null), Vec.transposeTimes(sys.at(sys.holonomicJacobian(), qNew, null), mu, n));
        List<Expr> pNew = Vec.plus(pHalf, Vec.times(mul(HALF, H), kick1));
        List<Expr> vNew = sys.velocityFromMomentum(qNew, pNew).orElseThrow();

        StepEquations eq = new StepEquations();
        eq.unknowns(lam, lambda, sys.at(sys.holonomic(), qNew, null));                          // g(q_{n+1}) = 0
        eq.unknowns(mu, lambda, Vec.times(sys.at(sys.holonomicJacobian(), qNew, null), vNew));  // G(q_{n+1}) v_{n+1} = 0
        List<Expr> update = new ArrayList<>(qNew);
        update.addAll(vNew);
        update.addAll(pNew);
        update.addAll(mu);
        return eq.system(name(), sys, layout, update);
    }
}
