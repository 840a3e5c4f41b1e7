package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The straight-line form of a step system affine in a single unknown x: F(x) = F(0) + J x with
 * J = dF/dx free of x, so x = -F(0) / J in closed form (the guess does not matter), and an update affine in x is
 * written Psi(0) + (dPsi/dx) x, which shares F(0)'s subexpressions (the stage values at x = 0). Products and sums are
 * then rewritten with their factors of parameters and constants collected into one coefficient (lean). Hash-consing
 * computes every shared subexpression once.
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
     * The expressions rebuilt as coefficient times core: every product, quotient, negation and integer
     * power collects its factors made of parameters and constants into one coefficient, and a sum of terms with the same
     * coefficient (or opposite ones) takes it out, k a + k b = k (a + b), as a hand-written step computes c2 (a . q) with
     * one invariant c2. Division by a parameter expression becomes a factor 1/d of the coefficient. The coefficients
     * depend on parameters alone, so a backend computes them once, outside the step loop; this changes the rounding of
     * the step, the same on every backend since they all evaluate these expressions.
     */
    static List<Expr> lean(List<Expr> roots, List<Expr> params) {
        Set<Expr> invariant = Collections.newSetFromMap(new IdentityHashMap<>());
        invariant.addAll(params);
        Map<Expr, Factored> memo = new IdentityHashMap<>();
        for (Expr e : Exprs.topological(roots)) memo.put(e, factored(e, memo, invariant));
        List<Expr> out = new ArrayList<>(roots.size());
        for (Expr r : roots) out.add(memo.get(r).value());
        return out;
    }

    /** coefficient * core: the coefficient of parameters and constants, the core ONE or with no such factor at its top. */
    private record Factored(Expr coefficient, Expr core) {
        /** Normalised: a constant core, or a core that is itself a constant multiple or a negation, moves into the coefficient. */
        static Factored of(Expr coefficient, Expr core) {
            if (core.isConst()) return new Factored(times(coefficient, core), Expr.ONE);
            if (core.op() == Expr.Op.MUL && core.arg(0).isConst()) return of(times(coefficient, core.arg(0)), core.arg(1));
            if (core.op() == Expr.Op.NEG) return of(times(coefficient, Expr.MINUS_ONE), core.arg(0));
            return new Factored(coefficient, core);
        }

        boolean invariant() { return core == Expr.ONE; }

        /**
         * The product, the coefficient joined to the strictly taller factor of the core, down the chain: (c L) q_i, shared
         * over i, rather than c (L q_i). Heights and printed forms, not creation order, decide: the rounding must not
         * depend on what else a JVM built first.
         */
        Expr value() { return scaled(coefficient, core); }

        private static Expr scaled(Expr k, Expr core) {
            if (core == Expr.ONE) return k;
            if (k == Expr.ONE) return core;
            if (core.op() != Expr.Op.MUL) return Expr.mul(k, core);
            int h0 = core.arg(0).height(), h1 = core.arg(1).height();
            if (h0 == h1) return Expr.mul(k, core);
            boolean first = h0 > h1;
            return Expr.mul(scaled(k, core.arg(first ? 0 : 1)), core.arg(first ? 1 : 0));
        }
    }

    private static Factored factored(Expr e, Map<Expr, Factored> memo, Set<Expr> invariant) {
        if (e.isConst() || invariant.contains(e)) return new Factored(e, Expr.ONE);
        if (e.arity() == 0) return new Factored(Expr.ONE, e);
        List<Factored> args = new ArrayList<>(e.arity());
        boolean allInvariant = true;
        for (Expr a : e.args()) {
            Factored f = memo.get(a);
            args.add(f);
            allInvariant &= f.invariant();
        }
        if (allInvariant) return new Factored(e.with(args.stream().map(Factored::value).toList()), Expr.ONE);
        Factored a = args.get(0), b = e.arity() > 1 ? args.get(1) : null;
        switch (e.op()) {
            case MUL: return Factored.of(times(a.coefficient(), b.coefficient()), Expr.mul(a.core(), b.core()));
            case DIV: return Factored.of(times(a.coefficient(), Expr.div(Expr.ONE, b.coefficient())), Expr.div(a.core(), b.core()));
            case NEG: return Factored.of(times(a.coefficient(), Expr.MINUS_ONE), a.core());
            case POW:
                if (e.arg(1).isInteger()) return Factored.of(Expr.pow(a.coefficient(), e.arg(1)), Expr.pow(a.core(), e.arg(1)));
                break;
            case ADD:
                if (a.coefficient() == b.coefficient()) return Factored.of(a.coefficient(), Expr.add(a.core(), b.core()));
                if (b.coefficient() == times(a.coefficient(), Expr.MINUS_ONE)) return Factored.of(a.coefficient(), Expr.sub(a.core(), b.core()));
                break;
            default: break;
        }
        return Factored.of(Expr.ONE, e.with(args.stream().map(Factored::value).toList()));
    }

    /** The product of two coefficients with their factors in one canonical order (the constant, then by printed form), so equal products are one node. */
    private static Expr times(Expr a, Expr b) {
        List<Expr> factors = new ArrayList<>();
        double k = factors(a, factors) * factors(b, factors);
        factors.sort(Comparator.comparing(Expr::toString));
        Expr out = Expr.num(k);
        for (Expr f : factors) out = Expr.mul(out, f);
        return out;
    }

    /** Adds the non-constant factors of a product to out; returns its constant factor. */
    private static double factors(Expr e, List<Expr> out) {
        if (e.isConst()) return e.value();
        if (e.op() == Expr.Op.NEG) return -factors(e.arg(0), out);
        if (e.op() != Expr.Op.MUL) { out.add(e); return 1; }
        return factors(e.arg(0), out) * factors(e.arg(1), out);
    }
}
