package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.MemberStepSizes;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.backend.Backend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs an ensemble on a compiled backend over a time grid: advances in output strides and records,
 * per output time, each observer's statistics across the ok members (failed members leave them).
 * A run may stop for checkpoints and may start from one; it then goes on bitwise as if it had not stopped.
 */
public final class EnsembleRun {
    /** One output row: time, step, ok members, then per observer mean, max, msd; reduction keeps the block partials (or null). */
    public record Row(double t, long step, int ok, List<Statistics> stats, Reduction.Result reduction) {
        /** A row without its block partials. */
        public Row(double t, long step, int ok, List<Statistics> stats) { this(t, step, ok, stats, null); }

        /** Equal when time, step, ok count and statistics are (bitwise); the block partials they came from are not compared. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Row r && Double.compare(t, r.t) == 0 && step == r.step && ok == r.ok && stats.equals(r.stats);
        }

        @Override
        public int hashCode() { return java.util.Objects.hash(t, step, ok, stats); }

        /** This row with each observer's spread ([observer][min, std, quantiles at levels levels, histogram...]) filled in; null: as it is. */
        public Row withSpread(double[][] spread, int levels) {
            if (spread == null) return this;
            List<Statistics> with = new ArrayList<>();
            for (int o = 0; o < stats.size(); o++) with.add(stats.get(o).withSpread(spread[o], levels));
            return new Row(t, step, ok, with);
        }

        /** This row over reduction blocks from..to-1 only (one sweep point). */
        public Row blocks(int from, int to) {
            Reduction.Result r = reduction.blocks(from, to);
            return new Row(t, step, r.ok(), r.stats(), r);
        }
    }

    /** Receives the ensemble, current on the host, at every output time (to save trajectories). */
    public interface Recorder {
        /** Receives the ensemble at output time t. */
        void record(double t, EnsembleState state);
    }

    /** Rows and solver counters: Newton iterations (LU solves), the most in one member-step, Jacobian factorisations. */
    public record Result(List<Row> rows, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations, double seconds) {}

    /**
     * Where a run stands after step steps, besides the ensemble itself: the rows so far, the solver counters and
     * stepping seconds so far, and each member's observer values at t = 0 (observer-major), the origins of the msd.
     */
    public record Snapshot(long step, List<Row> rows, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations,
                           double seconds, double[] initialValues) {
        /** Keeps a copy of the rows. */
        public Snapshot {
            rows = List.copyOf(rows);
        }
    }

    /** Decides where a run stops for checkpoints and saves them. */
    public interface Checkpoints {
        /** The step after step at which the run should stop for a checkpoint by model time (Long.MAX_VALUE: none). */
        long nextStop(long step);

        /** Whether to save a checkpoint now, after step steps (model time reached, wall-clock time elapsed, an interrupt). */
        boolean due(long step);

        /** Saves the snapshot and the ensemble, current on the host. */
        void save(Snapshot snapshot, EnsembleState state);

        /** Asked after each save: whether the run stops there (it was interrupted); the result then has the rows so far. */
        boolean stopping();
    }

    private EnsembleRun() {}

    /** progress receives the number of steps done after each stride; the state is current on return. */
    public static Result run(Backend.Compiled compiled, EnsembleState state, double[] params, TimeGrid grid, LongConsumer progress) {
        return run(compiled, state, params, grid, progress, null);
    }

    /** As above; a recorder, if given, sees the host state at every output time (the backend copies it back for that). */
    public static Result run(Backend.Compiled compiled, EnsembleState state, double[] params, TimeGrid grid, LongConsumer progress,
                             Recorder recorder) {
        return run(compiled, state, params, grid, progress, recorder, null);
    }

    /** As above; each row, if rowListener is given, is passed to it as soon as it exists (before progress hears of it). */
    public static Result run(Backend.Compiled compiled, EnsembleState state, double[] params, TimeGrid grid, LongConsumer progress,
                             Recorder recorder, Consumer<Row> rowListener) {
        return run(compiled, state, params, null, grid, progress, recorder, rowListener, null, null);
    }

    /**
     * As above, from a snapshot (null: from t = 0) whose ensemble is state (the listener hears of its rows first), saving
     * checkpoints where checkpoints (null: none) asks; returns early, with the rows so far, when checkpoints is stopping.
     * stepsPerTick (null: one each) is each member's steps per step of the grid, whose step is then a tick
     * (Backend.Compiled.start; MemberStepSizes).
     */
    public static Result run(Backend.Compiled compiled, EnsembleState state, double[] params, int[] stepsPerTick, TimeGrid grid, LongConsumer progress,
                             Recorder recorder, Consumer<Row> rowListener, Snapshot from, Checkpoints checkpoints) {
        long start = System.nanoTime();
        long[] saving = {0};
        List<Row> rows = new ArrayList<>();
        try (Backend.Run run = compiled.start(state, params, stepsPerTick)) {
            long done;
            if (from == null) {
                done = 0;
                add(rows, row(0, run.observe(), grid), rowListener);
                if (recorder != null) recorder.record(0, state);
                if (checkpoint(checkpoints, done, grid, run, state, rows, from, start, saving)) return result(rows, from, run, start, saving);
            } else {
                done = from.step();
                for (Row r : from.rows()) add(rows, r, rowListener);
                run.resume(done, from.initialValues());
            }
            Startup.firstStep();
            Batches batches = new Batches(state.members(), rows.get(0).stats().size(), grid.stride());
            while (done < grid.steps()) {
                int outputs = recorder == null ? batches.outputs(done, grid, checkpoints) : 0;
                long batchStart = System.nanoTime();
                if (outputs > 0) {
                    for (Reduction.Result r : run.advanceObserving(outputs, grid.stride())) {
                        done += grid.stride();
                        add(rows, row(done, r, grid), rowListener);
                    }
                    batches.took(outputs, System.nanoTime() - batchStart);
                } else {
                    long nextRow = Math.min(grid.steps(), (done / grid.stride() + 1) * grid.stride());
                    long next = Math.min(nextRow, done + batches.steps());
                    if (checkpoints != null) next = Math.min(next, Math.max(done + 1, checkpoints.nextStop(done)));
                    run.advance((int) (next - done));
                    batches.advanced(next - done, System.nanoTime() - batchStart);
                    done = next;
                    if (done == nextRow) {
                        add(rows, row(done, run.observe(), grid), rowListener);
                        if (recorder != null) {
                            run.finish();
                            recorder.record(done * grid.h(), state);
                        }
                    }
                }
                if (checkpoint(checkpoints, done, grid, run, state, rows, from, start, saving)) break;
                if (progress != null) progress.accept(done);
            }
            return result(rows, from, run, start, saving);
        }
    }

    /**
     * How many whole outputs the run advances in one Backend.Run.advanceObserving: one at first,
     * then as many as the last batch's time per output says fit in TARGET (at most GROWTH times as many, at least half
     * as many), so that a short run takes few batches and progress, wall-clock checkpoints and a stop signal still come
     * within half a second; never past the next checkpoint stop nor the last whole output, and no more than
     * MAX_PARTIALS block partials kept at once. A batch takes the state through memory once where it is larger than the
     * caches: a 10^6-member run of chaotic-nh (184 MB, 100 outputs of 10 steps) stepped in 1.46-1.50 s with half-second
     * batches (5 of them), 1.52-2.18 s with 0.1 s ones (17) (benchmarks/RESULTS.md). Where one output is not yet known to fit in TARGET (at the start, or
     * where outputs are far apart), the run advances by plain steps instead, as many as fit in TARGET (one at first,
     * at most GROWTH times as many as the last time), so that progress comes within an output too.
     */
    private static final class Batches {
        private static final long TARGET = 500_000_000, GROWTH = 16, MAX_PARTIALS = 1 << 23;
        private final int most;
        private final long stride;
        private int size = 1;
        private long steps = 1;
        private double nanosPerStep = Double.POSITIVE_INFINITY;

        Batches(int members, int observers, long stride) {
            most = (int) Math.max(1, MAX_PARTIALS / ((long) Reduction.blocks(members) * (1 + Reduction.FIELDS * observers) + 1));
            this.stride = stride;
        }

        /** The outputs of the next batch after done steps; 0 where the next output is not a whole stride away (a stop or the end lies between) or not known to fit in TARGET. */
        int outputs(long done, TimeGrid grid, Checkpoints checkpoints) {
            if (done % grid.stride() != 0 || nanosPerStep * stride > TARGET) return 0;
            long until = checkpoints == null ? grid.steps() : Math.min(grid.steps(), checkpoints.nextStop(done));
            return (int) Math.min(Math.min(size, most), (until - done) / grid.stride());
        }

        /** The steps of the next plain advance: as many as fit in TARGET, growing by at most GROWTH. */
        long steps() { return steps; }

        /** After a batch of `outputs` outputs took nanos. */
        void took(int outputs, long nanos) {
            long fit = (long) ((double) outputs * TARGET / Math.max(1, nanos));
            size = (int) Math.min(most, Math.max(Math.max(1, outputs / 2), Math.min(GROWTH * outputs, fit)));
            nanosPerStep = (double) Math.max(1, nanos) / ((long) outputs * stride);
        }

        /** After a plain advance of n steps took nanos. */
        void advanced(long n, long nanos) {
            nanosPerStep = (double) Math.max(1, nanos) / n;
            steps = Math.max(1, Math.min(GROWTH * n, (long) (TARGET / nanosPerStep)));
        }
    }

    // Saves a checkpoint after done steps where checkpoints asks for one (never at the end); true when the run stops there
    private static boolean checkpoint(Checkpoints checkpoints, long done, TimeGrid grid, Backend.Run run, EnsembleState state, List<Row> rows,
                                      Snapshot from, long start, long[] saving) {
        if (checkpoints == null || done >= grid.steps() || !checkpoints.due(done)) return false;
        long saveStart = System.nanoTime();
        run.finish();
        checkpoints.save(new Snapshot(done, rows, newtonIterations(from, run), maxNewtonIterations(from, run), jacobianFactorisations(from, run),
                seconds(from, start, saveStart, saving[0]), run.initialValues()), state);
        saving[0] += System.nanoTime() - saveStart;
        return checkpoints.stopping();
    }

    private static Result result(List<Row> rows, Snapshot from, Backend.Run run, long start, long[] saving) {
        run.finish();
        return new Result(rows, newtonIterations(from, run), maxNewtonIterations(from, run), jacobianFactorisations(from, run), seconds(from, start, System.nanoTime(), saving[0]));
    }

    private static long newtonIterations(Snapshot from, Backend.Run run) {
        return (from == null ? 0 : from.newtonIterations()) + run.newtonIterations();
    }

    private static long jacobianFactorisations(Snapshot from, Backend.Run run) {
        return (from == null ? 0 : from.jacobianFactorisations()) + run.jacobianFactorisations();
    }

    private static int maxNewtonIterations(Snapshot from, Backend.Run run) {
        return Math.max(from == null ? 0 : from.maxNewtonIterations(), run.maxNewtonIterations());
    }

    // Seconds stepping: those before the snapshot resumed from, then since start, less the time spent saving checkpoints
    private static double seconds(Snapshot from, long start, long now, long saving) {
        return (from == null ? 0 : from.seconds()) + (now - start - saving) * 1e-9;
    }

    private static void add(List<Row> rows, Row row, Consumer<Row> listener) {
        rows.add(row);
        if (listener != null) listener.accept(row);
    }

    static Row row(long step, Reduction.Result r, TimeGrid grid) {
        return new Row(step * grid.h(), step, r.ok(), r.stats(), r);
    }
}
