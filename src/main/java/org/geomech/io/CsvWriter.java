package org.geomech.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * CSV files: a header and rows; doubles at full precision (Double.toString), text quoted where needed. Written under a
 * temporary name and renamed into place; rows go out whole (RowWriter), so where the disk fills or a file-size limit is
 * reached the file put in place holds the complete rows written before, and the error is passed on.
 */
public final class CsvWriter {
    private CsvWriter() {}

    /** Writes the header and rows to file, put in place when complete (AtomicFile). */
    public static void write(Path file, List<String> header, List<List<Object>> rows) {
        Path tmp = AtomicFile.temporary(file);
        IOException failure = null;
        try {
            RowWriter w = RowWriter.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try (w) {
                w.row(line(List.copyOf(header)));
                for (List<Object> row : rows) w.row(line(row));
            } catch (IOException e) {
                failure = e;   // the file holds its complete rows: put in place, then the error goes on
            }
            AtomicFile.move(tmp, file);
        } catch (IOException e) {
            AtomicFile.deleteQuietly(tmp);
            throw new UncheckedIOException("cannot write " + file, e);
        }
        if (failure != null) throw new UncheckedIOException("cannot write " + file, failure);
    }

    /** One CSV line with its newline. */
    static String line(List<?> values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) sb.append(',');
            sb.append(cell(values.get(i)));
        }
        return sb.append('\n').toString();
    }

    // String.valueOf prints a double as Double.toString does: the shortest text that reads back exactly
    private static String cell(Object v) {
        String s = String.valueOf(v);
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
