package org.geomech.method.tableau;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;

/**
 * A user's Runge-Kutta tableau in a small YAML file:
 * <pre>
 * name: ralston      # optional, default: the file name
 * order: 2
 * a: [[0, 0], [2/3, 0]]
 * b: [1/4, 3/4]
 * c: [0, 2/3]
 * </pre>
 * Entries are numbers or constant expressions (1/3, sqrt(2)/4). Every problem is a one-line InputException.
 */
public final class TableauFile {
    private static final Set<String> KEYS = Set.of("name", "order", "a", "b", "c");

    private TableauFile() {}

    public static ButcherTableau read(Path file) {
        String src = file.toString();
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        } catch (IOException e) {
            throw new InputException(src + ": cannot read the tableau file (" + e.getClass().getSimpleName() + ": " + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.isObject()) throw new InputException(src + ": a tableau file is a mapping with keys a, b, c and order");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) throw new InputException(src + ": unknown key '" + k + "' (known: name, order, a, b, c)");
        }
        for (String k : new String[]{"order", "a", "b", "c"})
            if (!root.hasNonNull(k)) throw new InputException(src + ": key '" + k + "' is missing");
        if (!root.get("order").canConvertToInt() || !root.get("order").isIntegralNumber())
            throw new InputException(src + ": order must be an integer, got " + root.get("order"));
        JsonNode a = root.get("a");
        if (!a.isArray() || a.isEmpty()) throw new InputException(src + ": a must be a list of rows, e.g. [[0, 0], [1, 0]]");
        double[][] am = new double[a.size()][];
        for (int i = 0; i < a.size(); i++) am[i] = row(src, "row " + (i + 1) + " of a", a.get(i));
        String name = root.hasNonNull("name") ? root.get("name").asText() : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return new ButcherTableau(name, am, row(src, "b", root.get("b")), row(src, "c", root.get("c")), root.get("order").asInt());
    }

    private static double[] row(String src, String what, JsonNode node) {
        if (!node.isArray()) throw new InputException(src + ": " + what + " must be a list of numbers, got " + node);
        double[] out = new double[node.size()];
        for (int j = 0; j < out.length; j++) out[j] = number(src, what, node.get(j));
        return out;
    }

    private static double number(String src, String what, JsonNode x) {
        if (x.isNumber()) return x.asDouble();
        if (x.isTextual()) {
            try {
                Expr e = Parser.parse(x.asText(), s -> null);
                if (e.isConst() && Double.isFinite(e.value())) return e.value();
            } catch (ParseException | ArithmeticException e) {
                throw new InputException(src + ": " + what + ": '" + x.asText() + "' is not a number (" + e.getMessage() + ")");
            }
        }
        throw new InputException(src + ": " + what + ": '" + x.asText() + "' is not a number");
    }
}
