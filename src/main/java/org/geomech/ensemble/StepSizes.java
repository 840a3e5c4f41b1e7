package org.geomech.ensemble;

import java.util.ArrayList;
import java.util.List;

/**
 * The step sizes of a run, in one of two forms: a list of step sizes shared by every member, each run as a launch of
 * its own in turn, or one step size per member (MemberStepSizes), run as one launch on the grid of output intervals.
 * The engine keys each launch by its {@link StepSize} ({@link #stages}).
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

    /** The launches run in turn, by their step size: one per shared step size, in order, or the one launch of h per member. */
    public List<StepSize> stages() {
        if (varies()) return List.of(new StepSize.PerMember(perMember));
        List<StepSize> out = new ArrayList<>();
        for (int k = 0; k < shared.size(); k++) out.add(new StepSize.Shared(k, shared.get(k)));
        return List.copyOf(out);
    }

    /** The same step sizes with outputs every interval: where h varies per member, each h_j snapped to divide it (MemberStepSizes). */
    public StepSizes every(double interval) { return varies() ? perMember(new MemberStepSizes(perMember.variation(), interval)) : this; }
}
