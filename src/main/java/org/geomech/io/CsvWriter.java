package org.geomech.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** CSV files: a header and rows; doubles at full precision (Double.toString), text quoted where needed. */
public final class CsvWriter {
    private CsvWriter() {}

    public static void write(Path file, List<String> header, List<List<Object>> rows) {
        try (Writer w = Files.newBufferedWriter(file)) {
            line(w, List.copyOf(header));
            for (List<Object> row : rows) line(w, row);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void line(Writer w, List<?> values) throws IOException {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) w.write(',');
            w.write(cell(values.get(i)));
        }
        w.write('\n');
    }

    // String.valueOf prints a double as Double.toString does: the shortest text that reads back exactly
    private static String cell(Object v) {
        String s = String.valueOf(v);
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
