package org.geomech.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads an expression in the infix syntax {@link Printer} writes:
 * <pre>
 * sum     = term { ("+" | "-") term }
 * term    = ("-" | "+") term | product
 * product = factor { ("*" | "/") factor }
 * factor  = ("-" | "+") factor | power
 * power   = primary [ ("^" | "**") factor ]
 * primary = number | "pi" | name | accessor "(" name ")" | function "(" sum { "," sum } ")" | "(" sum ")"
 * accessor = "dot" (velocity) | "p" (momentum), looked up as the text "dot(name)" or "p(name)"
 * </pre>
 * and a caller's own functions of one argument (for example an observer's initial(sum)), given the argument and its text.
 * so powers are right associative and bind tighter than unary minus (-x^2 = -(x^2)), and a leading minus
 * negates the whole product (-0.1/z = -(0.1/z), the node Printer writes so).
 */
public final class Parser {
    private static final Map<String, Integer> ARITY =
            Map.of("sqrt", 1, "sin", 1, "cos", 1, "tan", 1, "exp", 1, "log", 1, "atan2", 2, "stumpff", 2);
    private static final String OPERAND = "a number, name or '('";
    /** The longest text parsed, in characters. */
    public static final int MAX_LENGTH = 100_000;
    /** The deepest nesting of parentheses, function calls, signs and powers. */
    public static final int MAX_NESTING = 1_000;
    /** The most nodes on a path from the result to a leaf (long chains of operators count). */
    public static final int MAX_HEIGHT = 10_000;

    private final String text;
    private final Function<String, Expr> symbols;
    private final Map<String, BiFunction<Expr, String, Expr>> functions;
    private int pos;
    private int nesting;

    private Parser(String text, Function<String, Expr> symbols, Map<String, BiFunction<Expr, String, Expr>> functions) {
        this.text = text;
        this.symbols = symbols;
        this.functions = functions;
    }

    /**
     * Parses text; names (and velocities, as "dot(name)") are looked up through symbols, which returns
     * null for an unknown name. Errors are {@link ParseException}s with a one-line message.
     */
    public static Expr parse(String text, Function<String, Expr> symbols) {
        return parse(text, symbols, Map.of());
    }

    /**
     * As above, with functions of one argument of the caller's: name(sum) is functions.get(name) applied to the argument
     * and its text (trimmed); an IllegalArgumentException it throws becomes a ParseException at the call.
     */
    public static Expr parse(String text, Function<String, Expr> symbols, Map<String, BiFunction<Expr, String, Expr>> functions) {
        if (text.length() > MAX_LENGTH)
            throw new ParseException(text, MAX_LENGTH + 1, "a shorter text", "expression of " + text.length() + " characters; at most " + MAX_LENGTH);
        Parser p = new Parser(text, symbols, functions);
        Expr e = p.sum();
        if (!p.atEnd()) throw p.expected("an operator or end of input");
        if (e.height() > MAX_HEIGHT)
            throw new ParseException(text, 1, "a shallower expression", "expression " + e.height() + " operations deep; at most " + MAX_HEIGHT);
        return e;
    }

    private Expr sum() {
        Expr e = term();
        while (true) {
            int column = column();
            if (accept("+")) { Expr a = e, b = term(); e = build(column, () -> Expr.add(a, b)); }
            else if (accept("-")) { Expr a = e, b = term(); e = build(column, () -> Expr.sub(a, b)); }
            else return e;
        }
    }

    private Expr term() {
        if (accept("-")) return Expr.neg(nested(this::term));
        if (accept("+")) return nested(this::term);
        return product();
    }

    private Expr product() {
        Expr e = factor();
        while (true) {
            int column = column();
            if (accept("*")) { Expr a = e, b = factor(); e = build(column, () -> Expr.mul(a, b)); }
            else if (accept("/")) { Expr a = e, b = factor(); e = build(column, () -> Expr.div(a, b)); }
            else return e;
        }
    }

    private Expr factor() {
        if (accept("-")) return Expr.neg(nested(this::factor));
        if (accept("+")) return nested(this::factor);
        return power();
    }

    private Expr power() {
        Expr base = primary();
        int column = column();
        if (!accept("**") && !accept("^")) return base;
        Expr exponent = nested(this::factor);
        return build(column, () -> Expr.pow(base, exponent));
    }

    private Expr primary() {
        if (atEnd()) throw expected(OPERAND);
        int column = column();
        char c = text.charAt(pos);
        if (isDigit(c) || c == '.') return number(column);
        if (isNameStart(c)) {
            String name = name();
            if (peek("(")) return call(name, column);
            if (ARITY.containsKey(name) || name.equals("dot")) throw expected("'(' after " + name);
            if (name.equals("pi")) return Expr.num(Math.PI);
            return resolve(name, column);
        }
        if (accept("(")) {
            Expr e = nested(this::sum);
            expect(")");
            return e;
        }
        throw expected(OPERAND);
    }

    private Expr call(String name, int column) {
        if (name.equals("dot") || name.equals("p")) {
            accept("(");
            if (atEnd() || !isNameStart(text.charAt(pos))) throw expected("a coordinate name");
            String coordinate = name();
            expect(")");
            return resolve(name + "(" + coordinate + ")", column);
        }
        if (functions.containsKey(name)) return callersFunction(name, column);
        Integer arity = ARITY.get(name);
        if (arity == null) throw new ParseException(text, column, "a function name", "unknown function '" + name + "'");
        accept("(");
        List<Expr> args = new ArrayList<>();
        if (!accept(")")) {
            do args.add(nested(this::sum)); while (accept(","));
            if (!accept(")")) throw expected(args.size() < arity ? "',' or ')'" : "')'");
        }
        if (args.size() != arity) {
            String want = arity + (arity == 1 ? " argument" : " arguments");
            throw new ParseException(text, column, want, name + " takes " + want + ", not " + args.size());
        }
        Expr a = args.get(0);
        if (name.equals("stumpff") && !(a.isInteger() && a.value() >= 0 && a.value() <= Stumpff.MAX_ORDER))
            throw new ParseException(text, column, "an order 0.." + Stumpff.MAX_ORDER, "stumpff(n, x) needs an integer order n in 0.." + Stumpff.MAX_ORDER);
        return build(column, () -> switch (name) {
            case "stumpff" -> Expr.stumpff((int) a.value(), args.get(1));
            case "sqrt" -> Expr.sqrt(a);
            case "sin" -> Expr.sin(a);
            case "cos" -> Expr.cos(a);
            case "tan" -> Expr.tan(a);
            case "exp" -> Expr.exp(a);
            case "log" -> Expr.log(a);
            default -> Expr.atan2(a, args.get(1));
        });
    }

    private Expr callersFunction(String name, int column) {
        accept("(");
        skipSpace();
        int start = pos;
        Expr argument = nested(this::sum);
        String argumentText = text.substring(start, pos).trim();
        if (!accept(")")) throw expected("')'");
        try {
            return functions.get(name).apply(argument, argumentText);
        } catch (IllegalArgumentException e) {
            throw new ParseException(text, column, "a valid argument of " + name, e.getMessage());
        }
    }

    private Expr resolve(String name, int column) {
        Expr e = symbols.apply(name);
        if (e == null) throw new ParseException(text, column, "a known name", "unknown name '" + name + "'");
        return e;
    }

    private Expr number(int column) {
        int start = pos;
        while (pos < text.length() && isDigit(text.charAt(pos))) pos++;
        if (pos < text.length() && text.charAt(pos) == '.') pos++;
        while (pos < text.length() && isDigit(text.charAt(pos))) pos++;
        if (pos - start == 1 && text.charAt(start) == '.') { pos = start; throw expected(OPERAND); }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) pos++;
            if (pos == text.length() || !isDigit(text.charAt(pos))) throw expected("the digits of an exponent");
            while (pos < text.length() && isDigit(text.charAt(pos))) pos++;
        }
        String digits = text.substring(start, pos);
        double v = Double.parseDouble(digits);
        if (Double.isInfinite(v)) throw new ParseException(text, column, "a finite number", "number " + digits + " is too large");
        return Expr.num(v);
    }

    private String name() {
        int start = pos;
        while (pos < text.length() && (isNameStart(text.charAt(pos)) || isDigit(text.charAt(pos)))) pos++;
        return text.substring(start, pos);
    }

    /** Parses one level deeper; refuses nesting beyond MAX_NESTING (the parser recurses once per level). */
    private Expr nested(Supplier<Expr> inner) {
        if (++nesting > MAX_NESTING)
            throw new ParseException(text, column(), "a shallower expression", "expression nested more than " + MAX_NESTING + " levels deep");
        try {
            return inner.get();
        } finally {
            nesting--;
        }
    }

    /** Runs a factory, turning its arithmetic errors (1/0, sqrt(-1) of constants) and infinite constants (exp(1000)) into parse errors at column. */
    private Expr build(int column, Supplier<Expr> factory) {
        Expr e;
        try {
            e = factory.get();
        } catch (ArithmeticException ex) {
            throw new ParseException(text, column, "an expression with a defined value", ex.getMessage());
        }
        if (e.isConst() && Double.isInfinite(e.value()))
            throw new ParseException(text, column, "an expression with a finite value", "expression evaluates to " + e.value());
        return e;
    }

    private void expect(String token) {
        if (!accept(token)) throw expected("'" + token + "'");
    }

    private boolean accept(String token) {
        if (!peek(token)) return false;
        pos += token.length();
        return true;
    }

    private boolean peek(String token) {
        skipSpace();
        return text.startsWith(token, pos);
    }

    private boolean atEnd() {
        skipSpace();
        return pos == text.length();
    }

    private int column() {
        skipSpace();
        return pos + 1;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    private ParseException expected(String what) {
        return new ParseException(text, column(), what, "expected " + what + " but found " + found());
    }

    /** The token at the current position, as an error message shows it. */
    private String found() {
        if (atEnd()) return "end of input";
        char c = text.charAt(pos);
        int end = pos + 1;
        if (isDigit(c) || c == '.' || isNameStart(c)) {
            boolean number = !isNameStart(c);
            while (end < text.length() && (isDigit(text.charAt(end)) || isNameStart(text.charAt(end))
                    || (number && text.charAt(end) == '.'))) end++;
        } else if (text.startsWith("**", pos)) end = pos + 2;
        return "'" + ParseException.oneLine(text.substring(pos, end)) + "'";
    }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    private static boolean isNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
}
