package org.geomech.io.plot;

import org.geomech.io.AtomicFile;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.nio.file.Path;
import java.util.List;

/** Shared look of every geomech chart, and writing one chart as PNG and SVG side by side. */
public final class Charts {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
            new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    private Charts() {}

    /** An empty chart with title, axis titles and the house style; log axes where asked. */
    public static XYChart create(String title, String xTitle, String yTitle, boolean logX, boolean logY) {
        XYChart chart = new XYChartBuilder().width(900).height(600).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        Styler.LegendPosition legend = Styler.LegendPosition.OutsideE;
        chart.getStyler().setLegendPosition(legend);
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(0xdddddd));
        chart.getStyler().setSeriesColors(PALETTE);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setXAxisDecimalPattern(logX ? "0.###E0" : null);
        chart.getStyler().setYAxisDecimalPattern(logY ? "0.#E0" : null);
        return chart;
    }

    /** Adds a line series; points with non-finite or (on a log axis) non-positive values are left out. */
    public static void line(XYChart chart, String name, double[] x, double[] y, boolean markers) {
        boolean logX = chart.getStyler().isXAxisLogarithmic(), logY = chart.getStyler().isYAxisLogarithmic();
        double[][] kept = keep(x, y, logX, logY);
        if (kept[0].length == 0) return;
        org.knowm.xchart.XYSeries series = chart.addSeries(name, kept[0], kept[1]);
        if (!markers) series.setMarker(SeriesMarkers.NONE);
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

    /** Writes stem.png and stem.svg into dir; returns the two paths. */
    public static List<Path> write(XYChart chart, Path dir, String stem) {
        finishAxes(chart);
        Path png = dir.resolve(stem + ".png"), svg = dir.resolve(stem + ".svg");
        AtomicFile.write(png, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        AtomicFile.write(svg, out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
        return List.of(png, svg);
    }

    /**
     * A log axis spanning less than two decades gets labels between the decades too (else it shows one
     * or none); a linear x axis labels only multiples of a 1-2-5 step giving at most 10 labels (XChart
     * otherwise labels evenly spaced data at every few points, overlapping).
     */
    private static void finishAxes(XYChart chart) {
        double xlo = Double.POSITIVE_INFINITY, xhi = 0, ylo = Double.POSITIVE_INFINITY, yhi = 0;
        for (org.knowm.xchart.XYSeries s : chart.getSeriesMap().values()) {
            for (double x : s.getXData()) { xlo = Math.min(xlo, x); xhi = Math.max(xhi, x); }
            for (double y : s.getYData()) { ylo = Math.min(ylo, y); yhi = Math.max(yhi, y); }
        }
        chart.getStyler().setXAxisLogarithmicDecadeOnly(!(xhi / xlo < 100));
        chart.getStyler().setYAxisLogarithmicDecadeOnly(!(yhi / ylo < 100));
        double yAbs = 0;
        for (org.knowm.xchart.XYSeries s : chart.getSeriesMap().values()) for (double y : s.getYData()) yAbs = Math.max(yAbs, Math.abs(y));
        if (!chart.getStyler().isYAxisLogarithmic() && yAbs > 0 && (yAbs < 1e-3 || yAbs >= 1e6))
            chart.getStyler().setYAxisDecimalPattern("0.###E0");   // tiny or huge values on a linear axis: scientific labels
        if (!chart.getStyler().isXAxisLogarithmic() && xhi > xlo) {
            double step = niceStep((xhi - xlo) / 10);
            chart.getStyler().setXAxisMin(Math.floor(xlo / step) * step);   // a nice range puts XChart's ticks on round values
            chart.getStyler().setXAxisMax(Math.ceil(xhi / step) * step);
            java.text.DecimalFormat format = new java.text.DecimalFormat("0.####");
            chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> {
                double k = x / step;
                return Math.abs(k - Math.rint(k)) < 1e-6 ? format.format(x) : " ";
            });
        }
    }

    /** The smallest 1, 2 or 5 times a power of ten that is at least raw. */
    private static double niceStep(double raw) {
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[]{1, 2, 5, 10}) if (m * decade >= raw) return m * decade;
        return 10 * decade;
    }

    private static double[][] keep(double[] x, double[] y, boolean logX, boolean logY) {
        int k = 0;
        double[] kx = new double[x.length], ky = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i]) || (logX && x[i] <= 0) || (logY && y[i] <= 0)) continue;
            kx[k] = x[i];
            ky[k++] = y[i];
        }
        return new double[][]{java.util.Arrays.copyOf(kx, k), java.util.Arrays.copyOf(ky, k)};
    }
}
