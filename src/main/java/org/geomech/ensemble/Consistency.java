package org.geomech.ensemble;

/**
 * What makes one member's given positions q and velocities v an initial state of a method: q and v projected in
 * place onto the constraints, the momenta p and the continuous multipliers written. ConsistentState for systems in
 * coordinates, LieConsistentState on Lie groups (q the stored entries of g, v the algebra velocity, p = mu).
 */
public interface Consistency {
    /** How many multipliers the system's constraints have. */
    int multipliers();

    /** Projects q and v in place, writes p and the multipliers; false when the projection fails or the constraints are dependent there. */
    boolean apply(double[] q, double[] v, double[] params, double[] p, double[] lambda);
}
