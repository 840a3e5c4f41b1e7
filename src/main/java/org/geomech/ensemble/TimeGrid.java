package org.geomech.ensemble;

import org.geomech.model.InputException;

/** Step size, number of steps and the output stride; t_end must be a whole number of steps. */
public record TimeGrid(double h, long steps, int stride) {
    public static TimeGrid of(double h, double tEnd, double outputInterval) {
        if (!(h > 0) || !Double.isFinite(h)) throw new InputException("step size h must be a positive number, got " + h);
        if (!(tEnd > 0) || !Double.isFinite(tEnd)) throw new InputException("t-end must be a positive number, got " + tEnd);
        double k = tEnd / h;
        long steps = Math.round(k);
        if (steps < 1 || Math.abs(k - steps) > 1e-9 * Math.max(1, k))
            throw new InputException("t-end " + tEnd + " is not a whole number of steps of h = " + h);
        double interval = outputInterval > 0 ? outputInterval : tEnd / Math.min(steps, 100);
        int stride = (int) Math.max(1, Math.min(steps, Math.round(interval / h)));
        return new TimeGrid(h, steps, stride);
    }

    public double tEnd() { return h * steps; }
}
