package org.geomech.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12 item 1, issue 11 item 6: an ensemble that by the estimate does not fit in the heap runs in slabs by itself,
 * with bitwise the statistics of the run held at once; where slabs cannot run it, one line and exit 2.
 */
class AutomaticSlabTest {
    @TempDir
    Path dir;

    /**
     * 300,000 members of chaotic-nh (23 doubles, E(0) among them, and 3 observers each, with run's default quantiles 285 bytes by
     * engine.MemoryPlan): 82 MiB, more than a 64 MiB heap holds with room; every output's values (7 x 300,000 x 25 bytes) are more than
     * a quarter of it, so --quantiles auto sketches them there.
     */
    private static final List<String> RUN = List.of("run", "--model", "chaotic-nh", "--method", "lobatto-nh:2", "--backend", "simd",
            "--members", "300000", "--t-end", "0.1", "--h", "0.02", "--no-plots", "--quiet");

    @Test
    void aSmallHeapTakesTheSlabPathWithTheSameStatistics() throws Exception {
        // held at once in the test's heap, the sketches auto chooses in the small one: fed in member order, bitwise the same
        Path whole = dir.resolve("whole"), slabs = dir.resolve("slabs");
        List<String> args = new ArrayList<>(RUN);
        args.addAll(List.of("--quantiles", "sketch", "--out", whole.toString()));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err(), "the default heap holds 300,000 members at once");

        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-Xmx64m", "-Dgeomech.cache=" + System.getProperty("geomech.cache", ""),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(RUN);
        cmd.addAll(List.of("--out", slabs.toString()));
        Process child = new ProcessBuilder(cmd).redirectOutput(dir.resolve("child.out").toFile()).redirectError(dir.resolve("child.err").toFile()).start();
        assertTrue(child.waitFor(3, TimeUnit.MINUTES), "done within three minutes");
        List<String> err = Files.readAllLines(dir.resolve("child.err")).stream().filter(l -> !l.startsWith("WARNING: Using incubator")).toList();
        assertEquals(0, child.exitValue(), String.join("\n", err));
        assertEquals(1, err.size(), String.join("\n", err));
        assertTrue(err.get(0).matches("geomech: note: --members 300000: the ensemble needs about 82 MiB \\(23 doubles per member\\), the JVM has \\d+ MiB"
                + " of heap left: running it in slabs of \\d+ members \\(as --members-in-memory \\d+ would\\)"), err.get(0));

        assertArrayEquals(Files.readAllBytes(whole.resolve("timeseries.csv")), Files.readAllBytes(slabs.resolve("timeseries.csv")));
        var a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile());
        var b = new ObjectMapper().readTree(slabs.resolve("summary.json").toFile());
        for (String field : List.of("failures", "member_steps", "consistency", "quantiles")) assertEquals(a.get(field), b.get(field), field);
        assertEquals("sketch", b.get("quantiles").get("method").asText(), "run's default quantiles of 300,000 members in 64 MiB: sketched");
        assertTrue(Files.readAllLines(slabs.resolve("timeseries.csv")).get(0).contains("energy_error_q5,energy_error_q50,energy_error_q95"));
        assertEquals(a.get("results").get(0).get("at_end"), b.get("results").get(0).get("at_end"));
    }

    @Test
    void whatSlabsCannotRunIsRefusedNamingWhy() {
        // 10^8 members (22 GiB by the estimate) never fit this JVM's heap in the test: slabs would run them, but the final
        // states where failed members are retried (17 GiB: the retries' replace theirs after the last slab) or the exact
        // quantiles' values of every output (250 GiB) are kept whole; run's default quantiles go into sketches (--quantiles
        // auto), kept beside the block sums, and with retries a copy of the block sums
        for (String[] extra : List.of(new String[]{"--save-final-states", "--retry-failed", "1"}, new String[]{"--statistics", "mean,q50", "--quantiles", "exact"})) {
            List<String> args = new ArrayList<>(List.of("run", "--model", "chaotic-nh", "--members", "100000000", "--h", "0.01", "--t-end", "1", "--out", dir.resolve("bad").toString()));
            args.addAll(List.of(extra));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertEquals(2, r.exit(), String.join(" ", extra) + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            String why = "not even a slab of 1024 members fits beside the [\\d.]+ GiB that the block sums"
                    + (extra[0].equals("--statistics") ? " and the observer values for min, std and quantiles"
                    : ", the quantile sketches, the block sums' copies for retried members and the final states")
                    + " of its 101 output rows keep";
            assertTrue(r.err().matches("geomech: error: --members 100000000: the ensemble needs about [\\d.]+ GiB \\(\\d+ doubles per member\\), the JVM has"
                    + " [\\d.]+ GiB of heap left, and " + why + ".*\\R"), r.err());
        }
        // 2 * 10^9 members: the block sums of 101 output rows and the default quantiles' sketches are more than the heap
        Cli.Result r = Cli.run("run", "--model", "chaotic-nh", "--members", "2000000000", "--h", "0.01", "--t-end", "1", "--out", dir.resolve("bad").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().matches("geomech: error: --members 2000000000: .*, and not even a slab of 1024 members fits beside the [\\d.]+ GiB that the block"
                + " sums and the quantile sketches of its 101 output rows keep; .*\\R"), r.err());
    }
}
