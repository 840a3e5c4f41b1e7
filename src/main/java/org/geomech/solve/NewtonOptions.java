package org.geomech.solve;

import org.geomech.InputException;

import java.util.Locale;

/**
 * Newton stopping rule: |dx|_inf &lt;= tolerance * (1 + |x|_inf), or steps that stopped contracting below
 * sqrt(tolerance) (the round-off floor); at most maxIterations LU solves. jacobian says how often the
 * Jacobian is evaluated and factorised: at every iteration (FULL) or once per step (SIMPLIFIED), again
 * only when the iteration stalls. iteration other than NEWTON replaces dF/dX by the method's iteration matrix, factorised
 * once per step and never refreshed (the stall fallback off).
 */
public record NewtonOptions(double tolerance, int maxIterations, Jacobian jacobian, Iteration iteration) {
    /** The user's default: simplified Newton, falling back to full Newton where it stalls. */
    public static final NewtonOptions DEFAULT = new NewtonOptions(1e-12, 50, Jacobian.SIMPLIFIED);
    /** The largest iteration limit accepted (a step needing more has failed in all but name). */
    public static final int MAX_ITERATIONS = 1000;

    /** When the Jacobian is evaluated and factorised within one step. */
    public enum Jacobian {
        /** At every iteration: quadratic convergence, the reference's robust solve. */
        FULL,
        /** At the guess only, reused while each step contracts at least STALL; full Newton after a stall. */
        SIMPLIFIED;

        /** full or simplified. */
        public String label() { return name().toLowerCase(Locale.ROOT); }

        /** full or simplified; InputException otherwise. */
        public static Jacobian of(String text) {
            for (Jacobian j : values()) if (j.label().equals(text)) return j;
            throw new InputException("Newton Jacobian must be full or simplified, got '" + text + "'");
        }
    }

    /** Checks the tolerance and the iteration limit; one-line InputExceptions. */
    public NewtonOptions {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) throw new InputException("Newton tolerance must be a positive number, got " + tolerance);
        if (maxIterations < 1 || maxIterations > MAX_ITERATIONS)
            throw new InputException("Newton iteration limit must be between 1 and " + MAX_ITERATIONS + ", got " + maxIterations);
        if (jacobian == null) throw new InputException("Newton Jacobian mode must be full or simplified");
        if (iteration == null) throw new InputException("iteration must be " + Iteration.choices());
    }

    /** Newton with this Jacobian mode. */
    public NewtonOptions(double tolerance, int maxIterations, Jacobian jacobian) { this(tolerance, maxIterations, jacobian, Iteration.NEWTON); }

    /** The same tolerance and limit with another iteration. */
    public NewtonOptions with(Iteration other) { return new NewtonOptions(tolerance, maxIterations, jacobian, other); }

    /** Whether the matrix is factorised once per step (simplified Newton, or an iteration matrix) rather than at every iteration. */
    public boolean simplified() { return jacobian == Jacobian.SIMPLIFIED || iteration != Iteration.NEWTON; }

    /** A step above stall() times the previous one refreshes the matrix: STALL for Newton, never for an iteration matrix. */
    public double stall() { return iteration == Iteration.NEWTON ? STALL : Double.POSITIVE_INFINITY; }

    /** Full Newton: the papers' iteration counts and the studies that reproduce them use it. */
    public NewtonOptions(double tolerance, int maxIterations) { this(tolerance, maxIterations, Jacobian.FULL); }

    /** The same tolerance and limit with another Jacobian mode. */
    public NewtonOptions with(Jacobian mode) { return new NewtonOptions(tolerance, maxIterations, mode, iteration); }

    /** The stall threshold: a simplified iteration whose step is above STALL times the previous one refreshes the Jacobian. */
    public static final double STALL = 0.5;
}
