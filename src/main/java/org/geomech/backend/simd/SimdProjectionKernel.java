package org.geomech.backend.simd;

/**
 * ConsistentState's projection of initial states for one system, compiled to Java (ProjectionKernelSource) over a
 * block of members: every array member-fastest, entry k of member l at [k * width + l].
 */
public interface SimdProjectionKernel {
    /**
     * As ConsistentState.apply on members 0 .. count - 1: q and v projected in place, p and the multipliers written;
     * done[l] false (and member l's arrays left as they were) where member l is left to ConsistentState. s and pivots
     * are scratch of the sizes ProjectionKernelSource gives.
     */
    void project(double[] q, double[] v, double[] parameters, double[] p, double[] lambda, int count, boolean[] done, double[] s, int[] pivots);
}
