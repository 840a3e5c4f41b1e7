package org.geomech.ensemble;

import org.geomech.InputException;

/**
 * The step size varying per member: h_j from an expression of j, N and J or a seeded draw, on a
 * time grid of its own whose output times are every member's. A requested h_j that divides the output interval dt
 * (to TimeGrid's tolerance) is kept as given, bitwise what a run of that h alone uses; any other is snapped to
 * dt / n_j with n_j = ceil(dt / h_j), the largest step not above it that divides dt exactly. Member j then takes
 * n_j steps per output interval; the launch advances in output intervals ("ticks", TimeGrid.of(dt, t_end, dt)).
 */
public record MemberStepSizes(Variation variation, double interval) {
    /** The parameter name h's draws and messages go by. */
    public static final String NAME = "h";

    /** Refuses a variation that gives every member the same h. */
    public MemberStepSizes {
        if (variation instanceof Variation.Values || variation instanceof Variation.Fixed)
            throw new IllegalArgumentException("h " + variation.describe() + " is shared by every member, not per member");
    }

    /** The step size a member runs at for a requested h of member j: as given where it divides the interval, else snapped down. */
    public double snapped(double requested, int j) {
        if (!(requested > 0) || !Double.isFinite(requested))
            throw new InputException("h of member " + j + " must be a positive number, got " + requested + " from " + variation.describe());
        double k = interval / requested;
        long n = Math.round(k);
        if (n >= 1 && Math.abs(k - n) <= 1e-9 * Math.max(1, k)) return requested;
        n = (long) Math.ceil(k);
        if (n > Integer.MAX_VALUE) throw new InputException("h of member " + j + " is " + requested + ": " + k + " steps per output interval " + interval + "; at most " + Integer.MAX_VALUE);
        return interval / n;
    }

    /** Steps per output interval of a member running at step size h (from snapped). */
    public int steps(double h) { return Math.toIntExact(Math.round(interval / h)); }

    /** Steps per output interval of every member of the state, from its carried step size (component hComponent). */
    public int[] steps(EnsembleState state, int hComponent) {
        int[] out = new int[state.members()];
        for (int j = 0; j < out.length; j++) out[j] = steps(state.get(hComponent, j));
        return out;
    }

    /** The output-interval grid of a run to tEnd: one tick per output interval; a one-line error when tEnd is not a whole number of them. */
    public TimeGrid ticks(double tEnd) {
        double k = tEnd / interval;
        if (!(Math.abs(k - Math.round(k)) <= 1e-9 * Math.max(1, k)) || Math.round(k) < 1)
            throw new InputException("with h varying per member (" + variation.describe() + "), t_end " + tEnd + " must be a whole number of output intervals "
                    + interval + "; give output_interval (--output-interval) that divides it");
        return TimeGrid.of(interval, tEnd, interval);
    }

    /** How the step size varies, for the run summary and describe. */
    public String describe() {
        return variation.describe() + ", each member's h kept where it divides the output interval " + interval + ", else snapped down to "
                + interval + " / ceil(" + interval + " / h)";
    }
}
