package org.geomech.method.tableau;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * An exact number (p + q sqrt(d)) / r of the quadratic field Q(sqrt(d)), d > 1 squarefree (d = 1 and q = 0 for a rational):
 * a tableau entry as written, so that a user's tableau is checked in exact arithmetic. Numbers of two different fields do not
 * combine (an ArithmeticException).
 */
public record QuadraticNumber(BigInteger p, BigInteger q, BigInteger r, BigInteger d) {
    /** The number 0. */
    public static final QuadraticNumber ZERO = rational(BigInteger.ZERO, BigInteger.ONE);
    /** The number 1. */
    public static final QuadraticNumber ONE = rational(BigInteger.ONE, BigInteger.ONE);
    /** Largest power of ten an entry may carry: beyond it a double is no longer finite, and the exact value would only cost time. */
    private static final int MAX_EXPONENT = 400;
    /** Largest numerator or denominator: far beyond what the order conditions of a tableau of decimals need, far below what takes time. */
    private static final int MAX_BITS = 1 << 16;

    /** Reduces to lowest terms with r > 0 (d = 1 for a rational); a zero r or more than MAX_BITS bits is an ArithmeticException. */
    public QuadraticNumber {
        if (r.signum() == 0) throw new ArithmeticException("division by zero");
        if (q.signum() == 0) d = BigInteger.ONE;
        if (r.signum() < 0) {
            p = p.negate();
            q = q.negate();
            r = r.negate();
        }
        BigInteger g = p.gcd(q).gcd(r);
        if (!g.equals(BigInteger.ONE)) {
            p = p.divide(g);
            q = q.divide(g);
            r = r.divide(g);
        }
        if (Math.max(p.bitLength(), Math.max(q.bitLength(), r.bitLength())) > MAX_BITS) throw new ArithmeticException("a value of more than " + MAX_BITS + " bits");
    }

    /** The rational numerator / denominator. */
    public static QuadraticNumber rational(BigInteger numerator, BigInteger denominator) {
        return new QuadraticNumber(numerator, BigInteger.ZERO, denominator, BigInteger.ONE);
    }

    /** The integer n. */
    public static QuadraticNumber of(long n) { return rational(BigInteger.valueOf(n), BigInteger.ONE); }

    /** A decimal exactly as written: 0.1 is 1/10. */
    public static QuadraticNumber of(BigDecimal x) {
        if (Math.abs((long) x.scale() - x.precision()) > MAX_EXPONENT) throw new ArithmeticException(x + " is out of range");
        return x.scale() <= 0 ? rational(x.unscaledValue().multiply(BigInteger.TEN.pow(-x.scale())), BigInteger.ONE)
                : rational(x.unscaledValue(), BigInteger.TEN.pow(x.scale()));
    }

    /** Numbers (0.5, 1e-3), + - * /, integer powers ^n and sqrt of a rational, with parentheses; anything else is an ArithmeticException. */
    public static QuadraticNumber parse(String text) { return new EntryParser(text).entry(); }

    /** True for 0. */
    public boolean isZero() { return p.signum() == 0 && q.signum() == 0; }

    /** True for a rational (q = 0). */
    public boolean isRational() { return q.signum() == 0; }

    /** -this. */
    public QuadraticNumber negate() { return new QuadraticNumber(p.negate(), q.negate(), r, d); }

    /** this + o (both in the same field). */
    public QuadraticNumber plus(QuadraticNumber o) {
        return new QuadraticNumber(p.multiply(o.r).add(o.p.multiply(r)), q.multiply(o.r).add(o.q.multiply(r)), r.multiply(o.r), field(o));
    }

    /** this - o (both in the same field). */
    public QuadraticNumber minus(QuadraticNumber o) { return plus(o.negate()); }

    /** this * o (both in the same field). */
    public QuadraticNumber times(QuadraticNumber o) {
        BigInteger f = field(o);
        return new QuadraticNumber(p.multiply(o.p).add(q.multiply(o.q).multiply(f)), p.multiply(o.q).add(q.multiply(o.p)), r.multiply(o.r), f);
    }

    /** this / o, through 1/o = r (p - q sqrt(d)) / (p^2 - q^2 d). */
    public QuadraticNumber dividedBy(QuadraticNumber o) {
        if (o.isZero()) throw new ArithmeticException("division by zero");
        BigInteger norm = o.p.multiply(o.p).subtract(o.q.multiply(o.q).multiply(o.d));
        return times(new QuadraticNumber(o.r.multiply(o.p), o.r.multiply(o.q).negate(), norm, o.d));
    }

    /** this^n for an integer n. */
    public QuadraticNumber pow(int n) {
        QuadraticNumber out = ONE;
        for (int i = 0; i < Math.abs(n); i++) out = out.times(this);
        return n < 0 ? ONE.dividedBy(out) : out;
    }

    /** sqrt(p/r) = k sqrt(m) / r for a rational p/r >= 0, where p r = k^2 m: square factors found by trial division up to 2^20 and a last perfect square. */
    public QuadraticNumber sqrt() {
        if (!isRational() || p.signum() < 0) throw new ArithmeticException("sqrt(" + this + ") is not the square root of a rational >= 0");
        BigInteger m = p.multiply(r), k = BigInteger.ONE;
        for (BigInteger f = BigInteger.TWO; f.multiply(f).compareTo(m) <= 0 && f.bitLength() <= 20; f = f.add(BigInteger.ONE)) {
            BigInteger square = f.multiply(f);
            while (m.mod(square).signum() == 0) {
                m = m.divide(square);
                k = k.multiply(f);
            }
        }
        BigInteger root = m.sqrt();
        if (root.multiply(root).equals(m)) return rational(k.multiply(root), r);
        return new QuadraticNumber(BigInteger.ZERO, k, r, m);
    }

    /** The nearest double (from 34 correct digits). */
    public double doubleValue() {
        MathContext mc = MathContext.DECIMAL128;
        BigDecimal root = new BigDecimal(d).sqrt(mc);
        return new BigDecimal(p).add(new BigDecimal(q).multiply(root, mc), mc).divide(new BigDecimal(r), mc).doubleValue();
    }

    /** As an entry is written: 1/6, -2, (3 + sqrt(3))/6, sqrt(3)/6. */
    @Override
    public String toString() {
        if (isRational()) return r.equals(BigInteger.ONE) ? p.toString() : p + "/" + r;
        String root = (q.equals(BigInteger.ONE) ? "" : q.equals(BigInteger.ONE.negate()) ? "-" : q + "*") + "sqrt(" + d + ")";
        String top = p.signum() == 0 ? root : p + (q.signum() > 0 ? " + " : " - ") + root.replaceFirst("^-", "");
        return r.equals(BigInteger.ONE) ? top : p.signum() == 0 ? top + "/" + r : "(" + top + ")/" + r;
    }

    /** The d of a result: the irrational operand's; two different square roots do not combine. */
    private BigInteger field(QuadraticNumber o) {
        if (isRational()) return o.d;
        if (o.isRational() || d.equals(o.d)) return d;
        throw new ArithmeticException("sqrt(" + d + ") and sqrt(" + o.d + ") in one tableau: its entries may use one square root only");
    }

    /** Recursive descent over entry := term (+|- term)*, term := unary (*|/ unary)*, unary := (+|-) unary | power, power := atom (^ unary)?. */
    private static final class EntryParser {
        private final String text;
        private int at;

        EntryParser(String text) { this.text = text; }

        QuadraticNumber entry() {
            QuadraticNumber x = sum();
            skip();
            if (at < text.length()) throw new ArithmeticException("unexpected '" + text.charAt(at) + "' at column " + (at + 1));
            return x;
        }

        private QuadraticNumber sum() {
            QuadraticNumber x = product();
            while (true) {
                if (accept('+')) x = x.plus(product());
                else if (accept('-')) x = x.minus(product());
                else return x;
            }
        }

        private QuadraticNumber product() {
            QuadraticNumber x = unary();
            while (true) {
                if (accept('*')) x = x.times(unary());
                else if (accept('/')) x = x.dividedBy(unary());
                else return x;
            }
        }

        private QuadraticNumber unary() {
            if (accept('-')) return unary().negate();
            if (accept('+')) return unary();
            QuadraticNumber base = atom();
            if (!accept('^')) return base;
            QuadraticNumber n = unary();
            if (!n.isRational() || !n.r.equals(BigInteger.ONE) || n.p.abs().compareTo(BigInteger.valueOf(64)) > 0)
                throw new ArithmeticException("the exponent " + n + " is not an integer from -64 to 64");
            return base.pow(n.p.intValue());
        }

        private QuadraticNumber atom() {
            skip();
            if (accept('(')) {
                QuadraticNumber x = sum();
                expect(')');
                return x;
            }
            if (text.startsWith("sqrt", at)) {
                at += 4;
                expect('(');
                QuadraticNumber x = sum();
                expect(')');
                return x.sqrt();
            }
            int start = at;
            while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) at++;
            if (at < text.length() && start < at && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
                at++;
                if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) at++;
                while (at < text.length() && Character.isDigit(text.charAt(at))) at++;
            }
            if (start == at) throw new ArithmeticException(at < text.length() ? "unexpected '" + text.charAt(at) + "' at column " + (at + 1) : "a number is missing at the end");
            try {
                return of(new BigDecimal(text.substring(start, at)));
            } catch (NumberFormatException e) {
                throw new ArithmeticException("'" + text.substring(start, at) + "' is not a number");
            }
        }

        private boolean accept(char c) {
            skip();
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!accept(c)) throw new ArithmeticException("'" + c + "' expected at column " + (at + 1));
        }

        private void skip() {
            while (at < text.length() && text.charAt(at) == ' ') at++;
        }
    }
}
