package org.geomech.expr;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class OpenClEmitterTest {
    private static final Pattern DECLARATION = Pattern.compile("const double ([A-Za-z_][A-Za-z0-9_]*) = (.*);");
    private static final Pattern OUTPUT = Pattern.compile("y\\[(\\d+) \\* N \\+ j\\] = (.*);");
    private static final Pattern TEMPORARY = Pattern.compile("\\bt\\d+\\b");
    private static final Pattern FLOAT_SUFFIX = Pattern.compile("\\d[fF]\\b");

    /** Code reading component-major SoA inputs x[c * N + j] and writing y[i * N + j], as the OpenCL kernels will. */
    private static String emit(List<Expr> outputs) {
        return OpenClEmitter.emit(SYMBOLS, j -> "x[" + j + " * N + j]", outputs, i -> "y[" + i + " * N + j]");
    }

    @Test
    void eachTemporaryIsAssignedOnceBeforeItIsRead() {
        Random r = new Random(11);
        for (int n = 0; n < 200; n++) {
            List<Expr> outputs = TapeTest.withGradient(random(r, 5));
            String code = emit(outputs);
            Set<String> declared = new HashSet<>();
            int outputsWritten = 0;
            for (String line : code.split("\n")) {
                Matcher d = DECLARATION.matcher(line), o = OUTPUT.matcher(line);
                String expression;
                if (d.matches()) expression = d.group(2);
                else if (o.matches()) { expression = o.group(2); outputsWritten++; }
                else { fail("neither a declaration nor an output: " + line); return; }
                Matcher t = TEMPORARY.matcher(expression);
                // straight-line code: every temporary read is declared on an earlier line
                while (t.find()) assertTrue(declared.contains(t.group()), t.group() + " read before it is declared in " + line);
                // one assignment per DAG node: no name is declared twice
                if (d.matches()) assertTrue(declared.add(d.group(1)), d.group(1) + " declared twice");
                // OpenCL C spells functions without Math. and double literals without an f suffix
                assertFalse(expression.contains("Math.") || FLOAT_SUFFIX.matcher(expression).find() || expression.contains("pown"), line);
            }
            // every output written once; one floating-point operation per declaration
            assertEquals(outputs.size(), outputsWritten, code);
            assertEquals(OpenClEmitter.flops(SYMBOLS, outputs), declared.size(), code);
        }
    }

    @Test
    void aSumWithANegatedTermIsOneSubtraction() {
        // (-(x y)) + sqrt(3.125 z): the negation first (its node is the older), no product beside it to fuse; written
        // sqrt(3.125 z) - x y, as the tape computes it (a subtraction), with no negation: bitwise the sum, one operation fewer
        Expr negated = neg(mul(X, Y)), sum = add(negated, sqrt(mul(num(3.125), Z)));
        assertEquals(Op.NEG, sum.arg(0).op(), "the negation is the sum's first term");
        String code = emit(List.of(sum));
        assertTrue(code.contains("const double t3 = t2 - t0;\n") && !code.contains("-t") && !code.contains("= -"), code);
        assertEquals(4, OpenClEmitter.flops(SYMBOLS, List.of(sum)), code);
        Tape tape = Tape.compile(SYMBOLS, List.of(sum));
        assertEquals(4, tape.flops(), "the tape's operations: the same");
        Random r = new Random(5);
        for (int i = 0; i < 1000; i++) {
            double[] in = {r.nextGaussian(), r.nextGaussian(), Math.abs(r.nextGaussian())}, out = new double[1];
            tape.eval(in, out);
            assertEquals(Double.doubleToRawLongBits(Math.sqrt(3.125 * in[2]) - in[0] * in[1]), Double.doubleToRawLongBits(out[0]), "tape at " + i);
            assertEquals(Double.doubleToRawLongBits(-(in[0] * in[1]) + Math.sqrt(3.125 * in[2])), Double.doubleToRawLongBits(out[0]), "the sum as written, at " + i);
        }
    }

    @Test
    void integerPowersAreExactMultiplications() {
        String code = emit(List.of(pow(X, 13)));
        // x^13 = x * x^4 * x^8: three squarings and two products, as Tape.powi does, and no pow or pown call
        assertEquals("const double t0 = x[0 * N + j] * x[0 * N + j];\n"
                + "const double t1 = t0 * t0;\n"
                + "const double t2 = x[0 * N + j] * t1;\n"
                + "const double t3 = t1 * t1;\n"
                + "const double t4 = t2 * t3;\n"
                + "y[0 * N + j] = t4;\n", code, "x^13");
        // x^-2 = 1 / (x * x)
        assertEquals("const double t0 = x[0 * N + j] * x[0 * N + j];\n"
                + "const double t1 = 1.0 / t0;\n"
                + "y[0 * N + j] = t1;\n", emit(List.of(pow(X, -2))), "x^-2");
        // beyond |n| = 64 and for other real exponents the tape calls pow, and so does the code
        assertTrue(emit(List.of(pow(X, 65))).contains("pow(x[0 * N + j], 65.0)"), "x^65");
        assertTrue(emit(List.of(pow(X, num(2.3)))).contains("pow(x[0 * N + j], 2.3)"), "x^2.3");
        // x^2.5 = sqrt(x)^5 (Expr.pow): a square root and multiplications, no pow
        String half = emit(List.of(pow(X, num(2.5))));
        assertTrue(half.contains("sqrt(x[0 * N + j])") && !half.contains("pow("), "x^2.5: " + half);
    }

    @Test
    void constantsAreExactDoubleLiterals() {
        String code = emit(List.of(mul(num(0.1), X), mul(num(-1e-300), Y), mul(num(Double.POSITIVE_INFINITY), Z)));
        // Double.toString round-trips; negative constants parenthesised; infinity is OpenCL's double HUGE_VAL
        assertTrue(code.contains("0.1 * x[0 * N + j]"), code);
        assertTrue(code.contains("(-1.0E-300) * x[1 * N + j]"), code);
        assertTrue(code.contains("HUGE_VAL * x[2 * N + j]"), code);
    }

    @Test
    void functionsHaveTheirOpenClNames() {
        String code = emit(List.of(add(sqrt(X), add(sin(X), add(cos(X), add(tan(X), add(exp(X), add(log(X), atan2(Y, X)))))))));
        // each C99 math function once, each applied to x (atan2 to y, x)
        for (String f : List.of("sqrt(x[0 * N + j])", "sin(x[0 * N + j])", "cos(x[0 * N + j])", "tan(x[0 * N + j])",
                "exp(x[0 * N + j])", "log(x[0 * N + j])", "atan2(x[1 * N + j], x[0 * N + j])")) {
            assertEquals(1, code.split(Pattern.quote(f), -1).length - 1, f + " in\n" + code);
        }
    }
}
