package org.geomech.io.plot;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where everything of a chart goes on a WIDTH x HEIGHT page: the title (wrapped), the plot area, both axes' scales
 * and tick labels, the axis titles, the legend to the right of the plot (and right of it a heat map's colour bar, with
 * its scale of counts and title) and the notes under it, among them one that
 * says which values a log axis cannot show (0 at t = 0, say, or a band's lower edge, filled down to the axis), so that no
 * value is dropped silently.
 */
public final class Layout {
    /** The page's size in pixels. */
    public static final double WIDTH = 900, HEIGHT = 600;
    static final double MARGIN = 12, TICK_LENGTH = 5, LEGEND_SAMPLE = 30, LEGEND_MAX_LABEL = 250, COLOR_BAR = 18;

    /** A legend line: the series and its label. */
    public record Entry(Series series, Placed label, Rectangle2D sample) {}

    private final Chart chart;
    private final List<Placed> title = new ArrayList<>(), notes = new ArrayList<>(), xLabels = new ArrayList<>(), yLabels = new ArrayList<>();
    private final List<Entry> legend = new ArrayList<>();
    private final Scale xScale, yScale;
    private final Rectangle2D plot;
    private final Rectangle2D legendFrame;
    private final Placed xTitle, yTitle;
    /** A heat map's colour bar, its scale of counts, their labels and its title (null and empty without a heat map). */
    private final Rectangle2D colorBar;
    private final Scale colorScale;
    private final List<Placed> colorLabels = new ArrayList<>();
    private final Placed colorTitle;

    /** Places everything of chart on the page. */
    public Layout(Chart chart) {
        this.chart = chart;
        double y = MARGIN;
        for (String line : wrap(chart.title(), Typeface.TITLE, WIDTH - 2 * MARGIN)) {
            RichText text = RichText.of(line);
            Typeface.Extent e = Typeface.TITLE.measure(text);
            title.add(new Placed(text, Typeface.TITLE, WIDTH / 2, y + e.ascent(), 0.5, false));
            y += e.height() + 2;
        }
        double top = y + 12;
        List<String> noteLines = new ArrayList<>();
        for (String n : allNotes()) noteLines.addAll(wrap(n, Typeface.NOTE, WIDTH - 2 * MARGIN));
        double noteHeight = 0;
        for (String n : noteLines) noteHeight += Typeface.NOTE.measure(RichText.of(n)).height() + 2;
        double tickHeight = Typeface.TICK.measure(RichText.power(-1)).height();
        Typeface.Extent axisTitle = Typeface.AXIS_TITLE.measure(RichText.of(chart.x().title() + "^{0}"));
        double bottom = HEIGHT - MARGIN - noteHeight - (noteHeight > 0 ? 6 : 0) - axisTitle.height() - 6 - tickHeight - TICK_LENGTH - 4;

        double[] yRange = range(false);
        yScale = Scale.fit(chart.y().log(), yRange[0], yRange[1], bottom - top, false);
        double yLabelWidth = 0;
        for (Scale.Tick t : yScale.labelled()) yLabelWidth = Math.max(yLabelWidth, Typeface.TICK.measure(t.label()).width());
        RichText yTitleText = RichText.of(chart.y().title() + yScale.titleSuffix());
        Typeface.Extent yTitleExtent = Typeface.AXIS_TITLE.measure(yTitleText);
        double left = MARGIN + yTitleExtent.height() + 8 + yLabelWidth + TICK_LENGTH + 4;

        double legendWidth = 0;
        List<Series> named = new ArrayList<>();
        for (Series s : chart.series()) if (!s.name().isEmpty()) named.add(s);
        for (Series s : named) legendWidth = Math.max(legendWidth, Math.min(LEGEND_MAX_LABEL, Typeface.LEGEND.measure(RichText.of(s.name())).width()));
        if (!named.isEmpty()) legendWidth += LEGEND_SAMPLE + 6 + 2 * 8;
        HeatMap heat = chart.heatMap();
        colorScale = heat == null ? null : heat.logCounts() ? Scale.fit(true, heat.leastCount(), heat.max(), bottom - top, false)
                : Scale.fit(false, 0, Math.max(1, heat.max()), bottom - top, false);
        double colorLabelWidth = 0;
        if (heat != null) for (Scale.Tick t : colorScale.labelled()) colorLabelWidth = Math.max(colorLabelWidth, Typeface.TICK.measure(t.label()).width());
        RichText colorTitleText = heat == null ? null : RichText.of(heat.name() + colorScale.titleSuffix());
        Typeface.Extent colorTitleExtent = heat == null ? null : Typeface.AXIS_TITLE.measure(colorTitleText);
        double barWidth = heat == null ? 0 : 16 + COLOR_BAR + TICK_LENGTH + 4 + colorLabelWidth + 8 + colorTitleExtent.height();
        double right = WIDTH - MARGIN - legendWidth - (named.isEmpty() ? 0 : 16) - barWidth;
        plot = new Rectangle2D.Double(left, top, right - left, bottom - top);
        if (heat == null) {
            colorBar = null;
            colorTitle = null;
        } else {
            colorBar = new Rectangle2D.Double(WIDTH - MARGIN - barWidth + 16, top, COLOR_BAR, bottom - top);
            for (Scale.Tick t : colorScale.labelled()) {
                Typeface.Extent e = Typeface.TICK.measure(t.label());
                colorLabels.add(new Placed(t.label(), Typeface.TICK, colorBar.getMaxX() + TICK_LENGTH + 4, colorY(t.value()) + (e.ascent() - e.descent()) / 2, 0, false));
            }
            colorTitle = new Placed(colorTitleText, Typeface.AXIS_TITLE, colorBar.getMaxX() + TICK_LENGTH + 4 + colorLabelWidth + 8 + colorTitleExtent.ascent(),
                    colorBar.getCenterY(), 0.5, true);
        }

        double[] xRange = range(true);
        xScale = Scale.fit(chart.x().log(), xRange[0], xRange[1], plot.getWidth(), true);
        for (Scale.Tick t : xScale.labelled())
            xLabels.add(new Placed(t.label(), Typeface.TICK, px(t.value()), bottom + TICK_LENGTH + 4 + Typeface.TICK.measure(t.label()).ascent(), 0.5, false));
        for (Scale.Tick t : yScale.labelled()) {
            Typeface.Extent e = Typeface.TICK.measure(t.label());
            yLabels.add(new Placed(t.label(), Typeface.TICK, left - TICK_LENGTH - 4, py(t.value()) + (e.ascent() - e.descent()) / 2, 1, false));
        }
        RichText xTitleText = RichText.of(chart.x().title() + xScale.titleSuffix());
        xTitle = new Placed(xTitleText, Typeface.AXIS_TITLE, plot.getCenterX(), bottom + TICK_LENGTH + 4 + tickHeight + 6 + axisTitle.ascent(), 0.5, false);
        yTitle = new Placed(yTitleText, Typeface.AXIS_TITLE, MARGIN + yTitleExtent.ascent(), plot.getCenterY(), 0.5, true);
        double noteY = xTitle.y() + axisTitle.descent() + 6;
        for (String n : noteLines) {
            RichText text = RichText.of(n);
            Typeface.Extent e = Typeface.NOTE.measure(text);
            notes.add(new Placed(text, Typeface.NOTE, MARGIN, noteY + e.ascent(), 0, false));
            noteY += e.height() + 2;
        }

        double lx = right + 16, ly = top;
        for (Series s : named) {
            RichText text = RichText.of(ellipsis(s.name()));
            Typeface.Extent e = Typeface.LEGEND.measure(text);
            double rowHeight = Math.max(e.height(), 12) + 6;
            if (ly + rowHeight > bottom) break;
            legend.add(new Entry(s, new Placed(text, Typeface.LEGEND, lx + 8 + LEGEND_SAMPLE + 6, ly + 3 + e.ascent(), 0, false),
                    new Rectangle2D.Double(lx + 8, ly + 3, LEGEND_SAMPLE, rowHeight - 6)));
            ly += rowHeight;
        }
        legendFrame = named.isEmpty() ? null : new Rectangle2D.Double(lx, top, legendWidth, ly - top + 4);
    }

    /** The chart laid out. */
    public Chart chart() { return chart; }
    /** The plot area. */
    public Rectangle2D plot() { return plot; }
    /** The x axis's scale. */
    public Scale xScale() { return xScale; }
    /** The y axis's scale. */
    public Scale yScale() { return yScale; }
    /** The title's lines, placed. */
    public List<Placed> title() { return title; }
    /** The x axis's tick labels, placed. */
    public List<Placed> xLabels() { return xLabels; }
    /** The y axis's tick labels, placed. */
    public List<Placed> yLabels() { return yLabels; }
    /** The x axis's title, placed. */
    public Placed xTitle() { return xTitle; }
    /** The y axis's title, placed (turned a quarter). */
    public Placed yTitle() { return yTitle; }
    /** The notes, placed. */
    public List<Placed> notes() { return notes; }
    /** The legend's lines. */
    public List<Entry> legend() { return legend; }
    /** The legend's frame. */
    public Rectangle2D legendFrame() { return legendFrame; }
    /** The colour bar of a heat map (null for other charts). */
    public Rectangle2D colorBar() { return colorBar; }
    /** The scale of the colour bar: counts to [0, 1]. */
    public Scale colorScale() { return colorScale; }
    /** The colour bar's tick labels. */
    public List<Placed> colorLabels() { return colorLabels; }
    /** The colour bar's title. */
    public Placed colorTitle() { return colorTitle; }

    /** The page y of a count on the colour bar. */
    public double colorY(double count) { return colorBar.getMaxY() - colorScale.fraction(count) * colorBar.getHeight(); }

    /** Every label on the page, for overlap checks. */
    public List<Placed> labels() {
        List<Placed> all = new ArrayList<>(title);
        all.addAll(xLabels);
        all.addAll(yLabels);
        all.add(xTitle);
        all.add(yTitle);
        all.addAll(notes);
        for (Entry e : legend) all.add(e.label());
        all.addAll(colorLabels);
        if (colorTitle != null) all.add(colorTitle);
        return all;
    }

    /** The page x of a value on the x axis. */
    public double px(double v) { return plot.getX() + xScale.fraction(v) * plot.getWidth(); }

    /** The page y of a value on the y axis. */
    public double py(double v) { return plot.getMaxY() - yScale.fraction(v) * plot.getHeight(); }

    /** True when a point can be drawn: finite, and positive on a log axis. */
    public boolean drawable(double x, double y) { return shows(x, chart.x().log()) && shows(y, chart.y().log()); }

    private static boolean shows(double v, boolean log) { return Double.isFinite(v) && (!log || v > 0); }

    /** The smallest and largest drawable value on an axis over every series and the heat map's cells; NaN when none. */
    public double[] range(boolean xAxis) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        HeatMap heat = chart.heatMap();
        for (int i = 0; heat != null && i < heat.counts().length; i++) {
            if (!heat.drawn(i)) continue;
            double[] e = heat.edges()[i];
            lo = Math.min(lo, xAxis ? heat.x0()[i] : e[0]);
            hi = Math.max(hi, xAxis ? heat.x1()[i] : e[e.length - 1]);
        }
        for (Series s : chart.series())
            for (double[] ys : s.ordinates())
                for (int i = 0; i < s.x().length; i++) {
                    if (!drawable(s.x()[i], ys[i])) continue;
                    double v = xAxis ? s.x()[i] : ys[i];
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
        return lo <= hi ? new double[]{lo, hi} : new double[]{Double.NaN, Double.NaN};
    }

    /** The chart's notes, then one per log axis on the finite values it cannot show. */
    private List<String> allNotes() {
        List<String> out = new ArrayList<>(chart.notes());
        if (chart.y().log()) {
            int zeros = 0, negative = 0;
            Set<String> at = new LinkedHashSet<>();
            for (Series s : chart.series()) {
                int below = 0;
                for (int i = 0; i < s.x().length; i++)
                    if (s.kind() == Series.Kind.BAND && Double.isFinite(s.y()[i]) && s.y()[i] <= 0 && s.upper()[i] > 0) below++;
                if (below > 0) out.add(s.name() + ": the lower edge is \u2264 0 at " + below + " of " + s.x().length
                        + " points, where the band is filled down to the axis.");
                for (double[] ys : s.kind() == Series.Kind.BAND ? new double[][]{s.upper()} : s.ordinates())
                    for (int i = 0; i < s.x().length; i++)
                        if (Double.isFinite(ys[i]) && ys[i] <= 0 && shows(s.x()[i], chart.x().log())) {
                            if (ys[i] == 0) zeros++;
                            else negative++;
                            at.add(number(s.x()[i]));
                        }
            }
            if (zeros + negative > 0) {
                String symbol = chart.x().symbol() == null ? "x" : chart.x().symbol();
                List<String> where = new ArrayList<>(at);
                String places = where.size() <= 3 ? String.join(", ", where) : String.join(", ", where.subList(0, 3)) + ", ...";
                out.add("Not drawn on the log axis: " + (zeros > 0 ? zeros + (zeros == 1 ? " value" : " values") + " of 0" : "")
                        + (zeros > 0 && negative > 0 ? " and " : "") + (negative > 0 ? negative + " negative" : "") + " at " + symbol + " = " + places
                        + (where.size() == 1 ? "." : " (lines are broken there)."));
            }
        }
        return out;
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        String g = String.format(Locale.ROOT, "%.4g", v);
        return g.contains("e") ? g : g.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String ellipsis(String name) {
        if (Typeface.LEGEND.measure(RichText.of(name)).width() <= LEGEND_MAX_LABEL) return name;
        String s = name;
        while (s.length() > 1 && Typeface.LEGEND.measure(RichText.of(s + "\u2026")).width() > LEGEND_MAX_LABEL) s = s.substring(0, s.length() - 1);
        return s + "\u2026";
    }

    /** The text broken at spaces into lines no wider than width. */
    static List<String> wrap(String text, Typeface face, double width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String tried = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && face.measure(RichText.of(tried)).width() > width) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(tried);
            }
        }
        if (line.length() > 0) lines.add(line.toString());
        return lines;
    }
}
