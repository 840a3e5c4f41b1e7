package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sweeps: each point of an eps x h sweep on cvt is bitwise the run of that point alone; bad sweeps are one-line errors. */
class SweepTest {
    private static final double[] EPS = {0.25, 0.5, 1};

    @TempDir
    Path dir;

    // 1030 members per point on simd: two reduction blocks per point, the second one padded
    @ParameterizedTest(name = "{0}")
    @CsvSource({"reference, 7", "simd, 1030"})
    void everyPointIsBitwiseItsRunAlone(String backend, int members) throws Exception {
        Path sweepDir = dir.resolve("sweep");
        Cli.Result r = Cli.run("run", "--model", "cvt", "--param", "eps=[0.25,0.5,1]", "--h", "0.1,0.05", "--t-end", "0.5",
                "--members", String.valueOf(members), "--backend", backend, "--no-plots", "--quiet", "--out", sweepDir.toString());
        assertEquals(0, r.exit(), r.err());
        Csv sweep = Csv.read(sweepDir.resolve("timeseries.csv"));
        assertEquals("point", sweep.header().get(1));
        Map<String, List<String[]>> byPoint = sweep.groupBy("point");
        assertEquals(3, byPoint.size());
        for (int p = 0; p < EPS.length; p++) {
            Path single = dir.resolve("eps" + p);
            Cli.Result s = Cli.run("run", "--model", "cvt", "--param", "eps=" + EPS[p], "--h", "0.1,0.05", "--t-end", "0.5",
                    "--members", String.valueOf(members), "--backend", backend, "--no-plots", "--quiet", "--out", single.toString());
            assertEquals(0, s.exit(), s.err());
            List<String[]> alone = Csv.read(single.resolve("timeseries.csv")).rows(), point = byPoint.get(String.valueOf(p));
            assertEquals(alone.size(), point.size());
            for (int i = 0; i < alone.size(); i++) assertEquals(Arrays.asList(alone.get(i)), withoutPoint(point.get(i)), "point " + p + " row " + i);
        }
        JsonNode results = new ObjectMapper().readTree(sweepDir.resolve("summary.json").toFile()).get("results");
        assertEquals(6, results.size());                                         // 2 step sizes x 3 points
        assertEquals(1.0, results.get(5).get("parameters").get("eps").asDouble());
        assertEquals(members, results.get(5).get("ok").asInt());
    }

    private static List<String> withoutPoint(String[] row) {
        List<String> out = new ArrayList<>(Arrays.asList(row));
        out.remove(1);
        return out;
    }

    @org.junit.jupiter.api.Test
    void describeAndTheRunSayWhatVaries() throws Exception {
        Cli.Result d = Cli.run("describe", "cvt", "--param", "eps=[0.25,0.5]");
        assertEquals(0, d.exit(), d.err());
        assertTrue(d.out().contains("varies:       eps = [0.25, 0.5] (a sweep axis of 2 points)"), d.out());
        Path out = dir.resolve("drawn");
        Cli.Result r = Cli.run("run", "--model", "cvt", "--param", "eps=uniform(0.2,0.8,seed=3)", "--members", "3", "--h", "0.1", "--t-end", "0.2",
                "--no-plots", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("eps varies: uniform(0.2, 0.8, seed=3)"), r.out());
        JsonNode inputs = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("inputs");
        assertEquals("uniform(0.2, 0.8, seed=3)", inputs.get("variations").get("eps").asText());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"eps=[]", "eps=uniform(0.8,0.2)", "epsilon=0.3", "eps=normal(1,0.1,2,1)", "eps=1+k", "eps=[0.1,x]"})
    void badSweepsAreOneLine(String param) {
        Cli.Result r = Cli.run("run", "--model", "cvt", "--param", param, "--h", "0.1", "--t-end", "1", "--out", dir.resolve("bad").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith("geomech: error: ") && r.errLines().get(0).contains("eps"), r.err());
    }
}
