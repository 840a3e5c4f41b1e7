package org.geomech.backend.reference;

import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;
import org.geomech.solve.Newton;
import org.geomech.solve.NewtonOptions;
import org.geomech.solve.NonlinearSystem;

/** One member's step: guess, Newton on the residuals, update; owns its tapes and buffers (one per thread). */
final class ReferenceStepper implements NonlinearSystem {
    private final Tape guess, residual, jacobian, update;
    private final Newton newton;
    private final int stateSize, paramCount, unknownCount;
    private final double[] state, in, x, next;

    ReferenceStepper(StepSystem system, Tape guess, Tape residual, Tape jacobian, Tape update, NewtonOptions options, boolean linear) {
        this.guess = guess;
        this.residual = residual;
        this.jacobian = jacobian;
        this.update = update;
        this.stateSize = system.state().size();
        this.paramCount = system.params().size();
        this.unknownCount = system.unknowns().size();
        this.state = new double[stateSize];
        this.in = new double[stateSize + paramCount + unknownCount];
        this.x = new double[unknownCount];
        this.next = new double[stateSize];
        this.newton = new Newton(this, options, linear);
    }

    double[] state() { return state; }

    int iterations() { return newton.iterations(); }

    int factorisations() { return newton.factorisations(); }

    /** One step of state() in place; on failure the state is left unchanged. */
    EnsembleState.Status step(double[] params) {
        System.arraycopy(state, 0, in, 0, stateSize);
        System.arraycopy(params, 0, in, stateSize, paramCount);
        guess.eval(in, 0, x, 0);
        Newton.Outcome outcome = newton.solve(x);
        switch (outcome) {
            case ITERATION_LIMIT: return EnsembleState.Status.NEWTON_ITERATION_LIMIT;
            case SINGULAR_JACOBIAN: return EnsembleState.Status.SINGULAR_JACOBIAN;
            case NON_FINITE: return EnsembleState.Status.NON_FINITE;
            default: break;
        }
        System.arraycopy(x, 0, in, stateSize + paramCount, unknownCount);
        update.eval(in, 0, next, 0);
        for (double d : next) if (!Double.isFinite(d)) return EnsembleState.Status.NON_FINITE;
        System.arraycopy(next, 0, state, 0, stateSize);
        return EnsembleState.Status.OK;
    }

    @Override public int size() { return unknownCount; }

    @Override
    public void residual(double[] xs, double[] f) {
        System.arraycopy(xs, 0, in, stateSize + paramCount, unknownCount);
        residual.eval(in, 0, f, 0);
    }

    @Override
    public void jacobian(double[] xs, double[] jac) {
        System.arraycopy(xs, 0, in, stateSize + paramCount, unknownCount);
        jacobian.eval(in, 0, jac, 0);
    }
}
