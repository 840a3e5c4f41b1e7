package org.geomech.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the CSV files geomech writes (comma separated, double quotes around fields that need them). */
public final class CsvReader {
    private CsvReader() {}

    /** The rows of a file, the header first. */
    public static List<List<String>> read(Path file) {
        try {
            List<List<String>> rows = new ArrayList<>();
            for (String line : Files.readAllLines(file)) if (!line.isEmpty()) rows.add(fields(line));
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') { field.append('"'); i++; }
                else if (c == '"') quoted = false;
                else field.append(c);
            } else if (c == '"') quoted = true;
            else if (c == ',') { out.add(field.toString()); field.setLength(0); }
            else field.append(c);
        }
        out.add(field.toString());
        return out;
    }
}
