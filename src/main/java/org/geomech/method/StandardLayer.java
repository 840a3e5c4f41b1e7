package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/**
 * The standard layer of 000 (spec sec. 3.1): one explicit Runge-Kutta step of time t (negative allowed) on the augmented
 * system q' = v, v' = A(q, v), S' = L(q, v) from (q, v, 0), as expressions. Stage values
 * Q_i = q + t sum_j a_ij V_j, V_i = v + t sum_j a_ij A(Q_j, V_j); R^q = q + t sum b_i V_i, R^v = v + t sum b_i A(Q_i, V_i),
 * R^S = t sum b_i L(Q_i, V_i).
 */
public final class StandardLayer {
    /** The end of one step: positions, velocities and the accumulated action. */
    public record End(List<Expr> q, List<Expr> v, Expr action) {}

    private final MechanicalSystem sys;
    private final ButcherTableau tableau;
    private final List<Expr> acceleration;

    /** The standard layer of sys: the explicit Runge-Kutta method of tableau on the constrained acceleration a. */
    public StandardLayer(MechanicalSystem sys, ButcherTableau tableau, ConstrainedAcceleration a) {
        if (!tableau.isExplicit())
            throw new InputException("tableau " + tableau.name() + " is implicit; the standard layer must be an explicit Runge-Kutta method "
                    + "(its step and derivatives are closed-form expressions)");
        this.sys = sys;
        this.tableau = tableau;
        this.acceleration = a.acceleration();
    }

    /** The layer's explicit tableau. */
    public ButcherTableau tableau() { return tableau; }

    /** R_t(q, v) for expressions q, v and step t. */
    public End step(List<Expr> q, List<Expr> v, Expr t) {
        int s = tableau.stages(), n = q.size();
        double[][] a = tableau.a();
        double[] b = tableau.b();
        List<List<Expr>> stageV = new ArrayList<>(), stageA = new ArrayList<>();
        List<Expr> stageL = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            List<Expr> qi = combine(q, t, a[i], stageV), vi = combine(v, t, a[i], stageA);
            Map<Expr, Expr> at = new HashMap<>();
            for (int c = 0; c < n; c++) { at.put(sys.q().get(c), qi.get(c)); at.put(sys.v().get(c), vi.get(c)); }
            List<Expr> roots = new ArrayList<>(acceleration);
            roots.add(sys.lagrangian());
            List<Expr> values = Exprs.substitute(roots, at);
            stageV.add(vi);
            stageA.add(values.subList(0, n));
            stageL.add(values.get(n));
        }
        Expr action = ZERO;
        for (int i = 0; i < s; i++) action = add(action, mul(num(b[i]), stageL.get(i)));
        return new End(combine(q, t, b, stageV), combine(v, t, b, stageA), mul(t, action));
    }

    /** x + t sum_j w_j y_j over the nonzero weights (an explicit stage only reads the earlier stages). */
    private static List<Expr> combine(List<Expr> x, Expr t, double[] w, List<List<Expr>> y) {
        List<Expr> out = new ArrayList<>(x.size());
        for (int c = 0; c < x.size(); c++) {
            Expr s = ZERO;
            for (int j = 0; j < w.length; j++) if (w[j] != 0) s = add(s, mul(num(w[j]), y.get(j).get(c)));
            out.add(add(x.get(c), mul(t, s)));
        }
        return out;
    }
}
