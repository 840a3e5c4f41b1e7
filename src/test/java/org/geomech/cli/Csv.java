package org.geomech.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A CSV file written by a command, read back by column name (no quoted cells). */
record Csv(List<String> header, List<String[]> rows) {
    static Csv read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) rows.add(line.split(","));
        return new Csv(Arrays.asList(lines.get(0).split(",")), rows);
    }

    double number(String[] row, String column) { return Double.parseDouble(text(row, column)); }

    String text(String[] row, String column) {
        int i = header.indexOf(column);
        if (i < 0) throw new IllegalArgumentException("no column " + column + " in " + header);
        return row[i];
    }

    /** Rows grouped by the text of one column, in first-seen order. */
    Map<String, List<String[]>> groupBy(String column) {
        return IntStream.range(0, rows.size()).mapToObj(rows::get)
                .collect(Collectors.groupingBy(r -> text(r, column), java.util.LinkedHashMap::new, Collectors.toList()));
    }
}
