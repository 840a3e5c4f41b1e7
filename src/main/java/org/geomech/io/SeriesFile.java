package org.geomech.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A CSV time series appended row by row as a run proceeds and flushed after each row, so that a run
 * stopped at any moment leaves every complete row readable. Rows are written as CsvWriter writes them.
 */
public final class SeriesFile implements Closeable {
    private final Path file;
    private final Writer writer;

    private SeriesFile(Path file, Writer writer) {
        this.file = file;
        this.writer = writer;
    }

    /** Creates (or truncates) the file and writes the header line. */
    public static SeriesFile create(Path file, List<String> header) {
        try {
            SeriesFile s = new SeriesFile(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
            s.line(List.copyOf(header));
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public Path file() { return file; }

    /** Appends one row, written whole and flushed. */
    public void append(List<?> row) {
        try {
            line(row);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private void line(List<?> values) throws IOException {
        writer.write(CsvWriter.line(values));
        writer.flush();
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
