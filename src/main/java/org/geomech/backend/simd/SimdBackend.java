package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * The SIMD CPU backend (DESIGN.md): Java generated from each step system and its observers with the Vector API,
 * lanes over ensemble members, compiled at run time; Newton lane-parallel with masks and a batched LU; an
 * explicit step system (lobatto-nh:2 once straightened) runs as one generated method per lane-block instead
 * (ExplicitStepper); members split into chunks over a run's workers (the calling thread and threads shared by every
 * run in the JVM, SimdRun). Results do not depend on the thread count or chunk size.
 */
public final class SimdBackend implements Backend {
    /** Default chunk: members per task, rounded up to whole lane-blocks. */
    public static final int DEFAULT_CHUNK = 4096;

    /**
     * Whether the lane-blocks of an explicit step go through a span of outputs in one kernel call
     * (SimdStepKernel.outputs) rather than one call per output: from JDK 25 on. JDK 17's C2 keeps the vectors of that
     * call's nested loops in memory, five times slower than calls per output; JDK 25's is faster with the span
     * (RESULTS.md, code measurements). JDKs in between were not measured.
     */
    static final boolean SPAN_CALLS = Runtime.version().feature() >= 25;

    private final int threads;
    private final int chunk;
    private final boolean spanCalls;

    /** The backend on every available processor. */
    public SimdBackend() { this(Runtime.getRuntime().availableProcessors(), DEFAULT_CHUNK); }

    /** threads: worker threads per run; chunk: members per task (rounded up to a multiple of the lane count). */
    public SimdBackend(int threads, int chunk) { this(threads, chunk, SPAN_CALLS); }

    /** As above; spanCalls: whether an explicit step goes through a span of outputs in one kernel call (SPAN_CALLS). */
    SimdBackend(int threads, int chunk, boolean spanCalls) {
        if (threads < 1) throw new InputException("simd backend needs at least 1 thread, got " + threads);
        if (chunk < 1) throw new InputException("simd chunk size must be at least 1 member, got " + chunk);
        this.threads = threads;
        this.chunk = chunk;
        this.spanCalls = spanCalls;
    }

    @Override public String name() { return "simd"; }

    /** Initial states projected over blocks of LaneProjections.WIDTH members (LaneConsistentState, LaneLieConsistentState). */
    @Override
    public BlockConsistency.Factory initialStates() {
        return LaneProjections::of;
    }

    @Override
    public Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options) {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty())
            throw new InputException("the simd backend needs the JVM option --add-modules jdk.incubator.vector");
        return new SimdCompiled(system.solvedBy(options.iteration()), observers, options, threads, chunk, spanCalls);
    }

    /**
     * Whether whole lane-blocks of this step system step by simplified Newton (or an iteration matrix)
     * with each iteration unrolled for its few unknowns (SimdNewtonKernel).
     */
    static boolean unrolledNewton(StepSystem system, NewtonOptions options) {
        int k = system.unknowns().size();
        return k > 0 && k <= NewtonKernelSource.MOST_UNKNOWNS && options.simplified();
    }

    /** Flops of residual and Jacobian above which a Newton step runs on lane tapes (TapeKernel) rather than generated code. */
    static final int TAPE_FLOPS = Integer.getInteger("geomech.simd.tapeFlops", 2000);

    /** A step system compiled to a SimdKernel. */
    private static final class SimdCompiled implements Compiled {
        private final StepSystem system;
        private final int observers;
        private final NewtonOptions options;
        private final int threads, chunk;
        private final SimdKernel kernel;
        private final int scratch;
        /** Flops of guess, residual, Jacobian and update per member. */
        private final int[] flops;
        private final boolean linear;
        /** For an explicit step system, its one-method kernel and the update's tape, else null. */
        private final SimdStepKernel stepKernel;
        /** Whether the step kernel has the group method (StepKernelSource.grouped), and whether its outputs method is used. */
        private final boolean grouped, spanCalls;
        private final Tape updateTape;
        /** For a step system with few unknowns under simplified Newton, its unrolled Newton iteration, else null. */
        private final SimdNewtonKernel newtonKernel;

        SimdCompiled(StepSystem system, List<Observer> observers, NewtonOptions options, int threads, int chunk, boolean spanCalls) {
            this.system = system;
            this.spanCalls = spanCalls;
            this.observers = observers.size();
            this.options = options;
            this.threads = threads;
            int lanes = LaneStepper.LANES;
            this.chunk = (chunk + lanes - 1) / lanes * lanes;
            if (tapes(system)) {
                TapeKernel tapes = new TapeKernel(system, observers, lanes);
                this.kernel = tapes;
                this.scratch = tapes.scratch();
                this.flops = tapes.flops();
            } else {
                KernelSource source = KernelSource.of(system, observers, lanes);
                this.kernel = KernelCompiler.load(source);
                this.scratch = source.scratch();
                this.flops = new int[]{source.guessFlops(), source.residualFlops(), source.jacobianFlops(), source.updateFlops()};
            }
            this.linear = system.isLinear();
            boolean explicit = system.unknowns().isEmpty();
            List<Expr> stateParams = new ArrayList<>(system.state());
            stateParams.addAll(system.params());
            StepKernelSource step = explicit ? StepKernelSource.of(system, observers, lanes) : null;
            this.stepKernel = explicit ? KernelCompiler.load(step) : null;
            this.grouped = explicit && step.grouped();
            this.newtonKernel = unrolledNewton(system, options)
                    ? KernelCompiler.load(NewtonKernelSource.of(system.unknowns().size(), linear, options, lanes)) : null;
            this.updateTape = explicit ? Tape.compile(stateParams, system.update()) : null;
            // an explicit step's kernel computes the values of the parameters alone before its step loop: per member-step the rest
            if (explicit) flops[3] = JavaEmitter.flops(stateParams, system.stepInvariant(), system.update()).each();
        }

        @Override
        public Run start(EnsembleState state, double[] params, int[] stepsPerTick) {
            if (params.length != system.params().size())
                throw new InputException(system.method() + " on " + system.model().name() + " takes " + system.params().size() + " parameters (h first unless carried per member), got " + params.length);
            int lanes = LaneStepper.LANES;
            double[] block = new double[params.length * lanes];
            for (int k = 0; k < params.length; k++) java.util.Arrays.fill(block, k * lanes, (k + 1) * lanes, params[k]);
            LaneStepper[] steppers = new LaneStepper[threads];
            for (int t = 0; t < threads; t++)
                steppers[t] = new LaneStepper(kernel, newtonKernel, scratch, system.state().size(), system.unknowns().size(), observers, options, linear, block);
            ExplicitStepper[] explicit = null;
            if (stepKernel != null) {
                explicit = new ExplicitStepper[threads];
                for (int t = 0; t < threads; t++) explicit[t] = new ExplicitStepper(stepKernel, updateTape.copy(), system.state().size(), params.clone(), grouped, spanCalls);
            }
            return new SimdRun(state, steppers, explicit, chunk, observers, stepsPerTick);
        }

        @Override
        public long[] flopsPerStep() {
            long k = system.unknowns().size();
            return new long[]{flops[0] + flops[3], flops[1] + flops[2] + 2 * k * k * k / 3 + 2 * k * k};
        }

        // A Newton iteration of more than TAPE_FLOPS runs on lane tapes: generated code that large waits seconds for javac and the JIT
        private static boolean tapes(StepSystem system) {
            if (system.unknowns().isEmpty()) return false;
            List<Expr> inputs = new ArrayList<>(system.state());
            inputs.addAll(system.params());
            inputs.addAll(system.unknowns());
            List<Expr> newton = new ArrayList<>(system.residuals());
            for (Expr[] row : system.jacobian()) newton.addAll(List.of(row));
            return org.geomech.expr.Tape.compile(inputs, newton).flops() > TAPE_FLOPS;
        }
    }
}
