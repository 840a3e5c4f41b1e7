package org.geomech.ensemble;

import java.util.List;

/**
 * The step sizes of a run, in one of two forms: a list of step sizes shared by every member, each run as a launch of
 * its own in turn, or one step size per member (MemberStepSizes), run as one launch on the grid of output intervals.
 * The engine keys a launch by its step size, NaN for the one launch where h varies per member; {@link #label} names a
 * launch for its users.
 *
 * @param shared    the step sizes run in turn (empty where they vary per member)
 * @param perMember the step size per member (null where they are shared)
 */
public record StepSizes(List<Double> shared, MemberStepSizes perMember) {
    /** Refuses step sizes both shared and per member. */
    public StepSizes {
        shared = List.copyOf(shared);
        if (perMember != null && !shared.isEmpty()) throw new IllegalArgumentException("step sizes are either shared or per member");
    }

    /** Step sizes shared by every member, run in turn. */
    public static StepSizes of(List<Double> shared) { return new StepSizes(shared, null); }

    /** One step size per member. */
    public static StepSizes perMember(MemberStepSizes perMember) { return new StepSizes(List.of(), perMember); }

    /** Whether each member has its own step size. */
    public boolean varies() { return perMember != null; }

    /** The launches run in turn, by their step size: the shared ones, or one labelled NaN where h varies per member. */
    public List<Double> stages() { return varies() ? List.of(Double.NaN) : shared; }

    /**
     * A launch's name: its step size ("0.01"), or where h varies per member how it varies, as {@code --h} gives it
     * ("uniform(0.01, 0.02)", "0.1/2^j").
     */
    public String label(double stage) { return varies() ? perMember.variation().describe() : Double.toString(stage); }

    /** The same step sizes with outputs every interval: where h varies per member, each h_j snapped to divide it (MemberStepSizes). */
    public StepSizes every(double interval) { return varies() ? perMember(new MemberStepSizes(perMember.variation(), interval)) : this; }

    /** The time grid of the launch at step size h (a stage): steps of h to tEnd with outputs every interval, or output intervals where h varies per member. */
    public TimeGrid grid(double h, double tEnd, double interval) { return varies() ? perMember.ticks(tEnd) : TimeGrid.of(h, tEnd, interval); }
}
