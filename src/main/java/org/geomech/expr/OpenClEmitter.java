package org.geomech.expr;

import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * OpenCL C statements (double precision) computing expressions, e.g. {@code const double t3 = in[0] * in[1];},
 * with the operation sequence of {@link Tape#eval}: integer powers as exact multiplications, no pown.
 * Temporaries are named t0, t1, ...; wrap the text in braces to emit several programs into one function.
 */
public final class OpenClEmitter {
    private static final StraightLineProgram OPENCL = new StraightLineProgram("const double", "", "HUGE_VAL", "geomech_stumpff", "geomech_");
    /** Temporaries of the kernels' lane type real: a double, or a vector of one double per member (kernels/common.cl). */
    private static final StraightLineProgram LANES = new StraightLineProgram("const real", "", "HUGE_VAL", "geomech_stumpff", "geomech_");

    private OpenClEmitter() {}

    /**
     * Statements assigning outputs[i] to the variable or element output.apply(i), reading input symbol j as
     * input.apply(j) (a primary expression such as {@code x[2*N+j]}). Unknown symbols are an error.
     */
    public static String emit(List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        return OPENCL.emit(inputs, input, outputs, output).text();
    }

    /** As emit, with the temporaries of type real (kernels/common.cl), for code run on lane vectors where lanewise allows. */
    public static String emitLanes(List<Expr> inputs, IntFunction<String> input, List<Expr> outputs, IntFunction<String> output) {
        return LANES.emit(inputs, input, outputs, output).text();
    }

    /** Statements of emitLanes split in two: those computing the values of the invariant inputs alone, and the rest. */
    public record Hoisted(String once, String each, int onceFlops, int eachFlops) {}

    /** As emitLanes, the statements of the values made of the invariant inputs and constants alone apart, to run before a loop of the others. */
    public static Hoisted emitLanes(List<Expr> inputs, IntFunction<String> input, Set<Expr> invariant, List<Expr> outputs, IntFunction<String> output) {
        StraightLineProgram.Code code = LANES.emit(inputs, input, invariant, outputs, output);
        return new Hoisted(code.hoisted(), code.text(), code.hoistedFlops(), code.flops());
    }

    /**
     * Whether the emitted code acts lane by lane on vectors with the rounding it has on scalars:
     * only +, -, *, /, fma, sqrt and integer powers as multiplications, which OpenCL C computes elementwise and correctly
     * rounded; not the branching fdlibm sin and cos, the Stumpff series or the library's pow, exp, log, tan, atan2.
     */
    public static boolean lanewise(List<Expr> outputs) {
        for (Expr e : Exprs.topological(outputs)) {
            boolean elementwise = switch (e.op()) {
                case CONST, SYM, ADD, MUL, FMA, DIV, NEG, SQRT -> true;
                case POW -> StraightLineProgram.isSmallIntegerPower(e);
                default -> false;
            };
            if (!elementwise) return false;
        }
        return true;
    }

    /** Floating-point operations of the emitted statements (a function call counts as one, as in Tape.flops). */
    public static int flops(List<Expr> inputs, List<Expr> outputs) {
        return OPENCL.emit(inputs, j -> "in", outputs, i -> "out").flops();
    }
}
