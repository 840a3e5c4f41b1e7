package org.geomech.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An output folder's status file {@value #NAME}: one line, {@code running} while the command runs,
 * {@code finished} when it ended, or the error line that stopped it. It is the first file written into the folder and
 * is rewritten in place within its first {@value #MOST} bytes (one block of the disk, one page of a tmpfs), so that a
 * disk that fills or a file-size limit reached later still takes the reason.
 */
public final class StatusFile implements Closeable {
    /** The status file's name. */
    public static final String NAME = "status.txt";
    /** The status line's most bytes, newline included (longer lines are cut). */
    static final int MOST = 4000;

    private final Path file;
    private final FileChannel channel;

    private StatusFile(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Creates (or takes over) the folder's status file and writes "running" into it. */
    public static StatusFile create(Path folder) {
        Path file = folder.resolve(NAME);
        try {
            StatusFile s = new StatusFile(file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE));
            try {
                s.put("running");
            } catch (IOException e) {
                s.close();
                throw e;
            }
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Rewrites the line; where even that fails, the line on stderr is all that is left, so the failure is not reported twice. */
    public synchronized void write(String line) {
        try {
            put(line);
        } catch (IOException e) {
            // a status that cannot be rewritten keeps the line before it; the command's error line still says why
        }
    }

    private void put(String line) throws IOException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(bytes.length, MOST - 1);
        ByteBuffer b = ByteBuffer.allocate(n + 1).put(bytes, 0, n).put((byte) '\n').flip();
        long at = 0;
        while (b.hasRemaining()) at += channel.write(b, at);
        channel.truncate(at);
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file, e);
        }
    }
}
