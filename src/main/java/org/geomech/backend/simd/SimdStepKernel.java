package org.geomech.backend.simd;

/**
 * A StepProgram compiled to one Vector API method (issue 8 item 3): a lane-block's state held in locals across
 * all its steps, nothing stored between steps, the observers evaluated after the last step.
 */
public interface SimdStepKernel {
    /**
     * Advances the lane-block of members first .. first+lanes-1 of the component-major ensemble data (members per
     * component) by steps steps with parameters p (h first), then, unless values is null, stores the observers of
     * the new states into values (observer-major, members per observer). Returns false, leaving data and values
     * unchanged, when some value the state check would reject (non-finite; the caller redoes the block member by
     * member).
     */
    boolean steps(double[] data, int members, int first, double[] p, int steps, double[] values);

    /**
     * As steps, for the blocks lane-blocks from first on, steps outer and blocks inner (consecutive blocks' steps are
     * independent and overlap in the core). Returns false when some value the state check would reject; data then
     * holds partly advanced states, which the caller restores. Generated only for a step that is one long chain
     * (StepKernelSource.grouped).
     */
    default boolean group(double[] data, int members, int first, int blocks, double[] p, int steps, double[] values) {
        throw new UnsupportedOperationException("this step kernel has no group method: its step is not one long chain");
    }
}
