package org.geomech.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.InputException;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The folder a run writes into, held through an OS lock on its lock file {@value #LOCK} (released when
 * the process ends, even when killed), so two runs never write into one folder at once. A folder that
 * holds another run's results (a summary.json) is refused unless the caller overwrites it, in which case
 * the files that run's summary lists are removed first, so that no folder mixes two runs.
 */
public final class OutputFolder implements Closeable {
    /** The lock file's name. */
    public static final String LOCK = ".geomech.lock";
    /** The file whose presence marks a folder as holding a run's results. */
    public static final String SUMMARY = "summary.json";

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;

    private OutputFolder(Path path, FileChannel channel, FileLock lock) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
    }

    /** Creates and locks a folder for a new run; refuses one in use, or holding results unless overwrite. */
    public static OutputFolder create(Path folder, boolean overwrite) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new InputException("cannot create output folder " + folder + ": " + e.getMessage());
        }
        OutputFolder f = lock(folder);
        try {
            if (Files.exists(folder.resolve(SUMMARY))) {
                if (!overwrite) throw holdsResults(folder);
                f.removePreviousRun();
            }
            return f;
        } catch (RuntimeException e) {
            f.close();
            throw e;
        }
    }

    /** Refuses, before anything is computed, a folder that create() would refuse; creates nothing. */
    public static void check(Path folder, boolean overwrite) {
        if (!Files.isDirectory(folder)) return;
        lock(folder).close();
        if (Files.exists(folder.resolve(SUMMARY)) && !overwrite) throw holdsResults(folder);
    }

    /** Locks an existing folder (to go on with the run whose results it holds); refuses one in use. */
    public static OutputFolder lock(Path folder) {
        Path file = folder.resolve(LOCK);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;   // held by this JVM
            }
            if (lock == null) throw new InputException("output folder " + folder + " is in use by another geomech run (" + file + " is locked)");
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
            return new OutputFolder(folder, channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new InputException("cannot lock output folder " + folder + ": " + e.getMessage());
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    public Path path() { return path; }

    /** Releases the lock (the lock file stays: removing it could let a third run lock a file no longer there). */
    @Override
    public void close() {
        try {
            if (lock.isValid()) lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the lock of " + path, e);
        }
    }

    // The files the previous run's summary names, and the summary itself
    private void removePreviousRun() {
        Path summary = path.resolve(SUMMARY);
        try {
            JsonNode files = new ObjectMapper().readTree(summary.toFile()).path("files");
            for (JsonNode name : files) {
                Path p = path.resolve(name.asText()).normalize();
                if (p.getParent() != null && p.getParent().equals(path.normalize()) && Files.isRegularFile(p)) Files.delete(p);
            }
        } catch (IOException e) {
            // an unreadable summary names nothing; it is replaced below
        }
        try {
            Files.deleteIfExists(summary);
        } catch (IOException e) {
            throw new InputException("cannot replace " + summary + ": " + e.getMessage());
        }
    }

    private static InputException holdsResults(Path folder) {
        return new InputException("output folder " + folder + " holds the results of another run (" + SUMMARY
                + "); give --overwrite to replace them, or another --out");
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was locked
        }
    }
}
