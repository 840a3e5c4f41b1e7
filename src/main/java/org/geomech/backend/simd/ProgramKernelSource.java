package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;

import java.util.List;

/**
 * The Java source of a BlockConsistency.Program: expressions over a block of members, a loop over the members whose body
 * is the expressions' straight-line code (JavaEmitter, bitwise Tape.eval), input k of member l read at in[k * width + l]
 * and output i written at out[i * width + l].
 */
record ProgramKernelSource(String text, String className) {
    static final String CLASS = "GeneratedSimdProgram";

    static ProgramKernelSource of(List<Expr> inputs, List<Expr> outputs, int width) {
        StringBuilder s = new StringBuilder("// ").append(outputs.size()).append(" expressions of ").append(inputs.size()).append(" inputs, ")
                .append(width).append(" members a block\n")
                .append("public final class ").append(CLASS).append(" implements ").append(BlockConsistency.Program.class.getCanonicalName()).append(" {\n")
                .append("@Override public void eval(double[] in, double[] out) {\n");
        if (!outputs.isEmpty())
            s.append("for (int l = 0; l < ").append(width).append("; l++) {\n")
                    .append(JavaEmitter.emit(inputs, j -> "in[" + j * width + " + l]", outputs, i -> "out[" + i * width + " + l]")).append("}\n");
        return new ProgramKernelSource(s.append("}\n}\n").toString(), CLASS);
    }
}
