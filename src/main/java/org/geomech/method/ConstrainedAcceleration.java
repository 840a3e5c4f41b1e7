package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * The index-1 form of a holonomically constrained Lagrangian system (000 eqs. 1.2-1.3): the acceleration A(q, v) and
 * multipliers lambda(q, v) solving the saddle system
 * <pre>
 *   L_vv A - G^T lambda = L_q - L_vq v,     G A = -v^T D^2g v,
 * </pre>
 * derived symbolically from the model, valid off the constraint manifold too. Multiplier sign as in 001 (force +G^T lambda).
 */
public final class ConstrainedAcceleration {
    private final List<Expr> acceleration;
    private final List<Expr> multipliers;

    /** The constrained acceleration of sys, solved symbolically from its saddle-point system. */
    public ConstrainedAcceleration(MechanicalSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException("model " + sys.name() + " has nonholonomic constraints; the index-1 form here covers holonomic ones only");
        int n = sys.dimension(), m = sys.holonomicCount();
        List<Expr> q = sys.q(), v = sys.v();
        Expr[][] mass = sys.kineticMetric(), g = sys.holonomicJacobian();
        Expr[][] lvq = Derivative.jacobian(sys.momenta(), q);
        Expr[][] k = new Expr[n + m][n + m];
        List<Expr> rhs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) k[i][j] = mass[i][j];
            for (int a = 0; a < m; a++) k[i][n + a] = neg(g[a][i]);
            rhs.add(sub(sys.force().get(i), dot(List.of(lvq[i]), v)));
        }
        for (int a = 0; a < m; a++) {
            for (int j = 0; j < n; j++) k[n + a][j] = g[a][j];
            for (int b = 0; b < m; b++) k[n + a][n + b] = ZERO;
            Expr[][] hess = Derivative.jacobian(List.of(g[a]), q);
            rhs.add(neg(dot(Vec.times(hess, v), v)));
        }
        List<Expr> x = SymbolicSolve.solve(k, rhs);
        this.acceleration = List.copyOf(x.subList(0, n));
        this.multipliers = List.copyOf(x.subList(n, n + m));
    }

    /** A(q, v) in the system's symbols q, dot(q) and parameters. */
    public List<Expr> acceleration() { return acceleration; }

    /** lambda(q, v), the multipliers of the continuous equations. */
    public List<Expr> multipliers() { return multipliers; }
}
