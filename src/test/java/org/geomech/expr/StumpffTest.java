package org.geomech.expr;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.*;

class StumpffTest {
    private static final MathContext MC = new MathContext(160);
    /** The arguments t of sin(t)/t-type functions the issue names, and x = t^2 with negatives and large ones. */
    static final double[] T = {0, 1e-12, 1e-8, 1e-4, 0.1, 1, 3};
    private static final double[] EXTRA_X = {-1e-8, -0.5, -3, -40, 0.999, 1.001, 15.9, 16.1, 25, 100, 1e4};

    /** c_n(x) from its Taylor series in 160-digit decimals (the terms of x = 1e4 reach 1e42) (alternating terms summed exactly to 1e-50). */
    static double exact(int n, double x) {
        BigDecimal bx = new BigDecimal(x), term = BigDecimal.ONE.divide(new BigDecimal(Stumpff.factorial(n)), MC), sum = BigDecimal.ZERO;
        for (int k = 0; k < 400; k++) {
            sum = sum.add(term, MC);
            term = term.multiply(bx.negate(), MC).divide(BigDecimal.valueOf((2L * k + n + 1) * (2L * k + n + 2)), MC);
            if (k > 10 && term.abs().compareTo(new BigDecimal("1e-60").multiply(sum.abs().max(new BigDecimal("1e-300")))) < 0) break;
        }
        return sum.doubleValue();
    }

    static List<Double> arguments() {
        List<Double> xs = new ArrayList<>();
        for (double t : T) xs.add(t * t);
        for (double x : EXTRA_X) xs.add(x);
        return xs;
    }

    @Test
    void valuesAreTheSeriesToAFewUlps() {
        double worst = 0;
        for (int n = 0; n <= 8; n++) {
            for (double x : arguments()) {
                double expected = exact(n, x), actual = Stumpff.value(n, x);
                double err = Math.abs(actual - expected) / Math.abs(expected);
                worst = Math.max(worst, err);
                // full double accuracy: within 4 ulps at x = t^2 for the t (the SO(3) range), 8 elsewhere
                // (the closed forms' sinh/cosh and the recurrence c_n = (1/(n-2)! - c_{n-2})/x add a few ulps)
                // for x < -16 (no group needs negative x = theta^2) the recurrence compounds to about 1e-14
                int ulps = x >= 0 && x <= 9 ? 4 : 8;
                double tolerance = x < -16 ? 1e-14 * Math.abs(expected) : ulps * Math.ulp(expected);
                assertTrue(Math.abs(actual - expected) <= tolerance, "c_" + n + "(" + x + ") = " + actual + ", exact " + expected);
            }
        }
        assertTrue(worst < 1e-14, "worst relative error " + worst);
    }

    @Test
    void exactValuesAtZero() {
        // c_n(0) = 1/n!
        for (int n = 0; n <= Stumpff.MAX_ORDER; n++) assertEquals(1.0 / Stumpff.factorial(n).doubleValue(), Stumpff.value(n, 0.0), 0.0);
    }

    @Test
    void derivativeIsTheSeriesDerivative() {
        // d/dx c_n(x) = sum_{k>=1} k (-1)^k x^(k-1)/(2k+n)! = -c_{n+2}(x) - x c_{n+2}'(x) ... checked against 50 digits:
        // c_n'(x) = -sum_{k>=0} (k+1) (-x)^k / (2k+n+2)!
        Expr x = sym("x");
        for (int n = 0; n <= 6; n++) {
            Expr d = Derivative.of(stumpff(n, x), x);
            Tape tape = Tape.compile(List.of(x), List.of(d));
            double[] out = new double[1];
            for (double xv : arguments()) {
                tape.eval(new double[]{xv}, out);
                double expected = exactDerivative(n, xv);
                // 8 ulps up to |x| = 16 (theta = 4, past the pi of SO(3)); beyond, n c_{n+2} - c_{n+1} cancels (relative 1.3e-13 at x = 1e4)
                double tolerance = Math.abs(xv) <= 16 ? 8 * Math.ulp(expected) : 1e-12 * Math.abs(expected);
                assertEquals(expected, out[0], tolerance, "c_" + n + "'(" + xv + ")");
            }
        }
    }

    private static double exactDerivative(int n, double x) {
        BigDecimal bx = new BigDecimal(x), sum = BigDecimal.ZERO, power = BigDecimal.ONE;
        for (int k = 0; k < 400; k++) {
            BigDecimal term = power.multiply(BigDecimal.valueOf(k + 1)).divide(new BigDecimal(Stumpff.factorial(2 * k + n + 2)), MC);
            sum = sum.subtract(term, MC);
            power = power.multiply(bx.negate(), MC);
            if (k > 10 && term.abs().compareTo(new BigDecimal("1e-60").multiply(sum.abs())) < 0) break;
        }
        return sum.doubleValue();
    }

    @Test
    void sinTOverTAndItsDerivativeInT() {
        // sin(t)/t = c_1(t^2); d/dt = 2 t c_1'(t^2) = (t cos t - sin t)/t^2 = -t/3 + t^3/30 - ..., finite and exact at t = 0
        Expr t = sym("t");
        Expr f = stumpff(1, pow(t, 2)), df = Derivative.of(f, t);
        Tape tape = Tape.compile(List.of(t), List.of(f, df));
        double[] out = new double[2];
        for (double tv : T) {
            tape.eval(new double[]{tv}, out);
            BigDecimal bt = new BigDecimal(tv);
            double expectedDf = 2 * tv * exactDerivative(1, tv * tv);
            assertEquals(exact(1, tv * tv), out[0], Math.ulp(1.0), "sin(t)/t at " + tv);
            assertEquals(expectedDf, out[1], 4 * Math.ulp(expectedDf) + 0.0, "d/dt sin(t)/t at " + tv + " (" + bt + ")");
        }
    }

    @Test
    void javaEmitterAgreesBitwiseWithTheTape() throws Exception {
        Expr x = sym("x");
        List<Expr> outputs = new ArrayList<>();
        for (int n = 0; n <= 6; n++) { outputs.add(stumpff(n, x)); outputs.add(Derivative.of(stumpff(n, x), x)); }
        String body = JavaEmitter.emit(List.of(x), j -> "in[" + j + "]", outputs, i -> "out[" + i + "]");
        Class<?> c = JavaEmitterTest.compile("EmittedStumpff", "public final class EmittedStumpff {\npublic static double[] f(double[] in) {\n"
                + "double[] out = new double[" + outputs.size() + "];\n" + body + "return out;\n}\n}\n");
        Method f = c.getMethod("f", double[].class);
        Tape tape = Tape.compile(List.of(x), outputs);
        double[] expected = new double[outputs.size()];
        for (double xv : arguments()) {
            tape.eval(new double[]{xv}, expected);
            double[] actual = (double[]) f.invoke(null, (Object) new double[]{xv});
            for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual[i], 0.0, outputs.get(i) + " at " + xv);
        }
    }

    @Test
    void parsesPrintsAndFoldsConstants() {
        Expr x = sym("x");
        Expr e = Parser.parse("stumpff(2, x^2)", name -> name.equals("x") ? x : null);
        assertSame(stumpff(2, pow(x, 2)), e);
        assertEquals("stumpff(2, x^2)", e.toString());
        assertEquals(Stumpff.value(3, 0.25), stumpff(3, num(0.25)).value(), 0.0);
        assertThrows(ParseException.class, () -> Parser.parse("stumpff(x, x)", name -> x));
    }
}
