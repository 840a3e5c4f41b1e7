package org.geomech.backend.simd;

/**
 * A simplified-Newton iteration for a step system with few unknowns, unrolled for its size: the
 * solve with the step's LU, the update of the unknowns and Newton's tests, the operations of the reference's Newton
 * and EJML solver lane by lane, on rows in their pivot order. Arrays are lane-blocks (entry k of lane l at
 * [k * lanes + l]); lanes holds per lane whether it still iterates (1 or 0), its previous step size, its LU solves,
 * then k flags of the forward pass.
 */
public interface SimdNewtonKernel {
    /**
     * One iteration of the lanes still iterating, from their residual f in the rows' order (overwritten): x -= the
     * solution of LU dx = f (a as LaneStepper.factor leaves it: no row swaps), then Newton's tests. Returns 1 when no
     * lane iterates any more, 0 when some do, -1 when a lane meets a non-finite value, stalls (the reference turns to
     * full Newton) or, on the last allowed iteration, has not converged.
     */
    int iterate(double[] a, double[] f, double[] x, double[] lanes, boolean last);
}
