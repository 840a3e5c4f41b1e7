package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.engine.SlabRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.io.Checkpoint;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run in a child JVM killed with SIGKILL at a random moment, then resumed with geomech resume, writes
 * bitwise the time series and final statistics of a run that was never stopped; a damaged, foreign or missing
 * checkpoint is refused with one line and exit code 2.
 */
class KillAndResumeTest {
    @TempDir
    Path dir;

    /** chaotic-nh (m = 3), lobatto-nh:2 at two step sizes (so a kill may fall in either), 2000 members, a checkpoint every 0.1 of model time. */
    private static List<String> args(String backend, Path out) {
        return List.of("run", "--model", "chaotic-nh", "--h", "0.02,0.01", "--t-end", "3", "--output-interval", "0.25", "--members", "2000",
                "--backend", backend, "--out", out.toString(), "--no-plots", "--quiet");
    }

    /** cvt swept over eps (three points of 2000 members), lobatto-nh:2 at two step sizes, min, std and a quantile beside mean, max and msd. */
    private static List<String> sweepArgs(Path out) {
        return List.of("run", "--model", "cvt", "--param", "eps=[0.25,0.5,1]", "--statistics", "mean,max,msd,min,std,q90,hist:8", "--h", "0.01,0.005",
                "--t-end", "6", "--output-interval", "0.25", "--members", "2000", "--backend", "simd", "--out", out.toString(), "--no-plots", "--quiet");
    }

    @Test
    void simdRunKilledAndResumedIsBitwiseTheUninterruptedOne() throws Exception {
        Path killed = killedRun("simd", args("simd", dir.resolve("simd-killed")), "0.1", 1);
        // a damaged copy, a copy from another version and one for another run are refused before anything is computed
        refused(killed, "flip", "is corrupt");
        refused(killed, "version", "was written by geomech");
        refused(killed, "fingerprint", "does not match its run");
        resumedEqualsUninterrupted("simd", killed);
    }

    @Test
    void sweepWithQuantilesKilledAndResumedIsBitwiseTheUninterruptedOne() throws Exception {
        // its checkpoint keeps every row's block partials (split into the points on resume) and the spread so far; a
        // checkpoint every 0.5 is 12 per step size, so the kill (after the 17th, seed 7) falls in the second step size, at t = 2 of 6
        Path killed = killedRun("sweep", sweepArgs(dir.resolve("sweep-killed")), "0.5", 7);
        assertEquals(1, Checkpoint.read(killed.resolve(Checkpoint.FILE)).stage(), "killed in the second step size");
        refused(killed, "flip", "is corrupt");
        refused(killed, "truncate", "; it was not used");   // the cut-off trailer reads as garbage: truncated or followed by extra bytes
        Cli.Result resumed = Cli.run("resume", killed.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.err());
        Path whole = dir.resolve("sweep-whole");
        Cli.Result uninterrupted = Cli.run(sweepArgs(whole).toArray(new String[0]));
        assertEquals(0, uninterrupted.exit(), uninterrupted.err());
        assertArrayEquals(Files.readAllBytes(whole.resolve("timeseries.csv")), Files.readAllBytes(killed.resolve("timeseries.csv")),
                "timeseries.csv byte for byte (a point column; min, std and q90 per observer)");
        assertArrayEquals(Files.readAllBytes(whole.resolve("hist.csv")), Files.readAllBytes(killed.resolve("hist.csv")), "hist.csv byte for byte");
        JsonNode a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile()), b = new ObjectMapper().readTree(killed.resolve("summary.json").toFile());
        for (String field : List.of("inputs", "members", "failures", "member_steps", "consistency"))
            assertEquals(a.get(field), b.get(field), "summary " + field);
        assertEquals(6, a.get("results").size(), "two step sizes of three points");
        for (int k = 0; k < 6; k++)
            for (String field : List.of("h", "point", "parameters", "ok", "failed", "member_steps", "at_end"))
                assertEquals(a.get("results").get(k).get(field), b.get("results").get(k).get(field), "result " + k + " " + field);
        assertTrue(a.get("results").get(5).get("at_end").get("energy").get("std").asDouble() > 0, "a spread was computed");
    }

    /**
     * cvt swept over eps (two points of 2000 members), two step sizes, quantiles exact or sketched, a histogram of a fixed
     * range, trajectories and final states (written slab by slab), files in format (csv or npy): what slabs keep or hand on.
     */
    private static List<String> slabArgs(Path out, String quantiles, String format) {
        return List.of("run", "--model", "cvt", "--param", "eps=[0.25,0.5]", "--statistics", "mean,msd,min,std,q10,q90,hist:-1,1,8", "--quantiles", quantiles,
                "--h", "0.01,0.005", "--t-end", "20", "--output-interval", "0.25", "--members", "2000", "--save-trajectories", "1,1999",
                "--save-final-states", "--format", format, "--backend", "simd", "--out", out.toString(), "--no-plots", "--quiet");
    }

    /**
     * Slabs of one block: four per step size (each point pads 2000 members to 2048), a checkpoint before the first and after
     * each but the last; SIGKILL 0-300 ms after the third to the sixth checkpoint (seed 5), inside a slab. In this process
     * (quantiles exact, or sketched with 64 values per level: 2000 values compact, so the order they are fed in shows), or
     * on the tests' executor (--spark: the slabs come back last first, a checkpoint holds slabs past a gap); csv files, or
     * npy (npy: the final states' file is cut back to the rows of the slabs the checkpoint holds, then goes on).
     */
    @ParameterizedTest
    @ValueSource(strings = {"exact", "sketch:64", "sketch:64 --spark tests", "exact npy"})
    void slabsKilledAndResumedAreBitwiseTheRunHeldAtOnce(String how) throws Exception {
        List<String> words = List.of(how.split(" "));
        String quantiles = words.get(0), name = how.replace(" ", "").replace(":", ""), format = words.contains("npy") ? "npy" : "csv";
        Path killed = dir.resolve("slabs-killed-" + name);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(slabArgs(killed, quantiles, format));
        command.addAll(List.of("--members-in-memory", "1024", "--checkpoint-every", "1"));
        command.addAll(words.subList(1, words.size()).stream().filter(w -> !w.equals("npy")).toList());
        Path log = dir.resolve("slabs-" + name + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Random random = new Random(5);
        int k = 3 + random.nextInt(4);
        List<Object> seen = new ArrayList<>();
        Path checkpoint = killed.resolve(Checkpoint.FILE);
        while (seen.size() < k && p.isAlive()) {
            try {
                var attributes = Files.readAttributes(checkpoint, java.nio.file.attribute.BasicFileAttributes.class);
                Object key = List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime());
                if (!seen.contains(key)) seen.add(key);
            } catch (java.nio.file.NoSuchFileException e) {
                // not written yet
            }
            Thread.sleep(2);
        }
        Thread.sleep(random.nextInt(300));
        assertTrue(p.isAlive(), "the child is still running after checkpoint " + k + ": " + Files.readString(log));
        p.destroyForcibly();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "killed");
        Checkpoint.Header header = Checkpoint.read(checkpoint);
        assertTrue(header.slabs() != null && header.members() == 0, "a checkpoint of slabs, without an ensemble");
        assertEquals(quantiles.equals("exact"), header.progress().sketches() == null, "sketches kept where the quantiles are sketched");
        // each slab handed its final states to the file once every slab below it had: only slabs past a gap still hold theirs
        long handed = 0;
        for (SlabRun.Slab s : header.slabs()) {
            assertEquals(s.first() != handed, s.finalStates() != null, "final states in the checkpoint's slab at member " + s.first());
            if (s.first() == handed) handed += s.count();
        }
        // a kill while a slab's final states were being written leaves part of a row past them: the resumed run cuts it off
        Path under = killed.resolve((header.stage() == 0 ? "h0.01" : "h0.005") + "-final-states." + format);
        if (Files.exists(under)) Files.write(under, "1,2047,0.5".getBytes(), java.nio.file.StandardOpenOption.APPEND);
        Cli.Result resumed = Cli.run("resume", killed.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.err());
        Path whole = dir.resolve("slabs-whole-" + name);
        Cli.Result uninterrupted = Cli.run(slabArgs(whole, quantiles, format).toArray(new String[0]));
        assertEquals(0, uninterrupted.exit(), uninterrupted.err());
        for (String f : List.of("timeseries." + format, "hist.csv", "h0.01-final-states." + format, "h0.005-final-states." + format,
                "h0.01-point0-trajectories." + format, "h0.005-point1-trajectories." + format))
            assertArrayEquals(Files.readAllBytes(whole.resolve(f)), Files.readAllBytes(killed.resolve(f)), f + " byte for byte, killed after checkpoint " + k);
        JsonNode a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile()), b = new ObjectMapper().readTree(killed.resolve("summary.json").toFile());
        for (String field : List.of("members", "failures", "member_steps", "newton_iterations", "consistency", "quantiles"))
            assertEquals(a.get(field), b.get(field), "summary " + field);
        assertEquals(quantiles.equals("exact") ? "exact" : "sketch", b.get("quantiles").get("method").asText());
        for (int r = 0; r < 4; r++) assertEquals(a.get("results").get(r).get("at_end"), b.get("results").get(r).get("at_end"), "result " + r);
    }

    @Test
    void openclRunKilledAndResumedIsBitwiseTheUninterruptedOne() throws Exception {
        OpenClRequirement.device();
        resumedEqualsUninterrupted("opencl", killedRun("opencl", args("opencl", dir.resolve("opencl-killed")), "0.1", 2));
    }

    @Test
    void sigtermWritesACheckpointAndPartialResultsThenResumes() throws Exception {
        // reference backend, 64 members of cvt, 300,000 steps (seconds of stepping, so the signal always falls inside the run), trajectories of
        // two members; checkpoints by model time only every 1000 (never): the one at t = 0, then the one SIGTERM writes where the run stops
        Path out = dir.resolve("stopped"), whole = dir.resolve("whole");
        List<String> run = List.of("run", "--model", "cvt", "--h", "0.001", "--t-end", "300", "--members", "64", "--save-trajectories", "0,5",
                "--no-plots", "--quiet");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(run);
        command.addAll(List.of("--out", out.toString(), "--checkpoint-every", "1000"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("stopped.log").toFile()).start();
        Path checkpoint = out.resolve(Checkpoint.FILE);
        while (!Files.exists(checkpoint) && p.isAlive()) Thread.sleep(20);
        Thread.sleep(100);
        assertTrue(p.isAlive(), "still running: " + Files.readString(dir.resolve("stopped.log")));
        assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "stopped");
        String log = Files.readString(dir.resolve("stopped.log"));
        assertEquals(143, p.exitValue(), log);
        long step = Checkpoint.read(checkpoint).snapshot().step();
        assertTrue(step > 0 && step < 300_000, "the signal's checkpoint is past t = 0 and before the end: step " + step);
        JsonNode partial = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertFalse(partial.get("finished").asBoolean(), "partial results are marked unfinished");
        assertTrue(Files.readAllLines(out.resolve("timeseries.csv")).size() > 1, "partial rows written");

        Cli.Result resumed = Cli.run("resume", out.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.err());
        List<String> args = new ArrayList<>(run);
        args.addAll(List.of("--out", whole.toString()));
        assertEquals(0, Cli.run(args.toArray(new String[0])).exit());
        assertArrayEquals(Files.readAllBytes(whole.resolve("timeseries.csv")), Files.readAllBytes(out.resolve("timeseries.csv")), "timeseries.csv");
        assertArrayEquals(Files.readAllBytes(whole.resolve("trajectories.csv")), Files.readAllBytes(out.resolve("trajectories.csv")),
                "trajectories.csv: those recorded before the checkpoint come from it");
        JsonNode a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile()), b = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(a.get("results").get(0).get("at_end"), b.get("results").get(0).get("at_end"), "final statistics");
        assertTrue(b.get("finished").asBoolean(), "the resumed run finished");
    }

    @Test
    void resumeWithoutCheckpointIsOneLine() {
        Cli.Result r = Cli.run("resume", dir.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("geomech: error: no checkpoint in " + dir), r.err());
    }

    @Test
    void badCheckpointIntervalIsOneLine() {
        for (String every : List.of("0", "-1", "abc", "5x", "0s", "nan")) {
            Path out = dir.resolve("bad");
            Cli.Result r = Cli.run("run", "--model", "nh-particle", "--h", "0.1", "--t-end", "1", "--checkpoint-every", every, "--out", out.toString());
            assertEquals(2, r.exit(), every + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().startsWith("geomech: error: --checkpoint-every"), r.err());
            assertFalse(Files.exists(out), "nothing computed");
        }
    }

    // Starts the run with checkpoints in a child JVM and kills it (SIGKILL) at a random moment after its first checkpoint
    private Path killedRun(String backend, List<String> args, String every, long seed) throws Exception {
        Path out = Path.of(args.get(args.indexOf("--out") + 1));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
        command.addAll(List.of("--checkpoint-every", every));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(backend + ".log").toFile()).start();
        Path checkpoint = out.resolve(Checkpoint.FILE);
        // the k-th checkpoint written (of 60 every 0.1 at both step sizes; each is a new file renamed into place), then 0-100 ms more
        Random random = new Random(seed);
        int k = 1 + random.nextInt(20);
        long delay = random.nextInt(100), deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        List<Object> seen = new ArrayList<>();
        while (seen.size() < k && p.isAlive() && System.nanoTime() < deadline) {
            try {
                var attributes = Files.readAttributes(checkpoint, java.nio.file.attribute.BasicFileAttributes.class);
                Object key = List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime());
                if (!seen.contains(key)) seen.add(key);
            } catch (java.nio.file.NoSuchFileException e) {
                // not written yet
            }
            Thread.sleep(5);
        }
        Thread.sleep(delay);
        assertTrue(p.isAlive(), "the child is still running " + delay + " ms after its checkpoint " + k + ": " + Files.readString(dir.resolve(backend + ".log")));
        p.destroyForcibly();   // SIGKILL on Linux: no handler runs, nothing is flushed
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "killed");
        assertEquals(137, p.exitValue(), "killed by SIGKILL");
        assertTrue(Files.exists(checkpoint), "a checkpoint was left");
        return out;
    }

    private void resumedEqualsUninterrupted(String backend, Path killed) throws Exception {
        Cli.Result resumed = Cli.run("resume", killed.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.err());
        assertFalse(Files.exists(killed.resolve(Checkpoint.FILE)), "a finished run removes its checkpoint");
        Path whole = dir.resolve(backend + "-whole");
        Cli.Result uninterrupted = Cli.run(args(backend, whole).toArray(new String[0]));
        assertEquals(0, uninterrupted.exit(), uninterrupted.err());
        assertArrayEquals(Files.readAllBytes(whole.resolve("timeseries.csv")), Files.readAllBytes(killed.resolve("timeseries.csv")),
                backend + ": timeseries.csv byte for byte");
        JsonNode a = new ObjectMapper().readTree(whole.resolve("summary.json").toFile()), b = new ObjectMapper().readTree(killed.resolve("summary.json").toFile());
        for (String field : List.of("inputs", "members", "failures", "member_steps", "newton_iterations", "consistency"))
            assertEquals(a.get(field), b.get(field), backend + ": summary " + field);
        assertEquals(2, a.get("results").size());
        for (int k = 0; k < 2; k++)
            for (String field : List.of("h", "steps", "ok", "failed", "member_steps", "newton_iterations", "max_newton_iterations", "jacobian_factorisations", "at_end"))
                assertEquals(a.get("results").get(k).get(field), b.get("results").get(k).get(field), backend + ": result " + k + " " + field);
    }

    // A copy of the killed run's folder with its checkpoint damaged (a flipped bit, cut short), from another version, or for another run
    private void refused(Path killed, String how, String message) throws Exception {
        Path copy = dir.resolve("copy-" + how);
        Files.createDirectories(copy);
        Path from = killed.resolve(Checkpoint.FILE), to = copy.resolve(Checkpoint.FILE);
        if (how.equals("flip")) {
            byte[] bytes = Files.readAllBytes(from);
            bytes[bytes.length / 2] ^= 0x10;
            Files.write(to, bytes);
        } else if (how.equals("truncate")) {
            Files.write(to, java.util.Arrays.copyOf(Files.readAllBytes(from), (int) (Files.size(from) * 2 / 3)));
        } else {
            Checkpoint.Header h = Checkpoint.read(from);
            // the run's state: the step's components and E(0), which energy_error carries
            org.geomech.method.StepSystem step = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
            step = org.geomech.ensemble.Observers.carrying(step, org.geomech.ensemble.Observers.ofRun(step, java.util.Map.of()));
            EnsembleState state = new EnsembleState(step.layout(), h.members());
            Checkpoint.readState(from, state);
            // another version, or the fingerprint of another model (the state sizes agree, so only the fingerprint tells)
            Checkpoint.write(to, new Checkpoint.Header(how.equals("version") ? "0.0.0-other" : h.version(),
                    how.equals("version") ? h.fingerprint() : h.fingerprint().replace("chaotic-nh", "cvt"), h.arguments(), h.scenarioText(),
                    h.consistency(), h.finished(), h.stage(), h.snapshot(), h.trajectories(), h.spread(), h.members(), h.components()), state);
        }
        Cli.Result r = Cli.run("resume", copy.toString());
        assertEquals(2, r.exit(), how + ": " + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("geomech: error: ") && r.err().contains(message), how + ": " + r.err());
        assertFalse(Files.exists(copy.resolve("timeseries.csv")), how + ": nothing computed from a refused checkpoint");
        try (var files = Files.list(copy)) {
            assertEquals(List.of(Checkpoint.FILE), files.map(p -> p.getFileName().toString()).toList(), how + ": the folder is left as it was");
        }
    }
}
