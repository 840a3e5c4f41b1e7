package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/**
 * The SIMD CPU backend (docs/architecture.md): Java generated from each step system and its observers with the Vector
 * API, lanes over ensemble members, compiled at run time; its execution path (an explicit step's kernel, Newton with
 * an unrolled iteration, or the lane-masked Newton with a batched LU) is chosen once per compilation (SimdPlan);
 * members split into chunks over a run's workers (the calling thread and threads shared by every run in the JVM,
 * SimdRun). Results do not depend on the thread count or chunk size.
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

    /**
     * The command of this JVM will run inputs named by key (its arguments, less those that leave the step alone): the
     * explicit step kernel its last run with that key compiled is loaded and warmed up from now (KernelForecast); run
     * what it returns when the command ends.
     */
    public static Runnable anticipate(String key) {
        KernelForecast f = KernelForecast.anticipate(key);
        return f == null ? () -> { } : f::end;
    }

    @Override public String name() { return "simd"; }

    /**
     * Initial states projected over blocks of LaneProjections.WIDTH members (LaneConsistentState, LaneLieConsistentState):
     * this backend's, and the opencl backend's on the host.
     */
    public static final BlockConsistency.Factory LANE_PROJECTIONS = LaneProjections::of;

    @Override
    public BlockConsistency.Factory initialStates() {
        return LANE_PROJECTIONS;
    }

    @Override
    public Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options) {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty())
            throw new InputException("the simd backend needs the JVM option --add-modules jdk.incubator.vector");
        return new SimdCompiled(system.solvedBy(options.iteration()), observers, options, threads, chunk, spanCalls);
    }

    /** A step system compiled to its plan (SimdPlan.of). */
    private static final class SimdCompiled implements Compiled {
        private final StepSystem system;
        private final List<Observer> observers;
        private final NewtonOptions options;
        private final int threads, chunk;
        private final boolean linear;
        private final SimdPlan plan;

        SimdCompiled(StepSystem system, List<Observer> observers, NewtonOptions options, int threads, int chunk, boolean spanCalls) {
            this.system = system;
            this.observers = List.copyOf(observers);
            this.options = options;
            this.threads = threads;
            int lanes = LaneStepper.LANES;
            this.chunk = (chunk + lanes - 1) / lanes * lanes;
            this.linear = system.isLinear();
            this.plan = SimdPlan.of(system, observers, options, spanCalls);
        }

        @Override
        public Run start(EnsembleState state, double[] params, int[] stepsPerTick) {
            if (params.length != system.params().size())
                throw new InputException(system.method() + " on " + system.model().name() + " takes " + system.params().size() + " parameters (h first unless carried per member), got " + params.length);
            int lanes = LaneStepper.LANES;
            double[] block = new double[params.length * lanes];
            for (int k = 0; k < params.length; k++) java.util.Arrays.fill(block, k * lanes, (k + 1) * lanes, params[k]);
            SimdPlan.LaneKernel kernel = plan.lanes();
            LaneStepper[] steppers = new LaneStepper[threads];
            for (int t = 0; t < threads; t++)
                steppers[t] = new LaneStepper(kernel.kernel(), kernel.scratch(), system.state().size(), system.unknowns().size(), observers.size(), options,
                        linear, block);
            SimdRun run = plan.run(state, steppers, params, chunk, observers.size(), stepsPerTick);
            LaneObservers[] first = new LaneObservers[threads];
            for (int t = 0; t < threads; t++) first[t] = new LaneObservers(system, observers, params);
            run.observedFirstBy(first);
            return run;
        }

        @Override public long[] flopsPerStep() { return plan.flopsPerStep(); }
    }
}
