package org.geomech.expr;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.geomech.expr.Expr.*;

/** Random expressions over x, y, z built from every operation, and a direct recursive evaluator for them. */
final class RandomExpressions {
    static final Expr X = sym("x"), Y = sym("y"), Z = sym("z");
    static final List<Expr> SYMBOLS = List.of(X, Y, Z);
    private static final double[] CONSTANTS = {0.25, 0.5, 1.5, 2, 3, 0.1};
    private static final int[] INTEGER_EXPONENTS = {-3, -2, -1, 2, 3, 4, 5, 7};
    private static final double[] REAL_EXPONENTS = {-0.5, 1.5, 2.5, 0.75};

    private RandomExpressions() {}

    /** A random expression of depth at most depth; draws again when folding constants gives 1/0, NaN or infinity. */
    static Expr random(Random r, int depth) {
        while (true) {
            try {
                Expr e = attempt(r, depth);
                if (Exprs.topological(List.of(e)).stream().noneMatch(c -> c.isConst() && Double.isInfinite(c.value()))) return e;
            } catch (ArithmeticException e) {
                // 1/0 or a NaN constant: draw another
            }
        }
    }

    private static Expr attempt(Random r, int depth) {
        if (depth == 0 || r.nextInt(5) == 0) {
            return r.nextInt(3) > 0 ? SYMBOLS.get(r.nextInt(3)) : num(CONSTANTS[r.nextInt(CONSTANTS.length)]);
        }
        Expr a = random(r, depth - 1);
        switch (r.nextInt(16)) {
            case 0: return add(a, random(r, depth - 1));
            case 1: return sub(a, random(r, depth - 1));
            case 2: return mul(a, random(r, depth - 1));
            case 3: return div(a, random(r, depth - 1));
            case 4: return neg(a);
            case 5: return pow(a, INTEGER_EXPONENTS[r.nextInt(INTEGER_EXPONENTS.length)]);
            case 6: return pow(a, num(REAL_EXPONENTS[r.nextInt(REAL_EXPONENTS.length)]));
            case 7: return pow(a, random(r, depth - 1));
            case 8: return sqrt(a);
            case 9: return sin(a);
            case 10: return cos(a);
            case 11: return tan(a);
            case 12: return exp(a);
            case 13: return log(a);
            case 14: return atan2(a, random(r, depth - 1));
            default: return sub(mul(a, random(r, depth - 1)), random(r, depth - 1));
        }
    }

    /** A point with coordinates uniform in [-2, 2]. */
    static double[] point(Random r) {
        return new double[] {4 * r.nextDouble() - 2, 4 * r.nextDouble() - 2, 4 * r.nextDouble() - 2};
    }

    /** e at (x, y, z) = point, recursively, with the operations Tape.eval performs. */
    static double eval(Expr e, double[] point) {
        return eval(e, point, new IdentityHashMap<>());
    }

    private static double eval(Expr e, double[] point, Map<Expr, Double> memo) {
        Double known = memo.get(e);
        if (known != null) return known;
        double a = e.arity() > 0 ? eval(e.arg(0), point, memo) : 0, b = e.arity() > 1 ? eval(e.arg(1), point, memo) : 0;
        double v;
        switch (e.op()) {
            case CONST: v = e.value(); break;
            case SYM: v = point[SYMBOLS.indexOf(e)]; break;
            case ADD: v = a + b; break;
            case MUL: v = a * b; break;
            case DIV: v = a / b; break;
            case NEG: v = -a; break;
            case POW: v = e.arg(1).isInteger() && Math.abs(b) <= 64 ? Tape.powi(a, (int) b) : Math.pow(a, b); break;
            case SQRT: v = Math.sqrt(a); break;
            case SIN: v = StrictMath.sin(a); break;
            case COS: v = StrictMath.cos(a); break;
            case TAN: v = Math.tan(a); break;
            case EXP: v = Math.exp(a); break;
            case LOG: v = Math.log(a); break;
            case ATAN2: v = Math.atan2(a, b); break;
            default: throw new IllegalStateException(e.op().toString());
        }
        memo.put(e, v);
        return v;
    }
}
