package org.geomech.solve;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Newton with a dense LU (EJML), the reference solver: full (a fresh Jacobian and LU at every iteration) or
 * simplified (the LU of the guess's Jacobian reused; after a step that contracts by less than
 * NewtonOptions.STALL, full Newton for the rest of the solve), or an iteration matrix factorised once (NewtonOptions.iteration). The fast backends follow this operation by operation.
 */
public final class Newton {
    /** How a solve ended. */
    public enum Outcome {
        /** The residual fell below the tolerance. */
        CONVERGED,
        /** The iterations ran out. */
        ITERATION_LIMIT,
        /** The Jacobian was singular. */
        SINGULAR_JACOBIAN,
        /** A value became NaN or infinite. */
        NON_FINITE
    }

    private final NonlinearSystem system;
    private final NewtonOptions options;
    private final boolean linear;
    private final DMatrixRMaj jac, rhs, dx;
    private final double[] f;
    private final LinearSolverDense<DMatrixRMaj> lu;
    private int iterations, factorisations;

    /** linear: F is affine in x, so one iteration is exact and the loop stops there. */
    public Newton(NonlinearSystem system, NewtonOptions options, boolean linear) {
        int n = system.size();
        this.system = system;
        this.options = options;
        this.linear = linear;
        this.jac = new DMatrixRMaj(n, n);
        this.rhs = new DMatrixRMaj(n, 1);
        this.dx = new DMatrixRMaj(n, 1);
        this.f = new double[n];
        this.lu = LinearSolverFactory_DDRM.lu(n);
    }

    /** LU solves of the last call. */
    public int iterations() { return iterations; }

    /** Jacobian evaluations and LU factorisations of the last call. */
    public int factorisations() { return factorisations; }

    /** Solves F(x) = 0 in place from the guess in x. */
    public Outcome solve(double[] x) {
        int n = system.size();
        iterations = 0;
        factorisations = 0;
        if (n == 0) return Outcome.CONVERGED;
        double previous = Double.POSITIVE_INFINITY;
        boolean full = !options.simplified(), fresh = true;
        while (iterations < options.maxIterations()) {
            system.residual(x, f);
            if (fresh) system.jacobian(x, jac.data);
            if (!allFinite(f) || fresh && !allFinite(jac.data)) return Outcome.NON_FINITE;
            if (fresh) {
                if (!lu.setA(jac)) return Outcome.SINGULAR_JACOBIAN;
                factorisations++;
            }
            System.arraycopy(f, 0, rhs.data, 0, n);
            lu.solve(rhs, dx);
            iterations++;
            double step = 0, size = 0;
            for (int i = 0; i < n; i++) {
                x[i] -= dx.data[i];
                step = Math.max(step, Math.abs(dx.data[i]));
                size = Math.max(size, Math.abs(x[i]));
            }
            if (!Double.isFinite(step)) return Outcome.SINGULAR_JACOBIAN;
            if (linear || step <= options.tolerance() * (1 + size)) return Outcome.CONVERGED;
            // round-off floor: a converging Newton contracts quadratically; steps that stop contracting
            // below sqrt(tolerance) are the floor set by the conditioning (multipliers are O(eps/h^2))
            if (fresh && step >= 0.5 * previous && step <= Math.sqrt(options.tolerance()) * (1 + size)) return Outcome.CONVERGED;
            // a simplified step that stalls: full Newton from here on
            full |= step > options.stall() * previous;
            fresh = full;
            previous = step;
        }
        return Outcome.ITERATION_LIMIT;
    }

    private static boolean allFinite(double[] a) {
        for (double d : a) if (!Double.isFinite(d)) return false;
        return true;
    }
}
