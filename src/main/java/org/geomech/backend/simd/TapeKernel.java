package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.expr.LaneTape;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.List;

/**
 * A SimdKernel that runs the step system's tapes on lane-blocks (LaneTape) instead of generated Vector API code:
 * bitwise the reference's values lane by lane, nothing to compile. The choice for step systems whose Newton
 * iteration is large (SimdPlan.TAPE_FLOPS), where generated code spends seconds in javac and the JIT.
 */
final class TapeKernel implements SimdKernel {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    /** One LaneTape's program, unpacked for the evaluator. */
    private record Program(LaneTape tape, int[] code, int[] outputs, int[] constants, double[] values) {
        Program(LaneTape tape) { this(tape, tape.code(), tape.outputs(), tape.constantRegisters(), tape.constantValues()); }
    }

    private final int stateSize, paramCount;
    private final Program guess, residual, jacobian, update, observe;

    TapeKernel(StepSystem system, List<Observer> observers, int lanes) {
        stateSize = system.state().size();
        paramCount = system.params().size();
        List<Expr> stateParams = new ArrayList<>(system.state());
        stateParams.addAll(system.params());
        List<Expr> inputs = new ArrayList<>(stateParams);
        inputs.addAll(system.unknowns());
        List<Expr> flatJacobian = new ArrayList<>(), observed = new ArrayList<>();
        for (Expr[] row : system.jacobian()) flatJacobian.addAll(List.of(row));
        for (Observer o : observers) observed.add(o.expression());
        if (lanes != S.length()) throw new IllegalArgumentException(lanes + " lanes, the vector species has " + S.length());
        guess = new Program(LaneTape.compile(stateParams, system.guess(), lanes));
        residual = new Program(LaneTape.compile(inputs, system.residuals(), lanes));
        jacobian = new Program(LaneTape.compile(inputs, flatJacobian, lanes));
        update = new Program(LaneTape.compile(inputs, system.update(), lanes));
        observe = new Program(LaneTape.compile(stateParams, observed, lanes));
    }

    /** Doubles of scratch the largest tape needs. */
    int scratch() {
        int most = 0;
        for (Program t : List.of(guess, residual, jacobian, update, observe)) most = Math.max(most, t.tape().scratch());
        return most;
    }

    /** Flops of guess, residual, Jacobian and update per member (Tape's count). */
    int[] flops() { return new int[]{guess.tape().flops(), residual.tape().flops(), jacobian.tape().flops(), update.tape().flops()}; }

    @Override public void guess(double[] s, double[] p, double[] x, double[] o, double[] w) { eval(guess, s, p, x, o, w); }
    @Override public void residual(double[] s, double[] p, double[] x, double[] o, double[] w) { eval(residual, s, p, x, o, w); }
    @Override public void jacobian(double[] s, double[] p, double[] x, double[] o, double[] w) { eval(jacobian, s, p, x, o, w); }
    @Override public void update(double[] s, double[] p, double[] x, double[] o, double[] w) { eval(update, s, p, x, o, w); }
    @Override public void observe(double[] s, double[] p, double[] x, double[] o, double[] w) { eval(observe, s, p, x, o, w); }

    // The inputs (state, parameters, then unknowns where the program reads them) into registers, the program one
    // instruction at a time over all lanes (+ - * /, fma and negation as vector operations, the rest lane by lane with
    // Tape's own function, so every lane is bitwise the reference's value), then the outputs out
    private void eval(Program program, double[] s, double[] p, double[] x, double[] o, double[] w) {
        int l = S.length(), inputs = program.tape().inputs();
        System.arraycopy(s, 0, w, 0, stateSize * l);
        System.arraycopy(p, 0, w, stateSize * l, paramCount * l);
        if (inputs > stateSize + paramCount) System.arraycopy(x, 0, w, (stateSize + paramCount) * l, (inputs - stateSize - paramCount) * l);
        for (int k = 0; k < program.constants().length; k++) DoubleVector.broadcast(S, program.values()[k]).intoArray(w, program.constants()[k] * l);
        int[] c = program.code();
        for (int pc = 0; pc < c.length; pc += LaneTape.WIDTH) {
            int op = c[pc], dst = c[pc + 1] * l, a = c[pc + 2] * l, b = c[pc + 3];
            switch (op) {
                case LaneTape.FMA -> DoubleVector.fromArray(S, w, a).fma(DoubleVector.fromArray(S, w, b * l), DoubleVector.fromArray(S, w, c[pc + 4] * l))
                        .intoArray(w, dst);
                case LaneTape.ADD -> DoubleVector.fromArray(S, w, a).add(DoubleVector.fromArray(S, w, b * l)).intoArray(w, dst);
                case LaneTape.SUB -> DoubleVector.fromArray(S, w, a).sub(DoubleVector.fromArray(S, w, b * l)).intoArray(w, dst);
                case LaneTape.MUL -> DoubleVector.fromArray(S, w, a).mul(DoubleVector.fromArray(S, w, b * l)).intoArray(w, dst);
                case LaneTape.DIV -> DoubleVector.fromArray(S, w, a).div(DoubleVector.fromArray(S, w, b * l)).intoArray(w, dst);
                case LaneTape.NEG -> DoubleVector.fromArray(S, w, a).neg().intoArray(w, dst);
                default -> {
                    boolean binary = LaneTape.binary(op);
                    for (int i = 0; i < l; i++) w[dst + i] = LaneTape.apply(op, w[a + i], binary ? w[b * l + i] : 0, b);
                }
            }
        }
        int[] out = program.outputs();
        for (int i = 0; i < out.length; i++) System.arraycopy(w, out[i] * l, o, i * l, l);
    }
}
