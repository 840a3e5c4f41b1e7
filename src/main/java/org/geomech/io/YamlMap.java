package org.geomech.io;

import com.fasterxml.jackson.databind.JsonNode;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * One mapping of a scenario file, with its key path for messages: typed access to its values, and an
 * error for any key it does not know. Absent and empty (null) values read as null.
 */
final class YamlMap {
    private final String source;
    private final String path;
    private final JsonNode node;

    private YamlMap(String source, String path, JsonNode node, Set<String> keys) {
        this.source = source;
        this.path = path;
        this.node = node;
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!keys.contains(k)) throw error(k, "unknown key (known here: " + String.join(", ", new TreeSet<>(keys)) + ")");
        }
    }

    /** The top-level mapping of a file. */
    static YamlMap root(String source, JsonNode node, Set<String> keys) {
        if (node == null || node.isMissingNode() || node.isNull()) throw new InputException(source + ": the scenario file is empty");
        if (!node.isObject()) throw new InputException(source + ": the scenario must be a mapping of keys, got " + describe(node));
        return new YamlMap(source, "", node, keys);
    }

    boolean has(String key) { return value(key) != null; }

    /** A nested mapping, or null. */
    YamlMap map(String key, Set<String> keys) {
        JsonNode v = value(key);
        if (v == null) return null;
        if (!v.isObject()) throw wrongType(key, "a mapping", v);
        return new YamlMap(source, name(key) + ".", v, keys);
    }

    /** A value that must be text (a name), or null. */
    String text(String key) {
        JsonNode v = value(key);
        if (v == null) return null;
        if (!v.isTextual()) throw wrongType(key, "text", v);
        return v.asText();
    }

    /** An expression: text, or a plain number; null if absent. */
    String expression(String key) {
        JsonNode v = value(key);
        return v == null ? null : expression(key, v);
    }

    Double number(String key) {
        JsonNode v = value(key);
        return v == null ? null : number(key, v);
    }

    Long integer(String key) {
        JsonNode v = value(key);
        if (v == null) return null;
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw wrongType(key, "a whole number", v);
        return v.asLong();
    }

    List<String> texts(String key) {
        JsonNode v = value(key);
        if (v == null) return null;
        if (!v.isArray()) throw wrongType(key, "a list", v);
        return list(key, v, (k, e) -> {
            if (!e.isTextual()) throw wrongType(k, "text", e);
            return e.asText();
        });
    }

    /** A list of expressions, or null. */
    List<String> expressions(String key) {
        JsonNode v = value(key);
        if (v == null) return null;
        if (!v.isArray()) throw wrongType(key, "a list of expressions", v);
        return list(key, v, this::expression);
    }

    /** True if the value is a list (rather than a mapping by name). */
    boolean isList(String key) { return has(key) && value(key).isArray(); }

    boolean isMap(String key) { return has(key) && value(key).isObject(); }

    Map<String, String> expressionMap(String key) { return entries(key, this::expression); }

    Map<String, Double> numberMap(String key) { return entries(key, this::number); }

    /** Parameter variations as Variation's text forms: a number or text as written, a list of numbers as "[a, b, ...]". */
    Map<String, String> variationMap(String key) { return entries(key, this::variation); }

    /** One value in Variation's text forms (as variationMap's), or null. */
    String variation(String key) {
        JsonNode v = value(key);
        return v == null ? null : variation(key, v);
    }

    private String variation(String k, JsonNode e) {
        if (e.isArray()) {
            List<String> values = new ArrayList<>();
            for (double x : list(k, e, this::number)) values.add(Double.toString(x));
            return "[" + String.join(", ", values) + "]";
        }
        return expression(k, e);
    }

    Map<String, Integer> integerMap(String key) {
        return entries(key, (k, e) -> {
            if (!e.isIntegralNumber() || !e.canConvertToInt()) throw wrongType(k, "a whole number", e);
            return e.asInt();
        });
    }

    /** The full key path of a key of this mapping, e.g. initial.q. */
    String name(String key) { return path + key; }

    InputException error(String key, String problem) { return new InputException(source + ": " + name(key) + ": " + problem); }

    private JsonNode value(String key) {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? null : v;
    }

    private String expression(String key, JsonNode v) {
        if (v.isTextual()) return v.asText();
        if (v.isNumber()) return Double.toString(number(key, v));
        throw wrongType(key, "an expression (text or a number)", v);
    }

    private double number(String key, JsonNode v) {
        double d;
        if (v.isNumber()) d = v.asDouble();
        else if (v.isTextual()) {
            try {
                d = Double.parseDouble(v.asText().trim());
            } catch (NumberFormatException e) {
                throw wrongType(key, "a number", v);
            }
        } else throw wrongType(key, "a number", v);
        if (!Double.isFinite(d)) throw error(key, "must be a finite number, got " + v.asText());
        return d;
    }

    private <T> List<T> list(String key, JsonNode array, BiFunction<String, JsonNode, T> read) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) out.add(read.apply(key + "[" + i + "]", array.get(i)));
        return out;
    }

    private <T> Map<String, T> entries(String key, BiFunction<String, JsonNode, T> read) {
        JsonNode v = value(key);
        Map<String, T> out = new LinkedHashMap<>();
        if (v == null) return out;
        if (!v.isObject()) throw wrongType(key, "a mapping of names to values", v);
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNull()) throw error(key + "." + e.getKey(), "has no value");
            out.put(e.getKey(), read.apply(key + "." + e.getKey(), e.getValue()));
        }
        return out;
    }

    private InputException wrongType(String key, String expected, JsonNode got) {
        return error(key, "must be " + expected + ", got " + describe(got));
    }

    private static String describe(JsonNode v) {
        if (v.isTextual()) return "text '" + v.asText() + "'";
        if (v.isNumber()) return "the number " + v.asText();
        if (v.isBoolean()) return v.asText();
        if (v.isArray()) return "a list";
        if (v.isObject()) return "a mapping";
        return v.getNodeType().toString().toLowerCase(Locale.ROOT);
    }
}
