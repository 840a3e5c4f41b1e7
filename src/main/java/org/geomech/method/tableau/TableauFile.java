package org.geomech.method.tableau;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.geomech.InputException;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Set;

/**
 * A user's Runge-Kutta tableau in a small YAML file:
 * <pre>
 * name: ralston      # optional, default: the file name
 * order: 2           # optional, default: the highest order whose conditions hold
 * a: [[0, 0], [2/3, 0]]
 * b: [1/4, 3/4]
 * c: [0, 2/3]
 * </pre>
 * Entries are exact numbers: decimals as written (0.1 is 1/10), fractions and integer powers (2/3, 2^-4) and square roots of
 * rationals (sqrt(3)/6, one square root per tableau). The tableau is checked in exact arithmetic: each row of A sums to its c,
 * and Butcher's order conditions hold up to the order claimed (or give the order). Every problem is a one-line InputException.
 */
public final class TableauFile {
    private static final Set<String> KEYS = Set.of("name", "order", "a", "b", "c");

    private TableauFile() {}

    /** Reads a tableau file (name, order, a, b, c; entries exact numbers); one-line InputExceptions for a bad one. */
    public static ButcherTableau read(Path file) {
        String src = file.toString();
        JsonNode root;
        try {
            // floats as BigDecimal, exactly as written, so that 0.1 is 1/10
            root = new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true)).readTree(Files.readString(file));
        } catch (IOException | NumberFormatException e) {
            throw new InputException(src + ": cannot read the tableau file (" + e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.isObject()) throw new InputException(src + ": a tableau file is a mapping with keys a, b, c and order");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) throw new InputException(src + ": unknown key '" + k + "' (known: name, order, a, b, c)");
        }
        for (String k : new String[]{"a", "b", "c"})
            if (!root.hasNonNull(k)) throw new InputException(src + ": key '" + k + "' is missing");
        Integer claimed = root.hasNonNull("order") ? claimedOrder(src, root.get("order")) : null;
        JsonNode a = root.get("a");
        if (!a.isArray() || a.isEmpty()) throw new InputException(src + ": a must be a list of rows, e.g. [[0, 0], [1, 0]]");
        QuadraticNumber[][] am = new QuadraticNumber[a.size()][];
        for (int i = 0; i < a.size(); i++) am[i] = row(src, "row " + (i + 1) + " of a", a.get(i));
        QuadraticNumber[] b = row(src, "b", root.get("b")), c = row(src, "c", root.get("c"));
        String name = root.hasNonNull("name") ? root.get("name").asText() : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        ButcherTableau.checkShape(name, Arrays.stream(am).mapToInt(r -> r.length).toArray(), b.length, c.length);
        int order;
        try {
            order = exactOrder(name, am, b, c, claimed);
        } catch (ArithmeticException e) {
            throw new InputException("tableau " + name + ": " + e.getMessage());
        }
        return new ButcherTableau(name, Arrays.stream(am).map(TableauFile::doubles).toArray(double[][]::new), doubles(b), doubles(c), order);
    }

    /** The claimed order when the conditions up to it hold, else the highest order whose conditions hold; rows of A summing to c first. */
    private static int exactOrder(String name, QuadraticNumber[][] a, QuadraticNumber[] b, QuadraticNumber[] c, Integer claimed) {
        for (int i = 0; i < b.length; i++) {
            QuadraticNumber sum = QuadraticNumber.ZERO;
            for (QuadraticNumber x : a[i]) sum = sum.plus(x);
            if (!sum.minus(c[i]).isZero()) throw new InputException("tableau " + name + ": row " + (i + 1) + " of A sums to " + sum + ", not to c" + (i + 1) + " = " + c[i]);
        }
        OrderConditions conditions = new OrderConditions(a, b);
        if (claimed != null) {
            conditions.firstViolation(claimed).ifPresent(v -> {
                throw new InputException("tableau " + name + ": order " + claimed + " is claimed, but " + v);
            });
            return claimed;
        }
        // an s-stage method has order at most 2s
        int order = conditions.order(Math.min(2 * b.length, OrderConditions.MAX_ORDER));
        if (order == 0) throw new InputException("tableau " + name + ": " + conditions.firstViolation(1).orElseThrow() + " (b must sum to 1)");
        return order;
    }

    private static int claimedOrder(String src, JsonNode order) {
        if (!order.canConvertToInt() || !order.isIntegralNumber()) throw new InputException(src + ": order must be an integer, got " + order);
        int p = order.asInt();
        if (p < 1 || p > OrderConditions.MAX_ORDER)
            throw new InputException(src + ": order " + p + " cannot be checked: the order conditions are checked for orders 1 to " + OrderConditions.MAX_ORDER
                    + " (leave order out to have it computed)");
        return p;
    }

    private static QuadraticNumber[] row(String src, String what, JsonNode node) {
        if (!node.isArray()) throw new InputException(src + ": " + what + " must be a list of numbers, got " + node);
        QuadraticNumber[] out = new QuadraticNumber[node.size()];
        for (int j = 0; j < out.length; j++) out[j] = number(src, what, node.get(j));
        return out;
    }

    private static QuadraticNumber number(String src, String what, JsonNode x) {
        QuadraticNumber value;
        try {
            if (x.isIntegralNumber()) value = QuadraticNumber.rational(x.bigIntegerValue(), BigInteger.ONE);
            else if (x.isBigDecimal()) value = QuadraticNumber.of(x.decimalValue());
            else if (x.isTextual()) value = QuadraticNumber.parse(x.asText());
            else throw new ArithmeticException("a " + x.getNodeType().toString().toLowerCase());
        } catch (ArithmeticException e) {
            throw new InputException(src + ": " + what + ": '" + x.asText() + "' is not a number (" + e.getMessage()
                    + "; entries are exact: decimals, fractions such as 1/6, and square roots of rationals such as sqrt(3)/6)");
        }
        if (!Double.isFinite(value.doubleValue())) throw new InputException(src + ": " + what + ": '" + x.asText() + "' is not a finite double");
        return value;
    }

    private static double[] doubles(QuadraticNumber[] row) {
        return Arrays.stream(row).mapToDouble(QuadraticNumber::doubleValue).toArray();
    }
}
