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
     * A batch of outputs goes through each reduction block in this many spans at most (advanceObserved). Four spans
     * beat eight on batches of 16 outputs and tie on 83 (RESULTS.md, code measurements).
     */
    private static final int SPANS = 4;
    /** The most observer values a batch keeps at once (a span's, observers * members per output): 64 MiB. */
    private static final long MAX_VALUES = 1 << 23;
    /** Per worker, the stepper of the explicit step's kernel. */
    private final ExplicitStepper[] explicit;
    /** The block partials of the current state where the explicit pass made them as it stepped, else null. */
    private double[] observed;

    /**
     * A batch of at least this many member-steps waits for the kernel's warm-up (KernelWarmup.await) up to WAIT_MILLIS:
     * in the JIT's slow tiers it would take longer than C2 takes to compile the kernel.
     */
    static final long WAIT_MEMBER_STEPS = 1_000_000, WAIT_MILLIS = 3000;
    /** The kernel's warm-up (null: none or over), ended by the first large batch or at the run's end (close). */
    private KernelWarmup warmup;

    ExplicitRun(EnsembleState state, LaneStepper[] steppers, ExplicitStepper[] explicit, int chunk, int observers, int[] stepsPerTick, KernelWarmup warmup) {
        super(state, steppers, chunk, observers, stepsPerTick);
        this.explicit = explicit;
        this.warmup = warmup;
    }

    @Override
    public void advance(int ticks) {
        warmedUp((long) ticks * state.members());
        long done = stepsDone;
        observed = null;
        if (initial != null) observed = advanceObserved(1, ticks)[0];
        else forEachBlock((t, first, count) -> explicit[t].advance(state, first, count, ticks, done, stepsPerTick, null, 0, steppers[t]));
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
        if (warmup == null || memberSteps < WAIT_MEMBER_STEPS) return;
        try {
            warmup.await(WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        warmup = null;
    }

    /** Work of worker t on the free blocks first, first + step, ... (a span of outputs each); whether it did any. */
    private interface SpanWork { boolean run(int t, int first, int step); }

    /**
     * Explicit steps over outputs outputs of ticks ticks, in one fork-join: each reduction block runs through the
     * outputs in spans of a quarter of them (fewer outputs where their observer values would pass MAX_VALUES), a worker
     * taking spans of its own blocks (b = t mod workers) in turn and, when none of them is free, of the others': no
     * worker is left alone with its last blocks (at 10^4 members, ten blocks, each a tenth of the batch). Returns each
     * output's block partials.
     */
    private double[][] advanceObserved(int outputs, int ticks) {
        int members = state.members(), blocks = Reduction.blocks(members), workers = Math.min(steppers.length, blocks);
        long done = stepsDone;
        double[][] partials = new double[outputs][blocks * (1 + Reduction.FIELDS * observers)];
        int span = (int) Math.max(1, Math.min((outputs + SPANS - 1) / SPANS, MAX_VALUES / ((long) observers * members + 1)));
        if (values == null || values.length < span * observers * members) values = new double[span * observers * members];
        double[] spanValues = values;
        int[] reached = new int[blocks];
        AtomicIntegerArray busy = new AtomicIntegerArray(blocks);
        SpanWork spans = (t, first, step) -> {
            boolean worked = false;
            for (int b = first; b < blocks; b += step) {
                if (reached[b] >= outputs || !busy.compareAndSet(b, 0, 1)) continue;
                int block = b, from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK), r0 = reached[b], end = Math.min(outputs, r0 + span);
                explicit[t].advanceObserving(state, from, to - from, end - r0, ticks, done + (long) r0 * ticks, stepsPerTick, spanValues, observers,
                        steppers[t], r -> LaneReduction.block(block, spanValues, r * observers * members, initial, members, observers, state, partials[r0 + r]));
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
                while (spans.run(worker, worker, workers) || spans.run(worker, 0, 1)) {
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
        parallel(blocks, (t, b) -> {
            int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK);
            explicit[t].advance(state, from, to - from, 0, stepsDone, stepsPerTick, out, 0, steppers[t]);
            LaneReduction.block(b, out, 0, initial, members, observers, state, partials);
        });
        return partials;
    }
}
