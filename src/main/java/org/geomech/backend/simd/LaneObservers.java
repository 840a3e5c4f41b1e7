package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A step system's observers over blocks of members with plain loops (LaneBlock's programs of the observers' expressions of
 * the state and parameters): each member bitwise the kernel's observe values, and fast from the first call, before the
 * JIT has compiled the kernel's Vector API code (a fresh run's observation at t = 0). One per thread.
 */
final class LaneObservers {
    /** Members per block. */
    static final int WIDTH = LaneProjections.WIDTH;

    private final int stateSize, observers;
    private final BlockConsistency.Program program;
    private final double[] in, out;

    LaneObservers(StepSystem system, List<Observer> observed, double[] params) {
        List<Expr> inputs = new ArrayList<>(system.state());
        inputs.addAll(system.params());
        List<Expr> expressions = observed.stream().map(Observer::expression).toList();
        this.stateSize = system.state().size();
        this.observers = observed.size();
        this.program = new LaneBlock(WIDTH).program(inputs, expressions);
        this.in = new double[inputs.size() * WIDTH];
        this.out = new double[observers * WIDTH];
        for (int k = 0; k < params.length; k++) Arrays.fill(in, (stateSize + k) * WIDTH, (stateSize + k + 1) * WIDTH, params[k]);
    }

    /** The observer values of members from .. to - 1 into values (observer-major, observer k of member j at k * members + j). */
    void observe(EnsembleState state, int from, int to, double[] values) {
        double[] data = state.data();
        int stride = state.stride(), members = state.members();
        for (int first = from; first < to; first += WIDTH) {
            int count = Math.min(WIDTH, to - first);
            for (int c = 0; c < stateSize; c++) System.arraycopy(data, c * stride + first, in, c * WIDTH, count);
            program.eval(in, out);
            for (int k = 0; k < observers; k++) System.arraycopy(out, k * WIDTH, values, k * members + first, count);
        }
    }
}
