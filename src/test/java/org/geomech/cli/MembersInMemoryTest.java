package org.geomech.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Run --members-in-memory streams the ensemble in slabs and writes bitwise the results of the run held at once. */
class MembersInMemoryTest {
    @TempDir
    Path dir;

    private Cli.Result run(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--model", "cvt", "--h", "0.1,0.05", "--t-end", "1", "--members", "2500",
                "--backend", "simd", "--out", out.toString(), "--no-plots", "--quiet"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void slabsWriteTheResultsOfTheWholeEnsemble() throws Exception {
        Path whole = dir.resolve("whole"), slabs = dir.resolve("slabs");
        assertEquals(0, run(whole).exit());
        // 1000 members round up to one block: three slabs, the last of 452 members
        Cli.Result r = run(slabs, "--members-in-memory", "1000");
        assertEquals(0, r.exit(), r.err());
        assertArrayEquals(Files.readAllBytes(whole.resolve("timeseries.csv")), Files.readAllBytes(slabs.resolve("timeseries.csv")));
        var a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile());
        var b = new ObjectMapper().readTree(slabs.resolve("summary.json").toFile());
        for (String field : List.of("failures", "member_steps", "newton_iterations", "consistency")) assertEquals(a.get(field), b.get(field), field);
        for (int k = 0; k < 2; k++) assertEquals(a.get("results").get(k).get("at_end"), b.get("results").get(k).get("at_end"));
    }

    /** Exact quantiles with csv files, sketched ones with npy files (the final states written slab by slab into a file whose shape is known at once). */
    @Test
    void slabsComposeWithSweepsQuantilesTrajectoriesAndFinalStates() throws Exception {
        for (String quantiles : List.of("exact", "sketch:64")) {
            String format = quantiles.equals("exact") ? "csv" : "npy";
            String[] extra = {"--param", "eps=[0.25,0.5]", "--statistics", "mean,msd,min,std,q5,q50,q95", "--quantiles", quantiles,
                    "--save-trajectories", "0,2400", "--save-final-states", "--format", format};
            Path whole = dir.resolve("whole-" + quantiles), slabs = dir.resolve("slabs-" + quantiles);
            Cli.Result a = run(whole, extra);
            assertEquals(0, a.exit(), a.err());
            List<String> args = new ArrayList<>(List.of(extra));
            args.addAll(List.of("--members-in-memory", "2048"));
            Cli.Result b = run(slabs, args.toArray(new String[0]));
            assertEquals(0, b.exit(), b.err());
            // two step sizes and two sweep points: the files per step size and point, every byte
            List<String> files;
            try (var list = Files.list(whole)) {
                files = list.map(f -> f.getFileName().toString()).filter(f -> f.endsWith("." + format)).sorted().toList();
            }
            assertTrue(files.containsAll(List.of("timeseries." + format, "h0.1-final-states." + format, "h0.05-final-states." + format,
                    "h0.05-point1-trajectories." + format)), files.toString());
            for (String f : files) assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(slabs.resolve(f)), quantiles + ": " + f);
            var summary = new ObjectMapper().readTree(slabs.resolve("summary.json").toFile()).get("quantiles");
            assertEquals(quantiles.equals("exact") ? "exact" : "sketch", summary.get("method").asText(), summary.toString());
            // 2500 members per point through levels of 64: levels 0 to 5 compact, a rank error of at most 6/64 of the members
            assertEquals(quantiles.equals("exact") ? 0 : 6 / 64.0, summary.get("rank_error").asDouble(), 1e-12, summary.toString());
        }
    }

    @Test
    void slabsRefuseWhatNeedsTheWholeEnsembleAtOnce() {
        for (String[] extra : List.of(new String[]{"--members-in-memory", "0"}, new String[]{"--members-in-memory", "-5"})) {
            Cli.Result r = run(dir.resolve("bad"), extra);
            assertEquals(2, r.exit(), String.join(" ", extra) + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().startsWith("geomech: error: --members-in-memory"), r.err());
        }
    }
}
