package org.geomech.expr;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class SimplificationTest {

    @Test
    void constantsFold() {
        // 2 + 3 = 5, 2 * 3 = 6, 1 / 4 = 0.25, 2^10 = 1024, sin(0) = 0: folded to the interned constant
        assertSame(num(5), add(num(2), num(3)), "2 + 3");
        assertSame(num(6), mul(num(2), num(3)), "2 * 3");
        assertSame(num(0.25), div(ONE, num(4)), "1 / 4");
        assertSame(num(1024), pow(TWO, num(10)), "2^10");
        assertSame(ZERO, sin(ZERO), "sin(0)");
        // 2 + (3 + x) = 5 + x: a constant added to a sum with a constant term folds into it
        assertSame(add(num(5), X), add(num(2), add(num(3), X)), "2 + (3 + x)");
        // 2 * (3 * x) = 6 * x
        assertSame(mul(num(6), X), mul(num(2), mul(num(3), X)), "2 * (3 * x)");
    }

    @Test
    void neutralAndAbsorbingElementsDisappear() {
        assertSame(X, add(X, ZERO), "x + 0 = x");
        assertSame(X, add(ZERO, X), "0 + x = x");
        assertSame(ZERO, mul(ZERO, X), "0 * x = 0");
        assertSame(X, mul(ONE, X), "1 * x = x");
        assertSame(X, div(X, ONE), "x / 1 = x");
        assertSame(ONE, pow(X, ZERO), "x^0 = 1");
        assertSame(X, pow(X, ONE), "x^1 = x");
    }

    @Test
    void cancellationsGiveZeroAndOne() {
        assertSame(ZERO, sub(X, X), "x - x = 0");
        assertSame(ZERO, sub(sin(mul(X, Y)), sin(mul(Y, X))), "sin(xy) - sin(yx) = 0: both are one node");
        assertSame(ONE, div(X, X), "x / x = 1");
        assertSame(X, neg(neg(X)), "-(-x) = x");
    }

    @Test
    void repeatedFactorsBecomePowers() {
        assertSame(pow(X, 2), mul(X, X), "x * x = x^2");
        assertSame(mul(TWO, X), add(X, X), "x + x = 2 * x");
        assertSame(pow(X, 6), pow(pow(X, 2), 3), "(x^2)^3 = x^6");
        assertSame(sqrt(X), pow(X, HALF), "x^0.5 = sqrt(x)");
    }

    @Test
    void hashConsingMakesEqualExpressionsOneObject() {
        assertSame(sym("x"), X, "two symbols of one name");
        assertSame(add(X, Y), add(Y, X), "x + y and y + x: commutative operands in canonical order");
        assertSame(mul(X, Y), mul(Y, X), "x * y and y * x");
        assertSame(add(X, mul(Y, Z)), add(mul(Z, Y), X), "x + y z built in two orders");
        assertNotSame(sub(X, Y), sub(Y, X), "x - y and y - x differ");
    }
}
