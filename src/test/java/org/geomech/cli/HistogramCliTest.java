package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * run --statistics ...,hist:BINS: hist.csv holds every output's bins, their counts summing to the members running; at the
 * last output they are the counts of the saved final states by the documented rule (each output's own range, the
 * greatest value in the last bin); a heat map per observer is drawn; the time series has no histogram column; a bad spec
 * is one line naming the problem, exit code 2, nothing computed.
 */
class HistogramCliTest {
    @TempDir
    Path dir;

    @Test
    void histCsvCountsTheFinalStatesAndAHeatMapIsDrawn() throws Exception {
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: cvt", "h: 0.1", "t_end: 1", "output_interval: 0.5",
                "initial: {members: 300, random: {seed: 4, q: {x: 0.3}, v: {y: 0.2}}}", "observers: {xpos: x}", ""));
        Cli.Result r = Cli.run("run", scenario.toString(), "--statistics", "mean,hist:7", "--backend", "simd", "--save-final-states", "--quiet",
                "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Csv hist = Csv.read(out.resolve("hist.csv")), series = Csv.read(out.resolve("timeseries.csv")), last = Csv.read(out.resolve("final-states.csv"));
        assertEquals(List.of("h", "t", "observer", "bin", "bin_lo", "bin_hi", "count"), hist.header());
        assertFalse(series.header().stream().anyMatch(c -> c.contains("hist")), "no histogram column in " + series.header());
        // per output and observer: 7 bins, then below, above and non_finite; their counts sum to the members running
        for (String[] row : series.rows())
            for (String o : List.of("energy", "energy_error", "xpos")) {
                List<String[]> at = hist.rows().stream().filter(h -> h[1].equals(row[1]) && h[2].equals(o)).toList();
                assertEquals(10, at.size(), o + " at t = " + row[1]);
                assertEquals(List.of("0", "6", "below", "above", "non_finite"), List.of(at.get(0)[3], at.get(6)[3], at.get(7)[3], at.get(8)[3], at.get(9)[3]));
                assertEquals(series.number(row, "ok"), at.stream().mapToDouble(h -> hist.number(h, "count")).sum(), o + " at t = " + row[1]);
            }
        double[] x = last.rows().stream().mapToDouble(row -> last.number(row, "x")).sorted().toArray();
        double lo = x[0], hi = x[x.length - 1];
        long[] expected = new long[7];
        for (double v : x) expected[Math.min(6, (int) Math.floor((v - lo) / (hi - lo) * 7))]++;
        List<String[]> end = hist.rows().stream().filter(h -> h[1].equals("1.0") && h[2].equals("xpos")).toList();
        assertEquals(lo, hist.number(end.get(0), "bin_lo"), 0);
        assertEquals(hi, hist.number(end.get(6), "bin_hi"), 0);
        assertEquals(Arrays.toString(expected), Arrays.toString(end.subList(0, 7).stream().mapToLong(h -> Long.parseLong(h[6])).toArray()));
        for (String f : List.of("xpos-hist.png", "xpos-hist.svg", "xpos-hist.plot.csv", "xpos-hist.py", "energy_error-hist.png"))
            assertTrue(Files.exists(out.resolve(f)), f);
        assertFalse(Files.exists(out.resolve("energy-hist.png")), "energy_error stands for the energy");
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.get("files").toString().contains("hist.csv"), summary.get("files").toString());
        JsonNode atEnd = summary.get("results").get(0).get("at_end").get("xpos").get("histogram");
        assertEquals(Arrays.toString(expected), atEnd.get("counts").toString().replace(",", ", "));
    }

    @Test
    void badSpecsAreOneLineAndExitCode2() {
        for (String[] bad : List.of(new String[]{"hist:0", "BINS must be at least 1, got 0"}, new String[]{"hist:1,0,10", "LO must be below HI, got 1 and 0"},
                new String[]{"hist:x", "BINS must be a whole number, got 'x'"})) {
            Path out = dir.resolve("bad");
            Cli.Result r = Cli.run("run", "--model", "cvt", "--h", "0.1", "--t-end", "1", "--members", "10", "--statistics", "mean," + bad[0], "--out", out.toString());
            assertEquals(2, r.exit(), bad[0] + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertEquals("geomech: error: statistics: '" + bad[0] + "': " + bad[1], r.err().strip());
            assertFalse(Files.exists(out.resolve("timeseries.csv")), "nothing computed");
        }
    }
}
