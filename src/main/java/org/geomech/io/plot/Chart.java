package org.geomech.io.plot;

import java.util.ArrayList;
import java.util.List;

/**
 * What one plot shows: a title, two axes (linear or logarithmic), its series in drawing order and notes printed under
 * it. Colors go to series in turn from the palette unless a series names the color of an earlier one; reference lines
 * are grey, numbered -1, -2, ... in the place of a color (their dash patterns differ). A chart on linear axes may hold a
 * heat map (HeatMap: cells coloured by a count, under the series, with a colour bar in place of the legend). Building a
 * chart draws nothing: Layout places it, Painter draws it, ChartFiles writes it.
 */
public final class Chart {
    /** An axis: its title (with ^ superscripts), whether it is logarithmic, and the symbol notes use for its values (t, h). */
    public record Axis(String title, boolean log, String symbol) {}

    private final String title;
    private final Axis x, y;
    private final List<Series> series = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private int colors, references;
    private HeatMap heatMap;

    /** An empty chart with a title and two axes. */
    public Chart(String title, Axis x, Axis y) {
        this.title = title;
        this.x = x;
        this.y = y;
    }

    /** A chart against time t (linear) with the y axis logarithmic or not. */
    public static Chart overTime(String title, String yTitle, boolean logY) {
        return new Chart(title, new Axis("time t", false, "t"), new Axis(yTitle, logY, null));
    }

    /** A log-log chart against the step size h: an order plot. */
    public static Chart againstStepSize(String title, String yTitle) {
        return new Chart(title, new Axis("step size h", true, "h"), new Axis(yTitle, true, null));
    }

    /** The title. */
    public String title() { return title; }
    /** The x axis. */
    public Axis x() { return x; }
    /** The y axis. */
    public Axis y() { return y; }
    /** The series, in drawing order. */
    public List<Series> series() { return List.copyOf(series); }
    /** The notes written under the legend. */
    public List<String> notes() { return List.copyOf(notes); }
    /** The heat map drawn under the series (null: none). */
    public HeatMap heatMap() { return heatMap; }

    /** Cells coloured by a count, under the series (one per chart, on linear axes). */
    public void heatMap(HeatMap cells) {
        if (heatMap != null) throw new IllegalArgumentException("two heat maps on '" + title + "'");
        if (x.log() || y.log()) throw new IllegalArgumentException("a heat map on a log axis ('" + title + "')");
        heatMap = cells;
    }

    /** A solid line in the next color; returns that color. */
    public int line(String name, double[] xs, double[] ys) { return add(name, Series.Kind.LINE, xs, ys, null, colors); }

    /** A solid line with markers at its points in the next color; returns that color. */
    public int lineWithMarkers(String name, double[] xs, double[] ys) { return add(name, Series.Kind.LINE_MARKERS, xs, ys, null, colors); }

    /** Markers alone (a paper's or spec's values) in the given color. */
    public void markers(String name, double[] xs, double[] ys, int color) { add(name, Series.Kind.MARKERS, xs, ys, null, color); }

    /** The region between lower and upper filled in the given color (light). */
    public void band(String name, double[] xs, double[] lower, double[] upper, int color) { add(name, Series.Kind.BAND, xs, lower, upper, color); }

    /** A dashed grey reference line, for example a slope h^p. */
    public void reference(String name, double[] xs, double[] ys) { add(name, Series.Kind.REFERENCE, xs, ys, null, -1 - references++); }

    /** The next color a series would get. */
    public int nextColor() { return colors; }

    /** A sentence printed under the plot. */
    public void note(String text) { notes.add(text); }

    private int add(String name, Series.Kind kind, double[] xs, double[] ys, double[] upper, int color) {
        for (Series s : series) if (s.name().equals(name)) throw new IllegalArgumentException("two series named '" + name + "' on '" + title + "'");
        series.add(new Series(name, kind, xs.clone(), ys.clone(), upper == null ? null : upper.clone(), color));
        if (color == colors) colors++;
        return color;
    }
}
