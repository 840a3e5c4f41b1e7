package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/**
 * The pieces 004's GGL schemes are written with, for L = 1/2 v'Mv - V(q) with a constant diagonal M:
 * M^-1, DV, G(q), the contraction T(q; w) x = sum_k w_k D^2 g_k(q) x (004 spec sec. 3.0), the guesses, and the
 * discrete gradients of the energy-momentum schemes (004 eqs. 85-86, 99, 122-126).
 */
final class GglTerms {
    private GglTerms() {}

    /** Which starting value Newton gets for q^{n+1} (004 sec. 6.3, Table 2): q^n, or q^n + h v^n. */
    enum Guess { SIMPLE, ADVANCED }

    static void requireMechanical(String method, MechanicalSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException(method + " handles holonomic constraints only; model " + sys.name() + " has nonholonomic constraints");
        if (sys.constantMassMatrix().isEmpty() || sys.velocityFromMomentum(sys.q(), sys.q()).isEmpty())
            throw new InputException(method + " needs L = 1/2 v'Mv - V(q) with a constant diagonal M (004 sec. 2, derived for constant M); model "
                    + sys.name() + " is not of that form");
    }

    /** M^-1 w. */
    static List<Expr> minv(MechanicalSystem sys, List<Expr> w) { return sys.velocityFromMomentum(sys.q(), w).orElseThrow(); }

    /** M w. */
    static List<Expr> mass(MechanicalSystem sys, List<Expr> w) {
        Expr[][] m = sys.constantMassMatrix().orElseThrow();
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < w.size(); i++) out.add(mul(m[i][i], w.get(i)));
        return out;
    }

    /** DV at qAt. */
    static List<Expr> dV(MechanicalSystem sys, List<Expr> qAt) {
        return sys.at(Derivative.gradient(sys.potential(), sys.q()), qAt, null);
    }

    /** G(qAt), m x n. */
    static Expr[][] g(MechanicalSystem sys, List<Expr> qAt) { return sys.at(sys.holonomicJacobian(), qAt, null); }

    /** G(qAt)^T w. */
    static List<Expr> gT(MechanicalSystem sys, List<Expr> qAt, List<Expr> w) {
        return Vec.transposeTimes(g(sys, qAt), w, sys.dimension());
    }

    /** G(qAt) x. */
    static List<Expr> gx(MechanicalSystem sys, List<Expr> qAt, List<Expr> x) { return Vec.times(g(sys, qAt), x); }

    /** T(qAt; w) x = d/dq (w . G(q) x) at qAt, x and w held fixed (004 spec sec. 3.0). */
    static List<Expr> t(MechanicalSystem sys, List<Expr> qAt, List<Expr> w, List<Expr> x) {
        int n = sys.dimension();
        List<Expr> z = StepSystem.unknownVector("ggl_z", n);     // placeholders: w and x may hold q symbols
        Expr[][] gz = sys.at(sys.holonomicJacobian(), z, null);
        Expr e = ZERO;
        for (int a = 0; a < gz.length; a++) e = add(e, mul(w.get(a), dot(List.of(gz[a]), x)));
        List<Expr> grad = Derivative.gradient(e, z);
        Map<Expr, Expr> sub = new HashMap<>();
        for (int i = 0; i < n; i++) sub.put(z.get(i), qAt.get(i));
        return Exprs.substitute(grad, sub);
    }

    static List<Expr> lerp(List<Expr> a, List<Expr> b, double theta) {
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) out.add(add(mul(num(1 - theta), a.get(i)), mul(num(theta), b.get(i))));
        return out;
    }

    static List<Expr> midpoint(List<Expr> a, List<Expr> b) {
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) out.add(mul(HALF, add(a.get(i), b.get(i))));
        return out;
    }

    /** True when e is a polynomial of degree <= 2 in the variables (its Hessian is free of them). */
    static boolean atMostQuadratic(Expr e, List<Expr> vars) {
        for (Expr d : Derivative.gradient(e, vars)) for (Expr dd : Derivative.gradient(d, vars)) if (Exprs.dependsOn(dd, vars)) return false;
        return true;
    }

    /** The holonomic constraints must be at most quadratic: 004 gives midpoint discrete derivatives of g, g^v only for those. */
    static void requireQuadraticConstraints(String method, MechanicalSystem sys) {
        for (int a = 0; a < sys.holonomicCount(); a++)
            if (!atMostQuadratic(sys.holonomic().get(a), sys.q()))
                throw new InputException(method + " needs constraints at most quadratic in q (004 gives discrete derivatives of g only for those); constraint "
                        + (a + 1) + " of " + sys.name() + " is not");
    }

    /**
     * A discrete gradient D^G V(q0, q1) with V(q1) - V(q0) = D^G V . (q1 - q0) exactly that keeps the momentum maps of
     * linear symmetries (004 eqs. 85-86), term by term of V: a term at most quadratic gets its midpoint gradient (004
     * eq. 99); a term F(pi(q)) with pi a quadratic invariant and F a polynomial gets Greenspan's invariant form
     * (F(pi1) - F(pi0)) / (pi1 - pi0) grad pi(q_mid) (004 eqs. 122-126), the quotient written as the exact divided
     * difference sum_k F^(k)(pi0)/k! (pi1 - pi0)^(k-1) so it never divides by zero. Other terms are refused.
     */
    static List<Expr> discreteGradient(String method, MechanicalSystem sys, List<Expr> q0, List<Expr> q1) {
        int n = sys.dimension();
        List<Expr> qs = sys.q(), qm = midpoint(q0, q1);
        List<Expr> out = new ArrayList<>(java.util.Collections.nCopies(n, ZERO));
        for (Expr term : additiveTerms(sys.potential())) {
            if (!Exprs.dependsOn(term, qs)) continue;
            List<Expr> part;
            if (atMostQuadratic(term, qs)) {
                part = sys.at(Derivative.gradient(term, qs), qm, null);
            } else {
                part = invariantForm(term, qs, sys, q0, q1, qm);
                if (part == null)
                    throw new InputException(method + ": the potential term " + term + " of " + sys.name()
                            + " is neither at most quadratic nor a polynomial of one quadratic invariant; 004 gives no discrete gradient for it");
            }
            out = Vec.plus(out, part);
        }
        return out;
    }

    private static List<Expr> additiveTerms(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e.op() == Expr.Op.ADD) { out.addAll(additiveTerms(e.arg(0))); out.addAll(additiveTerms(e.arg(1))); }
        else if (e.op() == Expr.Op.NEG) for (Expr t : additiveTerms(e.arg(0))) out.add(neg(t));
        else out.add(e);
        return out;
    }

    private static List<Expr> invariantForm(Expr term, List<Expr> qs, MechanicalSystem sys, List<Expr> q0, List<Expr> q1, List<Expr> qm) {
        Expr p = sym("$ggl_pi");
        java.util.ArrayDeque<Expr> queue = new java.util.ArrayDeque<>(term.args());
        java.util.Set<Expr> seen = new java.util.HashSet<>();
        while (!queue.isEmpty()) {
            Expr e = queue.poll();
            if (!seen.add(e) || !Exprs.dependsOn(e, qs)) continue;
            if (!atMostQuadratic(e, qs)) { queue.addAll(e.args()); continue; }
            Expr f = Exprs.substitute(term, Map.of(e, p));
            if (Exprs.dependsOn(f, qs)) continue;
            if (!polynomialIn(f, p)) return null;
            Expr pi0 = sys.at(e, q0, null), pi1 = sys.at(e, q1, null), d = sub(pi1, pi0);
            Expr dd = ZERO, fk = f, power = ONE;
            double factorial = 1;
            for (int k = 1; ; k++) {
                fk = Derivative.of(fk, p);
                if (fk.isConst(0)) break;
                if (k > 32) return null;
                factorial *= k;
                dd = add(dd, mul(div(Exprs.substitute(fk, Map.of(p, pi0)), num(factorial)), power));
                power = mul(power, d);
            }
            return Vec.times(dd, sys.at(Derivative.gradient(e, qs), qm, null));
        }
        return null;
    }

    /** Structurally a polynomial in x: sums, products, non-negative integer powers, divisions by x-free factors. */
    private static boolean polynomialIn(Expr e, Expr x) {
        if (!Exprs.dependsOn(e, List.of(x))) return true;
        switch (e.op()) {
            case SYM: return true;
            case ADD: case MUL: return polynomialIn(e.arg(0), x) && polynomialIn(e.arg(1), x);
            case NEG: return polynomialIn(e.arg(0), x);
            case DIV: return polynomialIn(e.arg(0), x) && !Exprs.dependsOn(e.arg(1), List.of(x));
            case POW: return e.arg(1).isInteger() && e.arg(1).value() >= 0 && polynomialIn(e.arg(0), x);
            default: return false;
        }
    }
}
