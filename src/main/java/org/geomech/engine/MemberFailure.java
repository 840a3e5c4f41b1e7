package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;

import java.io.Serializable;

/**
 * A member that stopped (DESIGN.md principle 4): its sweep point, its index within the point, the step it failed at and why.
 *
 * @param point  its sweep point
 * @param member its index within the point
 * @param step   the step it failed at
 * @param status why
 * @serial exclude
 */
public record MemberFailure(int point, int member, long step, EnsembleState.Status status) implements Serializable {}
