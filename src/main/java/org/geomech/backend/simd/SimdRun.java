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

/**
 * An ensemble advanced in place by the SIMD backend: chunks of members taken in turn by its workers (the calling
 * thread and threads of Workers), one LaneStepper each; observer values per member, then Reduction's fixed blocks
 * reduced in parallel and combined in block order, so statistics are bitwise independent of threads and chunks.
 * How members step is the plan's (SimdPlan.run): NewtonRun steps lane-blocks by Newton, ExplicitRun by the explicit
 * step's kernel.
 */
abstract sealed class SimdRun implements Backend.Run permits NewtonRun, ExplicitRun {
    final EnsembleState state;
    final LaneStepper[] steppers;
    final int chunk, observers;
    /** Steps per tick of each member (null: one). */
    final int[] stepsPerTick;
    /** The observer values at the first observation (null before it), and the buffer of later observations' values (null until needed). */
    double[] initial, values;
    long stepsDone;
    /** The observers by plain loops for the first observation, one per worker (null: the kernel's throughout). */
    private LaneObservers[] firstLanes;

    SimdRun(EnsembleState state, LaneStepper[] steppers, int chunk, int observers, int[] stepsPerTick) {
        this.state = state;
        this.stepsPerTick = stepsPerTick == null ? null : stepsPerTick.clone();
        this.steppers = steppers;
        this.chunk = chunk;
        this.observers = observers;
    }

    @Override
    public Reduction.Result observe() { return Reduction.combine(observeBlocks(), Reduction.blocks(state.members()), observers); }

    /** The run's observers over blocks by plain loops, one per worker, for its first observation (see firstObservation). */
    void observedFirstBy(LaneObservers[] lanes) { this.firstLanes = lanes; }

    @Override
    public double[] observeBlocks() {
        int members = state.members();
        double[] out;
        if (initial == null) {
            out = initial = new double[observers * members];
            if (firstLanes != null) return firstObservation(out);
        } else {
            if (values == null) values = new double[observers * members];
            out = values;
        }
        return observe(out);
    }

    /** The observer values of the current state into out (observer-major), and its block partials. */
    abstract double[] observe(double[] out);

    // The first observation (t = 0) through LaneObservers and Reduction.block, plain loops: bitwise the kernel's values and
    // LaneReduction's partials, without waiting for the JIT to compile their Vector API code, which a fresh run would
    // otherwise run interpreted, allocating every vector, over every member
    private double[] firstObservation(double[] out) {
        int members = state.members(), blocks = Reduction.blocks(members);
        double[] partials = new double[blocks * (1 + Reduction.FIELDS * observers)];
        parallel(blocks, (t, b) -> {
            int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK);
            firstLanes[t].observe(state, from, to, out);
            Reduction.block(b, out, initial, members, observers, state, partials);
        });
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
    interface BlockWork { void run(int t, int first, int count); }

    /** Every lane-block of every chunk, chunks handed out in turn to the workers. */
    void forEachBlock(BlockWork work) {
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
    interface ItemWork { void run(int t, int i); }

    /** work(t, 0 .. count-1) spread over the workers, each taking the next item when it is done with one. */
    void parallel(int count, ItemWork work) {
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
    static void invokeAll(List<Callable<Void>> tasks) {
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
