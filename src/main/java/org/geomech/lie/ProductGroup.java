package org.geomech.lie;

import org.geomech.expr.Expr;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A direct product G_1 x ... x G_k (for example SO(3) x R^2, 001 sec. 7.5): elements and algebra vectors are the
 * factors' concatenated, every map acts factor by factor (block-diagonal d x d matrices).
 */
public final class ProductGroup implements LieGroup {
    private static final Pattern EUCLIDEAN = Pattern.compile("R(?:\\^(\\d+))?");
    private static final int MAX_EUCLIDEAN = 64;
    private final List<LieGroup> factors;

    /** The product of factors, in order. */
    public ProductGroup(List<LieGroup> factors) {
        if (factors.isEmpty()) throw new IllegalArgumentException("a product of no groups");
        this.factors = List.copyOf(factors);
    }

    /** SO(3), SE(2), SE(3), R^n (R = R^1) and products written with x or ×, e.g. "SO(3) x R^2". */
    public static ProductGroup parse(String text) {
        if (text == null || text.isBlank()) throw new InputException("group: empty (groups: SO(3), SE(2), SE(3), R^n and products such as SO(3) x R^2)");
        List<LieGroup> fs = new ArrayList<>();
        for (String part : text.trim().split("\\s+x\\s+|\\s*×\\s*")) fs.add(factor(part.trim(), text));
        return new ProductGroup(fs);
    }

    private static LieGroup factor(String name, String text) {
        String n = name.replace(" ", "").toUpperCase();
        switch (n) {
            case "SO(3)": return new So3();
            case "SE(2)": return RigidMotions.se2();
            case "SE(3)": return RigidMotions.se3();
            default:
        }
        Matcher m = EUCLIDEAN.matcher(n);
        if (m.matches()) {
            String d = m.group(1) == null ? "1" : m.group(1).replaceFirst("^0+(?=.)", "");
            if (d.length() <= 2 && Integer.parseInt(d) >= 1 && Integer.parseInt(d) <= MAX_EUCLIDEAN) return new Rn(Integer.parseInt(d));
            throw new InputException("group '" + name + "' in '" + text.trim() + "': R^n takes n from 1 to " + MAX_EUCLIDEAN + ", not " + d);
        }
        throw new InputException("unknown group '" + name + "' in '" + text.trim() + "' (groups: SO(3), SE(2), SE(3), R^n and products such as SO(3) x R^2)");
    }

    /** The factors, in order. */
    public List<LieGroup> factors() { return factors; }

    @Override
    public String name() {
        List<String> n = new ArrayList<>();
        for (LieGroup f : factors) n.add(f.name());
        return String.join(" x ", n);
    }

    @Override public int dimension() { return factors.stream().mapToInt(LieGroup::dimension).sum(); }
    @Override public int size() { return factors.stream().mapToInt(LieGroup::size).sum(); }

    /** Entry names with prefix + factor number per factor; LieGroupSystem names factors itself. */
    @Override
    public List<String> entryNames(String prefix) {
        List<String> n = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) n.addAll(factors.get(i).entryNames(prefix + (i + 1)));
        return n;
    }

    @Override
    public double[] identity() {
        double[] e = new double[size()];
        int o = 0;
        for (LieGroup f : factors) {
            double[] fi = f.identity();
            System.arraycopy(fi, 0, e, o, fi.length);
            o += fi.length;
        }
        return e;
    }

    /** The part of a stored element belonging to factor i. */
    public List<Expr> elementPart(int i, List<Expr> g) {
        int o = 0;
        for (int k = 0; k < i; k++) o += factors.get(k).size();
        return g.subList(o, o + factors.get(i).size());
    }

    /** The part of an algebra vector belonging to factor i. */
    public List<Expr> algebraPart(int i, List<Expr> xi) {
        int o = 0;
        for (int k = 0; k < i; k++) o += factors.get(k).dimension();
        return xi.subList(o, o + factors.get(i).dimension());
    }

    private List<Expr> concat(BiFunction<Integer, LieGroup, List<Expr>> part) {
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) out.addAll(part.apply(i, factors.get(i)));
        return out;
    }

    private Expr[][] diagonal(BiFunction<Integer, LieGroup, Expr[][]> block) {
        List<Expr[][]> blocks = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) blocks.add(block.apply(i, factors.get(i)));
        return Matrices.blockDiagonal(blocks);
    }

    @Override public List<Expr> multiply(List<Expr> a, List<Expr> b) { return concat((i, f) -> f.multiply(elementPart(i, a), elementPart(i, b))); }
    @Override public List<Expr> inverse(List<Expr> a) { return concat((i, f) -> f.inverse(elementPart(i, a))); }

    @Override
    public List<Expr> generatorRight(int k, List<Expr> g) { return generator(k, g, true); }

    @Override
    public List<Expr> generatorLeft(int k, List<Expr> g) { return generator(k, g, false); }

    /** E_k acts on its own factor; the other factors' entries do not move. */
    private List<Expr> generator(int k, List<Expr> g, boolean right) {
        List<Expr> out = new ArrayList<>();
        int first = 0;
        for (int i = 0; i < factors.size(); i++) {
            LieGroup f = factors.get(i);
            List<Expr> part = elementPart(i, g);
            if (k >= first && k < first + f.dimension()) out.addAll(right ? f.generatorRight(k - first, part) : f.generatorLeft(k - first, part));
            else for (int e = 0; e < f.size(); e++) out.add(Expr.ZERO);
            first += f.dimension();
        }
        return out;
    }

    @Override public Expr[][] ad(List<Expr> x) { return diagonal((i, f) -> f.ad(algebraPart(i, x))); }
    @Override public Expr[][] adjoint(List<Expr> g) { return diagonal((i, f) -> f.adjoint(elementPart(i, g))); }
    @Override public boolean hasExp() { return factors.stream().allMatch(LieGroup::hasExp); }

    @Override
    public List<Expr> retract(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) requireExp();
        return concat((i, f) -> f.retract(tau, algebraPart(i, xi)));
    }

    @Override
    public Expr[][] dRight(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) requireExp();
        return diagonal((i, f) -> f.dRight(tau, algebraPart(i, xi)));
    }

    @Override
    public Expr[][] dRightInverse(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) requireExp();
        return diagonal((i, f) -> f.dRightInverse(tau, algebraPart(i, xi)));
    }

    private void requireExp() {
        for (LieGroup f : factors)
            if (!f.hasExp()) throw new InputException("retraction exp has no closed form on " + f.name() + " here (group " + name() + "); use cay");
    }

    @Override public List<Expr> defect(List<Expr> g) { return concat((i, f) -> f.defect(elementPart(i, g))); }

    @Override public String toString() { return name(); }
}
