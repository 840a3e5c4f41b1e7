package org.geomech.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file written under a temporary name beside its target and renamed into place when complete, so a
 * reader (or a run killed half-way) sees the old file or the new one, never a part of one.
 */
public final class AtomicFile {
    /** Writes the content of one file onto a stream. */
    public interface Content {
        /** Writes the content onto out. */
        void writeTo(OutputStream out) throws IOException;
    }

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFile() {}

    /** Writes target through content: to a temporary file in the same folder, then renamed over target. */
    public static void write(Path target, Content content) {
        Path tmp = temporary(target);
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16)) {
                content.writeTo(out);
            }
            move(tmp, target);
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        } finally {
            if (tmp != null) deleteQuietly(tmp);
        }
    }

    /** Writes a text file (UTF-8) atomically. */
    public static void writeString(Path target, String text) {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** A temporary name beside target, unique in this process: hidden, with the process id and a counter. */
    static Path temporary(Path target) {
        return target.toAbsolutePath().getParent().resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + ".tmp");
    }

    /** Renames from over to, atomically where the file system can. */
    static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the temporary file stays; the target is untouched
        }
    }
}
