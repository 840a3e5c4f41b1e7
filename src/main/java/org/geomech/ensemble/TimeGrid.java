package org.geomech.ensemble;

import org.geomech.InputException;

/**
 * Step size, number of steps and the output stride; t_end must be a whole number of steps, at most
 * MAX_STEPS of them, written in at most MAX_ROWS output rows.
 */
public record TimeGrid(double h, long steps, int stride) {
    /** The most steps of one run (10^12: days of a large ensemble; beyond it t_end/h is a mistake). */
    public static final long MAX_STEPS = 1_000_000_000_000L;
    /** The most output rows of one run (10^7). */
    public static final long MAX_ROWS = 10_000_000L;

    /** The grid of step size h to tEnd with output every outputInterval (t_end/min(steps, 100) where not positive); one-line InputExceptions where tEnd is not a whole number of steps or the grid is too large. */
    public static TimeGrid of(double h, double tEnd, double outputInterval) {
        if (!(h > 0) || !Double.isFinite(h)) throw new InputException("step size h must be a positive number, got " + h);
        if (!(tEnd > 0) || !Double.isFinite(tEnd)) throw new InputException("t-end must be a positive number, got " + tEnd);
        double k = tEnd / h;
        if (!(k <= MAX_STEPS)) throw new InputException("t-end / h = " + tEnd + " / " + h + " = " + k + " steps; at most " + MAX_STEPS);
        long steps = Math.round(k);
        if (steps < 1 || Math.abs(k - steps) > 1e-9 * Math.max(1, k))
            throw new InputException("t-end " + tEnd + " is not a whole number of steps of h = " + h);
        double interval = outputInterval > 0 ? outputInterval : tEnd / Math.min(steps, 100);
        int stride = (int) Math.max(1, Math.min(Math.min(steps, Integer.MAX_VALUE), Math.round(interval / h)));
        long rows = rows(steps, stride);
        if (rows > MAX_ROWS)
            throw new InputException("output interval " + interval + " gives " + rows + " output rows at h = " + h + "; at most " + MAX_ROWS
                    + " (give a larger output interval)");
        return new TimeGrid(h, steps, stride);
    }

    /** The final time, h times the steps. */
    public double tEnd() { return h * steps; }

    /** Output rows, the one at t = 0 included. */
    public long rows() { return rows(steps, stride); }

    private static long rows(long steps, int stride) { return (steps + stride - 1) / stride + 1; }
}
