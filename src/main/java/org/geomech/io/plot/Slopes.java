package org.geomech.io.plot;

import java.util.ArrayList;
import java.util.List;

/** The reference slopes of order plots: a dashed line C h^p beside a series of errors against h, and the slope fitted to one. */
public final class Slopes {
    /** Errors at or below this are round-off, left out of a fit. */
    static final double ROUND_OFF = 1e-13;

    private Slopes() {}

    /**
     * The line h^p over the series' range of h where its errors are above round-off, through its point of largest h
     * lowered by a factor 3 (beside the data, not on it), named "slope h^p"; nothing when the chart has one already or
     * fewer than two such points.
     */
    public static void add(Chart chart, double[] h, double[] e, int p) {
        String name = "slope h^" + p;
        for (Series s : chart.series()) if (s.name().equals(name)) return;
        int widest = -1;
        double hMin = Double.POSITIVE_INFINITY;
        for (int i = 0; i < h.length; i++) {
            if (!(h[i] > 0 && e[i] > ROUND_OFF && Double.isFinite(e[i]))) continue;
            if (widest < 0 || h[i] > h[widest]) widest = i;
            hMin = Math.min(hMin, h[i]);
        }
        if (widest < 0 || hMin == h[widest]) return;
        double c = e[widest] / 3 / Math.pow(h[widest], p);
        chart.reference(name, new double[]{h[widest], hMin}, new double[]{c * Math.pow(h[widest], p), c * Math.pow(hMin, p)});
    }

    /**
     * True when the errors above round-off converge: at least two, each at least 10 % below the one at the next larger h,
     * and half a decade or more between the largest and the smallest (round-off noise and slowly varying counts do not).
     */
    public static boolean converging(double[] h, double[] e) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < h.length; i++) if (h[i] > 0 && e[i] > ROUND_OFF && Double.isFinite(e[i])) points.add(new double[]{h[i], e[i]});
        points.sort((a, b) -> Double.compare(b[0], a[0]));
        if (points.size() < 2) return false;
        for (int i = 1; i < points.size(); i++) if (!(points.get(i)[1] < 0.9 * points.get(i - 1)[1])) return false;
        return Math.log10(points.get(0)[1] / points.get(points.size() - 1)[1]) >= 0.5;
    }

    /** The least-squares slope of log e against log h over the points with e above round-off; NaN with fewer than two. */
    public static double fitted(double[] h, double[] e) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        int n = 0;
        for (int i = 0; i < h.length; i++) {
            if (!(h[i] > 0 && e[i] > ROUND_OFF && Double.isFinite(e[i]))) continue;
            double x = Math.log(h[i]), y = Math.log(e[i]);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
            n++;
        }
        double d = n * sxx - sx * sx;
        return n < 2 || d == 0 ? Double.NaN : (n * sxy - sx * sy) / d;
    }
}
