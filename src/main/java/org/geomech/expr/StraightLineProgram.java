package org.geomech.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Straight-line code for a list of expressions in a C-like language: one assignment per DAG node in
 * topological order, each performing exactly one floating-point operation, and the same operation
 * sequence as {@link Tape#eval} (a + (-b) as a - b, integer powers by {@link Tape#powi}'s squarings, fma as the
 * language's correctly rounded fused multiply-add),
 * so the results are bitwise those of the tape. A dialect names the declaration, the functions and infinity;
 * one whose operations are not C operators (VectorEmitter) overrides how operations, calls, literals and stores are written.
 */
class StraightLineProgram {
    /**
     * The instructions of the program (a store for each output after the operations); hoisted: those of the values made
     * of invariant inputs and constants alone, to run once before a loop of the others. Each operation is one
     * floating-point operation.
     */
    record Code(List<Instruction> hoistedInstructions, List<Instruction> instructions) {
        String hoisted() { return text(hoistedInstructions); }

        int hoistedFlops() { return operations(hoistedInstructions); }

        String text() { return text(instructions); }

        int flops() { return operations(instructions); }

        private static String text(List<Instruction> instructions) {
            StringBuilder s = new StringBuilder();
            for (Instruction i : instructions) s.append(i.text()).append('\n');
            return s.toString();
        }

        // a fused multiply-add counts as two, as in Tape.flops
        private static int operations(List<Instruction> instructions) {
            int n = 0;
            for (Instruction i : instructions) if (i.kind() != Kind.STORE) n += i.operation().equals("fma") ? 2 : 1;
            return n;
        }
    }

    /** What an instruction does: one arithmetic operation (+ - * /, fma or negation), a call of a function, or a store into an output. */
    enum Kind { ARITHMETIC, CALL, STORE }

    /**
     * One statement of the program. operation: the operator (+ - * /, fma, neg), the function called (sqrt sin cos tan exp
     * log pow atan2, stumpff) or = for a store; result: the temporary it declares, or the output location a store
     * writes; operands: the names of the values it reads (inputs, temporaries, constants as the dialect names them), in
     * order; text: the statement(s) in the dialect, one line.
     */
    record Instruction(Kind kind, String operation, String result, List<String> operands, String text) {}

    private final String declaration;
    private final String functionPrefix;
    private final String infinity;
    private final String stumpff;
    private final String fdlibmPrefix;

    /** Java: Math's functions, sin and cos as StrictMath's (fdlibm, what Tape computes). */
    StraightLineProgram(String declaration, String functionPrefix, String infinity) {
        this(declaration, functionPrefix, infinity, "org.geomech.expr.Stumpff.value", "StrictMath.");
    }

    /**
     * stumpff names the function computing c_n(x) as stumpff(n, x) (Stumpff.value, geomech_stumpff in OpenCL);
     * fdlibmPrefix the sin and cos that compute fdlibm's values (StrictMath., geomech_ in OpenCL's kernels/common.cl).
     */
    StraightLineProgram(String declaration, String functionPrefix, String infinity, String stumpff, String fdlibmPrefix) {
        this.declaration = declaration;
        this.functionPrefix = functionPrefix;
        this.infinity = infinity;
        this.stumpff = stumpff;
        this.fdlibmPrefix = fdlibmPrefix;
    }

    /** The name a call of function is written with: sin and cos fdlibm's on every backend, so that they agree bitwise. */
    String function(String function) {
        return (function.equals("sin") || function.equals("cos") ? fdlibmPrefix : functionPrefix) + function;
    }

    /** Statements setting output.apply(i) to outputs[i], where input j is read as input.apply(j). */
    Code emit(List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        return emit(inputs, input, Set.of(), outputs, output);
    }

    /** As emit, with every value computed from the invariant inputs and constants alone among the hoisted statements. */
    Code emit(List<Expr> inputs, IntFunction<String> input, Set<Expr> invariant, List<Expr> outputs, IntFunction<String> output) {
        Map<Expr, String> value = new IdentityHashMap<>();
        for (int j = 0; j < inputs.size(); j++) {
            Expr s = inputs.get(j);
            if (!s.isSymbol()) throw new IllegalArgumentException("input " + j + " is not a symbol: " + s);
            if (value.put(s, input.apply(j)) != null) throw new IllegalArgumentException("input " + s + " given twice");
        }
        List<Expr> nodes = Exprs.topological(outputs);
        Set<Expr> used = valuesUsed(nodes, outputs);
        Set<Expr> fixed = Collections.newSetFromMap(new IdentityHashMap<>());
        fixed.addAll(invariant);
        int[] names = {0};
        Lines hoisted = new Lines(names), lines = new Lines(names);
        for (Expr e : nodes) {
            boolean constant = e.isConst() || (e.arity() > 0 && e.args().stream().allMatch(fixed::contains));
            if (constant) fixed.add(e);
            if (value.containsKey(e) || !used.contains(e)) continue;
            if (e.isSymbol()) throw new IllegalArgumentException("unknown symbol '" + e.name() + "'");
            value.put(e, e.isConst() ? literal(e.value()) : operation(e, value, constant ? hoisted : lines));
        }
        for (int i = 0; i < outputs.size(); i++) lines.store(output.apply(i), value.get(outputs.get(i)));
        return new Code(List.copyOf(hoisted.instructions), List.copyOf(lines.instructions));
    }

    /** Nodes whose value some statement reads: all but negations that are only ever subtracted. */
    static Set<Expr> valuesUsed(List<Expr> nodes, List<Expr> outputs) {
        Set<Expr> used = Collections.newSetFromMap(new IdentityHashMap<>());
        used.addAll(outputs);
        for (Expr e : nodes) {
            int negated = negatedTerm(e);
            for (int k = 0; k < e.arity(); k++) used.add(k == negated ? e.arg(k).arg(0) : e.arg(k));
        }
        return used;
    }

    /**
     * Of a sum a + (-b) or (-b) + a, the position of -b (the second where both are negations), written a - b: bitwise
     * the sum (IEEE 754's subtraction is the addition of the negation), one operation instead of two; -1 for any other node.
     */
    static int negatedTerm(Expr e) {
        if (e.op() != Expr.Op.ADD) return -1;
        return e.arg(1).op() == Expr.Op.NEG ? 1 : e.arg(0).op() == Expr.Op.NEG ? 0 : -1;
    }

    /** Tape.eval computes x^n this way for integer |n| <= 64, Math.pow otherwise. */
    static boolean isSmallIntegerPower(Expr e) {
        return e.op() == Expr.Op.POW && e.arg(1).isInteger() && Math.abs(e.arg(1).value()) <= 64;
    }

    private String operation(Expr e, Map<Expr, String> value, Lines lines) {
        String a = value.get(e.arg(0));
        int negated = negatedTerm(e);
        switch (e.op()) {
            case ADD: return negated < 0 ? lines.arithmetic('+', a, value.get(e.arg(1)))
                    : lines.arithmetic('-', value.get(e.arg(1 - negated)), value.get(e.arg(negated).arg(0)));
            case MUL: return lines.arithmetic('*', a, value.get(e.arg(1)));
            case FMA: return lines.fma(a, value.get(e.arg(1)), value.get(e.arg(2)));
            case DIV: return lines.arithmetic('/', a, value.get(e.arg(1)));
            case NEG: return lines.negation(a);
            case POW: return isSmallIntegerPower(e) ? power(a, (int) e.arg(1).value(), lines)
                    : lines.call("pow", a, value.get(e.arg(1)));
            case ATAN2: return lines.call("atan2", a, value.get(e.arg(1)));
            case STUMPFF: return lines.stumpff(e.stumpffOrder(), a);
            default: return lines.call(e.op().name().toLowerCase(), a);
        }
    }

    /** x^n by the multiplications of Tape.powi, a reciprocal for negative n. */
    private String power(String x, int n, Lines lines) {
        if (n < 0) return lines.arithmetic('/', literal(1.0), power(x, -n, lines));
        String result = null, base = x;
        while (n > 0) {
            if ((n & 1) != 0) result = result == null ? base : lines.arithmetic('*', result, base);
            n >>= 1;
            if (n > 0) base = lines.arithmetic('*', base, base);
        }
        return result;
    }

    /** a op b for op one of + - * /. */
    String binary(String a, char operator, String b) { return a + " " + operator + " " + b; }

    String negation(String a) { return "-" + a; }

    /** x y + z rounded once: the language's fma. */
    String fma(String x, String y, String z) { return function("fma") + "(" + x + ", " + y + ", " + z + ")"; }

    /** The statement declaring temporary t as the value of expression. */
    String declare(String t, String expression) { return declaration + " " + t + " = " + expression + ";"; }

    /** The statement(s) declaring temporary t as function(args), function one of sqrt sin cos tan exp log pow atan2. */
    String call(String t, String function, String... args) {
        return declare(t, function(function) + "(" + String.join(", ", args) + ")");
    }

    /** The statement(s) declaring temporary t as the Stumpff function c_n(arg). */
    String stumpff(String t, int n, String arg) { return declare(t, stumpff + "(" + n + ", " + arg + ")"); }

    /** The statement storing a value into an output. */
    String store(String target, String value) { return target + " = " + value + ";"; }

    /** The exact double: Double.toString round-trips; negative values in parentheses. */
    String literal(double v) {
        String s = Double.isInfinite(v) ? infinity : Double.toString(Math.abs(v));
        return v < 0 ? "(-" + s + ")" : s;
    }

    /** Emitted instructions and the temporaries they declare, one per floating-point operation, named t0, t1, ... from a counter shared with other Lines. */
    private final class Lines {
        final List<Instruction> instructions = new ArrayList<>();
        private final int[] names;

        Lines(int[] names) { this.names = names; }

        private String next() { return "t" + names[0]++; }

        String arithmetic(char operator, String a, String b) {
            String t = next();
            instructions.add(new Instruction(Kind.ARITHMETIC, String.valueOf(operator), t, List.of(a, b), declare(t, binary(a, operator, b))));
            return t;
        }

        String fma(String x, String y, String z) {
            String t = next();
            instructions.add(new Instruction(Kind.ARITHMETIC, "fma", t, List.of(x, y, z), declare(t, StraightLineProgram.this.fma(x, y, z))));
            return t;
        }

        String negation(String a) {
            String t = next();
            instructions.add(new Instruction(Kind.ARITHMETIC, "neg", t, List.of(a), declare(t, StraightLineProgram.this.negation(a))));
            return t;
        }

        String call(String function, String... args) {
            String t = next();
            instructions.add(new Instruction(Kind.CALL, function, t, List.of(args), StraightLineProgram.this.call(t, function, args)));
            return t;
        }

        String stumpff(int n, String arg) {
            String t = next();
            instructions.add(new Instruction(Kind.CALL, "stumpff", t, List.of(arg), StraightLineProgram.this.stumpff(t, n, arg)));
            return t;
        }

        void store(String target, String value) {
            instructions.add(new Instruction(Kind.STORE, "=", target, List.of(value), StraightLineProgram.this.store(target, value)));
        }
    }
}
