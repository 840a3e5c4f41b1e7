package org.geomech.solve;

/** F(x) = 0 with its Jacobian, evaluated into caller-owned arrays (nothing allocated per call). */
public interface NonlinearSystem {
    /** The number of unknowns and equations. */
    int size();
    /** F(x) into f. */
    void residual(double[] x, double[] f);
    /** Row-major dF/dx into jac (size*size). */
    void jacobian(double[] x, double[] jac);
}
