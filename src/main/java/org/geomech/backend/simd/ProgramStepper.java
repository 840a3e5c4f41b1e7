package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Tape;
import org.geomech.method.StepProgram;

/**
 * One worker's steps for a step system with a StepProgram: whole lane-blocks of members that are all ok run the
 * generated SimdStepKernel; a block that reports a non-finite value, a partial block at the end and a block with
 * failed members are redone member by member with the program's tape (what the reference backend runs: bitwise the
 * same values), failing a member by Newton's rules. Results do not depend on which path a member took.
 */
final class ProgramStepper {
    private final SimdStepKernel kernel;
    private final StepProgram step;
    private final Tape program;
    private final double[] params, in, out;
    private final int stateSize, unknowns;
    private long iterations;
    private int mostIterations;

    /** program: this worker's copy of the tape of step's outputs (next state, then F(0), J, dx). */
    ProgramStepper(SimdStepKernel kernel, StepProgram step, Tape program, double[] params) {
        this.kernel = kernel;
        this.step = step;
        this.program = program;
        this.params = params;
        this.stateSize = step.next().size();
        this.unknowns = step.checks().isEmpty() ? 0 : 1;
        this.in = new double[stateSize + params.length];
        this.out = new double[program.outputCount()];
        System.arraycopy(params, 0, in, stateSize, params.length);
    }

    long iterations() { return iterations; }

    int mostIterations() { return mostIterations; }

    /** Advances members first .. first+count-1 (count <= LANES) by steps; step numbers continue after done. */
    void advance(EnsembleState state, int first, int count, int steps, long done) {
        boolean whole = count == LaneStepper.LANES;
        for (int l = 0; l < count && whole; l++) whole = state.ok(first + l);
        if (whole && kernel.steps(state.data(), state.members(), first, params, steps)) {
            iterations += (long) unknowns * count * steps;
            if (steps > 0) mostIterations = Math.max(mostIterations, unknowns);
            return;
        }
        for (int j = first; j < first + count; j++) if (state.ok(j)) memberSteps(state, j, steps, done);
    }

    /** One member's steps with the tape, as ReferenceStepper does. */
    private void memberSteps(EnsembleState state, int j, int steps, long done) {
        for (int c = 0; c < stateSize; c++) in[c] = state.get(c, j);
        for (int k = 0; k < steps; k++) {
            program.eval(in, 0, out, 0);
            int solves = step.solves(out);
            iterations += solves;
            mostIterations = Math.max(mostIterations, solves);
            EnsembleState.Status status = step.status(out);
            if (status != EnsembleState.Status.OK) {
                state.fail(j, done + k + 1, status);
                break;
            }
            System.arraycopy(out, 0, in, 0, stateSize);
        }
        for (int c = 0; c < stateSize; c++) state.set(c, j, in[c]);
    }
}
