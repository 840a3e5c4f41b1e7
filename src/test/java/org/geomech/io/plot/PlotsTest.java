package org.geomech.io.plot;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.Statistics;
import org.geomech.study.ConvergenceStudy;
import org.geomech.study.EnergyMseStudy;
import org.geomech.study.StudyCharts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kind of plot of the commands, laid out and written, passes ChartCheck (no overlapping labels, the data inside the
 * labelled range, decades labelled 10^k, the files written); bands are filled, reference slopes drawn, one line per case,
 * and values a log axis cannot show are named in a note.
 */
class PlotsTest {
    @TempDir
    Path dir;

    @Test
    void orderPlotHasFourQuantitiesAndSlopesOfBothOrders() throws Exception {
        // errors of a method of order 4 with multipliers of order 2 (lobatto-nh:3, 001 Cor. 5.2.1)
        List<ConvergenceStudy.Point> pts = new ArrayList<>();
        for (double h : new double[]{0.1, 0.05, 0.025, 0.0125}) pts.add(new ConvergenceStudy.Point(h, 3 * Math.pow(h, 4), 2 * Math.pow(h, 4), Math.pow(h, 4), 2 * h * h, 0));
        Chart chart = StudyCharts.order(new ConvergenceStudy.Result(pts, 4, 4, 4, 2, "ref", 0.001), "test", 4, 2);
        assertEquals(List.of("slope h^4", "slope h^2"), names(chart, Series.Kind.REFERENCE));
        ChartCheck.check(dir, chart, "order");
    }

    @Test
    void observerPlotsWithQuantilesFillTheBand() throws Exception {
        List<EnsembleRun.Row> rows = new ArrayList<>();
        for (int k = 0; k <= 400; k++) {
            double t = 0.05 * k, spread = 1e-6 * t;
            rows.add(new EnsembleRun.Row(t, k, 100, List.of(new Statistics(spread * Math.sin(t), 2 * spread, spread * spread, -2 * spread, spread, new double[]{-spread, 0.1 * spread, spread}))));
        }
        Map<String, Chart> charts = Plots.observers(List.of("energy_error"), rows, "chaotic-nh, lobatto-nh:2", List.of("q5", "q50", "q95"));
        Chart values = charts.get("energy_error");
        assertEquals(List.of("q5 to q95 of members"), names(values, Series.Kind.BAND));
        for (Series s : values.series()) assertFalse(s.name().contains("band from"), s.name());
        ChartCheck.check(dir, values, "energy_error");
        Chart msd = charts.get("energy_error-msd");
        assertTrue(msd.y().log(), "the msd spans decades: log axis");
        Layout layout = ChartCheck.check(dir, msd, "energy_error-msd");
        assertTrue(String.join(" ", notes(layout)).contains("value of 0 at t = 0"), "t = 0 is named: " + notes(layout));
    }

    @Test
    void histogramsOverTimeAreAHeatMap() throws Exception {
        // 1000 members' errors spreading as sqrt(t), 20 bins over each output's own range (hist:20), binomial counts, all 1000 in
        // one bin of zero width at t = 0; the energy's histograms give no chart beside energy_error's
        List<EnsembleRun.Row> rows = new ArrayList<>();
        int bins = 20;
        for (int k = 0; k <= 50; k++) {
            double t = 0.2 * k, width = 1e-8 * Math.sqrt(t);
            long[] counts = new long[bins];
            long total = 0;
            for (int b = 0; b < bins && k > 0; b++) total += counts[b] = Math.round(1000 * binomial(bins - 1, b));
            counts[k > 0 ? bins / 2 : 0] += 1000 - total;   // at t = 0 every error is 0: one value, a range of zero width
            Histogram error = new Histogram(-width, width, 0, 0, 0, counts), energy = new Histogram(2.5, 3.5, 0, 0, 0, new long[bins]);
            rows.add(new EnsembleRun.Row(t, k, 1000, List.of(new Statistics(3, 3, 0, 3, 0, new double[0], energy), new Statistics(0, width, 0, -width, 0, new double[0], error))));
        }
        Map<String, Chart> charts = Plots.histograms(List.of("energy", "energy_error"), rows, "chaotic-nh, lobatto-nh:2");
        assertEquals(List.of("energy_error-hist"), List.copyOf(charts.keySet()));
        Chart chart = charts.get("energy_error-hist");
        HeatMap heat = chart.heatMap();
        assertEquals(51 * bins, heat.cells());
        // columns reach halfway to their neighbours, the first from t = 0: t = 0 from 0 to 0.1
        assertEquals(0, heat.x0()[0]);
        assertEquals(0.1, heat.x1()[0], 1e-15);
        assertEquals(10, heat.x1()[50]);
        assertTrue(heat.logCounts() && heat.leastCount() == 2 && heat.max() == 1000, "counts from 2 to 1000: a log colour bar");
        assertTrue(new Layout(chart).colorScale().log());
        assertEquals(heat.x1()[10], heat.x0()[11]);
        Layout layout = ChartCheck.check(dir, chart, "energy_error-hist");
        double[] y = layout.range(false);
        assertEquals(-rows.get(50).stats().get(1).max(), y[0], 1e-24, "the y axis holds the widest output's lowest edge");
        // the fullest cell (the middle bin, every output) in the colour of the largest count, an empty bin of the last column blank
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(dir.resolve("energy_error-hist.png").toFile());
        int i = 50, middle = bins / 2;
        double cx = (layout.px(heat.x0()[i]) + layout.px(heat.x1()[i])) / 2;
        double cy = (layout.py(heat.edges()[i][middle]) + layout.py(heat.edges()[i][middle + 1])) / 2;
        assertEquals(HeatMap.color(layout.colorScale().fraction(heat.counts()[i][middle])).getRGB(), png.getRGB((int) (cx * PngCanvas.SCALE), (int) (cy * PngCanvas.SCALE)));
        assertEquals(0, heat.counts()[i][0]);
        double ey = (layout.py(heat.edges()[i][0]) + layout.py(heat.edges()[i][1])) / 2;
        int blank = png.getRGB((int) (cx * PngCanvas.SCALE), (int) (ey * PngCanvas.SCALE));
        assertTrue(blank == java.awt.Color.WHITE.getRGB() || blank == Painter.GRID.getRGB(), "a count of 0 is blank (the page or a grid line): " + Integer.toHexString(blank));
    }

    // C(n, k) / 2^n
    private static double binomial(int n, int k) {
        double c = 1;
        for (int j = 1; j <= k; j++) c = c * (n - k + j) / j;
        return c / Math.pow(2, n);
    }

    @Test
    void observerPlotsWithoutQuantilesShowMeanAndMax() throws Exception {
        List<EnsembleRun.Row> rows = new ArrayList<>();
        for (int k = 0; k <= 100; k++) rows.add(new EnsembleRun.Row(0.1 * k, k, 5, List.of(new Statistics(3.06 + 1e-7 * k, 3.06 + 2e-7 * k, 1e-14 * k * k))));
        Map<String, Chart> charts = Plots.observers(List.of("energy"), rows, "test");
        assertEquals(2, charts.get("energy").series().size());
        // 3.06 to 3.06002: a linear axis of long labels, which must still stand apart
        ChartCheck.check(dir, charts.get("energy"), "energy");
        ChartCheck.check(dir, charts.get("energy-msd"), "energy-msd");
    }

    @Test
    void sweepPlotHasOneLinePerPoint() throws Exception {
        Map<String, List<EnsembleRun.Row>> points = new LinkedHashMap<>();
        for (int p = 0; p < 12; p++) {
            List<EnsembleRun.Row> rows = new ArrayList<>();
            for (int k = 0; k <= 50; k++) rows.add(new EnsembleRun.Row(k, k, 3, List.of(new Statistics(p * Math.cos(0.1 * k), p, 1e-3 * p * k))));
            points.put("point " + p + ": eps = " + (0.1 * p), rows);
        }
        Map<String, Chart> charts = Plots.sweep(List.of("energy"), points, "a sweep of twelve points");
        assertEquals(12, charts.get("energy").series().size());
        ChartCheck.check(dir, charts.get("energy"), "sweep");
        ChartCheck.check(dir, charts.get("energy-msd"), "sweep-msd");
    }

    @Test
    void energyMsePlotHasOneSeriesPerStepSize() throws Exception {
        List<EnergyMseStudy.Curve> curves = new ArrayList<>();
        for (double h : new double[]{0.2, 0.1, 0.05}) {
            double[] t = new double[101], mu = new double[101];
            for (int i = 0; i <= 100; i++) {
                t[i] = 0.2 * i;
                mu[i] = 0.02 * Math.pow(h, 4) * (1 - Math.exp(-t[i])) * (1 + 0.2 * Math.sin(t[i] / h));
            }
            curves.add(new EnergyMseStudy.Curve("lobatto-nh:2", 2, h, t, mu, 0, 0, 0, 0));
        }
        Map<String, Chart> charts = StudyCharts.energyMse(curves);
        assertEquals(3, charts.get("demo-lobatto-nh-2").series().size());
        Layout layout = ChartCheck.check(dir, charts.get("demo-lobatto-nh-2"), "demo");
        assertTrue(String.join(" ", notes(layout)).contains("3 values of 0 at t = 0"), "the three curves' mu(E, 0) = 0 is named");
    }

    @Test
    void energyErrorStandsForTheEnergyWithItsBandFilled() throws Exception {
        // a drifting error, one sign over every member and time, spanning four decades: its magnitude on a log axis;
        // an oscillating one (q5 < 0 < q95): the signed error on a linear axis; the energy level gets no chart
        List<String> quantiles = List.of("q5", "q50", "q95");
        for (double sign : new double[]{-1, 1}) {
            boolean drift = sign < 0;
            List<EnsembleRun.Row> rows = new ArrayList<>();
            for (int k = 0; k <= 10; k++) {
                double e = 1e-12 * Math.pow(10, 0.4 * k), lo = drift ? -2 * e : -e;
                rows.add(new EnsembleRun.Row(0.1 * k, k, 5, List.of(new Statistics(3, 3, 0, 3, 0, new double[]{3, 3, 3}),
                        new Statistics(drift ? -e : 0.1 * e, drift ? -0.5 * e : e, e * e, lo, e, new double[]{lo, drift ? -e : 0, drift ? -0.5 * e : e}))));
            }
            Map<String, Chart> charts = Plots.observers(List.of("energy", "energy_error"), rows, "test", quantiles);
            assertEquals(List.of("energy_error", "energy_error-msd"), List.copyOf(charts.keySet()));
            Chart error = charts.get("energy_error");
            assertEquals(drift, error.y().log());
            assertEquals(drift ? "|energy_error| (the values shown are negative)" : "energy_error", error.y().title());
            assertEquals(List.of("q5 to q95 of members"), names(error, Series.Kind.BAND));
            Series band = error.series().stream().filter(s -> s.kind() == Series.Kind.BAND).findFirst().orElseThrow();
            // at the last output time, between |q95| and |q5| (drift) or q5 and q95
            int last = rows.size() - 1;
            assertEquals(drift ? 0.5e-8 : -1e-8, band.y()[last], 1e-20);
            assertEquals(drift ? 2e-8 : 1e-8, band.upper()[last], 1e-20);
            ChartCheck.check(dir, error, "energy_error" + (drift ? "-drift" : "-oscillating"));
        }
    }

    @Test
    void comparisonPlotHasOneLinePerCaseTheSpecsValuesAndSlopes() throws Exception {
        // two problems with the same method (000 vi-chord's layout): two lines, never one zig-zag through both
        List<List<String>> table = List.of(List.of("problem", "method", "h", "e_s", "spec_e_s", "rate", "spec_rate"),
                List.of("SP", "vi:rk4", "0.1", "2.57e-2", "2.57e-2", "", ""), List.of("SP", "vi:rk4", "0.05", "6.4e-3", "6.4e-3", "2", "2"),
                List.of("SP", "vi:rk4", "0.025", "1.6e-3", "", "2", ""),
                List.of("DP", "vi:rk4", "0.1", "1.67e-3", "1.67e-3", "", ""), List.of("DP", "vi:rk4", "0.05", "1.04e-4", "1.04e-4", "4", "4"),
                List.of("DP", "vi:rk4", "0.025", "6.5e-6", "", "4", ""));
        Map<String, Chart> charts = Plots.comparison(table, "t1", "000 test");
        assertEquals(List.of("t1-e_s"), List.copyOf(charts.keySet()), "rates are not plotted");
        Chart chart = charts.get("t1-e_s");
        assertEquals(List.of("SP, vi:rk4", "DP, vi:rk4"), names(chart, Series.Kind.LINE_MARKERS));
        assertEquals(List.of("SP, vi:rk4 (spec)", "DP, vi:rk4 (spec)"), names(chart, Series.Kind.MARKERS), "spec values are labelled (spec), not (paper)");
        assertEquals(List.of("slope h^2", "slope h^4"), names(chart, Series.Kind.REFERENCE));
        ChartCheck.check(dir, chart, "comparison");
    }

    @Test
    void slopeIsFittedWhereTheErrorsConvergeAndNotToRoundOff() {
        // errors of a sixth-order method, 2.4 h^6 (003 vcg:yoshida6 at T = 0.5), until round-off holds them near 3e-13
        double[] h = {0.1, 0.05, 0.025, 0.0125, 0.00625, 0.003125, 0.0015625}, e = new double[h.length];
        for (int i = 0; i < 5; i++) e[i] = 2.4 * Math.pow(h[i], 6);
        e[5] = 3e-13;
        e[6] = 2.5e-13;
        double[][] converging = Slopes.convergent(h, e);
        assertEquals(5, converging[0].length, "the last two points are round-off");
        assertEquals(6, Slopes.fitted(converging[0], converging[1]), 0.05);
        // round-off noise of a symplectic map (000 vi-symplectic's variational defects): no slope
        assertNull(Slopes.convergent(new double[]{0.4, 0.2, 0.1, 0.05, 0.025}, new double[]{2.6e-11, 1.1e-11, 2.3e-11, 1.4e-11, 6.3e-12}));
        // iteration counts falling slowly with h (000 vi-chord: 33, 19, 14): less than half a decade, no slope
        assertNull(Slopes.convergent(new double[]{0.2, 0.1, 0.05}, new double[]{33, 19, 14}));
    }

    @Test
    void comparisonNeedsSeveralStepSizes() {
        // one h per method (000 vi-long-time, 003 dipole-energy): nothing to plot against h
        List<List<String>> table = List.of(List.of("method", "h", "defect", "spec_defect"), List.of("vi:rk4", "0.2", "1e-9", "2e-9"), List.of("rk:rk4", "0.2", "2e-5", "2e-5"));
        assertTrue(Plots.comparison(table, "t", "000 test").isEmpty());
    }

    @Test
    void timeSeriesOverFiftyDecadesLabelsDecadesThatFit() throws Exception {
        // 000 vi-long-time: bounded |E - E0| of vi:euler against plain Euler's 1e34
        double[] t = new double[5001], bounded = new double[t.length], drifting = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = 0.1 * i;
            bounded[i] = 8e-4 * Math.abs(Math.sin(t[i]));
            drifting[i] = Math.expm1(0.16 * t[i]);
        }
        Chart chart = Chart.overTime("SP, h = 0.1: |E - E0|", "|E(t) \u2212 E(0)|", true);
        chart.line("vi:euler,-1/2,1/2", t, bounded);
        chart.line("rk:euler", t, drifting);
        Layout layout = ChartCheck.check(dir, chart, "decades");
        assertTrue(String.join(" ", notes(layout)).contains("at t = 0"), "zeros are named: " + notes(layout));
    }

    @Test
    void tinyValuesOnALinearAxisAreScaled() throws Exception {
        double[] t = {0, 1, 2, 3, 4}, y = {-3e-12, 1e-12, 4e-12, -2e-12, 0};
        Chart chart = Chart.overTime("round-off", "g(q)", false);
        chart.line("g", t, y);
        Layout layout = ChartCheck.check(dir, chart, "tiny");
        assertTrue(layout.yTitle().text().marked().endsWith("(\u00d710^{-12})"), layout.yTitle().text().marked());
    }

    @Test
    void scaleLabelsEveryDecadeWhereTheyFitAndCoversTheData() {
        Scale s = Scale.fit(true, 3e-9, 0.7, 470, false);
        assertEquals(1e-9, s.labelledRange()[0], 1e-24);
        assertEquals(1, s.labelledRange()[1], 1e-15);
        assertEquals(10, s.labelled().size(), "10^-9 .. 10^0, every decade");
        for (Scale.Tick tick : s.labelled()) assertEquals("10^{" + Math.round(Math.log10(tick.value())) + "}", tick.label().marked());
        Scale wide = Scale.fit(true, 1e-17, 1e34, 300, true);
        assertTrue(wide.labelled().size() < 52, "51 decades cannot all be labelled on 300 pixels");
        assertTrue(wide.labelledRange()[0] <= 1e-17 && wide.labelledRange()[1] >= 1e34);
    }

    private static List<String> names(Chart chart, Series.Kind kind) {
        List<String> out = new ArrayList<>();
        for (Series s : chart.series()) if (s.kind() == kind) out.add(s.name());
        return out;
    }

    private static List<String> notes(Layout layout) {
        List<String> out = new ArrayList<>();
        for (Placed p : layout.notes()) out.add(p.text().marked());
        return out;
    }
}
