package org.geomech.solve;

import org.geomech.model.InputException;

/**
 * Newton stopping rule: |dx|_inf <= tolerance * (1 + |x|_inf), or steps that stopped contracting below
 * sqrt(tolerance) (the round-off floor); at most maxIterations LU solves.
 */
public record NewtonOptions(double tolerance, int maxIterations) {
    public static final NewtonOptions DEFAULT = new NewtonOptions(1e-12, 50);
    /** The largest iteration limit accepted (a step needing more has failed in all but name). */
    public static final int MAX_ITERATIONS = 1000;

    public NewtonOptions {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) throw new InputException("Newton tolerance must be a positive number, got " + tolerance);
        if (maxIterations < 1 || maxIterations > MAX_ITERATIONS)
            throw new InputException("Newton iteration limit must be between 1 and " + MAX_ITERATIONS + ", got " + maxIterations);
    }
}
