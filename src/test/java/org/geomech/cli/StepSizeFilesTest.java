package org.geomech.cli;

import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run of several step sizes writes each step size's trajectories and final states as its launch ends: each file is
 * byte for byte the one a run of that step size alone writes, a run killed after its first step size keeps that step
 * size's files complete, and its checkpoint holds no finished step size's states.
 */
class StepSizeFilesTest {
    @TempDir
    Path dir;

    private static List<String> args(String model, String method, String backend, String h, String tEnd, String members, String format, Path out) {
        return List.of("run", "--model", model, "--method", method, "--h", h, "--t-end", tEnd, "--output-interval", "0.25", "--members", members,
                "--save-trajectories", "0,7", "--save-final-states", "--format", format, "--backend", backend, "--out", out.toString(), "--no-plots", "--quiet");
    }

    /** chaotic-nh with lobatto-nh:2 on simd, 300 members, three step sizes in one run and each alone: the same files, byte for byte. */
    @ParameterizedTest
    @ValueSource(strings = {"csv", "npy"})
    void eachStepSizesFilesAreThoseOfItsRunAlone(String format) throws Exception {
        List<String> steps = List.of("0.1", "0.05", "0.025");
        Path all = dir.resolve("all-" + format);
        Cli.Result r = Cli.run(args("chaotic-nh", "lobatto-nh:2", "simd", String.join(",", steps), "2", "300", format, all).toArray(new String[0]));
        assertEquals(0, r.exit(), r.err());
        for (String h : steps) {
            Path alone = dir.resolve("h" + h + "-" + format);
            Cli.Result one = Cli.run(args("chaotic-nh", "lobatto-nh:2", "simd", h, "2", "300", format, alone).toArray(new String[0]));
            assertEquals(0, one.exit(), one.err());
            for (String stem : List.of("trajectories", "final-states"))
                assertArrayEquals(Files.readAllBytes(alone.resolve(stem + "." + format)), Files.readAllBytes(all.resolve("h" + h + "-" + stem + "." + format)),
                        "h" + h + "-" + stem + "." + format + " byte for byte the file of the run at h = " + h + " alone");
        }
    }

    /**
     * chaotic-nh with lobatto-nh:3 (Newton) on the reference backend, 100 members, h = 0.04, 0.02, 0.01 to t = 10 in a
     * child JVM with a checkpoint every 1: SIGKILL as soon as the checkpoint is of the second step size. The first step
     * size's files are then on disk, byte for byte those of a run at h = 0.04 alone; the last one's are not; the checkpoint
     * keeps none of the first step size's states; and the resumed run keeps the first step size's files and writes the others
     * as their runs alone do.
     */
    @Test
    void aRunKilledAfterItsFirstStepSizeKeepsThatStepSizesFiles() throws Exception {
        Path killed = dir.resolve("killed");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args("chaotic-nh", "lobatto-nh:3", "reference", "0.04,0.02,0.01", "10", "100", "csv", killed));
        command.addAll(List.of("--checkpoint-every", "1"));
        Path log = dir.resolve("killed.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Path checkpoint = killed.resolve(Checkpoint.FILE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        int stage = -1;
        while (stage < 1 && p.isAlive() && System.nanoTime() < deadline) {
            if (Files.exists(checkpoint)) stage = Checkpoint.read(checkpoint).stage();   // written by renaming: always whole
            Thread.sleep(2);
        }
        assertTrue(p.isAlive(), "the child is still running in its second step size: " + Files.readString(log));
        p.destroyForcibly();   // SIGKILL: no handler runs
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "killed");
        Checkpoint.Header header = Checkpoint.read(checkpoint);
        assertTrue(header.stage() >= 1 && header.stage() <= 2, "killed after the first step size, before the end: stage " + header.stage());
        assertNull(header.finished().get(0).finalStates(), "the checkpoint keeps no final states of a finished step size");
        assertNull(header.finished().get(0).trajectories(), "nor its trajectories");
        assertFalse(Files.exists(killed.resolve("h0.01-final-states.csv")), "the last step size has not finished");

        Path first = dir.resolve("h0.04");
        Cli.Result alone = Cli.run(args("chaotic-nh", "lobatto-nh:3", "reference", "0.04", "10", "100", "csv", first).toArray(new String[0]));
        assertEquals(0, alone.exit(), alone.err());
        for (String stem : List.of("trajectories", "final-states"))
            assertArrayEquals(Files.readAllBytes(first.resolve(stem + ".csv")), Files.readAllBytes(killed.resolve("h0.04-" + stem + ".csv")),
                    "h0.04-" + stem + ".csv complete on disk after the kill");

        Cli.Result resumed = Cli.run("resume", killed.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.err());
        for (String h : List.of("0.04", "0.02", "0.01")) {
            Path one = h.equals("0.04") ? first : dir.resolve("h" + h);
            if (!h.equals("0.04")) {
                Cli.Result r = Cli.run(args("chaotic-nh", "lobatto-nh:3", "reference", h, "10", "100", "csv", one).toArray(new String[0]));
                assertEquals(0, r.exit(), r.err());
            }
            for (String stem : List.of("trajectories", "final-states"))
                assertArrayEquals(Files.readAllBytes(one.resolve(stem + ".csv")), Files.readAllBytes(killed.resolve("h" + h + "-" + stem + ".csv")),
                        "h" + h + "-" + stem + ".csv after resume");
        }
    }
}
