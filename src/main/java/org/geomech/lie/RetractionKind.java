package org.geomech.lie;

import org.geomech.InputException;

/** The map tau: g -> G of a Lie group method (001 sec. 6.1; 003 sec. 2.3): the exponential or the Cayley map. */
public enum RetractionKind {
    /** exp, with dexp and dexp^-1 (003 sec. 2.3-2.4); closed forms on SO(3) and R^n here. */
    EXP,
    /** cay(X) = (I - X/2)^-1 (I + X/2), rational, on quadratic groups (001 sec. 4.5). */
    CAY;

    /** The retraction's name in method names: exp or cay. */
    public String label() { return name().toLowerCase(); }

    /** The retraction named exp or cay; a one-line InputException otherwise. */
    public static RetractionKind parse(String text) {
        return switch (text.trim().toLowerCase()) {
            case "exp" -> EXP;
            case "cay" -> CAY;
            default -> throw new InputException("unknown retraction '" + text.trim() + "' (retractions: exp, cay)");
        };
    }
}
