package org.geomech.solve;

import org.geomech.model.InputException;

/**
 * Newton stopping rule: |dx|_inf <= tolerance * (1 + |x|_inf), or steps that stopped contracting below
 * sqrt(tolerance) (the round-off floor); at most maxIterations LU solves.
 */
public record NewtonOptions(double tolerance, int maxIterations) {
    public static final NewtonOptions DEFAULT = new NewtonOptions(1e-12, 50);

    public NewtonOptions {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) throw new InputException("Newton tolerance must be a positive number, got " + tolerance);
        if (maxIterations < 1) throw new InputException("Newton iteration limit must be at least 1, got " + maxIterations);
    }
}
