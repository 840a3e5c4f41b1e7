package org.geomech.io.plot;

import org.w3c.dom.Document;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The check of a plot a referee accepts, on its rendered layout: no two labels overlap (tick labels of distinct positions
 * above all, by the boxes the fonts give them), every label lies on the page and tick labels outside the plot area, each
 * axis's labelled range holds the data drawn on it, a log axis labels its decades 10^k evenly and has a tick at each; a heat
 * map's colour bar stands right of the plot and the legend, its labels right of it, its labelled counts from 0 (a log
 * scale: the least count) to at least the largest count; and the chart's files (PNG, SVG, CSV of the values drawn and the cells counted, matplotlib script
 * reading it) are written and readable.
 */
public final class ChartCheck {
    private ChartCheck() {}

    /** Lays out and writes the chart, asserts what the class comment says, and returns the layout. */
    public static Layout check(Path dir, Chart chart, String stem) throws Exception {
        Layout layout = new Layout(chart);
        List<Placed> labels = layout.labels();
        Rectangle2D page = new Rectangle2D.Double(0, 0, Layout.WIDTH, Layout.HEIGHT);
        for (Placed p : labels) assertTrue(page.contains(p.box()), stem + ": '" + p.text().marked() + "' leaves the page: " + p.box());
        for (int i = 0; i < labels.size(); i++)
            for (int j = i + 1; j < labels.size(); j++)
                assertFalse(labels.get(i).box().intersects(labels.get(j).box()),
                        stem + ": '" + labels.get(i).text().marked() + "' overlaps '" + labels.get(j).text().marked() + "'");
        for (Placed p : layout.xLabels()) assertFalse(p.box().intersects(layout.plot()), stem + ": x label inside the plot");
        for (Placed p : layout.yLabels()) assertFalse(p.box().intersects(layout.plot()), stem + ": y label inside the plot");
        for (boolean x : new boolean[]{true, false}) {
            Scale scale = x ? layout.xScale() : layout.yScale();
            double[] data = layout.range(x), labelled = scale.labelledRange();
            String axis = stem + (x ? " x" : " y");
            assertTrue(scale.labelled().size() >= 2, axis + ": at least two labels");
            assertTrue(atMost(labelled[0], data[0]) && atMost(data[1], labelled[1]),
                    axis + ": data " + data[0] + " .. " + data[1] + " outside the labelled " + labelled[0] + " .. " + labelled[1]);
            assertTrue(scale.lo() <= labelled[0] && labelled[1] <= scale.hi(), axis + ": labels outside the drawn range");
            if (scale.log()) {
                int stride = -1;
                Integer previous = null;
                for (Scale.Tick t : scale.labelled()) {
                    String m = t.label().marked();
                    if (!m.startsWith("10^{")) continue;
                    int k = (int) Math.round(Math.log10(t.value()));
                    assertEquals("10^{" + k + "}", m, axis + ": a decade labelled 10^k");
                    if (previous != null) {
                        if (stride < 0) stride = k - previous;
                        assertEquals(stride, k - previous, axis + ": decades labelled evenly");
                    }
                    previous = k;
                }
                long decades = (long) Math.floor(Math.log10(labelled[1]) + 1e-9) - (long) Math.ceil(Math.log10(labelled[0]) - 1e-9) + 1;
                long ticks = scale.ticks().stream().filter(t -> Math.abs(Math.log10(t.value()) - Math.rint(Math.log10(t.value()))) < 1e-9).count();
                if (decades <= Scale.EVERY_DECADE + 1) assertEquals(decades, ticks, axis + ": a tick at every decade");
            }
        }
        HeatMap heat = chart.heatMap();
        if (heat != null) {
            Rectangle2D bar = layout.colorBar();
            assertTrue(bar.getX() > layout.plot().getMaxX() && (layout.legendFrame() == null || bar.getX() > layout.legendFrame().getMaxX())
                    && page.contains(bar), stem + ": the colour bar right of the plot and the legend, on the page");
            for (Placed p : layout.colorLabels()) assertTrue(p.box().getX() > bar.getMaxX(), stem + ": colour bar label right of the bar");
            double[] counts = layout.colorScale().labelledRange();
            double least = heat.logCounts() ? heat.leastCount() : 0;
            assertTrue(atMost(counts[0], least) && atMost(heat.max(), counts[1]),
                    stem + ": counts " + least + " .. " + heat.max() + " outside the labelled " + counts[0] + " .. " + counts[1]);
            assertTrue(layout.colorScale().labelled().size() >= 2, stem + ": at least two colour bar labels");
        }
        List<Path> files = ChartFiles.write(chart, dir, stem);
        BufferedImage image = ImageIO.read(files.get(0).toFile());
        assertNotNull(image, stem + ".png is not a PNG");
        assertEquals(Layout.WIDTH * PngCanvas.SCALE, image.getWidth());
        assertEquals(Layout.HEIGHT * PngCanvas.SCALE, image.getHeight());
        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        Document svg = xml.newDocumentBuilder().parse(files.get(1).toFile());
        assertEquals("svg", svg.getDocumentElement().getTagName());
        List<String> csv = Files.readAllLines(files.get(2));
        assertEquals(heat == null ? "series,x,y,y_upper" : "series,x,y,y_upper,x_upper,count", csv.get(0));
        int points = heat == null ? 0 : heat.cells();
        for (Series s : chart.series()) points += s.x().length;
        assertEquals(points + 1, csv.size(), stem + ".plot.csv: one row per point drawn and per cell");
        String script = Files.readString(files.get(3));
        assertTrue(script.contains("\"" + stem + ".plot.csv\"") && script.contains("import matplotlib"), stem + ".py reads the chart's CSV");
        assertEquals(heat != null, script.contains("HEAT = (\"" + (heat == null ? "" : heat.name())), stem + ".py draws the heat map where there is one");
        return layout;
    }

    /** a <= b up to rounding (a tick at 10^k is pow(10, k)). */
    private static boolean atMost(double a, double b) { return a <= b + 1e-12 * Math.max(Math.abs(a), Math.abs(b)); }

}
