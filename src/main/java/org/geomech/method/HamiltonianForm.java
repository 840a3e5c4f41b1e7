package org.geomech.method;

import org.geomech.InputException;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/**
 * A nonholonomic system in the Hamiltonian form of 001 sec. 5 (eq. 15, App. E), derived from its Lagrangian:
 * H(q, p) = p . v - L(q, v) at v = FL^-1(q, p), its derivatives D1H, D2H, the constraint Psi(q, p) = Phi(q, FL^-1(q, p))
 * and flat_H(D2Psi) = D2Psi (D2^2 H)^-1, the constraint direction in T*Q; all in the symbols q and p of the state.
 * Needs FL^-1 in closed form (L quadratic in v with a diagonal metric), so that D2^2 H is diagonal.
 */
final class HamiltonianForm {
    private final MechanicalSystem sys;
    private final List<Expr> p;
    private final List<Expr> d1, d2, psi;
    private final Expr[][] flatPsi;

    HamiltonianForm(MechanicalSystem sys, List<Expr> p, String method) {
        this.sys = sys;
        this.p = p;
        List<Expr> v = sys.velocityFromMomentum(sys.q(), p).orElseThrow(() -> new InputException(method + " needs the Legendre map's inverse in "
                + "closed form (L quadratic in v with a diagonal kinetic metric); model " + sys.name() + " has none (use lobatto-nh:s)"));
        Expr h = sub(dot(p, v), sys.at(sys.lagrangian(), sys.q(), v));                           // H = p . v - L(q, v), v = FL^-1(q, p)
        d1 = Derivative.gradient(h, sys.q());
        d2 = Derivative.gradient(h, p);
        psi = sys.at(sys.nonholonomic(), sys.q(), v);
        Expr[][] d2psi = Derivative.jacobian(psi, p), d22h = Derivative.jacobian(d2, p);
        int n = sys.dimension();
        flatPsi = new Expr[psi.size()][n];
        for (int a = 0; a < psi.size(); a++)
            for (int i = 0; i < n; i++) flatPsi[a][i] = div(d2psi[a][i], d22h[i][i]);           // D2^2 H = M^-1, diagonal
    }

    private static Expr dot(List<Expr> a, List<Expr> b) {
        Expr s = ZERO;
        for (int i = 0; i < a.size(); i++) s = add(s, mul(a.get(i), b.get(i)));
        return s;
    }

    /** D1H(qAt, pAt). */
    List<Expr> d1(List<Expr> qAt, List<Expr> pAt) { return at(d1, qAt, pAt); }

    /** D2H(qAt, pAt), the velocity. */
    List<Expr> d2(List<Expr> qAt, List<Expr> pAt) { return at(d2, qAt, pAt); }

    /** Psi(qAt, pAt). */
    List<Expr> psi(List<Expr> qAt, List<Expr> pAt) { return at(psi, qAt, pAt); }

    /** flat_H(D2Psi)(qAt, pAt), m x n. */
    Expr[][] flatPsi(List<Expr> qAt, List<Expr> pAt) {
        Expr[][] out = new Expr[flatPsi.length][];
        for (int a = 0; a < flatPsi.length; a++) out[a] = at(List.of(flatPsi[a]), qAt, pAt).toArray(new Expr[0]);
        return out;
    }

    private List<Expr> at(List<Expr> exprs, List<Expr> qAt, List<Expr> pAt) {
        Map<Expr, Expr> m = new HashMap<>();
        for (int i = 0; i < p.size(); i++) {
            m.put(sys.q().get(i), qAt.get(i));
            m.put(p.get(i), pAt.get(i));
        }
        return new ArrayList<>(Exprs.substitute(exprs, m));
    }
}
