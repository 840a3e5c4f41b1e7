package org.geomech.expr;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which non-finite values of a step's next state cannot vanish at the next step. An operation is
 * strict in an operand when that operand's being infinite or NaN makes the result infinite or NaN whatever the other
 * operands are (IEEE 754): a sum, a product (inf * 0 is NaN), a fused multiply-add, a negation, the numerator of a quotient, sqrt, log, sin,
 * cos, tan and a power with a positive constant exponent. A denominator (x / inf = 0), exp (exp(-inf) = 0), atan2, a
 * power's exponent or a negative power and the Stumpff functions are not. A component persists when it, or a component
 * with the same update, reaches some component of the update through strict operands only: a non-finite next value of
 * it leaves a non-finite component in the state after the following step. So a run of steps whose last state is finite
 * had finite persistent components after every step, and a backend need check every step's values of the other
 * components only, and the last state's whole.
 */
public final class NonFinite {
    private NonFinite() {}

    /** The components of state (by index) that persist under update, as above. */
    public static BitSet persistent(List<Expr> state, List<Expr> update) {
        Map<Expr, BitSet> strict = new IdentityHashMap<>();
        for (Expr e : Exprs.topological(update)) {
            BitSet inputs = new BitSet();
            if (e.isSymbol() && state.contains(e)) inputs.set(state.indexOf(e));
            for (int i = 0; i < e.arity(); i++) if (strictIn(e, i)) inputs.or(strict.get(e.arg(i)));
            strict.put(e, inputs);
        }
        BitSet reached = new BitSet();
        for (Expr e : update) reached.or(strict.get(e));
        BitSet out = new BitSet();
        for (int c = 0; c < update.size(); c++)
            for (int d = 0; d < update.size(); d++) if (update.get(d) == update.get(c) && reached.get(d)) out.set(c);
        return out;
    }

    /** Whether e's value is non-finite whenever its operand i is. */
    private static boolean strictIn(Expr e, int i) {
        return switch (e.op()) {
            case ADD, MUL, FMA, NEG, SQRT, LOG, SIN, COS, TAN -> true;
            case DIV -> i == 0;
            case POW -> i == 0 && e.arg(1).isConst() && e.arg(1).value() > 0;
            default -> false;
        };
    }
}
