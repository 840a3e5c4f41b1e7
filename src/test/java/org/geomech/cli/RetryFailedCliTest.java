package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * run --retry-failed K on the command line and as the scenario key retry_failed: modified-pendulum (002 sec. 5.3),
 * lobatto-holonomic:2 at h = 0.3, four members of speed 2^(-1/4) (1 + j) along y; Newton (tolerance 1e-14) fails for members 2
 * and 3; at one halving member 2 reaches t_end and member 3 still fails (RetryFailedTest has the numbers).
 */
class RetryFailedCliTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PENDULUM = List.of("run", "--model", "modified-pendulum", "--method", "lobatto-holonomic:2", "--h", "0.3",
            "--t-end", "12", "--output-interval", "1.2", "--members", "4", "--sigma", "0", "--v", "y=2^(-0.25)*(1+j)", "--newton-tol", "1e-14",
            "--backend", "reference", "--no-plots");

    private Cli.Result run(String out, String... more) {
        List<String> args = new ArrayList<>(PENDULUM);
        args.addAll(List.of(more));
        args.addAll(List.of("--out", dir.resolve(out).toString()));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void theSummaryListsWhoWasRetriedWithWhichHAndWhoStillFailed() throws IOException {
        Cli.Result r = run("once", "--retry-failed", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("h = 0.3: 40 steps, 3 of 4 members ok"), r.out());
        assertTrue(r.out().contains("retried 2 failed member(s) at halved h: 1 reached t_end, 1 still failed\n  member 2 at h = 0.15: ok\n"
                + "  member 3 at h = 0.15: failed (newton_iteration_limit)\n"), r.out());
        assertTrue(r.err().contains("geomech: warning: 1 member(s) failed; first: h = 0.3, member 3, step "), r.err());
        JsonNode s = JSON.readTree(dir.resolve("once/summary.json").toFile());
        assertEquals(1, s.at("/failures/count").asInt());
        assertEquals(3, s.at("/failures/first/0/member").asInt());
        assertEquals(2, s.at("/retried").size());
        assertEquals("{\"h\":0.3,\"point\":0,\"member\":2,\"retried_h\":0.15,\"result\":\"ok\"}", s.at("/retried/0").toString());
        assertEquals("newton_iteration_limit", s.at("/retried/1/result").asText());
        assertEquals(1, s.at("/inputs/retry_failed").asInt());
    }

    /** Off by default: no retried list, and the same files as --retry-failed 0; the scenario key gives what the flag gives. */
    @Test
    void offByDefaultAndTheScenarioKeyIsTheFlag() throws IOException {
        assertEquals(0, run("plain").exit());
        assertEquals(0, run("zero", "--retry-failed", "0").exit());
        assertArrayEquals(Files.readAllBytes(dir.resolve("plain/timeseries.csv")), Files.readAllBytes(dir.resolve("zero/timeseries.csv")));
        JsonNode plain = JSON.readTree(dir.resolve("plain/summary.json").toFile());
        assertTrue(plain.at("/retried").isMissingNode() && plain.at("/inputs/retry_failed").isMissingNode(), plain.toString());
        assertEquals(2, plain.at("/failures/count").asInt());
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "model: modified-pendulum\nretry_failed: 1\n");
        List<String> args = new ArrayList<>(List.of("run", scenario.toString()));
        args.addAll(PENDULUM.subList(3, PENDULUM.size()));
        args.addAll(List.of("--out", dir.resolve("key").toString()));
        assertEquals(0, Cli.run(args.toArray(new String[0])).exit());
        assertEquals(0, run("flag", "--retry-failed", "1").exit());
        byte[] key = Files.readAllBytes(dir.resolve("key/timeseries.csv"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("flag/timeseries.csv")), key);
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("plain/timeseries.csv")), key), "the retried member is in the rows");
    }

    @Test
    void badHalvingsAreOneLineAndExitTwo() throws IOException {
        for (String k : List.of("-1", "1.5", "two", "21")) {
            Cli.Result r = run("bad", "--retry-failed", k);
            assertEquals(2, r.exit(), k + ": " + r.err());
            assertTrue(r.err().startsWith("geomech: error: ") && r.err().strip().lines().count() == 1 && r.err().contains("retry-failed"), r.err());
        }
        Path scenario = dir.resolve("bad.yaml");
        Files.writeString(scenario, "model: modified-pendulum\nh: 0.3\nt_end: 12\nretry_failed: -2\n");
        Cli.Result r = Cli.run("run", scenario.toString(), "--out", dir.resolve("bad").toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("retry_failed") && r.err().strip().lines().count() == 1, r.err());
        r = run("spread", "--retry-failed", "1", "--statistics", "mean,q50");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--retry-failed goes with the statistics mean, max and msd only"), r.err());
    }
}
