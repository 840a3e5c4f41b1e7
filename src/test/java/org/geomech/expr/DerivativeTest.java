package org.geomech.expr;

import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class DerivativeTest {

    /** Central difference of e in coordinate k at p with step h. */
    private static double centralDifference(Expr e, double[] p, int k, double h) {
        double[] plus = p.clone(), minus = p.clone();
        plus[k] += h;
        minus[k] -= h;
        return (eval(e, plus) - eval(e, minus)) / (plus[k] - minus[k]);
    }

    /**
     * True where e is finite and, in every coordinate it depends on, the nonzero difference quotients with steps h and
     * 0.37 h agree to 1e-8 (a ratio far from a simple fraction, so rounding of f cannot quantize both alike).
     */
    private static boolean wellConditioned(Expr e, double[] p) {
        if (!Double.isFinite(eval(e, p))) return false;
        for (int k = 0; k < 3; k++) {
            if (!Exprs.dependsOn(e, List.of(SYMBOLS.get(k)))) continue;
            double h = 1e-6 * Math.max(1, Math.abs(p[k]));
            double d1 = centralDifference(e, p, k, h), d2 = centralDifference(e, p, k, 0.37 * h);
            if (!Double.isFinite(d1) || d1 == 0 || Math.abs(d1 - d2) > 1e-8 * Math.abs(d1)) return false;
        }
        return true;
    }

    @Test
    void symbolicDerivativesOfRandomExpressionsAgreeWithCentralDifferences() {
        Random r = new Random(42);
        int checked = 0, drawn = 0;
        while (checked < 200 && drawn < 5000) {
            Expr e = random(r, 5);
            drawn++;
            List<Expr> gradient;
            try {
                gradient = Derivative.gradient(e, SYMBOLS);
            } catch (ArithmeticException undefined) {
                continue; // a negative constant to a variable power: log of the base folds to NaN
            }
            for (int k = 0; k < 3; k++) {
                // a coordinate e does not contain has the derivative 0, exactly
                if (!Exprs.dependsOn(e, List.of(SYMBOLS.get(k)))) assertSame(ZERO, gradient.get(k), "d/d" + SYMBOLS.get(k) + " of " + e);
            }
            for (int attempt = 0; attempt < 30; attempt++) {
                double[] p = point(r);
                if (!Exprs.dependsOn(e, SYMBOLS) || !wellConditioned(e, p)) continue;
                for (int k = 0; k < 3; k++) {
                    if (!Exprs.dependsOn(e, List.of(SYMBOLS.get(k)))) continue;
                    double h = 1e-6 * Math.max(1, Math.abs(p[k]));
                    double reference = centralDifference(e, p, k, h), symbolic = eval(gradient.get(k), p);
                    // difference quotients at h and 0.37 h agree to 1e-8, so 1e-6 leaves a factor 100 for their error
                    assertTrue(Math.abs(symbolic - reference) <= 1e-6 * Math.abs(reference),
                            "d/d" + SYMBOLS.get(k) + " of " + e + " at " + java.util.Arrays.toString(p)
                                    + ": symbolic " + symbolic + ", central difference " + reference);
                }
                checked++;
                break;
            }
        }
        // the seed gives enough expressions with a well-conditioned point among the first 5000 drawn
        assertEquals(200, checked, "random expressions checked at a well-conditioned point");
    }

    /** d/dvariable of e against the closed form f(x, y) at points of [0.2, 1.7]^2, to 1e-15 relative. */
    private static void assertClosedForm(Expr e, Expr variable, DoubleBinaryOperator closedForm) {
        Expr d = Derivative.of(e, variable);
        Random r = new Random(7);
        for (int i = 0; i < 100; i++) {
            double[] p = {0.2 + 1.5 * r.nextDouble(), 0.2 + 1.5 * r.nextDouble(), 0};
            double expected = closedForm.applyAsDouble(p[0], p[1]), actual = eval(d, p);
            // the two formulas round differently in at most a few operations: a few ulps, under 1e-15 relative
            assertEquals(expected, actual, 1e-15 * Math.abs(expected), "d/d" + variable + " " + e + " = " + d + " at x = " + p[0] + ", y = " + p[1]);
        }
    }

    @Test
    void derivativesOfClosedFormsAreExact() {
        assertClosedForm(pow(sin(X), 2), X, (x, y) -> 2 * Math.sin(x) * Math.cos(x));
        assertClosedForm(exp(pow(X, 2)), X, (x, y) -> 2 * x * Math.exp(x * x));
        assertClosedForm(log(X), X, (x, y) -> 1 / x);
        assertClosedForm(sqrt(X), X, (x, y) -> 0.5 / Math.sqrt(x));
        assertClosedForm(cos(X), X, (x, y) -> -Math.sin(x));
        assertClosedForm(tan(X), X, (x, y) -> 1 + Math.tan(x) * Math.tan(x));
        assertClosedForm(pow(X, 3), X, (x, y) -> 3 * x * x);
        assertClosedForm(pow(X, -2), X, (x, y) -> -2 / (x * x * x));
        assertClosedForm(mul(X, Y), X, (x, y) -> y);
        assertClosedForm(div(X, Y), Y, (x, y) -> -x / (y * y));
        assertClosedForm(atan2(Y, X), X, (x, y) -> -y / (x * x + y * y));
        assertClosedForm(atan2(Y, X), Y, (x, y) -> x / (x * x + y * y));
        assertClosedForm(pow(X, Y), Y, (x, y) -> Math.pow(x, y) * Math.log(x));
        assertClosedForm(pow(X, Y), X, (x, y) -> y * Math.pow(x, y - 1));
        assertClosedForm(sin(mul(X, Y)), X, (x, y) -> y * Math.cos(x * y));
    }

    @Test
    void jacobianEntriesAreTheGradients() {
        List<Expr> f = List.of(mul(X, Y), sin(Z));
        Expr[][] j = Derivative.jacobian(f, SYMBOLS);
        // d(xy)/dx = y, d(xy)/dz = 0, d sin z / dz = cos z, as nodes of the hash-consed DAG
        assertSame(Y, j[0][0], "d(xy)/dx");
        assertSame(ZERO, j[0][2], "d(xy)/dz");
        assertSame(cos(Z), j[1][2], "d sin(z)/dz");
    }

    @Test
    void differentiatingByANonSymbolIsAnError() {
        // only symbols are variables
        assertThrows(IllegalArgumentException.class, () -> Derivative.of(X, num(2)));
    }
}
