package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.ensemble.Observers;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The energy error E_j(t) - E_j(0) as an observer of its own (energy_error, initial(E)), from the command line. */
class EnergyErrorTest {
    @TempDir
    Path dir;

    /** chaotic-nh (m = 3, 001 sec. 7.3) at its default parameters: E = 1/2 |v|^2 + U(q). */
    private static final MechanicalSystem SYSTEM = Library.system("chaotic-nh");

    @Test
    void medianOfEnergyErrorIsThatOfTheSavedInitialAndFinalStates() throws Exception {
        // 41 members, each with its own energy (q1 drawn with sigma 0.1), lobatto-nh:2 at h = 0.1 to t = 2
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.1", "t_end: 2", "output_interval: 1",
                "initial: {members: 41, random: {seed: 3, q: {q1: 0.1}}}", "statistics: [mean, msd, q50]", ""));
        Cli.Result r = Cli.run("run", scenario.toString(), "--save-trajectories", "all", "--save-final-states", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Csv series = Csv.read(out.resolve("timeseries.csv")), last = Csv.read(out.resolve("final-states.csv")), path = Csv.read(out.resolve("trajectories.csv"));
        String[] end = series.rows().get(series.rows().size() - 1);
        assertEquals(2.0, series.number(end, "t"));
        double[] e0 = new double[41], eEnd = new double[41], error = new double[41];
        for (String[] row : path.rows()) if (path.number(row, "t") == 0) e0[(int) path.number(row, "member")] = energy(path, row);
        for (String[] row : last.rows()) {
            int j = (int) last.number(row, "member");
            eEnd[j] = energy(last, row);
            error[j] = eEnd[j] - e0[j];
            // the state carries E_j(0) as it was at t = 0: the column initial(energy) of the final state
            assertEquals(e0[j], last.number(row, "initial(energy)"), 0.0, "E(0) of member " + j);
        }
        Arrays.sort(error);
        // type 7 at p = 0.5 of 41 values: the 21st smallest; the host's tapes evaluate E in the same order, so exactly
        assertEquals(error[20], series.number(end, "energy_error_q50"), 0.0);
        assertTrue(Math.abs(error[20]) > 1e-6, "lobatto-nh:2 at h = 0.1 changes the energy: median " + error[20]);
        // the members' energies differ, so the median error is not the difference of the median energies
        double[] sortedEnd = eEnd.clone(), sorted0 = e0.clone();
        Arrays.sort(sortedEnd);
        Arrays.sort(sorted0);
        assertTrue(sorted0[40] - sorted0[0] > 1e-3, "energies spread: " + sorted0[0] + " .. " + sorted0[40]);
        assertNotEquals(sortedEnd[20] - sorted0[20], series.number(end, "energy_error_q50"));
        assertEquals(Arrays.stream(error).sum() / 41, series.number(end, "energy_error_mean"), 1e-15);   // summation order: round-off
        assertEquals(0.0, series.number(series.rows().get(0), "energy_error_q50"));
        assertTrue(Files.exists(out.resolve("energy_error.png")) && !Files.exists(out.resolve("energy.png")), "the run plots the error, not the level");
    }

    @Test
    void aDefaultRunKeepsTheErrorsQuantilesAndFillsTheirBand() throws Exception {
        // run's defaults (1000 members perturbed by the seeded draw, statistics mean, max, msd, q5, q50, q95) on chaotic-nh,
        // lobatto-nh:2 at h = 0.05 to t = 5
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--model", "chaotic-nh", "--h", "0.05", "--t-end", "5", "--save-final-states", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Csv series = Csv.read(out.resolve("timeseries.csv")), last = Csv.read(out.resolve("final-states.csv"));
        assertTrue(String.join(",", series.header()).contains("energy_error_mean,energy_error_max,energy_error_msd,energy_error_q5,energy_error_q50,energy_error_q95"),
                series.header().toString());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(1000, summary.get("members").asInt());
        assertEquals("auto", summary.get("inputs").get("backend").asText());
        assertTrue(summary.get("backend").asText().matches("(simd|opencl) on .*"), "auto resolved: " + summary.get("backend"));
        assertEquals("exact", summary.get("quantiles").get("method").asText());
        // the quantiles at t_end are those of the members' E_j(5) - E_j(0) (type 7, NumPy's default), from the final states
        double[] error = new double[last.rows().size()];
        for (int j = 0; j < error.length; j++) error[j] = energy(last, last.rows().get(j)) - last.number(last.rows().get(j), "initial(energy)");
        Arrays.sort(error);
        assertEquals(1000, error.length);
        String[] end = series.rows().get(series.rows().size() - 1);
        assertEquals(5.0, series.number(end, "t"));
        for (double p : new double[]{5, 50, 95}) {
            double rank = 999 * p / 100, below = error[(int) rank], expected = below + (rank - Math.floor(rank)) * (error[(int) rank + 1] - below);
            assertEquals(expected, series.number(end, "energy_error_q" + (int) p), 1e-15, "q" + (int) p);
        }
        // the plot: the band from q5 to q95 at every output time, drawn filled; the errors change sign, so on a linear axis
        Csv plot = Csv.read(out.resolve("energy_error.plot.csv"));
        List<String[]> band = plot.groupBy("series").get("q5 to q95 of members");
        assertEquals(series.rows().size(), band.size(), "a band point per output time");
        boolean bothSigns = false;
        for (int i = 0; i < band.size(); i++) {
            String[] row = series.rows().get(i);
            assertEquals(series.number(row, "t"), plot.number(band.get(i), "x"));
            assertEquals(series.number(row, "energy_error_q5"), plot.number(band.get(i), "y"));
            assertEquals(series.number(row, "energy_error_q95"), plot.number(band.get(i), "y_upper"));
            bothSigns |= series.number(row, "energy_error_q5") < 0 && series.number(row, "energy_error_q95") > 0;
        }
        assertTrue(bothSigns, "the errors of lobatto-nh:2 on chaotic-nh change sign: a linear axis");
        assertFilledBand(out, band.size());
        assertTrue(!Files.exists(out.resolve("energy.png")), "the error stands for the energy level");
    }

    // energy_error.svg draws the band as a polygon of its upper edge and its lower edge back, filled at opacity 0.25, and
    // energy_error.png shows that fill between the edges where the band is widest
    private static void assertFilledBand(Path out, int times) throws Exception {
        org.w3c.dom.Document svg = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(out.resolve("energy_error.svg").toFile());
        org.w3c.dom.NodeList polygons = svg.getElementsByTagName("polygon");
        String[] points = null;
        String fill = null;
        for (int i = 0; i < polygons.getLength(); i++) {
            org.w3c.dom.Element p = (org.w3c.dom.Element) polygons.item(i);
            String[] these = p.getAttribute("points").trim().split("\\s+");
            if (points == null || these.length > points.length) {
                points = these;
                fill = p.getAttribute("fill");
                assertEquals("0.25", p.getAttribute("fill-opacity"));
            }
        }
        assertEquals(2 * times, points.length, "the band's polygon: both edges at every output time");
        int widest = 0;
        double[] upper = new double[times], lower = new double[times], x = new double[times];
        for (int k = 0; k < times; k++) {
            String[] u = points[k].split(","), l = points[2 * times - 1 - k].split(",");
            x[k] = Double.parseDouble(u[0]);
            assertEquals(x[k], Double.parseDouble(l[0]));
            upper[k] = Double.parseDouble(u[1]);
            lower[k] = Double.parseDouble(l[1]);
            if (lower[k] - upper[k] > lower[widest] - upper[widest]) widest = k;
        }
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(out.resolve("energy_error.png").toFile());
        double scale = png.getWidth() / Double.parseDouble(svg.getDocumentElement().getAttribute("width"));
        java.awt.Color color = java.awt.Color.decode(fill);
        double alpha = Math.round(255 * 0.25) / 255.0;
        int[] filled = {color.getRed(), color.getGreen(), color.getBlue()};
        for (int c = 0; c < 3; c++) filled[c] = (int) Math.round(alpha * filled[c] + (1 - alpha) * 255);
        int px = (int) Math.round(x[widest] * scale), inside = 0, asFilled = 0;
        assertTrue((lower[widest] - upper[widest]) * scale > 40, "the widest band spans " + (lower[widest] - upper[widest]) * scale + " pixels");
        for (int py = (int) Math.ceil(upper[widest] * scale) + 3; py < lower[widest] * scale - 3; py++) {
            java.awt.Color seen = new java.awt.Color(png.getRGB(px, py));
            assertTrue(seen.getRGB() != java.awt.Color.WHITE.getRGB(), "pixel (" + px + ", " + py + ") inside the band is blank");
            inside++;
            if (Math.abs(seen.getRed() - filled[0]) <= 3 && Math.abs(seen.getGreen() - filled[1]) <= 3 && Math.abs(seen.getBlue() - filled[2]) <= 3) asFilled++;
        }
        assertTrue(asFilled > inside / 2, asFilled + " of " + inside + " pixels inside the band in its fill colour");
    }

    @Test
    void initialValuesAgreeOnEveryBackend() throws Exception {
        // an observer of the relative energy error, beside energy_error: simd and opencl compile both from the same
        // expressions and the same carried E_j(0), and agree with the reference to 1e-12 (crosscheck's default)
        OpenClRequirement.device();
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.1",
                "observers: {relative: (energy - initial(energy)) / initial(energy)}", ""));
        Cli.Result r = Cli.run("crosscheck", scenario.toString(), "--steps", "30", "--backends", "simd,opencl", "--out", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        Csv csv = Csv.read(out.resolve("crosscheck.csv"));
        List<String> backends = new ArrayList<>();
        for (String[] row : csv.rows()) {
            backends.add(csv.text(row, "backend"));
            for (String column : List.of("initial(energy)", "mean(energy_error)", "mean(relative)"))
                assertTrue(csv.number(row, column) <= 1e-12, row[0] + " " + column + ": " + csv.number(row, column));
        }
        assertEquals(List.of("reference", "simd", "opencl"), backends);
        // what was compared is not zero: the mean relative error at the end, and E(0) of about 3.06 per member
        JsonNode observed = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0).get("observed");
        int relative = 0;
        while (!observed.get("observers").get(relative).asText().equals("relative")) relative++;
        double mean = observed.get("at_end").get(relative).get("mean").asDouble();
        assertTrue(Math.abs(mean) > 1e-7, "mean relative energy error at the end: " + mean);
    }

    // E of a saved state row, from chaotic-nh's energy expression
    private static double energy(Csv csv, String[] row) {
        List<Expr> inputs = new ArrayList<>(SYSTEM.q());
        inputs.addAll(SYSTEM.v());
        inputs.addAll(SYSTEM.parameterSymbols());
        Tape tape = Tape.compile(inputs, List.of(Observers.standard(SYSTEM).get(0).expression()));
        double[] in = new double[inputs.size()], e = new double[1];
        List<String> names = SYSTEM.coordinateNames();
        for (int i = 0; i < names.size(); i++) {
            in[i] = csv.number(row, names.get(i));
            in[names.size() + i] = csv.number(row, "dot(" + names.get(i) + ")");
        }
        double[] p = SYSTEM.parameterValues();
        System.arraycopy(p, 0, in, 2 * names.size(), p.length);
        tape.eval(in, e);
        return e[0];
    }
}
