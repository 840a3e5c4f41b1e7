package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.lie.Matrices;
import org.geomech.model.LieGroupSystem;

import java.util.List;

/**
 * The right-trivialised vector field of 003 eq. (5): (xi, n) = f(Q, M) with xi = D2 h(Q, M) and n = -(D1 h(Q, M)) Q^-1
 * from the model's Hamiltonian, or, without one, xi solving D2 l(Q, xi) = M and n = (D1 l(Q, xi)) Q^-1 (eq. 4).
 * n is not mu-dot (003 spec pitfall P3).
 */
final class LieVectorField {
    private final LieGroupSystem sys;
    private final List<Expr> velocity;   // D2 h(g, mu)
    private final List<Expr> forceH;     // -(D1 h) g^-1
    private final List<Expr> forceL;     // (D1 l) g^-1

    LieVectorField(LieGroupSystem sys) {
        this.sys = sys;
        Expr h = sys.hamiltonian().orElse(null);
        this.velocity = h == null ? null : Derivative.gradient(h, sys.mu());
        this.forceH = h == null ? null : Matrices.negate(sys.gradientRight(h));
        this.forceL = sys.gradientRight(sys.lagrangian());
    }

    boolean explicit() { return velocity != null; }

    /** xi = D2 h(Q, M); only with a Hamiltonian. */
    List<Expr> velocity(List<Expr> q, List<Expr> m) { return sys.atMomentum(velocity, q, m); }

    /** n at (Q, M, xi): from h where given, else from l at (Q, xi). */
    List<Expr> force(List<Expr> q, List<Expr> m, List<Expr> xi) {
        return explicit() ? sys.atMomentum(forceH, q, m) : sys.at(forceL, q, xi);
    }

    /** The residual tying xi to (Q, M): xi - D2 h(Q, M), or D2 l(Q, xi) - M. */
    List<Expr> legendre(List<Expr> q, List<Expr> m, List<Expr> xi) {
        return explicit() ? Vec.minus(xi, velocity(q, m)) : Vec.minus(sys.at(sys.momentum(), q, xi), m);
    }
}
