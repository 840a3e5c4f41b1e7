package org.geomech.study;

/** The observed order of a convergence study: the least-squares slope of log(error) over log(h). */
public final class OrderFit {
    private OrderFit() {}

    /** Least-squares slope of log e over log h, skipping errors that are not positive; NaN with fewer than two points. */
    public static double slope(double[] h, double[] e) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        int k = 0;
        for (int i = 0; i < h.length; i++) {
            if (!(e[i] > 0)) continue;
            double x = Math.log(h[i]), y = Math.log(e[i]);
            sx += x; sy += y; sxx += x * x; sxy += x * y; k++;
        }
        return k < 2 ? Double.NaN : (k * sxy - sx * sy) / (k * sxx - sx * sx);
    }
}
