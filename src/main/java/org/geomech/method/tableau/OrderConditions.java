package org.geomech.method.tableau;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Butcher's order conditions in exact arithmetic (Hairer, Norsett, Wanner, Solving ODEs I, Thm. II.2.13): a Runge-Kutta
 * method has order p when sum_i b_i Phi_i(t) = 1/gamma(t) for every rooted tree t with |t| &lt;= p. The rooted trees are
 * generated, each once, as multisets of smaller trees (1, 1, 2, 4, 9, 20, 48, ... of each order, OEIS A000081).
 */
public final class OrderConditions {
    /** The highest order checked: 7813 trees. */
    public static final int MAX_ORDER = 12;

    /** A rooted tree: its root's subtrees as indices into TREES, non-increasing; its order |t| and density gamma(t). */
    record Tree(int[] children, int order, long density) {}

    /** Every rooted tree with at most MAX_ORDER vertices, ordered by order. */
    private static final List<Tree> TREES = generate();

    /** The first condition of order &lt;= p that fails, as the tree, its sum and both values; empty when the method has order p. */
    public record Violation(String tree, int order, String sum, QuadraticNumber value, QuadraticNumber expected) {
        @Override
        public String toString() {
            return "the order condition for tree " + tree + " (order " + order + ") fails: " + sum + " = " + value + ", expected " + expected;
        }
    }

    private final QuadraticNumber[][] a;
    private final QuadraticNumber[] b;
    /** Phi(t) per tree index, computed as needed: Phi_i(t) = prod over the subtrees u of (A Phi(u))_i. */
    private final List<QuadraticNumber[]> weights = new ArrayList<>();
    /** A Phi(t) per tree index. */
    private final List<QuadraticNumber[]> stageWeights = new ArrayList<>();

    /** The conditions of the tableau (A, b); c enters through the row sums of A, which the caller has checked. */
    public OrderConditions(QuadraticNumber[][] a, QuadraticNumber[] b) {
        this.a = a;
        this.b = b;
    }

    /** The first violated condition of order at most p, trees in order of their order. */
    public Optional<Violation> firstViolation(int p) {
        if (p > MAX_ORDER) throw new IllegalArgumentException("order conditions are generated up to order " + MAX_ORDER);
        for (int t = 0; t < TREES.size() && TREES.get(t).order() <= p; t++) {
            QuadraticNumber sum = QuadraticNumber.ZERO;
            QuadraticNumber[] phi = weight(t);
            for (int i = 0; i < b.length; i++) sum = sum.plus(b[i].times(phi[i]));
            QuadraticNumber expected = QuadraticNumber.ONE.dividedBy(QuadraticNumber.of(TREES.get(t).density()));
            if (!sum.minus(expected).isZero()) return Optional.of(new Violation(bracket(t), TREES.get(t).order(), sum(t), sum, expected));
        }
        return Optional.empty();
    }

    /** The highest order p &lt;= max whose conditions all hold (0: not even sum b_i = 1). */
    public int order(int max) {
        Optional<Violation> v = firstViolation(max);
        return v.map(x -> x.order() - 1).orElse(max);
    }

    /** Number of rooted trees of each order 1..MAX_ORDER. */
    static int[] counts() {
        int[] n = new int[MAX_ORDER + 1];
        for (Tree t : TREES) n[t.order()]++;
        return Arrays.copyOfRange(n, 1, n.length);
    }

    private QuadraticNumber[] weight(int t) {
        while (weights.size() <= t) {
            Tree tree = TREES.get(weights.size());
            QuadraticNumber[] phi = new QuadraticNumber[b.length];
            Arrays.fill(phi, QuadraticNumber.ONE);
            for (int u : tree.children()) {
                QuadraticNumber[] au = stageWeights.get(u);
                for (int i = 0; i < phi.length; i++) phi[i] = phi[i].times(au[i]);
            }
            QuadraticNumber[] aPhi = new QuadraticNumber[b.length];
            for (int i = 0; i < aPhi.length; i++) {
                aPhi[i] = QuadraticNumber.ZERO;
                for (int j = 0; j < phi.length; j++) if (!a[i][j].isZero()) aPhi[i] = aPhi[i].plus(a[i][j].times(phi[j]));
            }
            weights.add(phi);
            stageWeights.add(aPhi);
        }
        return weights.get(t);
    }

    /** Trees of order n are a root over a non-increasing multiset of smaller trees whose orders sum to n - 1. */
    private static List<Tree> generate() {
        List<Tree> trees = new ArrayList<>();
        trees.add(new Tree(new int[0], 1, 1));
        for (int n = 2; n <= MAX_ORDER; n++) {
            int before = trees.size();
            subtrees(trees, before, n - 1, before - 1, new ArrayList<>(), n);
        }
        return List.copyOf(trees);
    }

    private static void subtrees(List<Tree> trees, int before, int left, int maxIndex, List<Integer> chosen, int n) {
        if (left == 0) {
            long density = n;
            for (int u : chosen) density *= trees.get(u).density();
            trees.add(new Tree(chosen.stream().mapToInt(Integer::intValue).toArray(), n, density));
            return;
        }
        for (int u = Math.min(maxIndex, before - 1); u >= 0; u--) {
            if (trees.get(u).order() > left) continue;
            chosen.add(u);
            subtrees(trees, before, left - trees.get(u).order(), u, chosen, n);
            chosen.remove(chosen.size() - 1);
        }
    }

    /** Butcher's bracket notation: t for the single vertex, [t, [t]] for a root over t and [t]. */
    private static String bracket(int t) {
        int[] ch = TREES.get(t).children();
        if (ch.length == 0) return "t";
        StringBuilder s = new StringBuilder("[");
        for (int k = 0; k < ch.length; k++) s.append(k == 0 ? "" : ", ").append(bracket(ch[k]));
        return s.append(']').toString();
    }

    /** The condition's left side as written by hand: sum b_i c_i^2, sum b_i a_ij c_j, ... (c_i for a leaf below vertex i). */
    private static String sum(int t) {
        StringBuilder s = new StringBuilder("sum b_i");
        factors(t, 'i', s, new char[]{'i'});
        return s.toString();
    }

    private static void factors(int t, char index, StringBuilder s, char[] last) {
        int leaves = 0;
        for (int u : TREES.get(t).children()) if (TREES.get(u).children().length == 0) leaves++;
        if (leaves > 0) s.append(" c_").append(index).append(leaves > 1 ? "^" + leaves : "");
        for (int u : TREES.get(t).children()) {
            if (TREES.get(u).children().length == 0) continue;
            char j = ++last[0] == 's' || last[0] == 't' ? (last[0] = 'u') : last[0];
            s.append(" a_").append(index).append(j);
            factors(u, j, s, last);
        }
    }
}
