package org.geomech.io;

import org.geomech.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The output folder's lock file: there, and locked, while a run holds the folder; gone when the run ends. */
class OutputFolderTest {
    @TempDir
    Path dir;

    @Test
    void theLockFileGoesWhenTheRunEnds() throws IOException {
        Path folder = dir.resolve("run");
        OutputFolder held = OutputFolder.create(folder, false);
        Path lock = folder.resolve(OutputFolder.LOCK);
        assertTrue(Files.exists(lock), "the lock file while the run holds the folder");
        assertTrue(Files.readString(lock).equals(ProcessHandle.current().pid() + "\n"), "it names the process");
        InputException inUse = assertThrows(InputException.class, () -> OutputFolder.lock(folder));
        assertEquals("output folder " + folder + " is in use by another geomech run (" + lock + " is locked)", inUse.getMessage());
        held.close();
        assertEquals(List.of(), names(folder), "nothing left behind");
        OutputFolder.lock(folder).close();
        assertEquals(List.of(), names(folder), "a second run's lock goes too");
    }

    @Test
    void aKilledRunsLockFileIsTakenOverAndRemoved() throws IOException {
        // a run killed with SIGKILL leaves its lock file, unlocked (the OS released the lock with the process)
        Path folder = Files.createDirectories(dir.resolve("killed"));
        Files.writeString(folder.resolve(OutputFolder.LOCK), "12345\n");
        Files.writeString(folder.resolve(StatusFile.NAME), "running\n");
        OutputFolder held = OutputFolder.create(folder, false);
        assertTrue(Files.readString(folder.resolve(OutputFolder.LOCK)).equals(ProcessHandle.current().pid() + "\n"));
        held.close();
        assertEquals(List.of(StatusFile.NAME), names(folder));
    }

    @Test
    void checkingAFolderLeavesNoLockFile() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("checked"));
        OutputFolder.check(folder, false);
        assertEquals(List.of(), names(folder));
    }

    @Test
    void aLockFileReplacedUnderARunIsNotRemovedByIt() throws IOException {
        // the lock file removed by hand while a run holds it, and a second run locking the new one: the first run's end
        // leaves the second's file in place
        Path folder = dir.resolve("replaced");
        OutputFolder first = OutputFolder.create(folder, false);
        Path lock = folder.resolve(OutputFolder.LOCK);
        Files.delete(lock);
        Files.writeString(lock, "67890\n");
        first.close();
        assertEquals("67890\n", Files.readString(lock));
        assertFalse(names(folder).isEmpty());
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
