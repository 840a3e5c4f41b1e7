package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * An ensemble advanced in place by the SIMD backend: chunks of members taken in turn by its workers (the calling
 * thread and threads of Workers), one LaneStepper each; observer values per member, then Reduction's fixed blocks
 * reduced in parallel and combined in block order, so statistics are bitwise independent of threads and chunks.
 * An explicit step once the initial observers exist goes in one fork-join per batch of outputs instead:
 * the workers run the reduction blocks through the outputs of the batch in spans, each lane-block of a block through
 * all the outputs of a span in one kernel call, then the span's outputs of the block reduced (advanceObserved: a worker
 * held up by a busy machine leaves its spans to the others).
 */
final class SimdRun implements Backend.Run {
    /**
     * A batch of outputs goes through each reduction block in this many spans at most (advanceObserved). Four spans
     * beat eight on batches of 16 outputs and tie on 83 (RESULTS.md, code measurements).
     */
    private static final int SPANS = 4;
    /** The most observer values a batch keeps at once (a span's, observers * members per output): 64 MiB. */
    private static final long MAX_VALUES = 1 << 23;
    private final EnsembleState state;
    private final LaneStepper[] steppers;
    /** Per worker, the one-method stepper where the step system is explicit, else null. */
    private final ExplicitStepper[] explicit;
    private final int chunk, observers;
    /** Steps per tick of each member (null: one). */
    private final int[] stepsPerTick;
    private double[] initial, values;
    /** The block partials of the current state where the explicit pass made them as it stepped, else null. */
    private double[] observed;
    private long stepsDone;

    SimdRun(EnsembleState state, LaneStepper[] steppers, ExplicitStepper[] explicit, int chunk, int observers, int[] stepsPerTick) {
        this.state = state;
        this.stepsPerTick = stepsPerTick == null ? null : stepsPerTick.clone();
        this.steppers = steppers;
        this.explicit = explicit;
        this.chunk = chunk;
        this.observers = observers;
    }

    @Override
    public void advance(int ticks) {
        long done = stepsDone;
        observed = null;
        if (explicit != null && initial != null) observed = advanceObserved(1, ticks)[0];
        else if (explicit != null) forEachBlock((t, first, count) -> explicit[t].advance(state, first, count, ticks, done, stepsPerTick, null, 0, steppers[t]));
        else forEachBlock((t, first, count) -> steppers[t].advance(state, first, count, ticks, done, stepsPerTick));
        stepsDone += ticks;
    }

    @Override
    public Reduction.Result[] advanceObserving(int outputs, int ticks) {
        if (explicit == null || initial == null) return Backend.Run.super.advanceObserving(outputs, ticks);
        double[][] partials = advanceObserved(outputs, ticks);
        stepsDone += (long) outputs * ticks;
        observed = partials[outputs - 1];
        Reduction.Result[] out = new Reduction.Result[outputs];
        for (int r = 0; r < outputs; r++) out[r] = Reduction.combine(partials[r], Reduction.blocks(state.members()), observers);
        return out;
    }

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
    public Reduction.Result observe() { return Reduction.combine(observeBlocks(), Reduction.blocks(state.members()), observers); }

    @Override
    public double[] observeBlocks() {
        if (observed != null) return observed.clone();
        int members = state.members();
        double[] out;
        if (initial == null) out = initial = new double[observers * members];
        else {
            if (values == null) values = new double[observers * members];
            out = values;
        }
        int blocks = Reduction.blocks(members);
        double[] partials = new double[blocks * (1 + Reduction.FIELDS * observers)];
        if (explicit != null) {
            // an explicit step's kernel observes too, after zero steps, block by block as it steps: the code that is already hot
            parallel(blocks, (t, b) -> {
                int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK);
                explicit[t].advance(state, from, to - from, 0, stepsDone, stepsPerTick, out, 0, steppers[t]);
                LaneReduction.block(b, out, 0, initial, members, observers, state, partials);
            });
            return partials;
        }
        forEachBlock((t, first, count) -> steppers[t].observe(state, first, count, out, 0));
        parallel(blocks, (t, b) -> LaneReduction.block(b, out, 0, initial, members, observers, state, partials));
        return partials;
    }

    @Override public double[] initialValues() { return initial == null ? null : initial.clone(); }

    @Override
    public void resume(long steps, double[] from) {
        if (from.length != observers * state.members())
            throw new IllegalArgumentException("initial values for " + from.length + " observer values, expected " + observers * state.members());
        initial = from.clone();
        stepsDone = steps;
    }

    @Override
    public long newtonIterations() {
        long sum = 0;
        for (LaneStepper s : steppers) sum += s.iterations();
        return sum;
    }

    @Override
    public long jacobianFactorisations() {
        long sum = 0;
        for (LaneStepper s : steppers) sum += s.factorisations();
        return sum;
    }

    @Override
    public int maxNewtonIterations() {
        int most = 0;
        for (LaneStepper s : steppers) most = Math.max(most, s.mostIterations());
        return most;
    }

    /** The state is advanced in place: nothing to bring back. */
    @Override public void finish() {}

    /** The workers' threads are shared (Workers): nothing to release. */
    @Override public void close() {}

    /** Work of worker t on one lane-block: members first .. first+count-1. */
    private interface BlockWork { void run(int t, int first, int count); }

    /** Work of worker t on the free blocks first, first + step, ... (a span of outputs each); whether it did any. */
    private interface SpanWork { boolean run(int t, int first, int step); }

    /** Every lane-block of every chunk, chunks handed out in turn to the workers. */
    private void forEachBlock(BlockWork work) {
        int members = state.members(), lanes = LaneStepper.LANES, chunks = (members + chunk - 1) / chunk;
        AtomicInteger next = new AtomicInteger();
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < Math.min(steppers.length, chunks); t++) {
            int worker = t;
            tasks.add(() -> {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    for (int first = c * chunk; first < Math.min(members, (c + 1) * chunk); first += lanes)
                        work.run(worker, first, Math.min(lanes, members - first));
                }
                return null;
            });
        }
        invokeAll(tasks);
    }

    /** Work of worker t on item i. */
    private interface ItemWork { void run(int t, int i); }

    /** work(t, 0 .. count-1) spread over the workers, each taking the next item when it is done with one. */
    private void parallel(int count, ItemWork work) {
        AtomicInteger next = new AtomicInteger();
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < Math.min(steppers.length, count); t++) {
            int worker = t;
            tasks.add(() -> {
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) work.run(worker, i);
                return null;
            });
        }
        invokeAll(tasks);
    }

    /**
     * Runs the tasks, the first on the calling thread and the others on Workers, and returns when all have ended (an
     * interrupt waits for them too, and is kept); then throws the first failure, an unchecked one as it is. Every task
     * takes items from a shared counter until none is left, so one that has not started when the first ends would find
     * nothing to do: it is called off rather than waited for (a sleeping thread takes as long to wake as the observers of
     * 10^4 members take; RESULTS.md, code measurements).
     */
    private static void invokeAll(List<Callable<Void>> tasks) {
        List<Future<Void>> others = new ArrayList<>();
        List<AtomicBoolean> started = new ArrayList<>();
        for (Callable<Void> task : tasks.subList(1, tasks.size())) {
            AtomicBoolean start = new AtomicBoolean();
            started.add(start);
            FutureTask<Void> other = new FutureTask<>(() -> start.compareAndSet(false, true) ? task.call() : null);
            Workers.execute(other);
            others.add(other);
        }
        Throwable failure = null;
        try {
            tasks.get(0).call();
        } catch (Exception | Error e) {
            failure = e;
        }
        boolean interrupted = false;
        for (int k = 0; k < others.size(); k++) {
            if (started.get(k).compareAndSet(false, true)) continue;
            Future<Void> f = others.get(k);
            Workers.await(f);
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (failure == null) failure = e.getCause();
                    break;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (failure instanceof RuntimeException r) throw r;
        if (failure instanceof Error e) throw e;
        if (failure != null) throw new IllegalStateException(failure);
    }
}
