package org.geomech.io;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** CSV files: a header and rows; doubles at full precision (Double.toString), text quoted where needed; written atomically. */
public final class CsvWriter {
    private CsvWriter() {}

    public static void write(java.nio.file.Path file, List<String> header, List<List<Object>> rows) {
        AtomicFile.write(file, out -> {
            out.write(line(List.copyOf(header)).getBytes(StandardCharsets.UTF_8));
            for (List<Object> row : rows) out.write(line(row).getBytes(StandardCharsets.UTF_8));
        });
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
