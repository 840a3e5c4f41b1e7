package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * How the simd backend runs a step system: one of its execution paths, chosen once per compilation by of, each
 * holding what its path needs. Every path observes with a lane kernel (LaneKernel: the guess, residual, Jacobian,
 * update and observers over lane-blocks, generated Vector API code or, for a large Newton iteration, lane tapes):
 * <ul>
 * <li>Explicit: a step without unknowns (lobatto-nh:2 once straightened, RATTLE on one constraint) as one generated
 * method per lane-block (SimdStepKernel, ExplicitStepper, ExplicitRun);</li>
 * <li>UnrolledNewton: simplified Newton on a few unknowns, whole lane-blocks iterating in the generated unrolled
 * iteration (SimdNewtonKernel), the steps it declines by the lane-masked Newton;</li>
 * <li>MaskedNewton: every step by the lane-masked Newton with the batched LU (LaneStepper).</li>
 * </ul>
 */
sealed interface SimdPlan permits SimdPlan.Explicit, SimdPlan.Newton {
    /** Flops of residual and Jacobian above which a Newton step runs on lane tapes (TapeKernel) rather than generated code. */
    int TAPE_FLOPS = Integer.getInteger("geomech.simd.tapeFlops", 2000);
    /** Whether an explicit step's kernel is warmed up from its loading on (KernelWarmup); off with -Dgeomech.simd.warmup=false. */
    boolean WARMUP = !"false".equals(System.getProperty("geomech.simd.warmup"));

    /** The plan for a step system and its observers under these Newton options; spanCalls: SimdBackend.SPAN_CALLS. */
    static SimdPlan of(StepSystem system, List<Observer> observers, NewtonOptions options, boolean spanCalls) {
        int lanes = LaneStepper.LANES;
        List<Expr> stateParams = new ArrayList<>(system.state());
        stateParams.addAll(system.params());
        if (system.unknowns().isEmpty()) {
            StepKernelSource step = StepKernelSource.of(system, observers, lanes);
            SimdStepKernel kernel = KernelCompiler.load(step);
            // its kernel computes the values of the parameters alone before its step loop: per member-step the rest
            int flops = JavaEmitter.flops(stateParams, system.stepInvariant(), system.update()).each();
            KernelWarmup.Arguments calls = new KernelWarmup.Arguments(system.state().size(), system.params().size(), observers.size(), flops, spanCalls,
                    step.grouped());
            KernelForecast.confirm(new KernelForecast.Kernel(step.key(), step.className(), calls), kernel);
            KernelWarmup warmup = WARMUP ? KernelWarmup.of(kernel, calls) : null;
            return new Explicit(LaneKernel.generated(system, observers, lanes), kernel, step.grouped(), spanCalls,
                    Tape.compile(stateParams, system.update()), system.state().size(), flops, warmup);
        }
        LaneKernel kernel = tapes(system) ? LaneKernel.tapes(system, observers, lanes) : LaneKernel.generated(system, observers, lanes);
        int unknowns = system.unknowns().size();
        if (unrolledNewton(system, options))
            return new UnrolledNewton(kernel, KernelCompiler.load(NewtonKernelSource.of(unknowns, system.isLinear(), options, lanes)), unknowns);
        return new MaskedNewton(kernel, unknowns);
    }

    /**
     * Whether whole lane-blocks of this step system step by simplified Newton (or an iteration matrix)
     * with each iteration unrolled for its few unknowns (SimdNewtonKernel).
     */
    static boolean unrolledNewton(StepSystem system, NewtonOptions options) {
        int k = system.unknowns().size();
        return k > 0 && k <= NewtonKernelSource.MOST_UNKNOWNS && options.simplified();
    }

    /** Whether a Newton iteration (residual and Jacobian) takes more than TAPE_FLOPS: generated code that large waits seconds for javac and the JIT. */
    private static boolean tapes(StepSystem system) {
        List<Expr> inputs = new ArrayList<>(system.state());
        inputs.addAll(system.params());
        inputs.addAll(system.unknowns());
        List<Expr> newton = new ArrayList<>(system.residuals());
        for (Expr[] row : system.jacobian()) newton.addAll(List.of(row));
        return Tape.compile(inputs, newton).flops() > TAPE_FLOPS;
    }

    /** The lane kernel every path observes with. */
    LaneKernel lanes();

    /** Flops per member and step: guess and update, then residual, Jacobian and the LU of a Newton iteration. */
    long[] flopsPerStep();

    /**
     * The run of this plan on state, with one LaneStepper per worker (steppers), the step's parameters (h first), members
     * per task (chunk, whole lane-blocks), observers per member and the steps per tick of each member (null: one).
     */
    SimdRun run(EnsembleState state, LaneStepper[] steppers, double[] params, int chunk, int observers, int[] stepsPerTick);

    /**
     * The guess, residual, Jacobian, update and observers over lane-blocks (SimdKernel), the doubles of scratch it
     * needs, and the flops of each per member.
     */
    record LaneKernel(SimdKernel kernel, int scratch, int guessFlops, int residualFlops, int jacobianFlops, int updateFlops) {
        /** Generated Vector API code (KernelSource), compiled. */
        static LaneKernel generated(StepSystem system, List<Observer> observers, int lanes) {
            KernelSource source = KernelSource.of(system, observers, lanes);
            return new LaneKernel(KernelCompiler.load(source), source.scratch(), source.guessFlops(), source.residualFlops(),
                    source.jacobianFlops(), source.updateFlops());
        }

        /** The step system's tapes run over the lanes (TapeKernel): nothing to compile. */
        static LaneKernel tapes(StepSystem system, List<Observer> observers, int lanes) {
            TapeKernel tapes = new TapeKernel(system, observers, lanes);
            int[] flops = tapes.flops();
            return new LaneKernel(tapes, tapes.scratch(), flops[0], flops[1], flops[2], flops[3]);
        }
    }

    /**
     * An explicit step: its generated kernel (step), whether it has the group method (StepKernelSource.grouped), whether
     * spans of outputs go to its outputs method (spanCalls), the update's tape for members stepped one by one, the state's
     * size, the flops of the update's step loop per member (the parameters' values alone computed before it) and the
     * kernel's warm-up (null: none), which a run ends when it steps.
     */
    record Explicit(LaneKernel lanes, SimdStepKernel step, boolean grouped, boolean spanCalls, Tape update, int stateSize, int stepFlops,
                    KernelWarmup warmup) implements SimdPlan {
        @Override public long[] flopsPerStep() { return new long[]{stepFlops, 0}; }

        @Override
        public SimdRun run(EnsembleState state, LaneStepper[] steppers, double[] params, int chunk, int observers, int[] stepsPerTick) {
            ExplicitStepper[] explicit = new ExplicitStepper[steppers.length];
            for (int t = 0; t < explicit.length; t++) explicit[t] = new ExplicitStepper(step, update.copy(), stateSize, params.clone(), grouped, spanCalls);
            return new ExplicitRun(state, steppers, explicit, chunk, observers, stepsPerTick, warmup);
        }
    }

    /** A step with unknowns, solved by Newton's method in the lanes of each lane-block. */
    sealed interface Newton extends SimdPlan permits UnrolledNewton, MaskedNewton {
        /** The unknowns of the step. */
        int unknowns();

        /** Advances members first .. first+count-1 (count <= LANES) of state by ticks ticks with this worker's stepper (LaneStepper.advance). */
        void advance(LaneStepper stepper, EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick);

        @Override
        default long[] flopsPerStep() {
            long k = unknowns();
            return new long[]{lanes().guessFlops() + lanes().updateFlops(), lanes().residualFlops() + lanes().jacobianFlops() + 2 * k * k * k / 3 + 2 * k * k};
        }

        @Override
        default SimdRun run(EnsembleState state, LaneStepper[] steppers, double[] params, int chunk, int observers, int[] stepsPerTick) {
            return new NewtonRun(state, steppers, this, chunk, observers, stepsPerTick);
        }
    }

    /** Simplified Newton on at most NewtonKernelSource.MOST_UNKNOWNS unknowns with its iteration unrolled (newton). */
    record UnrolledNewton(LaneKernel lanes, SimdNewtonKernel newton, int unknowns) implements Newton {
        @Override
        public void advance(LaneStepper stepper, EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick) {
            stepper.advance(newton, state, first, count, ticks, done, stepsPerTick);
        }
    }

    /** The lane-masked Newton alone. */
    record MaskedNewton(LaneKernel lanes, int unknowns) implements Newton {
        @Override
        public void advance(LaneStepper stepper, EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick) {
            stepper.advance(state, first, count, ticks, done, stepsPerTick);
        }
    }
}
