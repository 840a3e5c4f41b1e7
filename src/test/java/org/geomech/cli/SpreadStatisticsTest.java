package org.geomech.cli;

import org.geomech.backend.opencl.OpenClRequirement;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** min, std and quantiles agree with the same statistics of the saved final states, on every backend. */
class SpreadStatisticsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"reference", "simd", "opencl"})
    void finalSpreadIsThatOfTheFinalStates(String backend) throws Exception {
        if (backend.equals("opencl")) OpenClRequirement.device();
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: cvt", "h: 0.1", "t_end: 1", "output_interval: 0.5",
                "initial: {members: 300, random: {seed: 4, q: {x: 0.3}, v: {y: 0.2}}}", "observers: {xpos: x}",
                "statistics: [mean, min, std, q5, q50, q95]", ""));
        Cli.Result r = Cli.run("run", scenario.toString(), "--backend", backend, "--save-final-states", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Csv series = Csv.read(out.resolve("timeseries.csv")), last = Csv.read(out.resolve("final-states.csv"));
        String[] end = series.rows().get(series.rows().size() - 1);
        double[] x = last.rows().stream().mapToDouble(row -> last.number(row, "x")).sorted().toArray();
        double mean = Arrays.stream(x).sum() / x.length, var = 0;
        for (double v : x) var += (v - mean) * (v - mean) / x.length;
        assertEquals(x[0], series.number(end, "xpos_min"), 0);
        assertEquals(Math.sqrt(var), series.number(end, "xpos_std"), 1e-14);      // summation order differs: round-off only
        for (double p : new double[]{5, 50, 95}) {
            double pos = p / 100 * (x.length - 1);                                         // type 7: linear between order statistics
            int k = (int) Math.floor(pos);
            assertEquals(x[k] + (pos - k) * (x[k + 1] - x[k]), series.number(end, "xpos_q" + (int) p), 1e-15, "q" + p);
        }
        assertTrue(series.number(end, "xpos_q5") < series.number(end, "xpos_q50") && series.number(end, "xpos_q50") < series.number(end, "xpos_q95"));
        assertEquals(List.of("h", "t", "step", "ok", "energy_mean", "energy_min", "energy_std", "energy_q5", "energy_q50", "energy_q95"),
                series.header().subList(0, 10));
        assertTrue(Files.exists(out.resolve("xpos.png")));
    }
}
