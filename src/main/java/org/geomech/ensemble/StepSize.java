package org.geomech.ensemble;

import java.util.OptionalDouble;

/**
 * The step size of one launch of a run (StepSizes.stages gives them in the order they run): a step size every member
 * shares, or one per member (MemberStepSizes), run as the run's only launch on the grid of output intervals. The engine,
 * its checkpoints, the run's files and the API key a launch by it.
 */
public sealed interface StepSize {
    /** Its index among the run's launches, in the order they run (0 where h varies per member: the run's only launch). */
    int index();

    /** The step size every member shares; empty where h varies per member (each member's h is then in its state). */
    OptionalDouble h();

    /**
     * Its name: the shared step size ("0.01"), or where h varies per member how it varies, as {@code --h} gives it
     * ("uniform(0.01, 0.02)", "0.1/2^j").
     */
    String label();

    /**
     * Its time grid to tEnd: steps of h with outputs every interval, or where h varies per member one tick per output
     * interval of its own (MemberStepSizes.ticks).
     */
    TimeGrid grid(double tEnd, double interval);

    /**
     * A step size shared by every member.
     *
     * @param index its index among the run's launches
     * @param value the step size
     */
    record Shared(int index, double value) implements StepSize {
        /** Refuses a negative index. */
        public Shared {
            if (index < 0) throw new IllegalArgumentException("a launch's index is at least 0, got " + index);
        }

        @Override
        public OptionalDouble h() { return OptionalDouble.of(value); }

        @Override
        public String label() { return Double.toString(value); }

        @Override
        public TimeGrid grid(double tEnd, double interval) { return TimeGrid.of(value, tEnd, interval); }
    }

    /**
     * A step size per member, the run's only launch.
     *
     * @param steps how h varies over the members, and the output interval each h_j is snapped to divide
     */
    record PerMember(MemberStepSizes steps) implements StepSize {
        @Override
        public int index() { return 0; }

        @Override
        public OptionalDouble h() { return OptionalDouble.empty(); }

        @Override
        public String label() { return steps.variation().describe(); }

        @Override
        public TimeGrid grid(double tEnd, double interval) { return steps.ticks(tEnd); }
    }
}
