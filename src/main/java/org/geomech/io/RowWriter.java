package org.geomech.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A text file written in whole rows: rows are gathered into writes of at most {@value #CHUNK} bytes that
 * never split a row (a longer row is one write of its own), and a write that fails (a full disk, a file-size limit) leaves
 * the file truncated back to its last complete row before the error is passed on.
 */
final class RowWriter implements Closeable {
    /** The most bytes of whole rows gathered into one write. */
    static final int CHUNK = 1 << 16;

    private final FileChannel channel;
    private byte[] buffer = new byte[CHUNK];
    private int length;
    private int[] ends = new int[256];
    private int rows;
    /** The file's length up to its last complete row. */
    private long complete;

    private RowWriter(FileChannel channel) { this.channel = channel; }

    static RowWriter open(Path file, OpenOption... options) throws IOException {
        return new RowWriter(FileChannel.open(file, options));
    }

    /** Opens an existing file to go on after its first length bytes, which end with a complete row: the rest is cut off. */
    static RowWriter after(Path file, long length) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        try {
            channel.truncate(length);
            channel.position(length);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        RowWriter w = new RowWriter(channel);
        w.complete = length;
        return w;
    }

    /** Adds one row (with its newline); written when the gathered rows would pass CHUNK bytes, or at flush(). */
    void row(String line) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        if (rows > 0 && length + b.length > CHUNK) flush();
        if (length + b.length > buffer.length) buffer = Arrays.copyOf(buffer, length + b.length);
        if (rows == ends.length) ends = Arrays.copyOf(ends, 2 * rows);
        System.arraycopy(b, 0, buffer, length, b.length);
        length += b.length;
        ends[rows++] = length;
    }

    /** Writes the gathered rows in one write; on failure truncates the file to its last complete row and rethrows. */
    void flush() throws IOException {
        if (rows == 0) return;
        ByteBuffer b = ByteBuffer.wrap(buffer, 0, length);
        long written = 0;
        try {
            while (b.hasRemaining()) written += channel.write(b);
            complete += length;
        } catch (IOException e) {
            long kept = 0;
            for (int r = 0; r < rows && ends[r] <= written; r++) kept = ends[r];
            complete += kept;
            try {
                channel.truncate(complete);
            } catch (IOException t) {
                e.addSuppressed(t);
            }
            throw e;
        } finally {
            length = 0;
            rows = 0;
            if (buffer.length > CHUNK) buffer = new byte[CHUNK];
        }
    }

    /** Writes what is gathered and closes the file (closed even where the write fails). */
    @Override
    public void close() throws IOException {
        try (FileChannel c = channel) {
            flush();
        }
    }
}
