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
     * The converging part of a series of errors against h: from the largest h on, its points for as long as each error is
     * at least 10 % below the one before (round-off ends it); null unless three or more points spanning half a decade
     * (round-off noise and slowly varying counts do not converge). Returns the h values, then the errors.
     */
    public static double[][] convergent(double[] h, double[] e) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < h.length; i++) if (h[i] > 0 && e[i] > 0 && Double.isFinite(e[i])) points.add(new double[]{h[i], e[i]});
        points.sort((a, b) -> Double.compare(b[0], a[0]));
        int n = points.isEmpty() ? 0 : 1;
        while (n < points.size() && points.get(n)[1] < 0.9 * points.get(n - 1)[1]) n++;
        if (n < 3 || Math.log10(points.get(0)[1] / points.get(n - 1)[1]) < 0.5) return null;
        double[][] out = new double[2][n];
        for (int i = 0; i < n; i++) {
            out[0][i] = points.get(i)[0];
            out[1][i] = points.get(i)[1];
        }
        return out;
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
