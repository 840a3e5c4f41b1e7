package org.geomech.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Whole-DAG operations: substitution, free symbols, topological order, fused multiply-adds. */
public final class Exprs {
    private Exprs() {}

    /** Replaces symbols (keys) by expressions, rebuilding and re-simplifying; one memo for all roots. */
    public static List<Expr> substitute(List<Expr> roots, Map<Expr, Expr> replacements) {
        Map<Expr, Expr> memo = new IdentityHashMap<>(replacements);
        List<Expr> out = new ArrayList<>(roots.size());
        for (Expr r : roots) out.add(rebuild(r, memo));
        return out;
    }

    /** The expression root with each key of replacements replaced by its value, rebuilt (and simplified) bottom-up. */
    public static Expr substitute(Expr root, Map<Expr, Expr> replacements) {
        return substitute(List.of(root), replacements).get(0);
    }

    private static Expr rebuild(Expr root, Map<Expr, Expr> memo) {
        for (Expr e : topological(List.of(root))) {
            if (memo.containsKey(e)) continue;
            if (e.arity() == 0) { memo.put(e, e); continue; }
            List<Expr> args = new ArrayList<>(e.arity());
            boolean changed = false;
            for (Expr a : e.args()) {
                Expr s = memo.get(a);
                args.add(s);
                changed |= s != a;
            }
            memo.put(e, changed ? e.with(args) : e);
        }
        return memo.get(root);
    }

    /** The symbols an expression contains, in first-seen order. */
    public static Set<Expr> symbols(Collection<Expr> roots) {
        Set<Expr> out = new LinkedHashSet<>();
        for (Expr e : topological(roots)) if (e.isSymbol()) out.add(e);
        return out;
    }

    /** The symbols an expression contains, in first-seen order. */
    public static Set<Expr> symbols(Expr root) { return symbols(List.of(root)); }

    /** True if the expression contains any of the given symbols. */
    public static boolean dependsOn(Expr root, Collection<Expr> symbols) {
        Set<Expr> s = symbols(root);
        for (Expr x : symbols) if (s.contains(x)) return true;
        return false;
    }

    /** All nodes reachable from the roots, each after its arguments (iterative post-order, no deep recursion). */
    public static List<Expr> topological(Collection<Expr> roots) {
        List<Expr> order = new ArrayList<>();
        Set<Expr> done = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Expr> stack = new ArrayDeque<>();
        Deque<Integer> next = new ArrayDeque<>();
        for (Expr root : roots) {
            if (done.contains(root)) continue;
            stack.push(root);
            next.push(0);
            while (!stack.isEmpty()) {
                Expr e = stack.peek();
                int i = next.pop();
                if (i < e.arity()) {
                    next.push(i + 1);
                    Expr a = e.arg(i);
                    if (!done.contains(a)) { stack.push(a); next.push(0); }
                } else {
                    stack.pop();
                    if (done.add(e)) order.add(e);
                }
            }
        }
        return order;
    }

    /**
     * The roots with every sum a + b that is not a subtraction (b not a negation) and has a product x * y among a and b
     * (the first, if both) as the fused multiply-add fma(x, y, the other): one rounding instead of two, and one
     * operation. Decided by each node alone, so the fused DAG is one definition that every backend lowers alike.
     */
    public static List<Expr> fused(List<Expr> roots) {
        Map<Expr, Expr> memo = new IdentityHashMap<>();
        for (Expr e : topological(roots)) {
            if (e.arity() == 0) { memo.put(e, e); continue; }
            List<Expr> args = new ArrayList<>(e.arity());
            for (Expr a : e.args()) args.add(memo.get(a));
            int at = fusedProduct(e);
            Expr product = at < 0 ? null : args.get(at);
            if (product != null && product.op() == Expr.Op.MUL) memo.put(e, Expr.fma(product.arg(0), product.arg(1), args.get(1 - at)));
            else memo.put(e, e.with(args));
        }
        List<Expr> out = new ArrayList<>(roots.size());
        for (Expr r : roots) out.add(memo.get(r));
        return out;
    }

    /** Of a sum that fused makes a fused multiply-add, the position of its product (the first, if both); -1 for any other node. */
    static int fusedProduct(Expr e) {
        if (e.op() != Expr.Op.ADD || e.arg(1).op() == Expr.Op.NEG) return -1;
        return e.arg(0).op() == Expr.Op.MUL ? 0 : e.arg(1).op() == Expr.Op.MUL ? 1 : -1;
    }
}
