package org.geomech.solve;

import org.geomech.InputException;

import java.util.Locale;

/**
 * How a step's equations F(x) = 0 are iterated: Newton on dF/dx, or x &lt;- x - M^{-1} F(x) with an iteration matrix M
 * that the method supplies, evaluated and factorised once per step (never refreshed).
 */
public enum Iteration {
    /** Newton (full or simplified, NewtonOptions.Jacobian). */
    NEWTON("newton"),
    /** 000 sec. 4.4 chord iteration with the corrected approximates (spec sec. 3.5-3.6). */
    CHORD("chord"),
    /** The same with the approximates (S4.6a'), (S4.7a') as 000 prints them (spec sec. 3.5: they diverge). */
    CHORD_AS_PRINTED("chord-as-printed"),
    /** The chord iteration with (S4.6a') corrected and (S4.7a') as printed (spec sec. 6: converges, 42/31/23 iterations on SP). */
    CHORD_ONLY_S46_FIXED("chord-only-s4.6a-fixed"),
    /** The chord iteration with (S4.7a') corrected and (S4.6a') as printed (spec sec. 6: diverges). */
    CHORD_ONLY_S47_FIXED("chord-only-s4.7a-fixed"),
    /** 003 sec. 5.5 fixed-point iteration: M = I on the equations written as unknown minus its fixed-point map. */
    FIXED_POINT("fixed-point");

    private final String label;

    Iteration(String label) { this.label = label; }

    /** The iteration's name, as --iteration takes it. */
    public String label() { return label; }

    /** The labels, for messages: "newton, chord, ... or fixed-point". */
    public static String choices() {
        StringBuilder out = new StringBuilder();
        Iteration[] all = values();
        for (int i = 0; i < all.length; i++) out.append(i == 0 ? "" : i == all.length - 1 ? " or " : ", ").append(all[i].label);
        return out.toString();
    }

    /** One of the labels; InputException otherwise. */
    public static Iteration of(String text) {
        for (Iteration i : values()) if (i.label.equals(text.toLowerCase(Locale.ROOT))) return i;
        throw new InputException("iteration must be " + choices() + ", got '" + text + "'");
    }
}
