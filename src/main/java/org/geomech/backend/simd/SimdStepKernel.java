package org.geomech.backend.simd;

/**
 * A StepProgram compiled to Vector API methods: a lane-block's state held in locals across all its
 * steps, nothing stored between steps; the observers of a lane-block in a method of their own.
 */
public interface SimdStepKernel {
    /**
     * Advances the lane-block of members first .. first+lanes-1 of the component-major ensemble data (component c of
     * member j at c * stride + j) by steps steps with parameters p (h first). Returns false, leaving data unchanged,
     * when some value the state check would reject (non-finite; the caller redoes the block member by member).
     */
    boolean steps(double[] data, int stride, int first, double[] p, int steps);

    /**
     * Stores the observers of the lane-block's states from first on into values from base on (observer-major, members
     * per observer: observer o of member j at base + o * members + j).
     */
    void observe(double[] data, int stride, int first, double[] p, double[] values, int base, int members);

    /**
     * As steps, outputs times over, steps >= 1 steps each, the lane-block's state in registers throughout; after output
     * r, stores its observers as observe does from base + r * observers * members (members: the values' stride, which
     * need not be the state's; base may be negative where values hold only the members from -base on). Returns false,
     * leaving data unchanged (values not), when some value the state check would reject.
     */
    boolean outputs(double[] data, int stride, int first, double[] p, int steps, int outputs, double[] values, int base, int members);

    /**
     * As steps, for the blocks lane-blocks from first on, steps outer and blocks inner (consecutive blocks' steps are
     * independent and overlap in the core), then, unless values is null, the blocks' observers as observe stores them
     * from base on. Returns false when some value the state check would reject; data then holds partly advanced states,
     * which the caller restores. Generated only for a step that is one long chain (StepKernelSource.grouped).
     */
    default boolean group(double[] data, int stride, int first, int blocks, double[] p, int steps, double[] values, int base, int members) {
        throw new UnsupportedOperationException("this step kernel has no group method: its step is not one long chain");
    }
}
