package org.geomech.api;

/**
 * A member that stopped before the final time; its statistics left the ensemble's from then on.
 *
 * @param h      the step size of its run (NaN where h varies per member)
 * @param point  its sweep point (0 when the run is not a sweep)
 * @param member its index within the point, 0..members-1
 * @param step   the step it failed at, counted in its own steps
 * @param reason why: "newton_iteration_limit", "singular_jacobian" or "non_finite"
 */
public record Failure(double h, int point, int member, long step, String reason) {}
