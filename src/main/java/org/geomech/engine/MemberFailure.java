package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;

import java.io.Serializable;

/** A member that stopped (DESIGN.md principle 4): its sweep point, its index within the point, the step it failed at and why. */
public record MemberFailure(int point, int member, long step, EnsembleState.Status status) implements Serializable {}
