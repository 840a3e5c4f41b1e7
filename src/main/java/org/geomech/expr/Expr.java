package org.geomech.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An immutable node of a hash-consed expression DAG. Structurally equal expressions are the same
 * object, so shared subexpressions are shared nodes and identity comparison is equality.
 * The factory methods simplify as they build (constant folding, neutral and absorbing elements,
 * canonical order of commutative operands).
 */
public final class Expr {

    /** The node kinds. POW takes (base, exponent); ATAN2 takes (y, x); STUMPFF is c_n(x) with n its value (Stumpff). */
    public enum Op {
        /** A constant, its value. */
        CONST,
        /** A symbol, its name. */
        SYM,
        /** a + b. */
        ADD,
        /** a * b. */
        MUL,
        /** a / b. */
        DIV,
        /** base^exponent. */
        POW,
        /** -a. */
        NEG,
        /** The square root. */
        SQRT,
        /** The sine. */
        SIN,
        /** The cosine. */
        COS,
        /** The tangent. */
        TAN,
        /** The exponential. */
        EXP,
        /** The natural logarithm. */
        LOG,
        /** atan2(y, x), the angle of the point (x, y). */
        ATAN2,
        /** The Stumpff function c_n(x), n the node's value. */
        STUMPFF,
        /** fma(x, y, z) = x y + z rounded once (Exprs.fused). */
        FMA
    }

    private static final ConcurrentHashMap<Expr, Expr> TABLE = new ConcurrentHashMap<>();
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Expr[] NO_ARGS = new Expr[0];

    /** The constant 0. */
    public static final Expr ZERO = num(0.0);
    /** The constant 1. */
    public static final Expr ONE = num(1.0);
    /** The constant 2. */
    public static final Expr TWO = num(2.0);
    /** The constant 1/2. */
    public static final Expr HALF = num(0.5);
    /** The constant -1. */
    public static final Expr MINUS_ONE = num(-1.0);

    private final Op op;
    private final double value;
    private final String name;
    private final Expr[] args;
    private final int hash;
    private final int id;
    private final int height;

    private Expr(Op op, double value, String name, Expr[] args) {
        this.op = op;
        this.value = value;
        this.name = name;
        this.args = args;
        int depth = 0;
        for (Expr a : args) depth = Math.max(depth, a.height);
        this.height = depth + 1;
        int h = op.hashCode() * 31 + Double.hashCode(value);
        h = h * 31 + Objects.hashCode(name);
        for (Expr a : args) h = h * 31 + System.identityHashCode(a);
        this.hash = h;
        this.id = IDS.getAndIncrement();
    }

    private static Expr intern(Op op, double value, String name, Expr... args) {
        Expr candidate = new Expr(op, value, name, args);
        Expr existing = TABLE.putIfAbsent(candidate, candidate);
        return existing == null ? candidate : existing;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Expr)) return false;
        Expr e = (Expr) o;
        if (e.op != op || e.hash != hash || !Objects.equals(e.name, name)
                || Double.doubleToLongBits(e.value) != Double.doubleToLongBits(value)
                || e.args.length != args.length) return false;
        for (int i = 0; i < args.length; i++) if (e.args[i] != args[i]) return false;
        return true;
    }

    @Override
    public int hashCode() { return hash; }

    /** The node's kind. */
    public Op op() { return op; }
    /** The value of a constant. */
    public double value() { return value; }
    /** The name of a symbol. */
    public String name() { return name; }
    /** The number of arguments (0 for a leaf). */
    public int arity() { return args.length; }
    /** The argument at index i. */
    public Expr arg(int i) { return args[i]; }
    /** The arguments, in order. */
    public List<Expr> args() { return List.of(args); }
    /** Creation order; deterministic for a deterministic construction sequence. */
    public int id() { return id; }
    /** Nodes on the longest path to a leaf (1 for a leaf): how deep a recursive pass over this node goes. */
    public int height() { return height; }

    /** True for a constant. */
    public boolean isConst() { return op == Op.CONST; }
    /** True for a symbol. */
    public boolean isSymbol() { return op == Op.SYM; }
    /** True for the constant v. */
    public boolean isConst(double v) { return op == Op.CONST && value == v; }
    /** True for a constant with an integer value. */
    public boolean isInteger() { return op == Op.CONST && value == Math.rint(value) && Math.abs(value) < 1e15; }

    // ---------------------------------------------------------------- leaves

    /** The constant v (-0 is taken as 0); NaN is refused. */
    public static Expr num(double v) {
        if (Double.isNaN(v)) throw new ArithmeticException("expression evaluates to NaN");
        return intern(Op.CONST, v == 0.0 ? 0.0 : v, null, NO_ARGS);
    }

    /** The symbol of this name. */
    public static Expr sym(String name) {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("empty symbol name");
        return intern(Op.SYM, 0.0, name, NO_ARGS);
    }

    // ---------------------------------------------------------------- arithmetic

    /** a + b, folded where both are constants or one is 0, a + (-a) = 0 and a + a = 2a; operands in a canonical order. */
    public static Expr add(Expr a, Expr b) {
        if (a.isConst() && b.isConst()) return num(a.value + b.value);
        if (a.isConst(0)) return b;
        if (b.isConst(0)) return a;
        if ((a.op == Op.NEG && a.args[0] == b) || (b.op == Op.NEG && b.args[0] == a)) return ZERO;
        if (a == b) return mul(TWO, a);
        if (b.isConst() || (!a.isConst() && b.id < a.id)) { Expr t = a; a = b; b = t; }
        if (a.isConst() && b.op == Op.ADD && b.args[0].isConst()) return add(num(a.value + b.args[0].value), b.args[1]);
        return intern(Op.ADD, 0.0, null, a, b);
    }

    /** a - b, as a + (-b). */
    public static Expr sub(Expr a, Expr b) { return add(a, neg(b)); }

    /** -a, folded for a constant, a negation and a product with a constant factor. */
    public static Expr neg(Expr a) {
        if (a.isConst()) return num(-a.value);
        if (a.op == Op.NEG) return a.args[0];
        if (a.op == Op.MUL && a.args[0].isConst()) return mul(num(-a.args[0].value), a.args[1]);
        return intern(Op.NEG, 0.0, null, a);
    }

    /** a * b, folded where both are constants or one is 0, 1 or -1; a * a = a^2; operands in a canonical order. */
    public static Expr mul(Expr a, Expr b) {
        if (a.isConst() && b.isConst()) return num(a.value * b.value);
        if (b.isConst() || (!a.isConst() && b.id < a.id)) { Expr t = a; a = b; b = t; }
        if (a.isConst()) {
            if (a.value == 0) return ZERO;
            if (a.value == 1) return b;
            if (a.value == -1) return neg(b);
            if (b.op == Op.MUL && b.args[0].isConst()) return mul(num(a.value * b.args[0].value), b.args[1]);
            if (b.op == Op.NEG) return mul(num(-a.value), b.args[0]);
        }
        if (a.op == Op.NEG) return neg(mul(a.args[0], b));
        if (b.op == Op.NEG) return neg(mul(a, b.args[0]));
        if (a == b) return pow(a, TWO);
        return intern(Op.MUL, 0.0, null, a, b);
    }

    /** a / b, folded where both are constants, a is 0, b is 1 or -1, or a = b; a division by the constant 0 is refused. */
    public static Expr div(Expr a, Expr b) {
        if (b.isConst(0)) throw new ArithmeticException("division by zero");
        if (a.isConst() && b.isConst()) return num(a.value / b.value);
        if (a.isConst(0)) return ZERO;
        if (b.isConst(1)) return a;
        if (b.isConst(-1)) return neg(a);
        if (a == b) return ONE;
        if (a.op == Op.NEG) return neg(div(a.args[0], b));
        return intern(Op.DIV, 0.0, null, a, b);
    }

    /**
     * base^exponent, folded for the exponents 0, 1 and 1/2, constant operands and integer powers of an integer power; a
     * half-integer exponent k/2 (|k| at most 64, whose integer powers are multiplications) as sqrt(base)^k, so that every
     * backend computes it with the correctly rounded sqrt, * and / alone (an OpenCL device's pow differs from Java's by
     * ulps: dipole-on-stick's (...)^(-0.5) drifted 2e-12 from the reference in 100 steps on the H100).
     */
    public static Expr pow(Expr base, Expr exponent) {
        if (exponent.isConst(0)) return ONE;
        if (exponent.isConst(1)) return base;
        if (base.isConst() && exponent.isConst()) return num(Math.pow(base.value, exponent.value));
        if (base.isConst(1)) return ONE;
        if (exponent.isConst(0.5)) return sqrt(base);
        if (exponent.isConst() && !exponent.isInteger() && exponent.value * 2 == Math.rint(exponent.value * 2) && Math.abs(exponent.value) <= 32)
            return pow(sqrt(base), num(exponent.value * 2));
        if (base.op == Op.POW && exponent.isInteger() && base.args[1].isInteger()) {
            return pow(base.args[0], num(base.args[1].value * exponent.value));
        }
        return intern(Op.POW, 0.0, null, base, exponent);
    }

    /** base^n for an integer n. */
    public static Expr pow(Expr base, int n) { return pow(base, num(n)); }

    // ---------------------------------------------------------------- functions

    /** The square root of a. */
    public static Expr sqrt(Expr a) { return a.isConst() ? num(Math.sqrt(a.value)) : intern(Op.SQRT, 0.0, null, a); }

    /** sin(a); sin(-a) = -sin(a). */
    public static Expr sin(Expr a) {
        if (a.isConst()) return num(StrictMath.sin(a.value));
        if (a.op == Op.NEG) return neg(sin(a.args[0]));
        return intern(Op.SIN, 0.0, null, a);
    }

    /** cos(a); cos(-a) = cos(a). */
    public static Expr cos(Expr a) {
        if (a.isConst()) return num(StrictMath.cos(a.value));
        if (a.op == Op.NEG) return cos(a.args[0]);
        return intern(Op.COS, 0.0, null, a);
    }

    /** tan(a). */
    public static Expr tan(Expr a) { return a.isConst() ? num(Math.tan(a.value)) : intern(Op.TAN, 0.0, null, a); }

    /** exp(a). */
    public static Expr exp(Expr a) { return a.isConst() ? num(Math.exp(a.value)) : intern(Op.EXP, 0.0, null, a); }

    /** The natural logarithm of a. */
    public static Expr log(Expr a) { return a.isConst() ? num(Math.log(a.value)) : intern(Op.LOG, 0.0, null, a); }

    /** atan2(y, x), the angle of the point (x, y). */
    public static Expr atan2(Expr y, Expr x) {
        return y.isConst() && x.isConst() ? num(Math.atan2(y.value, x.value)) : intern(Op.ATAN2, 0.0, null, y, x);
    }

    /** The Stumpff function c_n(x) = sum_k (-x)^k/(2k+n)! (Stumpff): sin(t)/t = c_1(t^2), (1 - cos t)/t^2 = c_2(t^2), ... */
    public static Expr stumpff(int n, Expr x) {
        Stumpff.checkOrder(n);
        return x.isConst() ? num(Stumpff.value(n, x.value)) : intern(Op.STUMPFF, n, null, x);
    }

    /** x y + z rounded once: the fused multiply-add every backend computes with its correctly rounded fma (Exprs.fused). */
    public static Expr fma(Expr x, Expr y, Expr z) {
        return x.isConst() && y.isConst() && z.isConst() ? num(Math.fma(x.value, y.value, z.value)) : intern(Op.FMA, 0.0, null, x, y, z);
    }

    /** The order n of a Stumpff node. */
    public int stumpffOrder() {
        if (op != Op.STUMPFF) throw new IllegalStateException("not a Stumpff node: " + op);
        return (int) value;
    }

    /** Rebuilds a node of this node's kind from new arguments, simplifying. */
    public Expr with(List<Expr> newArgs) {
        switch (op) {
            case CONST: case SYM: return this;
            case ADD: return add(newArgs.get(0), newArgs.get(1));
            case MUL: return mul(newArgs.get(0), newArgs.get(1));
            case DIV: return div(newArgs.get(0), newArgs.get(1));
            case POW: return pow(newArgs.get(0), newArgs.get(1));
            case NEG: return neg(newArgs.get(0));
            case SQRT: return sqrt(newArgs.get(0));
            case SIN: return sin(newArgs.get(0));
            case COS: return cos(newArgs.get(0));
            case TAN: return tan(newArgs.get(0));
            case EXP: return exp(newArgs.get(0));
            case LOG: return log(newArgs.get(0));
            case ATAN2: return atan2(newArgs.get(0), newArgs.get(1));
            case STUMPFF: return stumpff((int) value, newArgs.get(0));
            case FMA: return fma(newArgs.get(0), newArgs.get(1), newArgs.get(2));
            default: throw new IllegalStateException(op.toString());
        }
    }

    // ---------------------------------------------------------------- helpers for vectors

    /** Sum of the terms (0 for none). */
    public static Expr sum(List<Expr> terms) {
        Expr s = ZERO;
        for (Expr t : terms) s = add(s, t);
        return s;
    }

    /** Euclidean inner product of two equally long lists. */
    public static Expr dot(List<Expr> a, List<Expr> b) {
        if (a.size() != b.size()) throw new IllegalArgumentException("dot of lengths " + a.size() + " and " + b.size());
        Expr s = ZERO;
        for (int i = 0; i < a.size(); i++) s = add(s, mul(a.get(i), b.get(i)));
        return s;
    }

    /** Symbols name0, name1, ... */
    public static List<Expr> symbols(String prefix, int count) {
        List<Expr> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) out.add(sym(prefix + i));
        return out;
    }

    @Override
    public String toString() { return Printer.print(this); }

    /** The text cut after about maxChars characters (cheap on large shared DAGs). */
    public String toString(int maxChars) { return Printer.print(this, maxChars); }
}
