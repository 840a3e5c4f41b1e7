package org.geomech.io.plot;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/** Draws a laid-out chart on a canvas: grid, heat map cells, bands, lines, markers, reference lines, axes, labels, legend, colour bar, notes. */
final class Painter {
    /** The palette (matplotlib's tab10), and the grey of reference lines. */
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x9467bd),
            new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0xbcbd22), new Color(0x7f7f7f)};
    static final Color REFERENCE = new Color(0x555555), GRID = new Color(0xe6e6e6), AXIS = new Color(0x222222);
    /** Reference values (hollow markers) are larger than a line's and drawn under it: where they agree, a ring around a dot. */
    static final double BAND_OPACITY = 0.25, LINE_WIDTH = 1.8, MARKER_SIZE = 7, REFERENCE_MARKER_SIZE = 12;
    /** The dash patterns of reference lines, in turn. */
    static final double[][] DASHES = {{6, 4}, {2, 3}, {9, 3, 2, 3}, {14, 4}, {5, 2, 1, 2, 1, 2}};
    /** Marker shapes: circle, square, triangle up, diamond, triangle down. */
    static final int SHAPES = 5;

    private Painter() {}

    /** The dash pattern of a series: the k-th reference line's, null (solid) for the others. */
    static double[] dashes(Series s) { return s.kind() == Series.Kind.REFERENCE ? DASHES[(-1 - s.color()) % DASHES.length] : null; }

    static double size(Series s) { return s.kind() == Series.Kind.MARKERS ? REFERENCE_MARKER_SIZE : MARKER_SIZE; }

    static Color color(Series s) { return s.kind() == Series.Kind.REFERENCE ? REFERENCE : PALETTE[s.color() % PALETTE.length]; }

    /** The marker shape of a series: by color, so a method's values (filled) and the paper's (hollow) share a shape. */
    static int shape(Series s) { return Math.floorMod(s.color(), SHAPES); }

    static void paint(Layout layout, Canvas c) {
        Rectangle2D plot = layout.plot();
        c.rectangle(new Rectangle2D.Double(0, 0, Layout.WIDTH, Layout.HEIGHT), null, Color.WHITE);
        for (Scale.Tick t : layout.xScale().ticks()) if (t.label() != null) {
            double x = layout.px(t.value());
            c.polyline(new double[]{x, x}, new double[]{plot.getY(), plot.getMaxY()}, GRID, 1, null);
        }
        for (Scale.Tick t : layout.yScale().ticks()) if (t.label() != null) {
            double y = layout.py(t.value());
            c.polyline(new double[]{plot.getX(), plot.getMaxX()}, new double[]{y, y}, GRID, 1, null);
        }
        c.clip(plot);
        if (layout.chart().heatMap() != null) cells(layout, layout.chart().heatMap(), c);
        List<Series> all = layout.chart().series();
        for (Series s : all) if (s.kind() == Series.Kind.BAND) band(layout, s, c);
        for (Series s : all) if (s.kind() == Series.Kind.MARKERS) series(layout, s, c);
        for (Series s : all) if (s.kind() != Series.Kind.BAND && s.kind() != Series.Kind.MARKERS) series(layout, s, c);
        c.clip(null);
        c.rectangle(plot, AXIS, null);
        for (Scale.Tick t : layout.xScale().ticks()) {
            double x = layout.px(t.value()), len = t.label() != null ? Layout.TICK_LENGTH : Layout.TICK_LENGTH / 2;
            c.polyline(new double[]{x, x}, new double[]{plot.getMaxY(), plot.getMaxY() + len}, AXIS, 1, null);
        }
        for (Scale.Tick t : layout.yScale().ticks()) {
            double y = layout.py(t.value()), len = t.label() != null ? Layout.TICK_LENGTH : Layout.TICK_LENGTH / 2;
            c.polyline(new double[]{plot.getX() - len, plot.getX()}, new double[]{y, y}, AXIS, 1, null);
        }
        for (Placed p : layout.xLabels()) c.text(p, AXIS);
        for (Placed p : layout.yLabels()) c.text(p, AXIS);
        c.text(layout.xTitle(), AXIS);
        c.text(layout.yTitle(), AXIS);
        for (Placed p : layout.title()) c.text(p, AXIS);
        for (Placed p : layout.notes()) c.text(p, new Color(0x444444));
        if (layout.legendFrame() != null) c.rectangle(layout.legendFrame(), new Color(0xbbbbbb), null);
        for (Layout.Entry e : layout.legend()) {
            sample(e, c);
            c.text(e.label(), AXIS);
        }
        if (layout.colorBar() != null) colorBar(layout, c);
    }

    /** Strips of the colour bar: this many from the scale's lowest count to its highest. */
    static final int COLOR_STRIPS = 64;
    /** The least height of a heat map's cell on the page, so that a bin of zero width shows as a line. */
    static final double MIN_CELL = 2;
    /** How far a heat map's cell reaches over its neighbours above and to the right (anti-aliased edges leave seams otherwise). */
    static final double SEAM = 0.4;

    // each counted cell a rectangle in the colour of its count
    private static void cells(Layout layout, HeatMap heat, Canvas c) {
        for (int i = 0; i < heat.counts().length; i++) {
            if (!heat.drawn(i)) continue;
            double left = layout.px(heat.x0()[i]), right = layout.px(heat.x1()[i]);
            for (int k = 0; k < heat.counts()[i].length; k++) {
                long n = heat.counts()[i][k];
                if (n == 0) continue;
                double top = layout.py(heat.edges()[i][k + 1]), bottom = layout.py(heat.edges()[i][k]);
                if (bottom - top < MIN_CELL) {   // a bin of zero width (every member at one value) or thinner than a line
                    double middle = (top + bottom) / 2;
                    top = middle - MIN_CELL / 2;
                    bottom = middle + MIN_CELL / 2;
                }
                // reaching SEAM into the neighbours above and to the right, so that no seam of the page shows between cells
                c.rectangle(new Rectangle2D.Double(left, top - SEAM, right - left + SEAM, bottom - top + SEAM), null, HeatMap.color(layout.colorScale().fraction(n)));
            }
        }
    }

    // the colour bar: strips of the colours from its scale's low end to its high end, its outline, ticks, labels and title
    private static void colorBar(Layout layout, Canvas c) {
        Rectangle2D bar = layout.colorBar();
        double h = bar.getHeight() / COLOR_STRIPS;
        for (int k = 0; k < COLOR_STRIPS; k++)
            c.rectangle(new Rectangle2D.Double(bar.getX(), bar.getMaxY() - (k + 1) * h - (k + 1 < COLOR_STRIPS ? SEAM : 0), bar.getWidth(), h + (k + 1 < COLOR_STRIPS ? SEAM : 0)),
                    null, HeatMap.color((k + 0.5) / COLOR_STRIPS));
        c.rectangle(bar, AXIS, null);
        for (Scale.Tick t : layout.colorScale().labelled()) {
            double y = layout.colorY(t.value());
            c.polyline(new double[]{bar.getMaxX(), bar.getMaxX() + Layout.TICK_LENGTH}, new double[]{y, y}, AXIS, 1, null);
        }
        for (Placed p : layout.colorLabels()) c.text(p, AXIS);
        c.text(layout.colorTitle(), AXIS);
    }

    private static void band(Layout layout, Series s, Canvas c) {
        for (int[] run : runs(layout, s)) {
            int n = run[1] - run[0];
            double[] xs = new double[2 * n], ys = new double[2 * n];
            for (int k = 0; k < n; k++) {
                int i = run[0] + k, j = run[1] - 1 - k;
                xs[k] = layout.px(s.x()[i]);
                ys[k] = layout.py(s.upper()[i]);
                xs[n + k] = layout.px(s.x()[j]);
                ys[n + k] = layout.drawable(s.x()[j], s.y()[j]) ? layout.py(s.y()[j]) : layout.plot().getMaxY();
            }
            c.polygon(xs, ys, color(s), BAND_OPACITY);
        }
    }

    private static void series(Layout layout, Series s, Canvas c) {
        boolean line = s.kind() != Series.Kind.MARKERS, markers = s.kind() == Series.Kind.MARKERS || s.kind() == Series.Kind.LINE_MARKERS;
        for (int[] run : runs(layout, s)) {
            double[] xs = new double[run[1] - run[0]], ys = new double[xs.length];
            for (int i = run[0]; i < run[1]; i++) {
                xs[i - run[0]] = layout.px(s.x()[i]);
                ys[i - run[0]] = layout.py(s.y()[i]);
            }
            if (line && xs.length > 1) c.polyline(xs, ys, color(s), s.kind() == Series.Kind.REFERENCE ? 1.3 : LINE_WIDTH, dashes(s));
            if (markers || (line && xs.length == 1)) for (int i = 0; i < xs.length; i++) c.marker(shape(s), xs[i], ys[i], size(s), color(s), s.kind() == Series.Kind.MARKERS);
        }
    }

    /**
     * The stretches [from, to) of a series' points that can be drawn (a line is broken where one cannot); a band's lower
     * edge below a log axis (0, say) is filled down to the axis.
     */
    private static List<int[]> runs(Layout layout, Series s) {
        List<int[]> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= s.x().length; i++) {
            boolean ok = i < s.x().length && (s.upper() == null ? layout.drawable(s.x()[i], s.y()[i])
                    : layout.drawable(s.x()[i], s.upper()[i]) && (Double.isFinite(s.y()[i]) || layout.drawable(s.x()[i], s.y()[i])));
            if (ok && start < 0) start = i;
            if (!ok && start >= 0) {
                out.add(new int[]{start, i});
                start = -1;
            }
        }
        return out;
    }

    private static void sample(Layout.Entry e, Canvas c) {
        Rectangle2D r = e.sample();
        Series s = e.series();
        double cy = r.getCenterY();
        switch (s.kind()) {
            case BAND -> c.polygon(new double[]{r.getX(), r.getMaxX(), r.getMaxX(), r.getX()},
                    new double[]{r.getY(), r.getY(), r.getMaxY(), r.getMaxY()}, color(s), BAND_OPACITY);
            case MARKERS -> c.marker(shape(s), r.getCenterX(), cy, REFERENCE_MARKER_SIZE, color(s), true);
            default -> {
                c.polyline(new double[]{r.getX(), r.getMaxX()}, new double[]{cy, cy}, color(s), s.kind() == Series.Kind.REFERENCE ? 1.3 : LINE_WIDTH, dashes(s));
                if (s.kind() == Series.Kind.LINE_MARKERS) c.marker(shape(s), r.getCenterX(), cy, MARKER_SIZE, color(s), false);
            }
        }
    }
}
