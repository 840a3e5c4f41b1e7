package org.geomech.cli;

import org.geomech.io.StatusFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A disk that fills (a 2 MiB tmpfs) or a file-size limit (ulimit -f, RLIMIT_FSIZE, in a child JVM:
 * HotSpot ignores SIGXFSZ, so the write fails with EFBIG) while a run writes its rows: exit 2 and one line naming the
 * file and the reason, every line of every CSV complete (the header's column count, a newline at the end), and the
 * status file holding that line.
 */
class FullDiskTest {
    // 4 members of chaotic-nh stepped by 0.01
    private static final List<String> RUN = List.of("run", "--model", "chaotic-nh", "--members", "4", "--backend", "reference", "--h", "0.01", "--no-plots", "--quiet");
    // 20 columns of the time series, about 330 bytes a row: 3000 rows by t = 30 at a row per step, about 1 MB
    private static final String WIDE = "mean,max,msd,min,std,q5,q50,q95";
    // ulimit -f counts blocks of 1024 bytes: 512 KiB per file
    private static final int LIMIT_BLOCKS = 512;

    @TempDir
    Path dir;
    private Path mounted;

    @AfterEach
    void unmount() throws Exception {
        if (mounted != null) assertEquals(0, new ProcessBuilder("umount", mounted.toString()).inheritIO().start().waitFor());
    }

    @Test
    void fullDiskWhileAppendingTheTimeSeries() throws Exception {
        Path out = tmpfs().resolve("run");
        // 8000 rows, about 2.6 MB: the disk fills in the middle of the run
        Cli.Result r = Cli.run(args(out, "--t-end", "80", "--output-interval", "0.01", "--statistics", WIDE));
        assertEquals(2, r.exit(), r.err());
        assertEquals(List.of("geomech: error: cannot write " + out.resolve("timeseries.csv") + ": No space left on device (partial results could not be written into "
                + out + ": cannot write " + out.resolve("summary.json") + ")"), r.errLines());
        assertStatusAndCompleteRows(out, r.errLines().get(0), List.of("timeseries.csv"));
        // the summary written when the run started, before its rows: unfinished, naming the time series and the status file
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"finished\" : false") && summary.contains("\"timeseries.csv\"") && summary.contains("\"status.txt\""), summary);
    }

    @Test
    void fullDiskWhileWritingTrajectories() throws Exception {
        Path out = tmpfs().resolve("run");
        // the time series (about 1 MB) fits; the trajectories of the 4 members at 3000 times (about 5 MB) do not
        Cli.Result r = Cli.run(args(out, "--t-end", "30", "--output-interval", "0.01", "--statistics", WIDE, "--save-trajectories", "all"));
        assertEquals(2, r.exit(), r.err());
        assertEquals(List.of("geomech: error: cannot write " + out.resolve("trajectories.csv") + ": No space left on device (partial results could not be written into "
                + out + ": cannot write " + out.resolve("summary.json") + ")"), r.errLines());
        assertStatusAndCompleteRows(out, r.errLines().get(0), List.of("timeseries.csv", "trajectories.csv"));
        assertEquals(3002, Files.readAllLines(out.resolve("timeseries.csv")).size(), "the header and every row of t = 0 .. 30");
        assertTrue(Files.readAllLines(out.resolve("trajectories.csv")).size() > 1000, "the trajectory rows that fitted are kept");
    }

    @Test
    void fileSizeLimitWhileAppendingTheTimeSeries() throws Exception {
        Path out = dir.resolve("limited");
        List<String> err = limitedChild(out, "--t-end", "30", "--output-interval", "0.01", "--statistics", WIDE);
        assertEquals(List.of("geomech: error: cannot write " + out.resolve("timeseries.csv") + ": File too large (partial results in " + out + ")"), err);
        assertStatusAndCompleteRows(out, err.get(0), List.of("timeseries.csv"));
        assertTrue(Files.size(out.resolve("timeseries.csv")) <= LIMIT_BLOCKS * 1024L);
        // the summary fits under the limit: it records the error
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"finished\" : false") && summary.contains("\"error\" : \"cannot write " + out.resolve("timeseries.csv") + ": File too large\""), summary);
    }

    @Test
    void fileSizeLimitWhileWritingTrajectories() throws Exception {
        Path out = dir.resolve("limited");
        // 1500 rows of 10 columns (about 230 KB) fit under the limit; the trajectories of the 4 members (about 2.7 MB) do not
        List<String> err = limitedChild(out, "--t-end", "30", "--output-interval", "0.02", "--statistics", "mean,max,msd", "--save-trajectories", "0-3");
        assertEquals(List.of("geomech: error: cannot write " + out.resolve("trajectories.csv") + ": File too large (partial results in " + out + ")"), err);
        assertStatusAndCompleteRows(out, err.get(0), List.of("timeseries.csv", "trajectories.csv"));
        assertEquals(1502, Files.readAllLines(out.resolve("timeseries.csv")).size(), "the header and every row of t = 0 .. 30");
        assertTrue(Files.readAllLines(out.resolve("trajectories.csv")).size() > 500, "the trajectory rows under the limit are kept");
    }

    // The status file holds the error line; the CSV files are these, each ending in a newline, every line with the header's column count
    private static void assertStatusAndCompleteRows(Path out, String errorLine, List<String> csvFiles) throws IOException {
        assertEquals(errorLine + "\n", Files.readString(out.resolve(StatusFile.NAME)));
        List<String> found;
        try (Stream<Path> files = Files.list(out)) {
            found = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".csv")).sorted().toList();
        }
        assertEquals(csvFiles, found);
        for (String name : csvFiles) {
            String text = Files.readString(out.resolve(name), StandardCharsets.UTF_8);
            assertTrue(text.endsWith("\n"), name + " ends in a partial row");
            String[] lines = text.split("\n");
            int columns = lines[0].split(",", -1).length;
            for (int i = 1; i < lines.length; i++) assertEquals(columns, lines[i].split(",", -1).length, name + " line " + (i + 1) + ": " + lines[i]);
        }
    }

    // A 2 MiB tmpfs mounted on a fresh folder (root only: skipped with a message where it cannot be mounted)
    private Path tmpfs() throws Exception {
        Path at = Files.createDirectories(dir.resolve("tmpfs"));
        Process mount;
        try {
            mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", at.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "no tmpfs for the full-disk test: " + e.getMessage());
            return null;
        }
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assumeTrue(mount.waitFor() == 0, "no tmpfs for the full-disk test (mount -t tmpfs needs root): " + said);
        mounted = at;
        return at;
    }

    // geomech in a child JVM under ulimit -f; returns its stderr lines without the JVM's incubator warning, after asserting exit 2
    private List<String> limitedChild(Path out, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "ulimit -f " + LIMIT_BLOCKS + " && exec \"$0\" \"$@\"",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules", "jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args(out, more)));
        Path err = dir.resolve("child.err");
        Process child = new ProcessBuilder(cmd).redirectOutput(dir.resolve("child.out").toFile()).redirectError(err.toFile()).start();
        assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child ended within two minutes");
        List<String> lines = Files.readAllLines(err).stream().filter(l -> !l.startsWith("WARNING: Using incubator")).toList();
        assertEquals(2, child.exitValue(), String.join("\n", lines));
        return lines;
    }

    private static String[] args(Path out, String... more) {
        List<String> a = new ArrayList<>(RUN);
        a.addAll(List.of(more));
        a.addAll(List.of("--out", out.toString()));
        return a.toArray(new String[0]);
    }
}
