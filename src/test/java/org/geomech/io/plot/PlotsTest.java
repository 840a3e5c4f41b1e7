package org.geomech.io.plot;

import org.geomech.study.StudyCharts;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Statistics;
import org.geomech.study.ConvergenceStudy;
import org.geomech.study.EnergyMseStudy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.w3c.dom.Document;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** Every chart is written as a decodable 900x600 PNG and a well-formed SVG, with the series it should have. */
class PlotsTest {
    @TempDir
    Path dir;

    @Test
    void orderPlotHasFourQuantitiesAndASlope() throws Exception {
        // errors of an exactly second-order method: e = h^2, lambda = 2 h^2
        List<ConvergenceStudy.Point> pts = new ArrayList<>();
        for (double h : new double[]{0.1, 0.05, 0.025}) pts.add(new ConvergenceStudy.Point(h, h * h, h * h, h * h, 2 * h * h, 0));
        XYChart chart = StudyCharts.order(new ConvergenceStudy.Result(pts, 2, 2, 2, 2, "ref", 0.001), "test", 2);
        assertEquals(5, chart.getSeriesMap().size());
        checkFiles(Charts.write(chart, dir, "order"));
    }

    @Test
    void observerPlotsHaveMeanMaxAndDeviation() throws Exception {
        List<EnsembleRun.Row> rows = new ArrayList<>();
        for (int k = 0; k <= 10; k++) rows.add(new EnsembleRun.Row(0.1 * k, k, 5, List.of(new Statistics(1 + k, 2 + k, 1e-3 * k * k))));
        Map<String, XYChart> charts = Plots.observers(List.of("energy"), rows, "test");
        assertEquals(2, charts.size());
        assertEquals(2, charts.get("energy").getSeriesMap().size());
        assertEquals(1, charts.get("energy-msd").getSeriesMap().size());
        checkFiles(Plots.writeAll(charts, dir));
    }

    @Test
    void energyMsePlotHasOneSeriesPerStepSize() throws Exception {
        double[] t = {0, 1, 2, 3};
        List<EnergyMseStudy.Curve> curves = new ArrayList<>();
        for (double h : new double[]{0.2, 0.1, 0.05})
            curves.add(new EnergyMseStudy.Curve("lobatto-nh:2", 2, h, t, new double[]{0, 0.02 * Math.pow(h, 4), 0.03 * Math.pow(h, 4), 0.025 * Math.pow(h, 4)}, 0, 0, 0, 0));
        Map<String, XYChart> charts = StudyCharts.energyMse(curves);
        assertEquals(1, charts.size());
        assertEquals(3, charts.get("demo-lobatto-nh-2").getSeriesMap().size());
        checkFiles(Plots.writeAll(charts, dir));
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
            Map<String, XYChart> charts = Plots.observers(List.of("energy", "energy_error"), rows, "test", quantiles);
            assertEquals(List.of("energy_error", "energy_error-msd"), List.copyOf(charts.keySet()));
            XYChart error = charts.get("energy_error");
            assertEquals(drift, error.getStyler().isYAxisLogarithmic());
            assertEquals(drift ? "|energy_error| (the values shown are negative)" : "energy_error", error.getYAxisTitle());
            org.knowm.xchart.XYSeries band = error.getSeriesMap().get("q5 to q95 over members");
            assertEquals(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.PolygonArea, band.getXYSeriesRenderStyle());
            // along q95, back along q5, at every output time
            int points = rows.size();
            assertEquals(2 * points, band.getYData().length);
            assertEquals(drift ? 0.5e-8 : 1e-8, band.getYData()[points - 1], 1e-20);
            assertEquals(drift ? 2e-8 : -1e-8, band.getYData()[points], 1e-20);
            checkFiles(Plots.writeAll(charts, dir));
        }
    }

    @Test
    void comparisonPlotHasOursAndThePapersPerMethod() throws Exception {
        // a reproduction table: two methods, e_s beside paper_e_s (002 Table 1 layout); e_H has no paper column
        List<List<String>> table = List.of(List.of("method", "h", "e_s", "paper_e_s", "e_H"),
                List.of("hbvm:1,1", "0.1", "2.57e-2", "2.57e-2", "1e-16"), List.of("hbvm:1,1", "0.05", "6.4e-3", "6.4e-3", "1e-16"),
                List.of("hbvm:2,2", "0.1", "1.67e-3", "1.67e-3", "1e-16"), List.of("hbvm:2,2", "0.05", "4.1e-4", "4.1e-4", "1e-16"));
        Map<String, XYChart> charts = Plots.comparison(table, "t1");
        assertEquals(List.of("t1-e_s"), List.copyOf(charts.keySet()));
        assertEquals(4, charts.get("t1-e_s").getSeriesMap().size());
        checkFiles(Plots.writeAll(charts, dir));
    }

    private static void checkFiles(List<Path> files) throws Exception {
        for (Path f : files) {
            if (f.toString().endsWith(".png")) {
                BufferedImage image = ImageIO.read(f.toFile());
                assertNotNull(image, f + " is not a PNG");
                assertEquals(900, image.getWidth());
                assertEquals(600, image.getHeight());
            } else {
                DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
                xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
                Document svg = xml.newDocumentBuilder().parse(f.toFile());
                assertEquals("svg", svg.getDocumentElement().getTagName());
            }
        }
    }
}
