package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The straight-line form of a step system affine in a single unknown x (issue 8 item 2): F(x) = F(0) + J x with
 * J = dF/dx free of x, so x = -F(0) / J in closed form (the guess does not matter), and an update affine in x is
 * written Psi(0) + (dPsi/dx) x, which shares F(0)'s subexpressions (the stage values at x = 0). Products and sums are
 * then rewritten where a power-of-two factor moves exactly (a (2 b) = 2 (a b), 2 a + 2 b = 2 (a + b), 2 (h b) = (2 h) b
 * with 2 h computed once from the parameters). Hash-consing computes every shared subexpression once.
 */
final class StepProgram {
    private StepProgram() {}

    /**
     * The next state as expressions of the state and parameters, then the unknowns' closed forms in their order;
     * empty unless s is affine in one unknown or triangular (see triangular).
     */
    static Optional<List<Expr>> of(StepSystem s) {
        if (s.unknowns().size() != 1 || !s.isLinear()) return triangular(s);
        Expr x = s.unknowns().get(0);
        Map<Expr, Expr> atZero = Map.of(x, Expr.ZERO);
        Expr solution = Expr.neg(Expr.div(Exprs.substitute(s.residuals().get(0), atZero), s.jacobian()[0][0]));
        List<Expr> all = new ArrayList<>();
        for (Expr psi : s.update()) {
            Expr slope = Derivative.of(psi, x);
            all.add(Exprs.dependsOn(slope, List.of(x)) ? Exprs.substitute(psi, Map.of(x, solution))
                    : Expr.add(Exprs.substitute(psi, atZero), Expr.mul(slope, solution)));
        }
        all.add(solution);
        return Optional.of(lean(all, s.params()));
    }

    /**
     * Unknowns solved one at a time where, in turn, some residual holds a single unknown still open, affine or
     * quadratic in it (RATTLE on one constraint: the position constraint quadratic in lambda, then the velocity
     * constraint affine in mu, 001 sec. 4.3 (a)); the quadratic's root is the one nearest zero, where Newton from
     * a small guess goes. Empty where the system is not triangular so.
     */
    private static Optional<List<Expr>> triangular(StepSystem s) {
        List<Expr> open = new ArrayList<>(s.unknowns()), residuals = new ArrayList<>(s.residuals());
        Map<Expr, Expr> solved = new HashMap<>();
        while (!open.isEmpty()) {
            Expr found = null;
            for (int k = 0; k < residuals.size() && found == null; k++) {
                Expr f = residuals.get(k);
                Set<Expr> in = Exprs.symbols(f);
                List<Expr> held = open.stream().filter(in::contains).toList();
                if (held.size() != 1) continue;
                Expr x = held.get(0), root = closedForm(f, x);
                if (root == null) continue;
                solved.put(x, root);
                open.remove(x);
                residuals.remove(k);
                found = x;
            }
            if (found == null) return Optional.empty();
            residuals = Exprs.substitute(residuals, Map.of(found, solved.get(found)));
            for (Map.Entry<Expr, Expr> e : solved.entrySet()) e.setValue(Exprs.substitute(e.getValue(), Map.of(found, solved.get(found))));
        }
        List<Expr> all = new ArrayList<>(Exprs.substitute(s.update(), solved));
        for (Expr x : s.unknowns()) all.add(solved.get(x));
        return Optional.of(lean(all, s.params()));
    }

    /**
     * The root of f(x) = c + b x + a x^2 nearest zero when f is affine or quadratic in x: x = -c / b, or
     * x = -2 c / (b (1 + sqrt(1 - 4 a c / b^2))), free of the cancellation of the textbook formula; else null.
     */
    private static Expr closedForm(Expr f, Expr x) {
        Expr slope = Derivative.of(f, x), curvature = Derivative.of(slope, x);
        if (Exprs.dependsOn(curvature, List.of(x))) return null;
        Map<Expr, Expr> atZero = Map.of(x, Expr.ZERO);
        Expr c = Exprs.substitute(f, atZero), b = Exprs.substitute(slope, atZero);
        if (curvature.isConst(0)) return Expr.neg(Expr.div(c, b));
        Expr a = Expr.mul(Expr.HALF, curvature);
        Expr root = Expr.sqrt(Expr.sub(Expr.ONE, Expr.div(Expr.mul(Expr.num(4), Expr.mul(a, c)), Expr.mul(b, b))));
        return Expr.neg(Expr.div(Expr.mul(Expr.TWO, c), Expr.mul(b, Expr.add(Expr.ONE, root))));
    }

    /**
     * The expressions rebuilt with power-of-two factors moved out of products and sums, and into a factor made of
     * parameters only (exact in binary floating point, barring overflow and underflow).
     */
    static List<Expr> lean(List<Expr> roots, List<Expr> params) {
        Map<Expr, Expr> memo = new IdentityHashMap<>();
        Set<Expr> invariant = Collections.newSetFromMap(new IdentityHashMap<>());
        invariant.addAll(params);
        for (Expr e : Exprs.topological(roots)) {
            if (e.arity() == 0) { memo.put(e, e); continue; }
            List<Expr> args = new ArrayList<>(e.arity());
            for (Expr a : e.args()) args.add(memo.get(a));
            memo.put(e, e.op() == Expr.Op.MUL ? product(args.get(0), args.get(1), invariant)
                    : e.op() == Expr.Op.ADD ? sum(args.get(0), args.get(1)) : e.with(args));
        }
        List<Expr> out = new ArrayList<>(roots.size());
        for (Expr r : roots) out.add(memo.get(r));
        return out;
    }

    /**
     * a b with a power-of-two factor of either operand moved in front, a (k b) = k (a b), and a leading one moved
     * into a parameter factor, k (h b) = (k h) b; invariant collects the products of parameters and constants.
     */
    private static Expr product(Expr a, Expr b, Set<Expr> invariant) {
        Expr out;
        if (!a.isConst() && scaled(b) && !invariant.contains(b)) out = product(b.arg(0), product(a, b.arg(1), invariant), invariant);
        else if (!b.isConst() && scaled(a) && !invariant.contains(a)) out = product(a.arg(0), product(a.arg(1), b, invariant), invariant);
        else if (a.isConst() && b.op() == Expr.Op.MUL && powerOfTwo(a) && (invariant.contains(b.arg(0)) || invariant.contains(b.arg(1)))) {
            boolean first = invariant.contains(b.arg(0));
            Expr factor = product(a, first ? b.arg(0) : b.arg(1), invariant);
            out = product(factor, first ? b.arg(1) : b.arg(0), invariant);
        } else out = Expr.mul(a, b);
        if ((a.isConst() || invariant.contains(a)) && (b.isConst() || invariant.contains(b))) invariant.add(out);
        return out;
    }

    /** a + b with a common power-of-two factor taken out: k a + k b = k (a + b), k a + (-k) b = k (a - b). */
    private static Expr sum(Expr a, Expr b) {
        if (scaled(a) && scaled(b)) {
            double k = a.arg(0).value(), l = b.arg(0).value();
            if (k == l) return Expr.mul(a.arg(0), sum(a.arg(1), b.arg(1)));
            if (k == -l) return Expr.mul(a.arg(0), Expr.sub(a.arg(1), b.arg(1)));
        }
        return Expr.add(a, b);
    }

    /** k x with k a constant power of two (negative ones too). */
    private static boolean scaled(Expr e) { return e.op() == Expr.Op.MUL && powerOfTwo(e.arg(0)); }

    private static boolean powerOfTwo(Expr e) {
        if (!e.isConst()) return false;
        double k = Math.abs(e.value());
        return k != 0 && Double.isFinite(k) && Math.getExponent(k) >= Double.MIN_EXPONENT && k == Math.scalb(1.0, Math.getExponent(k));
    }
}
