package org.geomech.backend.simd;

/**
 * A step system and its observers compiled to Vector API code over lane-blocks: component k of lane l at
 * [k * lanes + l] of state s, parameters p (each broadcast over the lanes), unknowns x and the output o;
 * w is the scratch the generated methods share (KernelSource.scratch() doubles).
 */
public interface SimdKernel {
    /** o = X0(s, p). */
    void guess(double[] s, double[] p, double[] x, double[] o, double[] w);

    /** o = F(x; s, p). */
    void residual(double[] s, double[] p, double[] x, double[] o, double[] w);

    /** o = dF/dX(x; s, p), row-major. */
    void jacobian(double[] s, double[] p, double[] x, double[] o, double[] w);

    /** o = Psi(x, s, p), the next state. */
    void update(double[] s, double[] p, double[] x, double[] o, double[] w);

    /** o = the observers' values at (s, p). */
    void observe(double[] s, double[] p, double[] x, double[] o, double[] w);
}
