package org.geomech.backend.simd;

/**
 * The linear algebra of simplified Newton for a step system with few unknowns, unrolled for its size (issue 8 item 5):
 * the Jacobian's LU once per step, then per iteration the solve, the update of the unknowns and Newton's tests, the
 * operations of the reference's Newton and EJML solver lane by lane. Arrays are lane-blocks (entry k of lane l at
 * [k * lanes + l]); lanes holds per lane whether it still iterates (1 or 0), its previous step size and its LU solves.
 */
public interface SimdNewtonKernel {
    /** The row-major Jacobian a factorised in place, the pivot rows into pivots; false if an entry is not finite or a pivot is zero. */
    boolean factor(double[] a, double[] pivots);

    /**
     * One iteration of the lanes still iterating, from their residual f: x -= the solution of a dx = f, then Newton's
     * tests. Returns 1 when no lane iterates any more, 0 when some do, -1 when a lane meets a non-finite value,
     * stalls (the reference turns to full Newton) or, on the last allowed iteration, has not converged.
     */
    int iterate(double[] a, double[] pivots, double[] f, double[] x, double[] lanes, boolean last);
}
