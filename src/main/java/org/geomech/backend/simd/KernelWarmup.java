package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;
import org.geomech.method.StateLayout;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A step kernel run on a lane-block of its own by a daemon thread from the moment it is loaded, so that the JIT's slow
 * tiers (the interpreter and C1, where the Vector API allocates an object per operation) and the request for C2's code
 * happen while the run still builds its initial states and outputs, rather than in its first steps. The thread calls
 * the method the run will step with (SimdStepKernel.outputs where spans go in one call, else steps and observe, or
 * group) with one step a call, then a few (FIRST_CALLS), each call from the same state, until a call takes less than
 * FAST_NANOS per flop of its steps (C2's code is in place: the slow tiers take ten times that and more), or until the
 * run's first large batch ends it (await), for MAX_NANOS at most. A second thread calls the reduction every output goes
 * through (LaneReduction.block) on blocks of its own (REDUCTION_MEMBERS) from the same moment, until a call takes less than
 * FAST_REDUCTION_NANOS per value, for REDUCTION_MAX_CALLS calls at most (the run reduces with Reduction.block's plain loops
 * until then: reductionReady). Either ends when the run ends it (stop). Nothing they compute reaches a run: their state,
 * parameters and values are their own.
 */
final class KernelWarmup {
    /**
     * Steps per call once C1 runs the kernel: enough back edges per call that C2's compile is asked for after a few
     * hundred calls, with a profile of a loop that runs many times a call.
     */
    static final int STEPS = 16;
    /** Outputs per call of the outputs method once C1 runs the kernel. */
    static final int OUTPUTS = 2;
    /**
     * The first calls take one step (one output) each: C1's compile is asked for after a number of calls (60 with the
     * launcher's threshold scaling), and in the interpreter, where each Vector API operation goes through calls of its
     * own, a step of chaotic-nh takes about a millisecond.
     */
    static final int FIRST_CALLS = 100;
    /**
     * The longest a warm-up runs: C2's compilation of a kernel takes 0.2-0.5 s of a core on an idle machine, the calls
     * that lead to it (past the JIT's default thresholds, without the launcher's scaling) about as long.
     */
    static final long MAX_NANOS = 10_000_000_000L;
    /**
     * Nanoseconds per flop of a call's steps below which C2's code ran it: C2's takes about 0.2-0.5 (a lane-block's
     * step of chaotic-nh, 120 flops a member, in 27 ns at C's speed on AVX-512), C1's, which allocates a vector object
     * per operation, 20 and more.
     */
    static final double FAST_NANOS = 2;
    /**
     * Nanoseconds per member and observer of a LaneReduction.block call below which C2's code ran it: C2's takes about
     * 0.3, the slow tiers, which allocate a vector object per operation, 20 and more.
     */
    static final double FAST_REDUCTION_NANOS = 2;
    /**
     * The most calls the reduction's warm-up makes (and MAX_NANOS at most): its calls wait for the compilations of
     * LaneReduction's inner loop (jvm.options), and one ran in C2's code after 141-313 calls in fresh runs (10^5 and 10^6
     * members of chaotic-nh). A run whose reduction never got fast (its C2 code slow: one traced fresh run at 10^5
     * members) had the warm-up's thread take a core from the workers for its whole stepping, 2.4 s against 1.5 s; past
     * this bound the run keeps Reduction.block's plain loops, bitwise the same.
     */
    static final int REDUCTION_MAX_CALLS = 2000;
    /**
     * The members of the reduction's warm-up blocks, in turn: a whole block, as most of a run's are, and a last one
     * that is not, which takes LaneReduction's loops over single lane-blocks and over the masked last lanes too. With
     * whole blocks alone, C2 compiled those loops as traps, and a run whose last block was partial (10^4 members: 784)
     * left C2's code at its first output and waited for the JIT's tiers again, 50-75 ms (-XX:+PrintCompilation).
     */
    static final int[] REDUCTION_MEMBERS = {Reduction.BLOCK, Reduction.BLOCK - 3 * Reduction.LANES / 2};
    /** The warm-ups started in this JVM, by kernel: one per kernel. */
    private static final Map<SimdStepKernel, KernelWarmup> STARTED = new ConcurrentHashMap<>();

    /**
     * How a run calls a kernel: stateSize components, params parameters with h first, observers observers, flops per
     * member-step; spanCalls and grouped as its ExplicitStepper calls it.
     */
    record Arguments(int stateSize, int params, int observers, int flops, boolean spanCalls, boolean grouped) {}

    private final SimdStepKernel kernel;
    private final Arguments arguments;
    private final int stateSize, observers, lanes, flops;
    private final boolean spanCalls, grouped;
    private final double[] params;
    private volatile boolean stopped, kernelStopped;
    /** Counted down when the kernel's calls end (fast, stopped, or the time spent). */
    private final CountDownLatch kernelDone = new CountDownLatch(1);
    private final Thread thread, reductionThread;
    /** Calls made, and whether the last one ran in C2's code (read after the thread ends). */
    private volatile int calls;
    private volatile boolean fast, reductionFast, reductionSlow;
    /** Calls of the reduction made (read after the thread ends). */
    private volatile int reductionCalls;

    private KernelWarmup(SimdStepKernel kernel, Arguments a) {
        this.kernel = kernel;
        this.arguments = a;
        this.flops = a.flops();
        this.stateSize = a.stateSize();
        this.observers = a.observers();
        this.spanCalls = a.spanCalls();
        this.grouped = a.grouped();
        this.lanes = LaneStepper.LANES;
        this.params = new double[a.params()];
        Arrays.fill(this.params, 1);
        if (a.params() > 0) this.params[0] = 0.01;
        this.thread = new Thread(this::run, "geomech-simd-warmup");
        thread.setDaemon(true);
        this.reductionThread = new Thread(this::reduce, "geomech-simd-reduction-warmup");
        reductionThread.setDaemon(true);
    }

    /** The warm-up of this kernel, called as arguments say, started on its first request in this JVM. */
    static KernelWarmup of(SimdStepKernel kernel, Arguments arguments) {
        return STARTED.computeIfAbsent(kernel, k -> {
            KernelWarmup w = new KernelWarmup(k, arguments);
            w.thread.start();
            w.reductionThread.start();
            return w;
        });
    }

    /** Ends this kernel's warm-up and forgets it, so that a later of() starts another (a forecast's, for another kernel or mode). */
    void cancel() {
        stop();
        STARTED.remove(kernel, this);
    }

    /** Whether it warms kernel up as of(kernel, arguments) would. */
    boolean warms(SimdStepKernel kernel, Arguments arguments) { return this.kernel == kernel && this.arguments.equals(arguments); }

    /** Ends the warm-up (the run steps now, and its own calls count towards the JIT's thresholds). */
    void stop() { stopped = true; }

    /**
     * Waits up to millis for the kernel's warm-up to end (C2's code in place, or its time spent), then ends it: a run
     * that would otherwise spend that time in the slow tiers on every worker, while C2 compiles on the same cores, is
     * done sooner. The reduction's warm-up goes on.
     */
    void await(long millis) throws InterruptedException {
        kernelDone.await(millis, TimeUnit.MILLISECONDS);
        kernelStopped = true;
    }

    /** Whether the reduction's warm-up is over: its C2 code in place (reachedFastReduction), or the warm-up ended without it. */
    boolean reductionReady() { return reductionFast || !reductionThread.isAlive(); }

    /** Waits for the warm-up's threads to end (tests); returns the calls of the kernel made. */
    int join() throws InterruptedException {
        thread.join();
        reductionThread.join();
        return calls;
    }

    /** Whether it was ended (stop, cancel, or the run's first large batch). */
    boolean stopped() { return stopped; }

    /** Whether its last call ran in C2's code (after join). */
    boolean reachedFastCode() { return fast; }

    /** Whether a call of the reduction ran in C2's code (once reductionReady, or after join), and the calls of it made (after join). */
    boolean reachedFastReduction() { return reductionFast; }

    /**
     * Whether the reduction's warm-up spent its bound without a fast call (its C2 code slow), rather than ending fast or
     * stopped by a run: a run then keeps Reduction.block's plain loops. A stopped one is not slow: a later run of the
     * kernel in this JVM (a slab, a sweep's point) reduces with LaneReduction, whose own calls compile it.
     */
    boolean reductionSlow() { return reductionSlow; }

    int reductionCalls() { return reductionCalls; }

    private void run() {
        try {
            warmKernel(System.nanoTime() + MAX_NANOS);
        } finally {
            kernelDone.countDown();
        }
    }

    // calls of the kernel until one runs in C2's code (fast)
    private void warmKernel(long end) {
        double[] start = state();
        if (start == null) return;
        int blocks = grouped ? 2 : 1, members = blocks * lanes;
        double[] data = new double[stateSize * members], values = new double[OUTPUTS * Math.max(1, observers) * members];
        int steps = spanCalls && !grouped ? OUTPUTS * STEPS : STEPS;
        double fastNanos = FAST_NANOS * Math.max(1, flops) * steps * blocks;
        for (int k = 0; !stopped && !kernelStopped && System.nanoTime() < end; k++) {
            for (int b = 0; b < blocks; b++)
                for (int c = 0; c < stateSize; c++) System.arraycopy(start, c * lanes, data, c * members + b * lanes, lanes);
            boolean first = k < FIRST_CALLS;
            long t0 = System.nanoTime();
            call(data, members, values, first ? 1 : STEPS, first ? 1 : OUTPUTS);
            long took = System.nanoTime() - t0;
            calls = k + 1;
            if (!first && took < fastNanos) {
                fast = true;
                return;
            }
        }
    }

    /**
     * LaneReduction.block on blocks of its own (REDUCTION_MEMBERS in turn), every member ok (as a run's blocks mostly are),
     * until C2's code runs it:
     * a fresh run's first outputs otherwise reduced every member in the slow tiers (at 10^6 members the first output's
     * took 0.2 s, the next ones' 0.1 s; RESULTS.md). From the kernel's loading on, beside its warm-up: after the kernel's
     * (as before 2026-11-28) it was ready 0.06-0.35 s into a 10^5-member run's stepping, which took 1.59-1.74 s then
     * against 1.41-1.47 s where it was ready at the first step (14 fresh runs, RESULTS.md).
     */
    private void reduce() {
        long end = System.nanoTime() + MAX_NANOS;
        if (observers == 0) {
            reductionFast = true;   // a reduction of no observers: nothing to warm up
            return;
        }
        int block = Reduction.BLOCK;
        EnsembleState ok = new EnsembleState(new StateLayout(List.of()), block);
        double[] values = new double[observers * block], initial = new double[observers * block], out = new double[1 + Reduction.FIELDS * observers];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1 + 0x1p-10 * i;
            initial[i] = 1;
        }
        double fastNanos = FAST_REDUCTION_NANOS * values.length;
        while (!stopped && reductionCalls < REDUCTION_MAX_CALLS && System.nanoTime() < end) {
            int members = REDUCTION_MEMBERS[reductionCalls % REDUCTION_MEMBERS.length];
            long t0 = System.nanoTime();
            LaneReduction.block(0, values, 0, block, initial, members, observers, ok, out);
            reductionCalls++;
            if (System.nanoTime() - t0 < fastNanos) {
                reductionFast = true;
                return;
            }
        }
        reductionSlow = !stopped;
    }

    /**
     * One call of the method the run steps with, steps steps (and outputs outputs), on data of members members (whole
     * lane-blocks, stride members).
     */
    private boolean call(double[] data, int members, double[] values, int steps, int outputs) {
        if (grouped) return kernel.group(data, members, 0, members / lanes, params, steps, values, 0, members);
        if (spanCalls) return kernel.outputs(data, members, 0, params, steps, outputs, values, 0, members);
        boolean ok = kernel.steps(data, members, 0, params, steps);
        kernel.observe(data, members, 0, params, values, 0, members);
        return ok;
    }

    /**
     * A lane-block's start (component-major, lanes per component) whose steps stay finite, so that the kernel's
     * profile is of steps it accepts: the first of a few states that one call accepts (every component 0.5, 0.1, 1,
     * then 0), else null (no warm-up).
     */
    private double[] state() {
        int members = grouped ? 2 * lanes : lanes;
        double[] values = new double[OUTPUTS * Math.max(1, observers) * members];
        for (double v : new double[]{0.5, 0.1, 1, 0}) {
            double[] start = new double[stateSize * lanes];
            for (int c = 0; c < stateSize; c++) Arrays.fill(start, c * lanes, (c + 1) * lanes, v * (1 + 0.01 * c));
            double[] data = new double[stateSize * members];
            for (int b = 0; b < members / lanes; b++)
                for (int c = 0; c < stateSize; c++) System.arraycopy(start, c * lanes, data, c * members + b * lanes, lanes);
            if (call(data, members, values, STEPS, OUTPUTS)) return start;
        }
        return null;
    }
}
