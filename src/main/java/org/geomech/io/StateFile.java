package org.geomech.io;

import org.geomech.model.Definition;
import org.geomech.InputException;
import org.geomech.model.LieModelDefinition;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Initial states, and per-member parameter values, from a file: a CSV file with a header naming the
 * columns (each coordinate x, optionally dot(x) (else 0) and parameters; other columns such as member,
 * point, p(x), lambda1 are ignored, so a file written by --save-final-states loads again), or an .npy
 * array of shape (members, k >= 2n) whose first n columns are q and next n are dot(q). On a Lie group
 * system the columns are the stored entries of g (R11..R33) and the algebra velocities (w1, ...), both required;
 * the .npy array holds the entries, then the velocities.
 */
public final class StateFile {
    /** q and v per member, [member][coordinate], and the parameter columns found. */
    public record Table(double[][] q, double[][] v, Map<String, double[]> parameters) {
        /** The number of members. */
        public int members() { return q.length; }
    }

    private StateFile() {}

    /** Reads the initial states and parameter columns of file for model; one-line InputExceptions for a bad file. */
    public static Table read(Path file, Definition model) {
        if (!Files.isRegularFile(file)) throw new InputException("--initial: " + file + " does not exist or is not a file");
        List<String> q = model.positionNames(), parameters = List.copyOf(model.parameters().keySet());
        boolean lie = model instanceof LieModelDefinition;
        List<String> v = lie ? model.velocityNames() : q.stream().map(x -> "dot(" + x + ")").toList();
        return file.toString().endsWith(".npy") ? npy(file, q.size(), v.size()) : csv(file, q, v, lie, parameters);
    }

    private static Table npy(Path file, int n, int nv) {
        NpyReader.Array a;
        try {
            a = NpyReader.read(file);
        } catch (InputException e) {
            throw new InputException("--initial: " + e.getMessage(), e);
        }
        if (a.shape().length != 2 || a.shape()[1] < n + nv || a.shape()[0] < 1)
            throw new InputException("--initial: " + file + " must hold an array of shape (members, " + (n + nv) + " or more): positions then velocities; its shape is "
                    + java.util.Arrays.toString(a.shape()));
        int members = a.shape()[0], width = a.shape()[1];
        double[][] q = new double[members][n], v = new double[members][nv];
        for (int j = 0; j < members; j++) {
            System.arraycopy(a.values(), j * width, q[j], 0, n);
            System.arraycopy(a.values(), j * width + n, v[j], 0, nv);
        }
        return new Table(q, v, Map.of());
    }

    // velocity columns optional (0 when absent) in coordinates, required on a Lie group
    private static Table csv(Path file, List<String> coordinates, List<String> velocities, boolean velocitiesRequired, List<String> parameters) {
        List<List<String>> rows;
        try {
            rows = CsvReader.read(file);
        } catch (java.io.UncheckedIOException e) {
            throw new InputException("--initial: cannot read " + file, e);
        }
        if (rows.size() < 2) throw new InputException("--initial: " + file + " needs a header and at least one row");
        List<String> header = header(file, rows.get(0));
        int n = coordinates.size(), nv = velocities.size(), members = rows.size() - 1;
        int[] qi = new int[n], vi = new int[nv];
        for (int i = 0; i < n; i++) {
            qi[i] = header.indexOf(coordinates.get(i));
            if (qi[i] < 0) throw new InputException("--initial: " + file + " has no column " + coordinates.get(i) + " (columns: " + String.join(", ", header) + ")");
        }
        for (int i = 0; i < nv; i++) {
            vi[i] = header.indexOf(velocities.get(i));
            if (vi[i] < 0 && velocitiesRequired)
                throw new InputException("--initial: " + file + " has no column " + velocities.get(i) + " (columns: " + String.join(", ", header) + ")");
        }
        Map<String, Integer> pi = new LinkedHashMap<>();
        for (String p : parameters) if (header.contains(p)) pi.put(p, header.indexOf(p));
        double[][] q = new double[members][n], v = new double[members][nv];
        Map<String, double[]> values = new LinkedHashMap<>();
        for (String p : pi.keySet()) values.put(p, new double[members]);
        for (int j = 0; j < members; j++) {
            List<String> row = rows.get(j + 1);
            if (row.size() != header.size())
                throw new InputException("--initial: " + file + " line " + (j + 2) + " has " + row.size() + " fields, the header " + header.size());
            for (int i = 0; i < n; i++) q[j][i] = number(file, j, header.get(qi[i]), row.get(qi[i]));
            for (int i = 0; i < nv; i++) v[j][i] = vi[i] < 0 ? 0 : number(file, j, header.get(vi[i]), row.get(vi[i]));
            for (Map.Entry<String, Integer> p : pi.entrySet()) values.get(p.getKey())[j] = number(file, j, p.getKey(), row.get(p.getValue()));
        }
        return new Table(q, v, values);
    }

    /** The column names, trimmed; a name with a control character other than a tab, or one given twice, is refused. */
    private static List<String> header(Path file, List<String> fields) {
        List<String> names = new ArrayList<>();
        for (String f : fields) {
            for (int i = 0; i < f.length(); i++)
                if (Character.isISOControl(f.charAt(i)) && f.charAt(i) != '\t')
                    throw new InputException("--initial: " + file + ": column " + (names.size() + 1) + " of the header holds the control character U+"
                            + String.format("%04X", (int) f.charAt(i)));
            String name = f.trim();
            if (names.contains(name))
                throw new InputException("--initial: " + file + ": column '" + name + "' appears twice in the header (columns " + (names.indexOf(name) + 1) + " and " + (names.size() + 1) + ")");
            names.add(name);
        }
        return names;
    }

    private static double number(Path file, int j, String column, String text) {
        try {
            double x = Double.parseDouble(text.trim());
            if (Double.isFinite(x)) return x;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException("--initial: " + file + " line " + (j + 2) + ", column " + column + ": '" + text.trim() + "' is not a finite number");
    }
}
