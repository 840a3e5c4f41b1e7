package org.geomech.expr;

import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Java statements computing expressions, e.g. {@code final double t3 = in[0] * in[1];} ... {@code out[0] = t7;},
 * bitwise equal to {@link Tape#eval}. Temporaries are named t0, t1, ...; wrap the text in braces to emit several
 * programs into one method.
 */
public final class JavaEmitter {
    private static final StraightLineProgram JAVA = new StraightLineProgram("final double", "Math.", "Double.POSITIVE_INFINITY");

    private JavaEmitter() {}

    /**
     * Statements assigning outputs[i] to the variable or element output.apply(i), reading input symbol j as
     * input.apply(j) (a primary expression such as {@code x[2*N+j]}). Unknown symbols are an error.
     */
    public static String emit(List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        return JAVA.emit(inputs, input, outputs, output).text();
    }

    /** Floating-point operations of the emitted statements (a function call counts as one, as in Tape.flops). */
    public static int flops(List<Expr> inputs, List<Expr> outputs) {
        return JAVA.emit(inputs, j -> "in", outputs, i -> "out").flops();
    }

    /** Floating-point operations of a loop evaluating outputs (each pass) with the values of the invariant inputs alone computed once. */
    public record Hoisted(int each, int once) {}

    /** Floating-point operations of a loop evaluating outputs, each pass and once (the values of the invariant inputs alone). */
    public static Hoisted flops(List<Expr> inputs, Set<Expr> invariant, List<Expr> outputs) {
        StraightLineProgram.Code code = JAVA.emit(inputs, j -> "in", invariant, outputs, i -> "out");
        return new Hoisted(code.flops(), code.hoistedFlops());
    }
}
