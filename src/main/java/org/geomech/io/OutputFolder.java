package org.geomech.io;

import org.geomech.InputException;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The folder a run writes into, held through an OS lock on its lock file {@value #LOCK} (released when
 * the process ends, even when killed), so two runs never write into one folder at once; the run removes the file when it
 * ends (a killed run leaves it, unlocked, and the next run takes it over). Only a new or empty
 * folder, or geomech's own (one with geomech's summary.json), is used: a folder holding files geomech did not
 * write, the root, the home folder and the system folders are refused before anything is written into them. A
 * folder that holds another run's results is refused unless the caller overwrites it, in which case the files
 * that run's summary lists (plain names inside the folder, nothing else) are removed first, so that no folder
 * mixes two runs.
 */
public final class OutputFolder implements Closeable {
    /** The lock file's name. */
    public static final String LOCK = ".geomech.lock";
    /** The file whose presence marks a folder as holding a run's results. */
    public static final String SUMMARY = "summary.json";

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;
    /** The file key (device and inode) of the locked file; null on a system without file keys (the file then stays). */
    private final Object key;

    private OutputFolder(Path path, FileChannel channel, FileLock lock, Object key) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
        this.key = key;
    }
    /** Tries at taking a lock file that ending runs keep removing under it, before giving up. */
    private static final int TRIES = 100;

    /** The folders of the system, never an output folder, whatever they hold. */
    private static final List<String> SYSTEM = List.of("/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/media", "/mnt",
            "/opt", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/usr", "/usr/bin", "/usr/lib", "/usr/local", "/usr/sbin", "/usr/share", "/var");

    /** Creates and locks a folder for a new run; refuses one in use, one not geomech's, or one holding results unless overwrite. */
    public static OutputFolder create(Path folder, boolean overwrite) {
        refuseForeign(folder);
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw new InputException("cannot create output folder " + folder + ": " + e.getFile() + " is in the way and is not a folder");
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
        refuseForeign(folder);
        if (!Files.isDirectory(folder)) return;
        lock(folder).close();
        if (Files.exists(folder.resolve(SUMMARY)) && !overwrite) throw holdsResults(folder);
    }

    /**
     * Locks an existing folder (to go on with the run whose results it holds); refuses one in use. A run that ends removes
     * the lock file while it still holds it, so a lock taken on a file that is no longer at the path is void: the file at the
     * path must be the same file (its file key, device and inode) before it is opened and after it is locked, else the lock
     * is dropped and taken anew. The file is never opened a second time while locked: closing any descriptor of a file
     * drops the process's POSIX locks on it.
     */
    public static OutputFolder lock(Path folder) {
        Path file = folder.resolve(LOCK);
        for (int attempt = 0; attempt < TRIES; attempt++) {
            FileChannel channel = null;
            try {
                try {
                    Files.createFile(file);
                } catch (FileAlreadyExistsException e) {
                    // a lock file already: held by a run, or left unlocked by a killed one
                }
                Object key = fileKey(file);
                channel = FileChannel.open(file, StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    lock = null;   // held by this JVM
                }
                if (lock == null) throw new InputException("output folder " + folder + " is in use by another geomech run (" + file + " is locked)");
                if (Objects.equals(key, fileKey(file))) {
                    channel.truncate(0);
                    channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
                    return new OutputFolder(folder, channel, lock, key);
                }
                closeQuietly(channel);   // an ending run removed the file under this lock: lock the one at the path now
            } catch (NoSuchFileException e) {
                closeQuietly(channel);   // removed between its creation and its opening: again
            } catch (IOException e) {
                closeQuietly(channel);
                throw new InputException("cannot lock output folder " + folder + ": " + e.getMessage());
            } catch (RuntimeException e) {
                closeQuietly(channel);
                throw e;
            }
        }
        throw new InputException("cannot lock output folder " + folder + ": " + file + " keeps being replaced by other geomech runs");
    }

    /** The file key (device and inode) of the file at the path, read without opening it; null on a system without file keys. */
    private static Object fileKey(Path file) throws IOException {
        return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    /** The folder. */
    public Path path() { return path; }

    /** Removes the lock file while still holding its lock (if the file at the path is still the locked one), then releases the lock. */
    @Override
    public synchronized void close() {
        Path file = path.resolve(LOCK);
        try {
            if (lock.isValid() && key != null && key.equals(fileKey(file))) Files.delete(file);
        } catch (IOException e) {
            // a lock file that cannot be removed stays, unlocked: the next run takes it over
        }
        try {
            if (lock.isValid()) lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the lock of " + path, e);
        }
    }

    /**
     * Refuses the root, the home folder and the system folders, and a folder that holds files but not geomech's summary.json
     * (its lock file and status file alone do not count): geomech writes only into a new or empty folder, or its own.
     */
    private static void refuseForeign(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        Path real = absolute;
        try {
            if (Files.exists(absolute)) real = absolute.toRealPath();
        } catch (IOException e) {
            throw new InputException("cannot read output folder " + folder + ": " + e.getMessage());
        }
        for (Path p : List.of(absolute, real)) {
            if (isHome(p)) throw new InputException("output folder " + folder + " is the home folder: give --out a new or empty folder");
            if (isSystemFolder(p)) throw new InputException("output folder " + folder + " is a system folder: give --out a new or empty folder");
        }
        if (!Files.isDirectory(real) || isOwn(real)) return;
        List<String> foreign;
        try (Stream<Path> entries = Files.list(real)) {
            foreign = entries.map(e -> e.getFileName().toString()).filter(n -> !n.equals(LOCK) && !n.equals(StatusFile.NAME)).sorted().toList();
        } catch (IOException e) {
            throw new InputException("cannot read output folder " + folder + ": " + e.getMessage());
        }
        if (!foreign.isEmpty())
            throw new InputException("output folder " + folder + " holds files geomech did not write (" + String.join(", ", foreign.subList(0, Math.min(3, foreign.size())))
                    + (foreign.size() > 3 ? " and " + (foreign.size() - 3) + " more" : "") + "): give --out a new or empty folder, or one of geomech's");
    }

    private static boolean isSystemFolder(Path p) {
        for (String s : SYSTEM) if (p.equals(Path.of(s))) return true;
        return false;
    }

    private static boolean isHome(Path p) {
        for (String home : new String[]{System.getProperty("user.home"), System.getenv("HOME")})
            if (home != null && !home.isBlank() && p.equals(Path.of(home).toAbsolutePath().normalize())) return true;
        return false;
    }

    /** A folder with geomech's summary.json: a JSON object naming geomech's version. */
    private static boolean isOwn(Path folder) {
        return summary(folder) instanceof Map<?, ?> m && m.containsKey("geomech_version");
    }

    /** The JSON value of the folder's summary.json; null where it is missing or not JSON. */
    private static Object summary(Path folder) {
        try {
            return Json.read(Files.readString(folder.resolve(SUMMARY)));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The files the previous run's summary names, as plain names of regular files inside the folder, and the summary itself. */
    private void removePreviousRun() {
        Path summary = path.resolve(SUMMARY);
        if (summary(path) instanceof Map<?, ?> m && m.get("files") instanceof List<?> files) {
            for (Object name : files) {
                if (!(name instanceof String n)) continue;
                try {
                    if (isPlainName(n) && !n.equals(SUMMARY) && !n.equals(LOCK) && Files.isRegularFile(path.resolve(n), LinkOption.NOFOLLOW_LINKS))
                        Files.delete(path.resolve(n));
                } catch (IOException e) {
                    // left in place, as a file the summary did not name would be
                }
            }
        }
        try {
            Files.deleteIfExists(summary);
        } catch (IOException e) {
            throw new InputException("cannot replace " + summary + ": " + e.getMessage());
        }
    }

    /** A name of a file directly inside a folder: one element, not . or .., no separator. */
    private static boolean isPlainName(String n) {
        try {
            Path p = Path.of(n);
            return !n.isEmpty() && !n.equals(".") && !n.equals("..") && !p.isAbsolute() && p.getNameCount() == 1 && p.getFileName().toString().equals(n);
        } catch (InvalidPathException e) {
            return false;
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
