package org.geomech.io.plot;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Observers;
import org.knowm.xchart.XYChart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The charts of each command: order plots, observer statistics over time, the energy-MSE study. */
public final class Plots {
    private Plots() {}

    /**
     * Per observer two charts: mean and max across members against t, and the mean-square deviation
     * from the initial values (log axis when it spans decades). Keys are file stems.
     */
    public static Map<String, XYChart> observers(List<String> names, List<EnsembleRun.Row> rows, String title) {
        return observers(names, rows, title, List.of());
    }

    /**
     * As above; with two or more quantiles (named in column order, e.g. q5, q50, q95) the value chart shows the mean,
     * the median (if kept) and the band between the lowest and the highest quantile, filled, instead of the mean and
     * max. Where energy_error is observed it stands for the energy: the energy level says nothing about conservation,
     * so the energy gets no charts, and the error's values are shown as magnitudes |energy_error| on a log axis where
     * every member's error has one sign and they span decades.
     */
    public static Map<String, XYChart> observers(List<String> names, List<EnsembleRun.Row> rows, String title, List<String> quantiles) {
        Map<String, XYChart> charts = new LinkedHashMap<>();
        double[] t = new double[rows.size()];
        for (int i = 0; i < t.length; i++) t[i] = rows.get(i).t();
        for (int o = 0; o < names.size(); o++) {
            String n = names.get(o);
            if (n.equals("energy") && names.contains(Observers.ENERGY_ERROR)) continue;
            double[] mean = new double[t.length], max = new double[t.length], msd = new double[t.length];
            for (int i = 0; i < t.length; i++) {
                mean[i] = rows.get(i).stats().get(o).mean();
                max[i] = rows.get(i).stats().get(o).max();
                msd[i] = rows.get(i).stats().get(o).msd();
            }
            double[][] q = new double[quantiles.size()][t.length];
            for (int i = 0; i < t.length; i++) for (int k = 0; k < quantiles.size(); k++) q[k][i] = rows.get(i).stats().get(o).quantiles()[k];
            boolean band = quantiles.size() >= 2;
            int last = quantiles.size() - 1;
            List<double[]> shown = band ? List.of(mean, q[0], q[last]) : List.of(mean, max);
            // an error of one sign over every member and time, spanning decades, reads as its magnitude on a log axis
            double sign = n.equals(Observers.ENERGY_ERROR) ? sign(shown) : 1;
            boolean log = sign != 0 && Charts.logScaleSuits(scaled(shown, sign == 0 ? 1 : sign));
            if (!log) sign = 1;
            String yTitle = sign < 0 ? "|" + n + "| (the values shown are negative)" : log && n.equals(Observers.ENERGY_ERROR) ? "|" + n + "|" : n;
            XYChart values = Charts.create(title + ": " + n, "time t", yTitle, false, log);
            if (band) {
                band(values, quantiles.get(0) + " to " + quantiles.get(last) + " over members", t, scaled(q[0], sign), scaled(q[last], sign));
                int median = quantiles.indexOf("q50");
                Charts.line(values, "mean over members", t, scaled(mean, sign), false);
                if (median >= 0) Charts.line(values, "median", t, scaled(q[median], sign), false);
            } else {
                Charts.line(values, "mean over members", t, scaled(mean, sign), false);
                Charts.line(values, "max over members", t, scaled(max, sign), false);
            }
            charts.put(n, values);
            XYChart dev = Charts.create(title + ": mean-square deviation of " + n, "time t", "mu(" + n + ") = mean_j (" + n + "_j(t) - " + n + "_j(0))^2",
                    false, Charts.logScaleSuits(List.of(msd)));
            Charts.line(dev, "mu(" + n + ")", t, msd, false);
            charts.put(n + "-msd", dev);
        }
        return charts;
    }

    // 1 where every finite value is >= 0, -1 where every one is <= 0, else 0
    private static double sign(List<double[]> series) {
        boolean positive = false, negative = false;
        for (double[] s : series) for (double v : s) {
            if (v > 0) positive = true;
            if (v < 0) negative = true;
        }
        return positive && negative ? 0 : negative ? -1 : 1;
    }

    private static double[] scaled(double[] x, double by) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = by * x[i];
        return out;
    }

    private static List<double[]> scaled(List<double[]> series, double by) { return series.stream().map(s -> scaled(s, by)).toList(); }

    // the region between lo and hi, filled (a polygon along hi, back along lo), of the points finite on the chart's axis
    private static void band(XYChart chart, String name, double[] t, double[] lo, double[] hi) {
        boolean log = chart.getStyler().isYAxisLogarithmic();
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < t.length; i++)
            if (Double.isFinite(lo[i]) && Double.isFinite(hi[i]) && (!log || lo[i] > 0 && hi[i] > 0)) kept.add(i);
        if (kept.size() < 2) return;
        int k = kept.size();
        double[] x = new double[2 * k], y = new double[2 * k];
        for (int m = 0; m < k; m++) {
            x[m] = t[kept.get(m)];
            y[m] = hi[kept.get(m)];
            x[2 * k - 1 - m] = t[kept.get(m)];
            y[2 * k - 1 - m] = lo[kept.get(m)];
        }
        org.knowm.xchart.XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.PolygonArea);
        s.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
        s.setFillColor(new java.awt.Color(0x1f77b4 | 0x40000000, true));
        s.setLineColor(new java.awt.Color(0x1f77b4 | 0x40000000, true));
    }

    /**
     * A sweep's charts: per observer the mean across each point's members against t, and its mean-square
     * deviation, one series per sweep point (keys of points are the series labels). Keys are file stems.
     */
    public static Map<String, XYChart> sweep(List<String> names, Map<String, List<EnsembleRun.Row>> points, String title) {
        Map<String, XYChart> charts = new LinkedHashMap<>();
        for (int o = 0; o < names.size(); o++) {
            String n = names.get(o);
            Map<String, double[][]> mean = new LinkedHashMap<>(), msd = new LinkedHashMap<>();
            for (Map.Entry<String, List<EnsembleRun.Row>> p : points.entrySet()) {
                List<EnsembleRun.Row> rows = p.getValue();
                double[] t = new double[rows.size()], m = new double[t.length], d = new double[t.length];
                for (int i = 0; i < t.length; i++) {
                    t[i] = rows.get(i).t();
                    m[i] = rows.get(i).stats().get(o).mean();
                    d[i] = rows.get(i).stats().get(o).msd();
                }
                mean.put(p.getKey(), new double[][]{t, m});
                msd.put(p.getKey(), new double[][]{t, d});
            }
            charts.put(n, perPoint(title + ": mean of " + n + " per sweep point", n + " (mean over members)", mean));
            charts.put(n + "-msd", perPoint(title + ": mean-square deviation of " + n + " per sweep point", "mu(" + n + ")", msd));
        }
        return charts;
    }

    private static XYChart perPoint(String title, String yLabel, Map<String, double[][]> series) {
        List<double[]> ys = new ArrayList<>();
        for (double[][] s : series.values()) ys.add(s[1]);
        XYChart chart = Charts.create(title, "time t", yLabel, false, Charts.logScaleSuits(ys));
        for (Map.Entry<String, double[][]> s : series.entrySet()) Charts.line(chart, s.getKey(), s.getValue()[0], s.getValue()[1], false);
        return chart;
    }

    /**
     * The comparison plots of a reproduction's table (rows with the header first): for every column X that
     * has a paper_X or spec_X beside it, X against h on log-log axes, one line per method (first column)
     * and the paper's values as markers. Tables without an h column give none.
     */
    public static Map<String, XYChart> comparison(List<List<String>> table, String stem) {
        Map<String, XYChart> charts = new LinkedHashMap<>();
        if (table.size() < 2) return charts;
        List<String> header = table.get(0);
        int h = header.indexOf("h");
        if (h < 0) return charts;
        for (int c = 0; c < header.size(); c++) {
            String x = header.get(c);
            int paper = Math.max(header.indexOf("paper_" + x), header.indexOf("spec_" + x));
            if (paper < 0) continue;
            XYChart chart = Charts.create(stem + ": " + x + " against h, ours (lines), the paper's (markers, where given)", "step size h", x, true, true);
            Map<String, List<double[]>> byMethod = new LinkedHashMap<>();
            for (List<String> row : table.subList(1, table.size()))
                byMethod.computeIfAbsent(row.get(0), k -> new ArrayList<>()).add(new double[]{number(row.get(h)), number(row.get(c)), number(row.get(paper))});
            for (Map.Entry<String, List<double[]>> m : byMethod.entrySet()) {
                double[][] cols = new double[3][m.getValue().size()];
                for (int i = 0; i < cols[0].length; i++) for (int k = 0; k < 3; k++) cols[k][i] = m.getValue().get(i)[k];
                Charts.line(chart, m.getKey(), cols[0], cols[1], true);
                Charts.line(chart, m.getKey() + " (paper)", cols[0], cols[2], true);
                if (chart.getSeriesMap().containsKey(m.getKey() + " (paper)"))
                    chart.getSeriesMap().get(m.getKey() + " (paper)").setLineStyle(org.knowm.xchart.style.lines.SeriesLines.NONE);
            }
            if (!chart.getSeriesMap().isEmpty()) charts.put(stem + "-" + x, chart);
        }
        return charts;
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Writes every chart as stem.png and stem.svg into dir. */
    public static List<Path> writeAll(Map<String, XYChart> charts, Path dir) {
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, XYChart> c : charts.entrySet()) files.addAll(Charts.write(c.getValue(), dir, c.getKey()));
        return files;
    }
}
