package org.geomech.expr;

import java.util.Map;
import java.util.Random;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class ParserTest {
    private static final Expr A = sym("a"), B = sym("b"), C = sym("c"), Q = sym("q"), QDOT = sym("dot(q)"), PQ = sym("p(q)");
    private static final Function<String, Expr> NAMES =
            Map.of("x", X, "y", Y, "z", Z, "a", A, "b", B, "c", C, "q", Q, "dot(q)", QDOT, "p(q)", PQ)::get;

    private static Expr parse(String text) { return Parser.parse(text, NAMES); }

    @Test
    void printedExpressionsParseBackToTheSameNode() {
        Random r = new Random(3);
        for (int n = 0; n < 500; n++) {
            Expr e = random(r, 5);
            // the printer keeps every grouping and prints constants exactly, so hash-consing gives back e itself
            assertSame(e, parse(e.toString()), e.toString());
            double[] p = point(r);
            // the same node evaluates to the same bits
            assertEquals(Double.doubleToLongBits(eval(e, p)), Double.doubleToLongBits(eval(parse(e.toString()), p)), e.toString());
        }
    }

    @Test
    void numbers() {
        assertSame(num(123), parse("123"), "123");
        assertSame(num(1.5), parse("1.5"), "1.5");
        assertSame(num(2e-3), parse("2e-3"), "2e-3");
        assertSame(num(2e-3), parse("2E-3"), "2E-3, as Double.toString writes exponents");
        assertSame(num(0.5), parse(".5"), ".5");
        assertSame(num(Math.PI), parse("pi"), "pi");
    }

    @Test
    void precedenceAndAssociativity() {
        assertSame(neg(pow(X, 2)), parse("-x^2"), "-x^2 = -(x^2): powers bind tighter than unary minus");
        assertEquals(512.0, parse("2^3^2").value(), 0.0, "2^3^2 = 2^9 = 512: powers associate to the right");
        assertEquals(512.0, parse("2**3**2").value(), 0.0, "** is ^");
        assertSame(sub(sub(A, B), C), parse("a-b-c"), "a-b-c = (a-b)-c");
        assertSame(div(div(A, B), C), parse("a/b/c"), "a/b/c = (a/b)/c");
        assertSame(add(A, mul(B, C)), parse("a + b*c"), "products bind tighter than sums");
        assertSame(pow(X, -2), parse("x^-2"), "a signed exponent");
        assertSame(pow(X, num(2)), parse("x ** 2"), "an integer power is pow(x, num(2))");
        assertSame(X, parse("+x"), "unary plus");
        assertSame(neg(mul(A, B)), parse("-a*b"), "-a*b = -(a*b)");
        assertSame(neg(div(num(0.1), Z)), parse("-0.1/z"), "-0.1/z = -(0.1/z): a leading minus negates the product");
        assertSame(div(num(-0.1), Z), parse("(-0.1)/z"), "(-0.1)/z divides the constant -0.1");
        assertSame(mul(A, neg(B)), parse("a*-b"), "a minus sign after an operator negates the factor");
        assertSame(mul(A, add(B, C)), parse(" a * ( b + c ) "), "parentheses and spaces");
    }

    @Test
    void functionsAndVelocities() {
        assertSame(atan2(Y, X), parse("atan2(y, x)"), "atan2 takes y first");
        assertSame(sqrt(add(sin(X), add(cos(Y), add(tan(Z), add(exp(A), log(B)))))),
                parse("sqrt(sin(x) + (cos(y) + (tan(z) + (exp(a) + log(b)))))"), "one-argument functions");
        assertSame(mul(Q, QDOT), parse("q*dot(q)"), "dot(q) is looked up as \"dot(q)\"");
        assertSame(QDOT, parse(QDOT.toString()), "a velocity prints as dot(q) and parses back");
        assertSame(mul(PQ, QDOT), parse("p(q)*dot(q)"), "a momentum p(q) is looked up as \"p(q)\"");
    }

    /** The parse error of text, checked to be one line naming its column. */
    private static ParseException error(String text, int column) {
        ParseException e = assertThrows(ParseException.class, () -> parse(text), text);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("column " + column + " of "), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        return e;
    }

    @Test
    void errorsNameTheColumnAndWhatWasExpected() {
        assertEquals("column 5 of \"x + * y\": expected a number, name or '(' but found '*'", error("x + * y", 5).getMessage(), "operator where an operand belongs");
        assertEquals("column 1 of \"w + 1\": unknown name 'w'", error("w + 1", 1).getMessage(), "a name the resolver does not know");
        assertEquals("column 6 of \"sin(x\": expected ')' but found end of input", error("sin(x", 6).getMessage(), "unclosed call: the end is column 6");
        assertEquals("column 1 of \"foo(x)\": unknown function 'foo'", error("foo(x)", 1).getMessage(), "unknown function");
        assertEquals("column 3 of \"1+atan2(x)\": atan2 takes 2 arguments, not 1", error("1+atan2(x)", 3).getMessage(), "too few arguments");
        assertEquals("column 1 of \"sin(x, y)\": sin takes 1 argument, not 2", error("sin(x, y)", 1).getMessage(), "too many arguments");
        assertEquals("column 1 of \"\": expected a number, name or '(' but found end of input", error("", 1).getMessage(), "empty input");
        assertEquals("column 3 of \"x y\": expected an operator or end of input but found 'y'", error("x y", 3).getMessage(), "trailing garbage");
        assertEquals("column 6 of \"(x+1))\": expected an operator or end of input but found ')'", error("(x+1))", 6).getMessage(), "unbalanced ')'");
        assertEquals("column 3 of \"x # y\": expected an operator or end of input but found '#'", error("x # y", 3).getMessage(), "a character outside the syntax");
        assertEquals("column 1 of \"dot(w)\": unknown name 'dot(w)'", error("dot(w)", 1).getMessage(), "velocity of an unknown coordinate");
        assertEquals("column 5 of \"sin + 1\": expected '(' after sin but found '+'", error("sin + 1", 5).getMessage(), "function without arguments");
        assertEquals("column 3 of \"2e\": expected the digits of an exponent but found end of input", error("2e", 3).getMessage(), "exponent without digits");
        assertEquals("column 2 of \"1/0\": division by zero", error("1/0", 2).getMessage(), "constant division by zero, at the '/'");
        assertEquals("column 1 of \"sqrt(-1)\": expression evaluates to NaN", error("sqrt(-1)", 1).getMessage(), "NaN constant, at the call");
        assertEquals("column 5 of \"x\\n+ *\": expected a number, name or '(' but found '*'", error("x\n+ *", 5).getMessage(), "a line break is escaped");
        assertEquals("a number, name or '('", error("x + ", 5).expected(), "what was expected, for callers");
    }
}
