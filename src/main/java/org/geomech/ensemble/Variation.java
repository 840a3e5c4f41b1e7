package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one model parameter is set across an ensemble, written the same way in a scenario file and in
 * --param NAME=...: a number (every member), a list of values "[0.25, 0.5, 1]" (a sweep axis: one
 * sweep point per value), an expression of the member index j, the count N and J = max(N - 1, 1)
 * ("1 + 0.1*j/J"), or a seeded draw per member: "uniform(lo, hi)", "normal(mu, sigma)",
 * "lognormal(mu, sigma)" (exp of a normal), the last two with optional bounds "normal(1, 0.1, 0.5, 2)"
 * (redrawn until inside), each with an optional seed "uniform(0, 1, seed=7)" (default: the scenario's).
 */
public sealed interface Variation {
    /** One value for every member. */
    record Fixed(double value) implements Variation {
        @Override public String describe() { return Double.toString(value); }
    }

    /** A sweep axis: each value is one sweep point. */
    record Values(List<Double> values) implements Variation {
        /** Keeps a copy of the values. */
        public Values {
            values = List.copyOf(values);
        }
        @Override public String describe() { return values.toString(); }
    }

    /** An expression of j, N and J. */
    record Expression(String text, Expr expr) implements Variation {
        @Override public String describe() { return text; }
    }

    /** A value given per member (from a file or the Java API): member j gets values[j]. */
    record Given(double[] values) implements Variation {
        @Override public String describe() { return "given per member (" + values.length + " values)"; }
    }

    /** A seeded draw per member; seed null: the scenario's. */
    record Draw(Distribution distribution, double a, double b, double lo, double hi, Long seed) implements Variation {
        @Override public String describe() {
            String bounds = Double.isInfinite(lo) && Double.isInfinite(hi) || distribution == Distribution.UNIFORM ? "" : ", " + lo + ", " + hi;
            return distribution.name().toLowerCase(Locale.ROOT) + "(" + a + ", " + b + bounds + (seed == null ? "" : ", seed=" + seed) + ")";
        }
    }

    /** The distributions a parameter can be drawn from. */
    enum Distribution {
        /** uniform(lo, hi). */
        UNIFORM,
        /** normal(mu, sigma), optionally within bounds. */
        NORMAL,
        /** lognormal(mu, sigma): the exponential of a normal draw, optionally within bounds. */
        LOGNORMAL
    }

    /** The text form this variation is parsed from. */
    String describe();

    /** True when every member has the same value (a Fixed value or a one-value list). */
    default boolean isFixed() { return this instanceof Fixed || this instanceof Values v && v.values().size() == 1; }

    /** Draws tried before bounds that exclude (nearly) every draw are reported. */
    int MAX_REDRAWS = 1000;

    /** The form of a draw: a distribution's name and its arguments in parentheses. */
    Pattern DRAW = Pattern.compile("\\s*(uniform|normal|lognormal)\\s*\\((.*)\\)\\s*");

    /** Parses one of the forms above; what names the parameter in error messages (e.g. "parameters.eps"). */
    static Variation parse(String what, String text) {
        String t = text.trim();
        if (t.isEmpty()) throw new InputException(what + ": no value given");
        if (t.startsWith("[")) return values(what, t);
        Matcher m = DRAW.matcher(t);
        if (m.matches()) return draw(what, Distribution.valueOf(m.group(1).toUpperCase(Locale.ROOT)), m.group(2));
        try {
            return new Fixed(finite(what, Double.parseDouble(t)));
        } catch (NumberFormatException notANumber) {
            try {
                Expr e = Parser.parse(t, Map.of("j", Expr.sym("j"), "N", Expr.sym("N"), "J", Expr.sym("J"))::get);
                return new Expression(t, e);
            } catch (ParseException | ArithmeticException e) {
                throw new InputException(what + ": '" + t + "' is not a number, a list, a draw or an expression of j, N and J: " + e.getMessage());
            }
        }
    }

    private static Values values(String what, String t) {
        if (!t.endsWith("]")) throw new InputException(what + ": a list of values must end with ']': " + t);
        String inner = t.substring(1, t.length() - 1).trim();
        if (inner.isEmpty()) throw new InputException(what + ": the list of values is empty");
        List<Double> out = new ArrayList<>();
        for (String s : inner.split(",")) out.add(number(what, s));
        return new Values(out);
    }

    private static Draw draw(String what, Distribution d, String args) {
        List<Double> positional = new ArrayList<>();
        Long seed = null;
        for (String arg : args.split(",")) {
            String a = arg.trim();
            if (a.startsWith("seed")) {
                String[] kv = a.split("=", 2);
                if (kv.length != 2 || !kv[0].trim().equals("seed")) throw new InputException(what + ": expected seed=N in " + d.name().toLowerCase(Locale.ROOT) + "(...), got '" + a + "'");
                try {
                    seed = Long.parseLong(kv[1].trim());
                } catch (NumberFormatException e) {
                    throw new InputException(what + ": seed must be a whole number, got '" + kv[1].trim() + "'");
                }
            } else {
                if (seed != null) throw new InputException(what + ": seed=N must come last in " + d.name().toLowerCase(Locale.ROOT) + "(...)");
                positional.add(number(what, a));
            }
        }
        String name = d.name().toLowerCase(Locale.ROOT);
        if (d == Distribution.UNIFORM) {
            if (positional.size() != 2) throw new InputException(what + ": uniform(lo, hi) takes 2 numbers, got " + positional.size());
            double lo = positional.get(0), hi = positional.get(1);
            if (!(lo <= hi)) throw new InputException(what + ": uniform(lo, hi) needs lo <= hi, got " + lo + " > " + hi);
            return new Draw(d, lo, hi, lo, hi, seed);
        }
        if (positional.size() != 2 && positional.size() != 4)
            throw new InputException(what + ": " + name + "(mu, sigma) or " + name + "(mu, sigma, lo, hi) takes 2 or 4 numbers, got " + positional.size());
        double sigma = positional.get(1);
        if (!(sigma >= 0)) throw new InputException(what + ": " + name + " needs sigma >= 0, got " + sigma);
        double lo = positional.size() == 4 ? positional.get(2) : Double.NEGATIVE_INFINITY, hi = positional.size() == 4 ? positional.get(3) : Double.POSITIVE_INFINITY;
        if (!(lo <= hi)) throw new InputException(what + ": " + name + " bounds need lo <= hi, got " + lo + " > " + hi);
        return new Draw(d, positional.get(0), sigma, lo, hi, seed);
    }

    private static double number(String what, String s) {
        try {
            return finite(what, Double.parseDouble(s.trim()));
        } catch (NumberFormatException e) {
            throw new InputException(what + ": '" + s.trim() + "' is not a number");
        }
    }

    private static double finite(String what, double x) {
        if (!Double.isFinite(x)) throw new InputException(what + ": must be finite, got " + x);
        return x;
    }

    /**
     * The per-member values of a variation that is not a sweep axis: member j of n gets value(j, n).
     * Not thread-safe (an expression evaluates through a tape); make one per thread.
     */
    final class Sampler {
        private final String name;
        private final Variation variation;
        private final long seed, stream;
        private final Tape tape;
        private final double[] in = new double[3], out = new double[1];

        /** The sampler of parameter name; defaultSeed seeds draws that name no seed. */
        public Sampler(String name, Variation variation, long defaultSeed) {
            if (variation instanceof Values v && v.values().size() > 1) throw new IllegalArgumentException(name + " is a sweep axis, not per member");
            this.name = name;
            this.variation = variation;
            this.seed = variation instanceof Draw d && d.seed() != null ? d.seed() : defaultSeed;
            this.stream = MemberStreams.named(name);
            this.tape = variation instanceof Expression e ? Tape.compile(List.of(Expr.sym("j"), Expr.sym("N"), Expr.sym("J")), List.of(e.expr())) : null;
        }

        /** The value of member j of an ensemble of n members. */
        public double value(int j, int n) {
            if (variation instanceof Fixed f) return f.value();
            if (variation instanceof Values v) return v.values().get(0);
            if (variation instanceof Given g) {
                if (g.values().length != n) throw new InputException("parameter " + name + ": " + g.values().length + " values given for " + n + " members");
                return g.values()[j];
            }
            if (variation instanceof Expression) {
                in[0] = j;
                in[1] = n;
                in[2] = Math.max(n - 1, 1);
                tape.eval(in, out);
                if (!Double.isFinite(out[0])) throw new InputException("parameter " + name + " of member " + j + " is not finite (" + out[0] + ")");
                return out[0];
            }
            return draw((Draw) variation, new long[]{MemberStreams.start(seed, stream, j)});
        }

        // bounds by redrawing: the law is the distribution truncated to [lo, hi]
        private double draw(Draw d, long[] r) {
            for (int tries = 0; tries < MAX_REDRAWS; tries++) {
                double x = switch (d.distribution()) {
                    case UNIFORM -> d.a() + (d.b() - d.a()) * MemberStreams.uniform(r, 0);
                    case NORMAL -> d.a() + d.b() * MemberStreams.gaussian(r, 0);
                    case LOGNORMAL -> Math.exp(d.a() + d.b() * MemberStreams.gaussian(r, 0));
                };
                if (x >= d.lo() && x <= d.hi()) return x;
            }
            throw new InputException("parameter " + name + ": " + MAX_REDRAWS + " draws of " + d.describe() + " all fell outside its bounds");
        }
    }
}
