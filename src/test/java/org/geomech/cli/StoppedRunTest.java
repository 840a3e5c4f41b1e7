package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs stopped from outside, on child JVMs started through Main.main: SIGKILL leaves every
 * complete row of timeseries.csv equal to the same row of an uninterrupted run and a summary marked
 * unfinished; SIGINT and SIGTERM write the partial results and a note and exit 130 and 143; a second run
 * given the folder of a running one is refused with one line.
 */
class StoppedRunTest {
    // 20 members of chaotic-nh, one row per 5 steps, far too long to finish: the child is always stopped
    private static final String[] RUN = {"run", "--model", "chaotic-nh", "--members", "20", "--backend", "reference",
            "--h", "0.01", "--output-interval", "0.05", "--no-plots", "--quiet"};
    private static final int ROWS_BEFORE_STOP = 8;

    @TempDir
    Path dir;

    @Test
    void killedRunKeepsCompleteRowsAndItsFolderIsLocked() throws Exception {
        Path out = dir.resolve("killed");
        Process child = child(out, "1000");
        awaitRows(child, out);
        Cli.Result second = Cli.run(args(out.toString(), "1"));
        assertEquals(2, second.exit(), second.err());
        assertEquals(1, second.errLines().size(), second.err());
        assertTrue(second.err().matches("geomech: error: output folder .* is in use by another geomech run .*\\R"), second.err());

        child.destroyForcibly();   // SIGKILL
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        List<String> rows = completeLines(out.resolve("timeseries.csv"));
        assertTrue(rows.size() > ROWS_BEFORE_STOP, rows.size() + " lines");
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"finished\" : false"));

        // the same run, uninterrupted, to the time of the last complete row: the same lines, character for character
        Path whole = dir.resolve("whole");
        double tLast = 0.05 * (rows.size() - 2);
        Cli.Result r = Cli.run(args(whole.toString(), Double.toString(tLast)));
        assertEquals(0, r.exit(), r.err());
        assertEquals(Files.readAllLines(whole.resolve("timeseries.csv")), rows);

        // the killed run's folder is free again (the OS dropped its lock) but holds results: refused, then overwritten
        Cli.Result again = Cli.run(args(out.toString(), "0.1"));
        assertEquals(2, again.exit(), again.err());
        assertTrue(again.err().contains("holds the results of another run"), again.err());
        Cli.Result overwritten = Cli.run(args(out.toString(), "0.1", "--overwrite"));
        assertEquals(0, overwritten.exit(), overwritten.err());
        assertEquals(4, Files.readAllLines(out.resolve("timeseries.csv")).size());   // header and t = 0, 0.05, 0.1
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"finished\" : true"));
    }

    @Test
    void sigintWritesPartialResultsAndExits130() throws Exception {
        stopWith("INT", 130);
    }

    @Test
    void sigtermWritesPartialResultsAndExits143() throws Exception {
        stopWith("TERM", 143);
    }

    private void stopWith(String signal, int exitCode) throws Exception {
        Path out = dir.resolve(signal);
        Process child = child(out, "1000");
        awaitRows(child, out);
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start().waitFor());
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "stopped within a minute");
        assertEquals(exitCode, child.exitValue());
        List<String> err = Files.readAllLines(dir.resolve("child.err")).stream().filter(l -> !l.startsWith("WARNING: Using incubator")).toList();
        assertEquals(List.of("geomech: error: interrupted by SIG" + signal + " (partial results in " + out + ")"), err);
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"finished\" : false") && summary.contains("\"error\" : \"interrupted by SIG" + signal + "\""), summary);
        List<String> lines = Files.readAllLines(out.resolve("timeseries.csv"));
        assertTrue(lines.size() > ROWS_BEFORE_STOP, lines.size() + " lines");
        assertTrue(lines.stream().allMatch(l -> l.split(",", -1).length == lines.get(0).split(",").length), "every row complete");
    }

    private static String[] args(String out, String tEnd, String... more) {
        List<String> a = new ArrayList<>(List.of(RUN));
        a.addAll(List.of("--t-end", tEnd, "--out", out));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    // geomech in a child JVM through Main.main, so that its signal handlers are installed
    private Process child(Path out, String tEnd) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-Xss8m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args(out.toString(), tEnd)));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("child.out").toFile()).redirectError(dir.resolve("child.err").toFile()).start();
    }

    // Waits until the child has written some rows (two minutes at most on a loaded machine)
    private void awaitRows(Process child, Path out) throws Exception {
        Path series = out.resolve("timeseries.csv");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(series) || completeLines(series).size() <= ROWS_BEFORE_STOP) {
            assertTrue(child.isAlive(), () -> "the child ended early: " + read(dir.resolve("child.err")));
            assertTrue(System.nanoTime() < deadline, "no rows after two minutes");
            Thread.sleep(50);
        }
    }

    // The lines that end with a newline (a killed writer may leave a partial last one)
    private static List<String> completeLines(Path file) throws IOException {
        String text = Files.readString(file);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines.remove(lines.size() - 1);
        return lines;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
