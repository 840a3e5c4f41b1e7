package org.geomech.expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Java methods computing expressions on lane-blocks with {@code jdk.incubator.vector}: one {@code DoubleVector}
 * per DAG node, lanes over ensemble members, with the operation sequence of {@link Tape#eval} (a + (-b) as a - b,
 * integer powers as Tape.powi's multiplications). +, -, *, /, negation and sqrt are the IEEE lanewise operations;
 * sin, cos, tan, exp, log, pow and atan2 call Math's function lane by lane through the scratch array, so every
 * lane is bitwise the tape's value whatever the JIT tier (VectorOperators' transcendentals may use other
 * approximations once intrinsified). The statements are split into methods of a bounded length, below HotSpot's
 * 8000-bytecode JIT limit; a temporary needed by a later method goes through the scratch array, so no vector
 * crosses a call. The enclosing class declares {@code static final VectorSpecies<Double> S} with {@code lanes} lanes.
 */
public final class VectorEmitter {
    /** A temporary (t17) or an input (a3) named in a statement. */
    private static final Pattern NAME = Pattern.compile("\\b[ta]\\d+\\b");
    private static final Pattern DECLARED = Pattern.compile("final DoubleVector (t\\d+) = ");

    /**
     * The private static methods, the statements calling them in order, the floating-point operations (as
     * JavaEmitter counts them) and the doubles of scratch they use.
     */
    public record Program(String methods, String calls, int flops, int scratch) {}

    private VectorEmitter() {}

    /**
     * Methods name0, name1, ... with the given parameter list (called with arguments) setting output i, stored at
     * the lane-0 location output.apply(i) ("array, offset"), from input symbol j loaded from input.apply(j). The
     * scratch array (a parameter) holds 2 lanes-blocks for Math calls, then the temporaries passed between methods.
     */
    public static Program emit(String name, String parameters, String arguments, String scratch, int lanes, int statementsPerMethod,
                               List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        StraightLineProgram.Code code = new Dialect(lanes, scratch).emit(inputs, j -> "a" + j, outputs, output);
        List<String> statements = code.text().isEmpty() ? List.of() : List.of(code.text().split("\n"));
        int parts = (statements.size() + statementsPerMethod - 1) / statementsPerMethod;
        Map<String, Integer> part = new HashMap<>();
        List<Set<String>> reads = new ArrayList<>();
        for (int k = 0; k < statements.size(); k++) {
            String s = statements.get(k);
            Matcher d = DECLARED.matcher(s);
            String declared = d.find() ? d.group(1) : null;
            if (declared != null) part.put(declared, k / statementsPerMethod);
            Set<String> names = new LinkedHashSet<>();
            Matcher m = NAME.matcher(s);
            while (m.find()) if (!m.group().equals(declared)) names.add(m.group());
            reads.add(names);
        }
        // temporaries read by a later method get a scratch slot after the two Math blocks
        Map<String, Integer> slot = new HashMap<>();
        for (int k = 0; k < statements.size(); k++) {
            for (String n : reads.get(k)) {
                Integer p = part.get(n);
                if (p != null && p != k / statementsPerMethod && !slot.containsKey(n)) slot.put(n, (2 + slot.size()) * lanes);
            }
        }
        StringBuilder methods = new StringBuilder(), calls = new StringBuilder();
        for (int p = 0; p < parts; p++) {
            methods.append("private static void ").append(name).append(p).append('(').append(parameters).append(") {\n");
            calls.append(name).append(p).append('(').append(arguments).append(");\n");
            int from = p * statementsPerMethod, to = Math.min(statements.size(), from + statementsPerMethod);
            Set<String> loaded = new HashSet<>();
            for (int k = from; k < to; k++) {
                // inputs and earlier methods' temporaries are loaded where first read
                for (String n : reads.get(k)) {
                    Integer q = part.get(n);
                    if ((q != null && q == p) || !loaded.add(n)) continue;
                    String location = q == null ? input.apply(Integer.parseInt(n.substring(1))) : scratch + ", " + slot.get(n);
                    methods.append("final DoubleVector ").append(n).append(" = DoubleVector.fromArray(S, ").append(location).append(");\n");
                }
                String s = statements.get(k);
                methods.append(s).append('\n');
                Matcher d = DECLARED.matcher(s);
                if (d.find() && slot.containsKey(d.group(1))) methods.append(d.group(1)).append(".intoArray(").append(scratch).append(", ").append(slot.get(d.group(1))).append(");\n");
            }
            methods.append("}\n");
        }
        return new Program(methods.toString(), calls.toString(), code.flops(), (2 + slot.size()) * lanes);
    }

    /** The DoubleVector dialect of StraightLineProgram. */
    private static final class Dialect extends StraightLineProgram {
        private final int lanes;
        private final String scratch;

        Dialect(int lanes, String scratch) {
            super("final DoubleVector", "Math.", "Double.POSITIVE_INFINITY");
            this.lanes = lanes;
            this.scratch = scratch;
        }

        @Override
        String binary(String a, char operator, String b) {
            String method = operator == '+' ? "add" : operator == '-' ? "sub" : operator == '*' ? "mul" : "div";
            return a + "." + method + "(" + b + ")";
        }

        @Override String negation(String a) { return a + ".neg()"; }

        /** sqrt lanewise (correctly rounded like Math.sqrt); other functions lane by lane with Math's. */
        @Override
        String call(String t, String function, String... args) {
            if (function.equals("sqrt")) return declare(t, args[0] + ".lanewise(VectorOperators.SQRT)");
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < args.length; k++) s.append(args[k]).append(".intoArray(").append(scratch).append(", ").append(k * lanes).append("); ");
            s.append("for (int l = 0; l < ").append(lanes).append("; l++) ").append(scratch).append("[l] = Math.").append(function).append('(').append(scratch).append("[l]");
            if (args.length > 1) s.append(", ").append(scratch).append('[').append(lanes).append(" + l]");
            s.append("); ");
            return s + declare(t, "DoubleVector.fromArray(S, " + scratch + ", 0)");
        }

        @Override String store(String target, String value) { return value + ".intoArray(" + target + ");"; }

        @Override String literal(double v) { return "DoubleVector.broadcast(S, " + super.literal(v) + ")"; }
    }
}
