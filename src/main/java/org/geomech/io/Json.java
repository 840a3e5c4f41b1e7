package org.geomech.io;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JSON as geomech writes it (summary.json, list --json, devices --json): a record's components in declaration order
 * under snake_case names, null values left out, indented two spaces a level with arrays on one line, as Jackson's
 * default pretty printer wrote them. Written by hand rather than by Jackson's ObjectMapper, whose start (0.2 s of a
 * core, and as much again for the JIT on its code) fell before each run's first step.
 */
public final class Json {
    /** A value written as an object of its own members rather than of its record components (a class, or a record with derived members). */
    public interface Members {
        /** Each member, in order (a null value is left out). */
        void members(Fields out);
    }

    /** Where Members writes its members. */
    public interface Fields {
        /** Writes the member name (as given, not converted to snake_case) with value; nothing where value is null. */
        Fields put(String name, Object value);
    }

    /** A record component as written: its snake_case name and its accessor (made accessible). */
    private record Component(String name, Method accessor) {}

    /** The components of each record type written so far. */
    private static final Map<Class<?>, Component[]> COMPONENTS = new ConcurrentHashMap<>();
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Json() {}

    /** value as indented JSON, with snake_case names and null members left out. */
    public static String write(Object value) {
        StringBuilder s = new StringBuilder();
        value(s, value, 0);
        return s.toString();
    }

    /** A record's members as Members writes them: each component under its snake_case name. */
    public static void components(Record r, Fields out) {
        for (Component c : components(r.getClass())) out.put(c.name(), read(c, r));
    }

    /** name in snake_case as Jackson's SNAKE_CASE strategy makes it: memberSteps -> member_steps, hPerMember -> h_per_member. */
    static String snakeCase(String name) {
        StringBuilder s = new StringBuilder(name.length() + 4);
        boolean previousUpper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i == 0 && c == '_') continue;
            if (Character.isUpperCase(c)) {
                if (!previousUpper && !s.isEmpty() && s.charAt(s.length() - 1) != '_') s.append('_');
                c = Character.toLowerCase(c);
                previousUpper = true;
            } else {
                previousUpper = false;
            }
            s.append(c);
        }
        return s.toString();
    }

    private static void value(StringBuilder s, Object v, int level) {
        if (v == null) s.append("null");
        else if (v instanceof String text) string(s, text);
        else if (v instanceof Double d) number(s, d, Double.toString(d));
        else if (v instanceof Float f) number(s, f, Float.toString(f));
        else if (v instanceof Number || v instanceof Boolean) s.append(v);
        else if (v instanceof Enum<?> e) string(s, e.name());
        else if (v instanceof Character c) string(s, c.toString());
        else if (v instanceof Members m) object(s, m, level);
        else if (v instanceof Record r) object(s, out -> components(r, out), level);
        else if (v instanceof Map<?, ?> map) object(s, out -> map.forEach((k, x) -> out.put(String.valueOf(k), x)), level);
        else if (v instanceof Collection<?> c) array(s, c.toArray(), level);
        else if (v instanceof Object[] a) array(s, a, level);
        else if (v instanceof double[] a) array(s, java.util.Arrays.stream(a).boxed().toArray(), level);
        else if (v instanceof int[] a) array(s, java.util.Arrays.stream(a).boxed().toArray(), level);
        else if (v instanceof long[] a) array(s, java.util.Arrays.stream(a).boxed().toArray(), level);
        else throw new IllegalArgumentException(v.getClass().getName() + " has no JSON form");
    }

    /** A double as JSON: NaN and the infinities as strings (JSON has no such numbers). */
    private static void number(StringBuilder s, double d, String text) {
        if (Double.isFinite(d)) s.append(text);
        else string(s, text);
    }

    private static void object(StringBuilder s, Members m, int level) {
        ObjectWriter out = new ObjectWriter(s, level);
        m.members(out);
        if (out.empty) {
            s.append("{ }");
            return;
        }
        s.append('\n');
        indent(s, level);
        s.append('}');
    }

    /** Writes an object's members after its opening brace, which it writes with the first. */
    private static final class ObjectWriter implements Fields {
        private final StringBuilder s;
        private final int level;
        private boolean empty = true;

        ObjectWriter(StringBuilder s, int level) {
            this.s = s;
            this.level = level;
        }

        @Override
        public Fields put(String name, Object value) {
            if (value == null) return this;
            s.append(empty ? "{\n" : ",\n");
            empty = false;
            indent(s, level + 1);
            string(s, name);
            s.append(" : ");
            value(s, value, level + 1);
            return this;
        }
    }

    private static void array(StringBuilder s, Object[] a, int level) {
        if (a.length == 0) {
            s.append("[ ]");
            return;
        }
        s.append("[ ");
        for (int i = 0; i < a.length; i++) {
            if (i > 0) s.append(", ");
            value(s, a[i], level);
        }
        s.append(" ]");
    }

    private static void indent(StringBuilder s, int level) {
        for (int i = 0; i < level; i++) s.append("  ");
    }

    /** A JSON string: quotes and backslashes escaped, control characters as \n, \t ... or \\u00XX. */
    private static void string(StringBuilder s, String text) {
        s.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                case '\b' -> s.append("\\b");
                case '\f' -> s.append("\\f");
                default -> {
                    if (c < 0x20) s.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                    else s.append(c);
                }
            }
        }
        s.append('"');
    }

    private static Component[] components(Class<?> type) {
        return COMPONENTS.computeIfAbsent(type, t -> {
            RecordComponent[] cs = t.getRecordComponents();
            Component[] out = new Component[cs.length];
            for (int i = 0; i < cs.length; i++) {
                Method accessor = cs[i].getAccessor();
                accessor.setAccessible(true);
                out[i] = new Component(snakeCase(cs[i].getName()), accessor);
            }
            return out;
        });
    }

    private static Object read(Component c, Record r) {
        try {
            return c.accessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + c.name() + " of " + r.getClass().getSimpleName(), e);
        }
    }

    /**
     * The JSON value of text: a Map (members in order) for an object, a List for an array, a String, a Double, a Boolean
     * or null; an IllegalArgumentException names where text is not JSON.
     */
    public static Object read(String text) {
        Reader r = new Reader(text);
        Object v = r.value();
        r.space();
        if (r.at < text.length()) throw r.error("text after the value");
        return v;
    }

    /** A recursive-descent reader of one JSON text (RFC 8259). */
    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) { this.text = text; }

        Object value() {
            space();
            if (at >= text.length()) throw error("end of text where a value was expected");
            char c = text.charAt(at);
            return switch (c) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> number();
            };
        }

        private Map<String, Object> object() {
            Map<String, Object> members = new java.util.LinkedHashMap<>();
            at++;
            space();
            if (next('}')) return members;
            do {
                space();
                if (at >= text.length() || text.charAt(at) != '"') throw error("a member name expected");
                String name = string();
                space();
                if (!next(':')) throw error("':' expected");
                members.put(name, value());
                space();
            } while (next(','));
            if (!next('}')) throw error("',' or '}' expected");
            return members;
        }

        private java.util.List<Object> array() {
            java.util.List<Object> items = new java.util.ArrayList<>();
            at++;
            space();
            if (next(']')) return items;
            do {
                items.add(value());
                space();
            } while (next(','));
            if (!next(']')) throw error("',' or ']' expected");
            return items;
        }

        private String string() {
            StringBuilder s = new StringBuilder();
            at++;
            while (at < text.length()) {
                char c = text.charAt(at++);
                if (c == '"') return s.toString();
                if (c != '\\') {
                    s.append(c);
                    continue;
                }
                if (at >= text.length()) break;
                char e = text.charAt(at++);
                switch (e) {
                    case 'n' -> s.append('\n');
                    case 't' -> s.append('\t');
                    case 'r' -> s.append('\r');
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) throw error("a short \\u escape");
                        s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> s.append(e);
                }
            }
            throw error("an unterminated string");
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, at)) throw error("an unknown word");
            at += word.length();
            return value;
        }

        private Double number() {
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            try {
                return Double.valueOf(text.substring(start, at));
            } catch (NumberFormatException e) {
                at = start;
                throw error("a value expected");
            }
        }

        private boolean next(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        void space() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
        }

        IllegalArgumentException error(String what) { return new IllegalArgumentException("not JSON at character " + at + ": " + what); }
    }
}
