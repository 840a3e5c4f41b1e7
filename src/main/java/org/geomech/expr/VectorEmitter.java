package org.geomech.expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Java methods computing expressions on lane-blocks with {@code jdk.incubator.vector}: one {@code DoubleVector}
 * per DAG node, lanes over ensemble members, with the operation sequence of {@link Tape#eval} (a + (-b) as a - b,
 * integer powers as Tape.powi's multiplications). +, -, *, /, fma, negation and sqrt are the IEEE lanewise operations;
 * sin, cos, tan, exp, log, pow and atan2 call Tape's function (StrictMath's sin and cos, Math's others) lane by lane through the scratch array, so every
 * lane is bitwise the tape's value whatever the JIT tier (VectorOperators' transcendentals may use other
 * approximations where intrinsified, and JDK 17's fallback allocates). The statements are split into methods of
 * a bounded number of Vector API calls, well below HotSpot's 8000-bytecode JIT limit, counted on StraightLineProgram's
 * instructions (their kinds and operands), never on the emitted text; a temporary needed by a
 * later method goes through the scratch array, so no vector crosses a call. Constants are broadcast once per
 * method. The enclosing class declares {@code static final VectorSpecies<Double> S} with {@code lanes} lanes.
 */
public final class VectorEmitter {
    /**
     * The private static methods, the statements calling them in order, the floating-point operations (as
     * JavaEmitter counts them) and the doubles of scratch they use.
     */
    public record Program(String methods, String calls, int flops, int scratch) {}

    private VectorEmitter() {}

    /**
     * Methods name0, name1, ... with the given parameter list (called with arguments) setting output i, stored at
     * the lane-0 location output.apply(i) ("array, offset"), from input symbol j loaded from input.apply(j). A
     * method holds at most callsPerMethod Vector API calls (loads, operations, stores), except a single statement
     * that alone needs more. The scratch array (a parameter) holds 2 lane-blocks for Math calls, then the
     * temporaries passed between methods.
     */
    public static Program emit(String name, String parameters, String arguments, String scratch, int lanes, int callsPerMethod,
                               List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        Dialect dialect = new Dialect(lanes, scratch);
        StraightLineProgram.Code code = dialect.emit(inputs, j -> "a" + j, outputs, output);
        // values of constants alone first (none where the expressions' constants are folded), then the rest
        List<StraightLineProgram.Instruction> statements = new ArrayList<>(code.hoistedInstructions());
        statements.addAll(code.instructions());
        Map<String, Integer> inputIndex = new HashMap<>();
        for (int j = 0; j < inputs.size(); j++) inputIndex.put("a" + j, j);
        // greedy split: a statement costs its calls plus a load for each value not yet in its method
        int[] partOf = new int[statements.size()];
        Map<String, Integer> declaredIn = new HashMap<>();
        Set<String> available = new HashSet<>();
        int parts = statements.isEmpty() ? 0 : 1, cost = 0;
        for (int k = 0; k < statements.size(); k++) {
            StraightLineProgram.Instruction s = statements.get(k);
            Set<String> reads = reads(s);
            int calls = calls(s), loads = 0;
            for (String n : reads) if (!available.contains(n)) loads++;
            if (cost > 0 && cost + calls + loads > callsPerMethod) {
                parts++;
                cost = 0;
                available.clear();
                loads = reads.size();
            }
            cost += calls + loads;
            available.addAll(reads);
            if (declares(s)) {
                available.add(s.result());
                declaredIn.put(s.result(), parts - 1);
            }
            partOf[k] = parts - 1;
        }
        // temporaries read by a later method get a scratch slot after the two Math blocks
        Map<String, Integer> slot = new HashMap<>();
        for (int k = 0; k < statements.size(); k++) {
            for (String n : reads(statements.get(k))) {
                Integer p = declaredIn.get(n);
                if (p != null && p != partOf[k] && !slot.containsKey(n)) slot.put(n, (2 + slot.size()) * lanes);
            }
        }
        StringBuilder methods = new StringBuilder(), calls = new StringBuilder();
        Set<String> loaded = new HashSet<>();
        for (int k = 0; k < statements.size(); k++) {
            if (k == 0 || partOf[k] != partOf[k - 1]) {
                if (k > 0) methods.append("}\n");
                methods.append("private static void ").append(name).append(partOf[k]).append('(').append(parameters).append(") {\n");
                calls.append(name).append(partOf[k]).append('(').append(arguments).append(");\n");
                loaded.clear();
            }
            StraightLineProgram.Instruction s = statements.get(k);
            // inputs, constants and earlier methods' temporaries are loaded where first read
            for (String n : reads(s)) {
                Integer q = declaredIn.get(n);
                if ((q != null && q == partOf[k]) || !loaded.add(n)) continue;
                String value = dialect.isConstant(n) ? "DoubleVector.broadcast(S, " + dialect.constant(n) + ")"
                        : "DoubleVector.fromArray(S, " + (q == null ? input.apply(inputIndex.get(n)) : scratch + ", " + slot.get(n)) + ")";
                methods.append("final DoubleVector ").append(n).append(" = ").append(value).append(";\n");
            }
            methods.append(s.text()).append('\n');
            if (declares(s) && slot.containsKey(s.result()))
                methods.append(s.result()).append(".intoArray(").append(scratch).append(", ").append(slot.get(s.result())).append(");\n");
        }
        if (!statements.isEmpty()) methods.append("}\n");
        return new Program(methods.toString(), calls.toString(), code.hoistedFlops() + code.flops(), (2 + slot.size()) * lanes);
    }

    /**
     * One straight block of statements (the step as one method, lanes in locals): input symbol j is the
     * variable a{j}, output i is declared as the final variable n{i}, constants are c{k}, declared by constants;
     * the values of the invariant inputs and constants alone are computed by hoisted (hoist both out of a loop).
     * Math calls go through the scratch array (2 lane-blocks); scratch: whether the hoisted statements or the others make
     * such a call.
     */
    public record Body(String constants, String hoisted, String statements, boolean scratch) {}

    /** The step's statements as one block over lanes lanes, math calls through the array scratch, the invariant inputs' values hoisted. */
    public static Body body(String scratch, int lanes, List<Expr> inputs, Set<Expr> invariant, List<Expr> outputs) {
        Dialect dialect = new Dialect(lanes, scratch) {
            @Override String store(String target, String value) { return "final DoubleVector " + target + " = " + value + ";"; }
        };
        StraightLineProgram.Code code = dialect.emit(inputs, j -> "a" + j, invariant, outputs, i -> "n" + i);
        StringBuilder constants = new StringBuilder();
        for (int k = 0; k < dialect.constants.size(); k++)
            constants.append("final DoubleVector c").append(k).append(" = DoubleVector.broadcast(S, ").append(dialect.constants.get(k)).append(");\n");
        boolean throughScratch = false;
        for (StraightLineProgram.Instruction i : code.hoistedInstructions()) throughScratch |= laneByLane(i);
        for (StraightLineProgram.Instruction i : code.instructions()) throughScratch |= laneByLane(i);
        return new Body(constants.toString(), code.hoisted(), code.text(), throughScratch);
    }

    /** Whether the instruction declares a temporary (all but stores). */
    private static boolean declares(StraightLineProgram.Instruction i) { return i.kind() != StraightLineProgram.Kind.STORE; }

    /** The distinct values an instruction reads, in order. */
    private static Set<String> reads(StraightLineProgram.Instruction i) { return new LinkedHashSet<>(i.operands()); }

    /** Whether the dialect computes the instruction lane by lane through the scratch array: a call of a function other than sqrt. */
    private static boolean laneByLane(StraightLineProgram.Instruction i) {
        return i.kind() == StraightLineProgram.Kind.CALL && !i.operation().equals("sqrt");
    }

    /**
     * The Vector API calls of an instruction as the dialect writes it: one for an operation, sqrt or a store; for a
     * call lane by lane, a store of each operand into the scratch array, the function and the load of the result.
     */
    private static int calls(StraightLineProgram.Instruction i) { return laneByLane(i) ? i.operands().size() + 2 : 1; }

    /** The DoubleVector dialect of StraightLineProgram. */
    private static class Dialect extends StraightLineProgram {
        private final int lanes;
        private final String scratch;
        /** The literal of constant c0, c1, ... */
        final List<String> constants = new ArrayList<>();
        /** The name of each literal, and back. */
        private final Map<String, String> names = new HashMap<>(), literals = new HashMap<>();

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

        @Override String fma(String x, String y, String z) { return x + ".fma(" + y + ", " + z + ")"; }

        /** sqrt lanewise (correctly rounded like Math.sqrt); other functions lane by lane with Tape's (Math's, StrictMath's sin and cos). */
        @Override
        String call(String t, String function, String... args) {
            if (function.equals("sqrt")) return declare(t, args[0] + ".lanewise(VectorOperators.SQRT)");
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < args.length; k++) s.append(args[k]).append(".intoArray(").append(scratch).append(", ").append(k * lanes).append("); ");
            s.append("for (int l = 0; l < ").append(lanes).append("; l++) ").append(scratch).append("[l] = ").append(function(function)).append('(').append(scratch).append("[l]");
            if (args.length > 1) s.append(", ").append(scratch).append('[').append(lanes).append(" + l]");
            s.append("); ");
            return s + declare(t, "DoubleVector.fromArray(S, " + scratch + ", 0)");
        }

        /** c_n lane by lane with Stumpff.value, bitwise the tape's. */
        @Override
        String stumpff(String t, int n, String arg) {
            return arg + ".intoArray(" + scratch + ", 0); for (int l = 0; l < " + lanes + "; l++) " + scratch + "[l] = org.geomech.expr.Stumpff.value("
                    + n + ", " + scratch + "[l]); " + declare(t, "DoubleVector.fromArray(S, " + scratch + ", 0)");
        }

        @Override String store(String target, String value) { return value + ".intoArray(" + target + ");"; }

        /** A constant is named once and broadcast in each method that reads it. */
        @Override
        String literal(double v) {
            return names.computeIfAbsent(super.literal(v), text -> {
                constants.add(text);
                String name = "c" + (constants.size() - 1);
                literals.put(name, text);
                return name;
            });
        }

        /** Whether an operand is a constant's name. */
        boolean isConstant(String operand) { return literals.containsKey(operand); }

        /** The literal a constant's name stands for. */
        String constant(String name) { return literals.get(name); }
    }
}
