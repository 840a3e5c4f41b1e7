package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * An explicit step (SimdPlan.Explicit): each worker's ExplicitStepper advances its lane-blocks, and its kernel also
 * observes them. Once the initial observers exist, a batch of outputs goes in one fork-join: the workers run the
 * reduction blocks through the outputs of the batch in spans, each lane-block of a block through all the outputs of
 * a span in one kernel call, then the span's outputs of the block reduced (advanceObserved: a worker held up by a
 * busy machine leaves its spans to the others).
 */
final class ExplicitRun extends SimdRun {
    /**
     * Where a batch has fewer than BALANCED_BLOCKS reduction blocks per worker, it goes through each block in this many
     * spans at most (advanceObserved), so that no worker is left alone with its last blocks (at 10^4 members, ten
     * blocks, each a tenth of the batch). Four spans beat eight on batches of 16 outputs and tie on 83 (RESULTS.md, code
     * measurements). With more blocks, each goes through the batch in one span: the fewer spans, the fewer times its
     * state goes to memory and back.
     */
    private static final int SPANS = 4, BALANCED_BLOCKS = 16;
    /**
     * The most observer values a worker keeps for a span of one block (span * observers * Reduction.BLOCK): 256 KiB, so
     * that they stay in the core's cache from the kernel's stores to the reduction's loads, block after block.
     */
    private static final int MAX_BLOCK_VALUES = 1 << 15;
    /** Per worker, the observer values of its current block's span (observer o of the block's member i at o * BLOCK + i, output after output). */
    private final double[][] blockValues;
    /** Per worker, the stepper of the explicit step's kernel. */
    private final ExplicitStepper[] explicit;
    /** The block partials of the current state where the explicit pass made them as it stepped, else null. */
    private double[] observed;

    /**
     * A batch of at least this many member-steps waits for the kernel's warm-up (KernelWarmup.await) up to WAIT_MILLIS:
     * in the JIT's slow tiers it would take longer than C2 takes to compile the kernel.
     */
    static final long WAIT_MEMBER_STEPS = 1_000_000, WAIT_MILLIS = 3000;
    /**
     * The kernel's warm-up (null: none or over), its kernel's part ended by the first large batch (awaited), the
     * reduction's (which runs beside it from the start) once that is over too (settled), or at the run's end (close);
     * lanes: once settled, whether the run reduces with LaneReduction (all but where the warm-up found its C2 code slow).
     */
    private KernelWarmup warmup;
    private boolean awaited, settled, lanes;

    ExplicitRun(EnsembleState state, LaneStepper[] steppers, ExplicitStepper[] explicit, int chunk, int observers, int[] stepsPerTick, KernelWarmup warmup) {
        super(state, steppers, chunk, observers, stepsPerTick);
        this.explicit = explicit;
        this.warmup = warmup;
        this.blockValues = new double[steppers.length][];
    }

    @Override
    public void advance(int ticks) {
        warmedUp((long) ticks * state.members());
        long done = stepsDone;
        observed = null;
        if (initial != null) observed = advanceObserved(1, ticks)[0];
        else forEachBlock((t, first, count) -> explicit[t].advance(state, first, count, ticks, done, stepsPerTick, null, 0, 0, steppers[t]));
        stepsDone += ticks;
    }

    @Override
    public Reduction.Result[] advanceObserving(int outputs, int ticks) {
        warmedUp((long) outputs * ticks * state.members());
        if (initial == null) return super.advanceObserving(outputs, ticks);
        double[][] partials = advanceObserved(outputs, ticks);
        stepsDone += (long) outputs * ticks;
        observed = partials[outputs - 1];
        Reduction.Result[] out = new Reduction.Result[outputs];
        for (int r = 0; r < outputs; r++) out[r] = Reduction.combine(partials[r], Reduction.blocks(state.members()), observers);
        return out;
    }

    /** Ends the kernel's warm-up, if still on: the run is over. */
    @Override
    public void close() {
        if (warmup != null) warmup.stop();
        warmup = null;
    }

    /**
     * Before a batch of that many member-steps: where it is large (WAIT_MEMBER_STEPS), waits for the kernel's warm-up
     * and ends it; a smaller batch runs beside it.
     */
    private void warmedUp(long memberSteps) {
        if (warmup == null || awaited || memberSteps < WAIT_MEMBER_STEPS) return;
        try {
            warmup.await(WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaited = true;
        release();
    }

    // The warm-up ended once both its parts are over for this run: the kernel's awaited, the reduction's ready
    private void release() {
        if (warmup == null || !awaited || !settled) return;
        warmup.stop();
        warmup = null;
    }

    /**
     * Whether this batch reduces with LaneReduction (bitwise Reduction.block's plain loops, which it uses until the
     * warm-up has LaneReduction's C2 code in place: in the slow tiers LaneReduction allocates a vector object per
     * operation, and took a fresh run's first output 0.2 s at 10^6 members; and for the whole run where the warm-up
     * ended without it).
     */
    private boolean laneReduction() {
        if (!settled) {
            if (warmup != null && !warmup.reductionReady()) return false;
            settled = true;
            lanes = warmup == null || !warmup.reductionSlow();
            release();
        }
        return lanes;
    }

    /** Work of worker t on the free blocks first, first + step, ... (a span of outputs each); whether it did any. */
    private interface SpanWork { boolean run(int t, int first, int step); }

    /**
     * Explicit steps over outputs outputs of ticks ticks, in one fork-join: each reduction block runs through the
     * outputs in spans (all of them at once, or a quarter where blocks are few: SPANS; fewer outputs where a span's
     * observer values would pass MAX_BLOCK_VALUES), a worker taking spans of its own blocks (b = t mod workers) in turn
     * and, when none of them is free, of the others'. The kernel stores a span's observer values in the worker's own
     * buffer and the reduction reads them back from there, block after block: the values never go to memory (a buffer
     * of every member's values, 24 MB an output at 10^6 members and three observers, went out and back again; RESULTS.md).
     * Returns each output's block partials.
     */
    private double[][] advanceObserved(int outputs, int ticks) {
        int members = state.members(), blocks = Reduction.blocks(members), workers = Math.min(steppers.length, blocks);
        long done = stepsDone;
        double[][] partials = new double[outputs][blocks * (1 + Reduction.FIELDS * observers)];
        int spans = blocks < BALANCED_BLOCKS * workers ? SPANS : 1, block = Reduction.BLOCK;
        int span = Math.max(1, Math.min((outputs + spans - 1) / spans, MAX_BLOCK_VALUES / (Math.max(1, observers) * block)));
        for (int t = 0; t < workers; t++)
            if (blockValues[t] == null || blockValues[t].length < span * observers * block) blockValues[t] = new double[span * observers * block];
        int[] reached = new int[blocks];
        AtomicIntegerArray busy = new AtomicIntegerArray(blocks);
        boolean lanes = laneReduction();
        SpanWork work = (t, first, step) -> {
            boolean worked = false;
            for (int b = first; b < blocks; b += step) {
                if (reached[b] >= outputs || !busy.compareAndSet(b, 0, 1)) continue;
                int own = b, from = b * block, to = Math.min(members, from + block), r0 = reached[b], end = Math.min(outputs, r0 + span);
                double[] values = blockValues[t];
                // member j of the block at j - from: the buffer's base is -from
                explicit[t].advanceObserving(state, from, to - from, end - r0, ticks, done + (long) r0 * ticks, stepsPerTick, values, -from, block,
                        observers, steppers[t], r -> reduce(lanes, own, values, r * observers * block - from, block, partials[r0 + r]));
                reached[b] = end;
                worked = true;
                busy.set(b, 0);
            }
            return worked;
        };
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < workers; t++) {
            int worker = t;
            tasks.add(() -> {
                while (work.run(worker, worker, workers) || work.run(worker, 0, 1)) {
                    // another pass: own blocks first
                }
                return null;
            });
        }
        invokeAll(tasks);
        return partials;
    }

    @Override
    public double[] observeBlocks() { return observed != null ? observed.clone() : super.observeBlocks(); }

    /** The kernel observes too, after zero steps, block by block as it steps: the code that is already hot. */
    @Override
    double[] observe(double[] out) {
        int members = state.members(), blocks = Reduction.blocks(members);
        double[] partials = new double[blocks * (1 + Reduction.FIELDS * observers)];
        boolean lanes = laneReduction();
        parallel(blocks, (t, b) -> {
            int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK);
            explicit[t].advance(state, from, to - from, 0, stepsDone, stepsPerTick, out, 0, members, steppers[t]);
            reduce(lanes, b, out, 0, members, partials);
        });
        return partials;
    }

    // Reduction block b of values (observer o of member j at offset + o * stride + j) into out, by LaneReduction or Reduction
    private void reduce(boolean lanes, int b, double[] values, int offset, int stride, double[] out) {
        int members = state.members();
        if (lanes) LaneReduction.block(b, values, offset, stride, initial, members, observers, state, out);
        else Reduction.block(b, values, offset, stride, initial, members, observers, state, out);
    }
}
