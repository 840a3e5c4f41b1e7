package org.geomech.backend.opencl;

/**
 * The work-group size of a kernel when none is requested: the largest multiple of the kernel's
 * preferred work-group size multiple (a warp on NVIDIA, a wavefront on AMD, the vector width on POCL) that is at
 * most TARGET, one multiple where that alone exceeds TARGET, and never beyond the kernel's limit on the device.
 */
final class WorkGroup {
    /**
     * Work-items per group aimed at: two warps or one wavefront, so that no lane of a SIMD unit idles, and small
     * enough for POCL, whose run-time choice (work-groups of thousands whose private Newton arrays overflow its
     * thread stacks) crashes the JVM.
     */
    static final long TARGET = 64;

    private WorkGroup() {}

    /** The size for a kernel with the given CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE and CL_KERNEL_WORK_GROUP_SIZE. */
    static long size(long preferredMultiple, long kernelLimit) { return size(preferredMultiple, kernelLimit, TARGET); }

    /**
     * As size, aiming at target work-items instead of TARGET: 1 gives one multiple, for a kernel of few work-items
     * (the block reductions: one per block and observer), so that its groups spread over the compute units.
     */
    static long size(long preferredMultiple, long kernelLimit, long target) {
        long multiple = Math.max(1, preferredMultiple);
        long size = Math.max(multiple, target / multiple * multiple);
        return Math.max(1, Math.min(size, kernelLimit));
    }
}
