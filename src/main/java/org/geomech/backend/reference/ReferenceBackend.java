package org.geomech.backend.reference;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Reduction;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * The oracle: one member at a time, expressions evaluated by compiled tapes, Newton (full or simplified) with EJML LU.
 * Members are independent, so chunks of them run on all cores with bitwise the same results.
 */
public final class ReferenceBackend implements Backend {
    private static final int CHUNK = 16;

    @Override public String name() { return "reference"; }

    @Override
    public Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options) {
        return new CompiledReference(system.solvedBy(options.iteration()), observers, options);
    }

    private static final class CompiledReference implements Compiled {
        private final StepSystem system;
        private final NewtonOptions options;
        private final Tape guess, residual, jacobian, update, observe;
        private final boolean linear;

        CompiledReference(StepSystem system, List<Observer> observers, NewtonOptions options) {
            this.system = system;
            this.options = options;
            List<Expr> stateParams = new ArrayList<>(system.state());
            stateParams.addAll(system.params());
            List<Expr> all = new ArrayList<>(stateParams);
            all.addAll(system.unknowns());
            List<Expr> jac = new ArrayList<>();
            for (Expr[] row : system.jacobian()) jac.addAll(List.of(row));
            this.guess = Tape.compile(stateParams, system.guess());
            this.residual = Tape.compile(all, system.residuals());
            this.jacobian = Tape.compile(all, jac);
            this.update = Tape.compile(all, system.update());
            List<Expr> obs = new ArrayList<>();
            for (Observer o : observers) obs.add(o.expression());
            this.observe = Tape.compile(stateParams, obs);
            this.linear = system.isLinear();
        }

        @Override
        public Run start(EnsembleState state, double[] params, int[] stepsPerTick) {
            return new ReferenceRun(this, state, params.clone(), stepsPerTick == null ? null : stepsPerTick.clone());
        }

        @Override
        public long[] flopsPerStep() {
            long k = system.unknowns().size();
            return new long[]{guess.flops() + update.flops(), residual.flops() + jacobian.flops() + 2 * k * k * k / 3 + 2 * k * k};
        }

        ReferenceStepper stepper() {
            return new ReferenceStepper(system, guess.copy(), residual.copy(), jacobian.copy(), update.copy(), options, linear);
        }
    }

    private static final class ReferenceRun implements Run {
        private final CompiledReference compiled;
        private final EnsembleState state;
        private final double[] params;
        /** Steps per tick of each member (null: one). */
        private final int[] stepsPerTick;
        private final ThreadLocal<ReferenceStepper> steppers;
        private final AtomicLong iterations = new AtomicLong(), factorisations = new AtomicLong();
        private final AtomicInteger maxIterations = new AtomicInteger();
        private double[] initial, values;
        private long stepsDone;

        ReferenceRun(CompiledReference compiled, EnsembleState state, double[] params, int[] stepsPerTick) {
            this.compiled = compiled;
            this.state = state;
            this.params = params;
            this.stepsPerTick = stepsPerTick;
            this.steppers = ThreadLocal.withInitial(compiled::stepper);
        }

        @Override
        public void advance(int ticks) {
            int chunks = (state.members() + CHUNK - 1) / CHUNK;
            IntStream.range(0, chunks).parallel().forEach(c -> {
                ReferenceStepper stepper = steppers.get();
                long its = 0, lus = 0;
                int most = 0;
                for (int j = c * CHUNK; j < Math.min(state.members(), (c + 1) * CHUNK); j++) {
                    if (!state.ok(j)) continue;
                    long per = stepsPerTick == null ? 1 : stepsPerTick[j], first = stepsDone * per, steps = ticks * per;
                    state.gather(j, stepper.state());
                    for (long k = 0; k < steps; k++) {
                        EnsembleState.Status s = stepper.step(params);
                        its += stepper.iterations();
                        lus += stepper.factorisations();
                        most = Math.max(most, stepper.iterations());
                        if (s != EnsembleState.Status.OK) { state.fail(j, first + k + 1, s); break; }
                    }
                    state.scatter(j, stepper.state());   // a failed step leaves the stepper's state as before it
                }
                iterations.addAndGet(its);
                factorisations.addAndGet(lus);
                maxIterations.accumulateAndGet(most, Math::max);
            });
            stepsDone += ticks;
        }

        @Override
        public Reduction.Result observe() {
            return Reduction.combine(observeBlocks(), Reduction.blocks(state.members()), compiled.observe.outputCount());
        }

        @Override
        public double[] observeBlocks() {
            Tape t = compiled.observe.copy();
            int n = state.components(), members = state.members(), count = t.outputCount();
            double[] in = new double[n + params.length], member = new double[count];
            if (initial != null && values == null) values = new double[count * members];
            double[] out = initial == null ? new double[count * members] : values;   // the first call's values stay as the initial ones
            System.arraycopy(params, 0, in, n, params.length);
            for (int j = 0; j < members; j++) {
                for (int c = 0; c < n; c++) in[c] = state.get(c, j);
                t.eval(in, member);
                for (int o = 0; o < count; o++) out[o * members + j] = member[o];
            }
            if (initial == null) initial = out;
            return Reduction.partials(out, initial, state, count);
        }

        @Override public double[] initialValues() { return initial == null ? null : initial.clone(); }

        @Override
        public void resume(long steps, double[] from) {
            if (from.length != compiled.observe.outputCount() * state.members())
                throw new IllegalArgumentException("initial values for " + from.length + " observer values, expected " + compiled.observe.outputCount() * state.members());
            initial = from.clone();
            stepsDone = steps;
        }

        @Override public long newtonIterations() { return iterations.get(); }
        @Override public int maxNewtonIterations() { return maxIterations.get(); }
        @Override public long jacobianFactorisations() { return factorisations.get(); }
        @Override public void finish() {}
    }
}
