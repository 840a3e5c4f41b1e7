package org.geomech.io.plot;

import org.geomech.io.AtomicFile;
import org.geomech.io.CsvWriter;

import javax.imageio.ImageIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes a chart as stem.png and stem.svg, the values it draws as stem.plot.csv (series, x, y, y_upper: the upper edge of
 * a band, empty otherwise; with a heat map two more columns, x_upper and count, and one row per cell: x to x_upper, y to
 * y_upper, its count) and stem.py, a matplotlib script that redraws the chart from that CSV.
 */
public final class ChartFiles {
    private ChartFiles() {}

    /** The four files of one chart in dir; returns their paths. */
    public static List<Path> write(Chart chart, Path dir, String stem) {
        Layout layout = new Layout(chart);
        Path png = dir.resolve(stem + ".png"), svg = dir.resolve(stem + ".svg"), csv = dir.resolve(stem + ".plot.csv"), py = dir.resolve(stem + ".py");
        PngCanvas image = new PngCanvas();
        Painter.paint(layout, image);
        AtomicFile.write(png, out -> ImageIO.write(image.image(), "png", out));
        SvgCanvas vector = new SvgCanvas();
        Painter.paint(layout, vector);
        AtomicFile.writeString(svg, vector.document());
        List<List<Object>> rows = new ArrayList<>();
        HeatMap heat = chart.heatMap();
        for (Series s : chart.series()) {
            for (int i = 0; i < s.x().length; i++) {
                List<Object> row = new ArrayList<>(Arrays.asList(s.name(), s.x()[i], s.y()[i], s.upper() == null ? "" : s.upper()[i]));
                if (heat != null) row.addAll(List.of("", ""));
                rows.add(row);
            }
        }
        for (int i = 0; heat != null && i < heat.counts().length; i++)
            for (int k = 0; k < heat.counts()[i].length; k++)
                rows.add(List.of(heat.name(), heat.x0()[i], heat.edges()[i][k], heat.edges()[i][k + 1], heat.x1()[i], heat.counts()[i][k]));
        CsvWriter.write(csv, heat == null ? List.of("series", "x", "y", "y_upper") : List.of("series", "x", "y", "y_upper", "x_upper", "count"), rows);
        AtomicFile.writeString(py, MatplotlibScript.of(chart, layout, csv.getFileName().toString(), stem));
        return List.of(png, svg, csv, py);
    }

    /** Every chart of a map, keys as stems. */
    public static List<Path> writeAll(Map<String, Chart> charts, Path dir) {
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, Chart> c : charts.entrySet()) files.addAll(write(c.getValue(), dir, c.getKey()));
        return files;
    }
}
