package org.geomech.study;

import org.geomech.io.AtomicFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A table of named columns printed aligned for the console and written as CSV. Doubles print as %.4e. */
public final class TextTable {
    private final List<String> columns;
    private final List<Object[]> rows = new ArrayList<>();

    /** An empty table with these columns. */
    public TextTable(List<String> columns) { this.columns = List.copyOf(columns); }

    /** An empty table with these columns. */
    public TextTable(String... columns) { this(List.of(columns)); }

    /** Adds a row, one value per column. */
    public void add(Object... row) {
        if (row.length != columns.size()) throw new IllegalArgumentException(row.length + " values for " + columns.size() + " columns");
        rows.add(row.clone());
    }

    /** The column names. */
    public List<String> columns() { return columns; }
    /** The rows, in order. */
    public List<Object[]> rows() { return rows; }

    private static String cell(Object o, boolean csv) {
        if (o == null) return csv ? "" : "-";
        if (o instanceof Double || o instanceof Float) {
            double d = ((Number) o).doubleValue();
            if (Double.isNaN(d)) return csv ? "NaN" : "-";
            return csv ? Double.toString(d) : String.format(Locale.ROOT, "%.4e", d);
        }
        return o.toString();
    }

    /** Aligned text, a header line, a rule, then the rows. */
    public String format() {
        int[] w = new int[columns.size()];
        for (int c = 0; c < w.length; c++) w[c] = columns.get(c).length();
        for (Object[] r : rows) for (int c = 0; c < w.length; c++) w[c] = Math.max(w[c], cell(r[c], false).length());
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < w.length; c++) sb.append(c == 0 ? "" : "  ").append(pad(columns.get(c), w[c]));
        sb.append('\n');
        for (int c = 0; c < w.length; c++) sb.append(c == 0 ? "" : "  ").append("-".repeat(w[c]));
        sb.append('\n');
        for (Object[] r : rows) {
            for (int c = 0; c < w.length; c++) sb.append(c == 0 ? "" : "  ").append(pad(cell(r[c], false), w[c]));
            sb.append('\n');
        }
        return sb.toString();
    }

    /** RFC 4180: cells with a comma, quote or line break are quoted, quotes doubled. */
    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    private static String pad(String s, int w) { return " ".repeat(Math.max(0, w - s.length())) + s; }

    /** Writes the CSV (full double precision) and returns its path. */
    public Path writeCsv(Path file) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) sb.append(c == 0 ? "" : ",").append(quote(columns.get(c)));
        sb.append('\n');
        for (Object[] r : rows) {
            for (int c = 0; c < r.length; c++) sb.append(c == 0 ? "" : ",").append(quote(cell(r[c], true)));
            sb.append('\n');
        }
        try {
            if (file.getParent() != null) Files.createDirectories(file.getParent());
            AtomicFile.writeString(file, sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
