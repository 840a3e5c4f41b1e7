package org.geomech.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A CSV time series appended row by row as a run proceeds, each row one write, so that a run stopped at any moment
 * leaves every complete row readable, and a write that fails (a full disk, a file-size limit) leaves the file
 * truncated back to its last complete row. Rows are written as CsvWriter writes them.
 */
public final class SeriesFile implements Closeable {
    private final Path file;
    private final RowWriter writer;

    private SeriesFile(Path file, RowWriter writer) {
        this.file = file;
        this.writer = writer;
    }

    /** Creates (or truncates) the file and writes the header line. */
    public static SeriesFile create(Path file, List<String> header) {
        try {
            RowWriter w = RowWriter.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            try {
                w.row(CsvWriter.line(List.copyOf(header)));
                w.flush();
            } catch (IOException e) {
                try {
                    w.close();
                } catch (IOException c) {
                    e.addSuppressed(c);
                }
                throw e;
            }
            return new SeriesFile(file, w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The file written. */
    public Path file() { return file; }

    /** Appends one row in one write (or, where that fails, none of it). */
    public void append(List<?> row) {
        try {
            writer.row(CsvWriter.line(row));
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    @Override
    public void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
