package org.geomech.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tree-height reduction of a straight-line step: its update rewritten so that the chain of dependent operations from
 * one step's state to the next, in the cycles of a pipelined vector unit, is shorter, then its sums with a product fused
 * (Exprs.fused). A lane-block's steps in registers are that chain over and over (a loop-carried dependence): on a core
 * whose pipes could take the step's operations in half the time, lobatto-nh:2 on chaotic-nh waited 61 cycles a step
 * for it (RESULTS.md, the Zen 5 machine). Three rewrites, each taken only where it makes its node's value ready strictly
 * sooner under the latencies below, given when the state's components are ready:
 * <ul>
 * <li>a sum (through the sums only it uses) added in Huffman's order of its terms' ready times, the two soonest first,
 * a product among the two fused into the addition (or the negation of one with a factor of parameters alone);</li>
 * <li>a quotient x / y whose divisor is ready well before its dividend as x * (1 / y): the division leaves the chain;</li>
 * <li>a product (through the products only it uses) multiplied in the same order: k * (x * (1 / y)) with k and y early
 * as (k * (1 / y)) * x.</li>
 * </ul>
 * Nothing is computed twice, but a rewrite may add an operation (the reciprocal's multiplication, a product not fused
 * where two products are added first): the step's modelled cycles count them. Each changes the rounding of its node's
 * value (by an ulp or so); the result is one definition that every backend lowers alike, so they still agree bitwise.
 * Values of the invariant inputs (the parameters) and constants alone are hoisted out of a kernel's step loop: ready at
 * the start.
 */
public final class TreeHeight {
    /**
     * Latencies in cycles of the vector units of current x86 cores (AMD Zen 4 and 5, Intel's AVX-512 cores): add and
     * multiply 3, fused multiply-add 4, divide about 13, a negation (a sign flip) 1, a square root 15, other functions
     * about 20 (inlined polynomials).
     */
    static final int ADD = 3, MUL = 3, FMA = 4, DIV = 13, NEG = 1, SQRT = 15, CALL = 20;
    /** Rewrites from the ready times of the state found by the previous one: the first takes the whole state as ready at once. */
    static final int ROUNDS = 3;

    private final Set<Expr> invariant;
    private final Map<Expr, Integer> arrival;
    private final Map<Expr, Integer> uses = new IdentityHashMap<>();
    private final Map<Expr, Expr> rewritten = new IdentityHashMap<>();
    private final Map<Expr, Integer> ready = new IdentityHashMap<>();
    private final Set<Expr> hoisted = Collections.newSetFromMap(new IdentityHashMap<>());

    /** invariant: the inputs a step loop does not change; arrival: when the others are ready (0 where not given). */
    private TreeHeight(Set<Expr> invariant, Map<Expr, Integer> arrival) {
        this.invariant = invariant;
        this.arrival = arrival;
    }

    /**
     * The update of a step, update.get(c) the next value of state.get(c), with its sums with a product fused and, where
     * that makes a step take fewer cycles (Steady.cycles), its chains shortened: rewritten ROUNDS times, each from the
     * ready times of the state in the steady state of the step loop of the one before, the fewest cycles taken. A step
     * that is one long chain (chained) is left as fused: backends overlap its members' steps instead (the simd backend's
     * group kernel), where only its operations count. invariant: the inputs the step does not change (its parameters).
     */
    public static List<Expr> reduced(List<Expr> state, List<Expr> update, Collection<Expr> invariant) {
        List<Expr> best = Exprs.fused(update);
        if (chained(best)) return best;
        Set<Expr> fixed = Collections.newSetFromMap(new IdentityHashMap<>());
        fixed.addAll(invariant);
        double fewest = Steady.of(state, best, fixed).cycles();
        Map<Expr, Integer> arrival = new IdentityHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            List<Expr> candidate = new TreeHeight(fixed, arrival).rewrite(update);
            Steady steady = Steady.of(state, candidate, fixed);
            if (steady.cycles() < fewest) {
                best = candidate;
                fewest = steady.cycles();
            }
            if (steady.arrival().equals(arrival)) break;       // the next round would rewrite from the same times
            arrival = steady.arrival();
        }
        return best;
    }

    /** The cycles a step of this update takes in the model (Steady.cycles): for tests and diagnostics. */
    public static double cycles(List<Expr> state, List<Expr> update, Collection<Expr> invariant) {
        Set<Expr> fixed = Collections.newSetFromMap(new IdentityHashMap<>());
        fixed.addAll(invariant);
        return Steady.of(state, update, fixed).cycles();
    }

    /**
     * Whether a step's update is one long chain rather than many short ones: its longest path (Expr.height) is more than
     * a quarter of its operations (Tape.flops). The simd backend runs such a step in its group kernel, whose lane-blocks'
     * independent steps overlap, and the others with a lane-block's state in registers (RESULTS.md, code measurements).
     */
    public static boolean chained(List<Expr> update) {
        int longest = 0;
        for (Expr e : update) longest = Math.max(longest, e.height());
        return 4L * longest > Tape.compile(new ArrayList<>(Exprs.symbols(update)), update).flops();
    }

    /**
     * The step loop x_{k+1} = update(x_k) in the max-plus algebra of the latencies: period, the cycles a step takes once
     * the loop runs in its steady state (the chain from a step's state to the next, overlapped from step to step as an
     * out-of-order core does); arrival, when each component of the state is ready in that state, after the soonest;
     * operations, those of a step that are not hoisted out of the loop (a fused multiply-add one).
     */
    record Steady(double period, Map<Expr, Integer> arrival, int operations) {
        /** Steps simulated: to reach the steady state, then to measure its period. */
        static final int STEPS = 64;
        /** Vector operations a core starts per cycle: two (two FMA pipes, as AMD's Zen 5 and Intel's server cores have for 512 bits). */
        static final double ISSUE = 2;

        /** The cycles of a step: its chain's or its operations', whichever bounds it. */
        double cycles() { return Math.max(period, operations / ISSUE); }

        /** Simulates the loop on arrays: each node's latency and the nodes it waits for, from one pass of the rules of time. */
        static Steady of(List<Expr> state, List<Expr> update, Set<Expr> invariant) {
            TreeHeight rules = new TreeHeight(invariant, Map.of());
            List<Expr> nodes = Exprs.topological(update);
            Map<Expr, Integer> index = new IdentityHashMap<>();
            for (int i = 0; i < nodes.size(); i++) index.put(nodes.get(i), i);
            int n = nodes.size(), operations = 0;
            int[] latency = new int[n], component = new int[n];
            int[][] waits = new int[n][];
            Arrays.fill(component, -1);
            for (int c = 0; c < state.size(); c++) {
                Integer at = index.get(state.get(c));
                if (at != null && !invariant.contains(state.get(c))) component[at] = c;
            }
            for (int i = 0; i < n; i++) {
                Expr e = nodes.get(i);
                rules.time(e);
                if (e.arity() == 0 || rules.hoisted.contains(e)) { waits[i] = new int[0]; continue; }
                operations++;
                int fused = Exprs.fusedProduct(e);
                List<Expr> on = fused >= 0 ? List.of(e.arg(fused).arg(0), e.arg(fused).arg(1), e.arg(1 - fused)) : e.args();
                waits[i] = new int[on.size()];
                for (int w = 0; w < on.size(); w++) waits[i][w] = index.get(on.get(w));
                latency[i] = fused >= 0 ? FMA : latency(e);
            }
            int[] root = new int[update.size()];
            for (int c = 0; c < root.length; c++) root[c] = index.get(update.get(c));
            int[] arrival = new int[state.size()], t = new int[n];
            int half = 0;
            for (int k = 1; k <= STEPS; k++) {
                for (int i = 0; i < n; i++) {
                    int ready = component[i] >= 0 ? arrival[component[i]] : 0;
                    for (int w : waits[i]) ready = Math.max(ready, t[w] + latency[i]);
                    t[i] = ready;
                }
                for (int c = 0; c < state.size(); c++) arrival[c] = t[root[c]];
                if (k == STEPS / 2) half = latest(arrival);
            }
            int latest = latest(arrival), soonest = Integer.MAX_VALUE;
            for (int c = 0; c < state.size(); c++) if (!invariant.contains(state.get(c))) soonest = Math.min(soonest, arrival[c]);
            Map<Expr, Integer> offsets = new IdentityHashMap<>();
            for (int c = 0; c < state.size(); c++) if (!invariant.contains(state.get(c))) offsets.put(state.get(c), arrival[c] - soonest);
            return new Steady((latest - half) / (double) (STEPS - STEPS / 2), offsets, operations);
        }

        private static int latest(int[] arrival) {
            int t = 0;
            for (int v : arrival) t = Math.max(t, v);
            return t;
        }
    }

    /** The roots rewritten (the three rewrites where they make a node sooner), then fused. */
    private List<Expr> rewrite(List<Expr> roots) {
        List<Expr> nodes = Exprs.topological(roots);
        for (Expr r : roots) uses.merge(r, 1, Integer::sum);
        for (Expr e : nodes) for (Expr a : e.args()) uses.merge(a, 1, Integer::sum);
        for (Expr e : nodes) {
            Expr r = rewrite(e);
            time(r);                  // bottom-up, so that no time is found by a deep recursion
            rewritten.put(e, r);
        }
        List<Expr> out = new ArrayList<>(roots.size());
        for (Expr r : roots) out.add(rewritten.get(r));
        return Exprs.fused(out);
    }

    private Expr rewrite(Expr e) {
        if (e.arity() == 0) return e;
        List<Expr> args = new ArrayList<>(e.arity());
        for (Expr a : e.args()) args.add(rewritten.get(a));
        Expr plain = e.with(args);
        switch (e.op()) {
            case ADD: return soonest(plain, sum(terms(e, new ArrayList<>())));
            case DIV: return plain.op() == Expr.Op.DIV ? soonest(plain, Expr.mul(plain.arg(0), Expr.div(Expr.ONE, plain.arg(1)))) : plain;
            case MUL: return plain.op() == Expr.Op.MUL ? soonest(plain, product(factors(e, new ArrayList<>()))) : plain;
            default: return plain;
        }
    }

    /** candidate where its value is ready strictly sooner than plain's, else plain. */
    private Expr soonest(Expr plain, Expr candidate) { return time(candidate) < time(plain) ? candidate : plain; }

    /** The terms of an original sum, through the sums only it uses, as rewritten. */
    private List<Expr> terms(Expr e, List<Expr> out) {
        for (Expr a : e.args()) {
            if (a.op() == Expr.Op.ADD && uses.get(a) == 1) terms(a, out);
            else out.add(rewritten.get(a));
        }
        return out;
    }

    /**
     * The factors of an original product, as rewritten, through the products (and quotients rewritten as products) only it
     * uses: reassociating them costs no multiplication more.
     */
    private List<Expr> factors(Expr e, List<Expr> out) {
        for (Expr a : e.args()) {
            Expr r = rewritten.get(a);
            if (r.op() != Expr.Op.MUL || uses.get(a) > 1 || hoisted.contains(r)) out.add(r);
            else if (a.op() == Expr.Op.MUL) factors(a, out);
            else out.addAll(r.args());
        }
        return out;
    }

    /**
     * The sum of the terms in Huffman's order: the two soonest ready added first, a product among them (the later one,
     * where both are) fused as x * y + the other.
     */
    private Expr sum(List<Expr> terms) {
        List<Expr> open = new ArrayList<>(terms);
        while (open.size() > 1) {
            Expr a = removeSoonest(open), b = removeSoonest(open);
            Expr fused = fused(b, a);
            if (fused == null) fused = fused(a, b);
            open.add(fused != null ? fused : Expr.add(a, b));
        }
        return open.get(0);
    }

    /**
     * term + other as one fused multiply-add where term is a product x * y, or the negation of one with a factor of the
     * invariant inputs alone (as (-x) * y + other: the sign flip is hoisted out of the loop); null for any other term.
     */
    private Expr fused(Expr term, Expr other) {
        if (term.op() == Expr.Op.MUL) return Expr.fma(term.arg(0), term.arg(1), other);
        if (term.op() != Expr.Op.NEG || term.arg(0).op() != Expr.Op.MUL) return null;
        Expr x = term.arg(0).arg(0), y = term.arg(0).arg(1);
        return hoisted.contains(x) ? Expr.fma(Expr.neg(x), y, other) : hoisted.contains(y) ? Expr.fma(Expr.neg(y), x, other) : null;
    }

    /** The product of the factors in Huffman's order: the two soonest ready multiplied first. */
    private Expr product(List<Expr> factors) {
        List<Expr> open = new ArrayList<>(factors);
        while (open.size() > 1) open.add(Expr.mul(removeSoonest(open), removeSoonest(open)));
        return open.get(0);
    }

    /** Removes and returns the soonest ready of the values (the first of equals). */
    private Expr removeSoonest(List<Expr> values) {
        int best = 0;
        for (int i = 1; i < values.size(); i++) if (time(values.get(i)) < time(values.get(best))) best = i;
        return values.remove(best);
    }

    /** When a rewritten node's value is ready: 0 for inputs, constants and values of the invariant inputs alone. */
    private int time(Expr e) {
        Integer known = ready.get(e);
        if (known != null) return known;
        int t = e.isSymbol() ? arrival.getOrDefault(e, 0) : 0;
        boolean fixed = e.isConst() || invariant.contains(e);
        if (e.arity() > 0) {
            fixed = true;
            for (Expr a : e.args()) {
                time(a);
                fixed &= hoisted.contains(a);
            }
        }
        if (fixed) hoisted.add(e);
        else if (e.arity() > 0) {
            int fused = Exprs.fusedProduct(e);
            if (fused >= 0) {
                Expr p = e.arg(fused);
                t = max(time(p.arg(0)), time(p.arg(1)), time(e.arg(1 - fused))) + FMA;
            } else {
                for (Expr a : e.args()) t = Math.max(t, time(a));
                t += latency(e);
            }
        }
        ready.put(e, t);
        return t;
    }

    private static int max(int a, int b, int c) { return Math.max(a, Math.max(b, c)); }

    /** The cycles from a node's last argument to its value. */
    private static int latency(Expr e) {
        switch (e.op()) {
            case ADD: return ADD;
            case MUL: return MUL;
            case FMA: return FMA;
            case DIV: return DIV;
            case NEG: return NEG;
            case SQRT: return SQRT;
            case POW: return StraightLineProgram.isSmallIntegerPower(e) ? powerLatency((int) e.arg(1).value()) : CALL;
            default: return CALL;
        }
    }

    /** x^n as Tape.powi's squarings and multiplications (a reciprocal for n < 0): the chain of the longest. */
    private static int powerLatency(int n) {
        int m = Math.abs(n), squarings = 31 - Integer.numberOfLeadingZeros(Math.max(m, 1));
        return MUL * (squarings + (Integer.bitCount(m) > 1 ? 1 : 0)) + (n < 0 ? DIV : 0);
    }
}
