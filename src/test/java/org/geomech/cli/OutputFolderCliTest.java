package org.geomech.cli;

import org.geomech.io.StatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Geomech writes only into a new or empty folder or its own (one with its summary.json); the root, the home
 * folder, system folders and folders holding other files are refused with one line, exit 2, nothing written; --overwrite
 * removes only the files its summary lists, inside the folder.
 */
class OutputFolderCliTest {
    private static final String[] SHORT_RUN = {"run", "--model", "nh-particle", "--h", "0.1", "--t-end", "0.5", "--no-plots", "--quiet"};

    @TempDir
    Path dir;

    @Test
    void rootIsRefused() {
        // "--out / (as root it wrote run files into /)"
        boolean lockBefore = Files.exists(Path.of("/", ".geomech.lock")), summaryBefore = Files.exists(Path.of("/", "summary.json"));
        boolean statusBefore = Files.exists(Path.of("/", StatusFile.NAME));
        assertBadInput(run("/"), "geomech: error: output folder / is a system folder: give --out a new or empty folder");
        assertEquals(lockBefore, Files.exists(Path.of("/", ".geomech.lock")));
        assertEquals(summaryBefore, Files.exists(Path.of("/", "summary.json")));
        assertEquals(statusBefore, Files.exists(Path.of("/", StatusFile.NAME)));
    }

    @Test
    void systemFoldersAreRefused() {
        for (String folder : new String[]{"/etc", "/usr", "/bin"})
            assertBadInput(run(folder), "geomech: error: output folder " + folder + " is a system folder: give --out a new or empty folder");
    }

    @Test
    void homeFolderIsRefused() {
        String home = System.getProperty("user.home");
        assertBadInput(run(home), "geomech: error: output folder " + home + " is the home folder: give --out a new or empty folder");
    }

    @Test
    void aLinkToASystemFolderIsRefused() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("etc-link"), Path.of("/etc"));
        assertBadInput(run(link.toString()), "geomech: error: output folder " + link + " is a system folder: give --out a new or empty folder");
    }

    @Test
    void folderHoldingOtherFilesIsRefused() throws IOException {
        // "any existing folder holding files geomech did not write": refused before anything is written into it, even with --overwrite
        Path folder = Files.createDirectories(dir.resolve("thesis"));
        Files.writeString(folder.resolve("notes.txt"), "mine\n");
        Files.writeString(folder.resolve("draft.tex"), "mine\n");
        String expected = "geomech: error: output folder " + folder + " holds files geomech did not write (draft.tex, notes.txt): give --out a new or empty folder, or one of geomech's";
        assertBadInput(run(folder.toString()), expected);
        assertBadInput(run(folder.toString(), "--overwrite"), expected);
        try (var files = Files.list(folder)) {
            assertEquals(2, files.count(), "no lock file, no results");
        }
    }

    @Test
    void aFileInTheWayIsNamed() throws IOException {
        // the campaign's case: --out naming a regular file said "cannot create output folder F: F", without the reason
        Path file = Files.writeString(dir.resolve("results"), "a file\n");
        assertBadInput(run(file.toString()), "geomech: error: cannot create output folder " + file + ": " + file + " is in the way and is not a folder");
    }

    @Test
    void emptyFolderIsUsed() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("empty"));
        Cli.Result r = run(folder.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(folder.resolve("summary.json")));
        assertEquals("finished\n", Files.readString(folder.resolve(StatusFile.NAME)));
        assertFalse(Files.exists(folder.resolve(".geomech.lock")), "the lock file goes when the run ends");
    }

    @Test
    void folderHoldingOnlyAStatusFileIsGeomechs() throws IOException {
        // A run stopped before its summary (a full disk) leaves its lock and status files; they are geomech's
        Path folder = Files.createDirectories(dir.resolve("stopped"));
        Files.writeString(folder.resolve(".geomech.lock"), "1\n");
        Files.writeString(folder.resolve(StatusFile.NAME), "geomech: error: cannot write summary.json: No space left on device\n");
        Cli.Result r = run(folder.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("finished\n", Files.readString(folder.resolve(StatusFile.NAME)));
        assertTrue(Files.readString(folder.resolve("summary.json")).contains("\"status.txt\""), "the summary lists the status file");
    }

    @Test
    void overwriteRemovesOnlyTheListedFilesInsideTheFolder() throws IOException {
        Path folder = dir.resolve("run");
        assertEquals(0, run(folder.toString()).exit());
        // a file the user added beside geomech's, a file outside, and a summary that names it by a relative and an absolute path
        Files.writeString(folder.resolve("notes.txt"), "mine\n");
        Path outside = Files.writeString(dir.resolve("victim.txt"), "not geomech's\n");
        Path summary = folder.resolve("summary.json");
        Files.writeString(summary, Files.readString(summary).replace("\"files\" : [", "\"files\" : [ \"../victim.txt\", \"" + outside + "\", \"\", \".\", "));
        assertTrue(Files.readString(summary).contains("../victim.txt"), "summary edited");
        Cli.Result r = run(folder.toString(), "--overwrite");
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(outside), "a path outside the folder is never removed");
        assertEquals("mine\n", Files.readString(folder.resolve("notes.txt")), "a file the summary does not list stays");
        assertFalse(Files.readString(summary).contains("victim"), "the new run's summary");
    }

    private static Cli.Result run(String out, String... more) {
        String[] args = java.util.Arrays.copyOf(SHORT_RUN, SHORT_RUN.length + 2 + more.length);
        args[SHORT_RUN.length] = "--out";
        args[SHORT_RUN.length + 1] = out;
        System.arraycopy(more, 0, args, SHORT_RUN.length + 2, more.length);
        return Cli.run(args);
    }

    private static void assertBadInput(Cli.Result r, String line) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertEquals(line, r.errLines().get(0));
    }
}
