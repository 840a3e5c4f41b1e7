package org.geomech.io.plot;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Observers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The charts of each command: observer statistics over time, a sweep's per-point curves, a reproduction's comparison plots. */
public final class Plots {
    private Plots() {}

    /**
     * Per observer two charts: mean and max across members against t, and the mean-square deviation
     * from the initial values (log axis when it spans decades). Keys are file stems.
     */
    public static Map<String, Chart> observers(List<String> names, List<EnsembleRun.Row> rows, String title) {
        return observers(names, rows, title, List.of());
    }

    /**
     * As above; with two or more quantiles (named in column order, e.g. q5, q50, q95) the value chart shows the mean,
     * the median (if kept) and the band between the lowest and the highest quantile, filled, instead of the mean and
     * max. Where energy_error is observed it stands for the energy: the energy level says nothing about conservation,
     * so the energy gets no charts, and the error's values are shown as magnitudes |energy_error| on a log axis where
     * every member's error has one sign and they span decades.
     */
    public static Map<String, Chart> observers(List<String> names, List<EnsembleRun.Row> rows, String title, List<String> quantiles) {
        Map<String, Chart> charts = new LinkedHashMap<>();
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
            boolean log = sign != 0 && logScaleSuits(scaled(shown, sign));
            if (!log) sign = 1;
            String yTitle = sign < 0 ? "|" + n + "| (the values shown are negative)" : log && n.equals(Observers.ENERGY_ERROR) ? "|" + n + "|" : n;
            Chart values = Chart.overTime(title + ": " + n, yTitle, log);
            if (band) {
                int median = quantiles.indexOf("q50");
                values.line("mean over members", t, scaled(mean, sign));
                int color = median >= 0 ? values.line("median (q50)", t, scaled(q[median], sign)) : values.nextColor();
                // magnitudes of negative values reverse the order: |q_last| is then the lower edge
                double[] lower = scaled(q[sign < 0 ? last : 0], sign), upper = scaled(q[sign < 0 ? 0 : last], sign);
                values.band(quantiles.get(0) + " to " + quantiles.get(last) + " of members", t, lower, upper, color);
            } else {
                values.line("mean over members", t, scaled(mean, sign));
                values.line("max over members", t, scaled(max, sign));
            }
            charts.put(n, values);
            Chart dev = Chart.overTime(title + ": mean-square deviation of " + n, "mu(" + n + ") = mean_j (" + n + "_j(t) \u2212 " + n + "_j(0))^2",
                    logScaleSuits(List.of(msd)));
            dev.line("mu(" + n + ")", t, msd);
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

    /**
     * Per observer with a histogram in its rows, a heat map of it over time: output time on x (each output's column reaching
     * halfway to its neighbours, the first and the last from the span's ends), the observer's value on y (each column's own bins), colour the members per bin; notes
     * count the members outside the bins (summed over outputs). As observers(), energy_error stands for the energy. Keys
     * are file stems (observer-hist).
     */
    public static Map<String, Chart> histograms(List<String> names, List<EnsembleRun.Row> rows, String title) {
        Map<String, Chart> charts = new LinkedHashMap<>();
        int times = rows.size();
        double[] t = new double[times], x0 = new double[times], x1 = new double[times];
        for (int i = 0; i < times; i++) t[i] = rows.get(i).t();
        for (int i = 0; i < times; i++) {
            x0[i] = i > 0 ? (t[i - 1] + t[i]) / 2 : times > 1 ? t[0] : t[0] - 0.5;
            x1[i] = i < times - 1 ? (t[i] + t[i + 1]) / 2 : times > 1 ? t[i] : t[i] + 0.5;
        }
        for (int o = 0; o < names.size(); o++) {
            String n = names.get(o);
            if (n.equals("energy") && names.contains(Observers.ENERGY_ERROR) || times == 0 || rows.get(0).stats().get(o).histogram() == null) continue;
            double[][] edges = new double[times][];
            long[][] counts = new long[times][];
            long below = 0, above = 0, nonFinite = 0;
            for (int i = 0; i < times; i++) {
                org.geomech.ensemble.Histogram h = rows.get(i).stats().get(o).histogram();
                counts[i] = h.counts().clone();
                edges[i] = new double[counts[i].length + 1];
                for (int k = 0; k < edges[i].length; k++) edges[i][k] = h.edge(k);
                below += h.below();
                above += h.above();
                nonFinite += h.nonFinite();
            }
            Chart chart = Chart.overTime(title + ": distribution of " + n + " over the members", n, false);
            chart.heatMap(new HeatMap("members per bin", x0, x1, edges, counts));
            if (below + above > 0) chart.note("Outside the bins (summed over the outputs): " + below + " below, " + above + " above.");
            if (nonFinite > 0) chart.note("Not finite (summed over the outputs): " + nonFinite + ".");
            charts.put(n + "-hist", chart);
        }
        return charts;
    }

    private static double[] scaled(double[] x, double by) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = by * x[i];
        return out;
    }

    private static List<double[]> scaled(List<double[]> series, double by) { return series.stream().map(s -> scaled(s, by)).toList(); }

    /**
     * A sweep's charts: per observer the mean across each point's members against t, and its mean-square
     * deviation, one series per sweep point (keys of points are the series labels). Keys are file stems.
     */
    public static Map<String, Chart> sweep(List<String> names, Map<String, List<EnsembleRun.Row>> points, String title) {
        Map<String, Chart> charts = new LinkedHashMap<>();
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

    private static Chart perPoint(String title, String yLabel, Map<String, double[][]> series) {
        List<double[]> ys = new ArrayList<>();
        for (double[][] s : series.values()) ys.add(s[1]);
        Chart chart = Chart.overTime(title, yLabel, logScaleSuits(ys));
        for (Map.Entry<String, double[][]> s : series.entrySet()) chart.line(s.getKey(), s.getValue()[0], s.getValue()[1]);
        return chart;
    }

    /**
     * True when a log axis reads better: no negative values, and the positive ones span more than two decades
     * or are all tiny (round-off residuals, whose linear axis would show one label).
     */
    public static boolean logScaleSuits(List<double[]> series) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (double[] s : series) for (double v : s) {
            if (v < 0) return false;
            if (v > 0 && Double.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
        }
        return hi > 0 && (hi / lo > 100 || hi < 1e-6);
    }

    /**
     * The comparison plots of a reproduction's table (rows with the header first), titled by the caption: for every column X with a paper_X
     * or spec_X beside it (for X = error_Y also spec_Y), X against h on log-log axes, one line per case (the first column
     * and the text columns left of h: a method, a problem and a method, s = 2, ...) with the reference values as hollow markers labelled "(paper)" or
     * "(spec)" by their column, and a reference slope h^p for each case whose values converge (Slopes.convergent: the
     * slope is fitted to the points before round-off) and whose fitted slope rounds to p >= 1 (rates, slopes and orders, derived from the errors, are not plotted; nor is a column
     * without a positive value, ours or theirs). Only
     * tables with an h column and at least three step sizes in one case give plots.
     */
    public static Map<String, Chart> comparison(List<List<String>> table, String stem, String caption) {
        Map<String, Chart> charts = new LinkedHashMap<>();
        if (table.size() < 2) return charts;
        List<String> header = table.get(0);
        List<List<String>> rows = table.subList(1, table.size());
        int h = header.indexOf("h");
        if (h < 0) return charts;
        List<Integer> keys = new ArrayList<>();
        for (int c = 0; c < h; c++) if (c == 0 || !numeric(rows, c)) keys.add(c);
        Map<String, List<List<String>>> cases = new LinkedHashMap<>();
        for (List<String> row : rows) {
            List<String> key = new ArrayList<>();
            for (int c : keys) key.add(numeric(rows, c) ? header.get(c) + " = " + row.get(c) : row.get(c));
            cases.computeIfAbsent(String.join(", ", key), k -> new ArrayList<>()).add(row);
        }
        boolean study = false;
        for (List<List<String>> c : cases.values()) {
            Set<String> hs = new LinkedHashSet<>();
            for (List<String> row : c) hs.add(row.get(h));
            study |= hs.size() >= 3;
        }
        if (!study) return charts;
        for (int c = 0; c < header.size(); c++) {
            String x = header.get(c);
            int reference = referenceColumn(header, x);
            if (reference < 0 || x.startsWith("rate") || x.startsWith("slope") || x.startsWith("order")) continue;
            String source = header.get(reference).startsWith("paper_") ? "paper" : "spec";
            boolean ourValues = false, theirValues = false;
            for (List<String> row : rows) {
                ourValues |= number(row.get(c)) > 0;
                theirValues |= number(row.get(reference)) > 0;
            }
            if (!ourValues && !theirValues) continue;
            Chart chart = Chart.againstStepSize(caption + ": " + x + " against h, ours (lines)"
                    + (theirValues ? ", the " + source + "'s values (hollow markers)" : " (the " + source + " gives no values)"), x);
            List<double[][]> slopes = new ArrayList<>();
            for (Map.Entry<String, List<List<String>>> k : cases.entrySet()) {
                int n = k.getValue().size();
                double[] hs = new double[n], ours = new double[n], theirs = new double[n];
                for (int i = 0; i < n; i++) {
                    List<String> row = k.getValue().get(i);
                    hs[i] = number(row.get(h));
                    ours[i] = number(row.get(c));
                    theirs[i] = number(row.get(reference));
                }
                String name = k.getKey();
                int color = chart.lineWithMarkers(name, hs, ours);
                if (anyFinite(theirs)) chart.markers(name + " (" + source + ")", hs, theirs, color);
                slopes.add(new double[][]{hs, ours});
            }
            for (double[][] he : slopes) {
                double[][] converging = Slopes.convergent(he[0], he[1]);
                double p = converging == null ? 0 : Math.rint(Slopes.fitted(converging[0], converging[1]));
                if (p >= 1) Slopes.add(chart, converging[0], converging[1], (int) p);
            }
            charts.put(stem + "-" + x, chart);
        }
        return charts;
    }

    /** The column holding the paper's or the spec's values of column x; -1 if none. */
    private static int referenceColumn(List<String> header, String x) {
        if (x.startsWith("paper_") || x.startsWith("spec_")) return -1;
        for (String name : new String[]{"paper_" + x, "spec_" + x, x.startsWith("error_") ? "spec_" + x.substring(6) : null})
            if (name != null && header.contains(name)) return header.indexOf(name);
        return -1;
    }

    private static boolean numeric(List<List<String>> rows, int c) {
        for (List<String> row : rows) if (!row.get(c).isEmpty() && Double.isNaN(number(row.get(c)))) return false;
        return true;
    }

    private static boolean anyFinite(double[] v) {
        for (double x : v) if (Double.isFinite(x)) return true;
        return false;
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Writes every chart (ChartFiles.write) into dir. */
    public static List<java.nio.file.Path> writeAll(Map<String, Chart> charts, java.nio.file.Path dir) { return ChartFiles.writeAll(charts, dir); }
}
