package org.geomech.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table: columns padded to their widest cell, two spaces apart. */
final class Table {
    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) { rows.add(header); }

    Table row(Object... cells) {
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) r[i] = String.valueOf(cells[i]);
        rows.add(r);
        return this;
    }

    /** A number in 4 significant digits; NaN and Infinity as themselves. */
    static String num(double x) { return Double.isFinite(x) ? String.format("%.4g", x) : Double.toString(x); }

    /** As num, but - for NaN where NaN stands for no value (a failed run, no multipliers, too few points to fit). */
    static String numOrNone(double x) { return Double.isNaN(x) ? "-" : num(x); }

    /** A time or step size as typed: 10 rather than 10.0. */
    static String plain(double x) { return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x); }

    void print(PrintWriter out, String indent) {
        int columns = 0;
        for (String[] r : rows) columns = Math.max(columns, r.length);
        int[] width = new int[columns];
        for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < r.length; i++) line.append(i == r.length - 1 ? r[i] : String.format("%-" + (width[i] + 2) + "s", r[i]));
            out.println(line.toString().stripTrailing());
        }
    }
}
