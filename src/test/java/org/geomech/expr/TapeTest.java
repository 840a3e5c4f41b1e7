package org.geomech.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class TapeTest {

    /** e and its gradient: the outputs the tape and emitter tests compile. */
    static List<Expr> withGradient(Expr e) {
        List<Expr> outputs = new ArrayList<>(List.of(e));
        try {
            outputs.addAll(Derivative.gradient(e, SYMBOLS));
        } catch (ArithmeticException undefined) {
            // a negative constant to a variable power has no derivative: the value alone
        }
        return outputs;
    }

    @Test
    void tapeAgreesBitwiseWithADirectEvaluator() {
        Random r = new Random(1);
        for (int n = 0; n < 300; n++) {
            List<Expr> outputs = withGradient(random(r, 5));
            Tape tape = Tape.compile(SYMBOLS, outputs);
            double[] out = new double[outputs.size()];
            for (int i = 0; i < 5; i++) {
                double[] p = point(r);
                tape.eval(p, out);
                for (int k = 0; k < outputs.size(); k++) {
                    // the same operations in the same order round the same way; NaNs compare as NaN
                    assertEquals(Double.doubleToLongBits(eval(outputs.get(k), p)), Double.doubleToLongBits(out[k]),
                            "output " + k + ", " + outputs.get(k) + ", at " + java.util.Arrays.toString(p));
                }
            }
        }
    }

    @Test
    void unknownSymbolIsNamed() {
        Expr w = sym("w");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tape.compile(List.of(X, Y), List.of(add(X, w))));
        // w is not among the inputs x, y
        assertTrue(e.getMessage().contains("'w'"), e.getMessage());
    }

    @Test
    void integerPowersAreRepeatedSquaring() {
        // 3^5 = 243 and 2^-3 = 0.125 are exact; 1.1^10 by 4 multiplications is within 1e-15 of Math.pow
        assertEquals(243.0, Tape.powi(3, 5), 0.0, "3^5");
        assertEquals(0.125, Tape.powi(2, -3), 0.0, "2^-3");
        assertEquals(Math.pow(1.1, 10), Tape.powi(1.1, 10), 1e-15 * Math.pow(1.1, 10), "1.1^10");
    }

    @Test
    void flopsCountTheOperationsPerformed() {
        // x^5 = x * (x^2)^2: 3 multiplications; x^-3 = 1 / (x * x^2): 2 multiplications and a division
        assertEquals(3, Tape.compile(List.of(X), List.of(pow(X, 5))).flops(), "x^5");
        assertEquals(3, Tape.compile(List.of(X), List.of(pow(X, -3))).flops(), "x^-3");
        // sin(x y) / (exp(z) + x^2): mul, sin, exp, one squaring, add, div
        assertEquals(6, Tape.compile(SYMBOLS, List.of(div(sin(mul(X, Y)), add(exp(Z), pow(X, 2))))).flops(), "sin(xy)/(exp(z)+x^2)");
    }

    @Test
    void fusedSumsOfProductsRoundOnceOnEveryLowering() {
        // x y = 1 - 2^-60 exactly, which rounds to 1: x * y + z gives 0, fma(x, y, z) the exact -2^-60
        double x = 1 + 0x1p-30, y = 1 - 0x1p-30, z = -1;
        List<Expr> plain = List.of(add(mul(X, Y), Z), add(mul(X, Y), neg(Z)), add(Z, mul(num(2), X)));
        List<Expr> fused = Exprs.fused(plain);
        assertEquals(Expr.Op.FMA, fused.get(0).op(), "x y + z");
        assertEquals(fma(num(2), X, Z), fused.get(2), "z + 2 x");
        double[] out = new double[3];
        Tape tape = Tape.compile(SYMBOLS, fused);
        tape.eval(new double[]{x, y, z}, out);
        assertEquals(-0x1p-60, out[0], 0.0, "one rounding");
        assertEquals(2, out[1], 0.0, "x y - z");
        assertEquals(Math.fma(2, x, z), out[2], 0.0);
        assertEquals(4, Tape.compile(SYMBOLS, List.of(fused.get(0), fused.get(2))).flops(), "two fused multiply-adds, two flops each");
        // its derivative is the sum's; every dialect writes the fma
        assertEquals(Derivative.of(plain.get(0), X), Derivative.of(fused.get(0), X));
        String java = JavaEmitter.emit(SYMBOLS, j -> "in[" + j + "]", fused.subList(0, 1), i -> "out[" + i + "]");
        assertTrue(java.contains("Math.fma(in[0], in[1], in[2])"), java);
        String openCl = OpenClEmitter.emit(SYMBOLS, j -> "in[" + j + "]", fused.subList(0, 1), i -> "out[" + i + "]");
        assertTrue(openCl.contains("= fma(in[0], in[1], in[2])"), openCl);
        assertEquals("fma(x, y, z)", fused.get(0).toString());
    }
}
