package org.geomech.ensemble;

import org.geomech.backend.Backend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs an ensemble on a compiled backend over a time grid: advances in output strides and records,
 * per output time, each observer's statistics across the ok members (failed members leave them).
 */
public final class EnsembleRun {
    /** One output row: time, step, ok members, then per observer mean, max, msd; reduction keeps the block partials (or null). */
    public record Row(double t, long step, int ok, List<Statistics> stats, Reduction.Result reduction) {
        public Row(double t, long step, int ok, List<Statistics> stats) { this(t, step, ok, stats, null); }

        /** This row over reduction blocks from..to-1 only (one sweep point). */
        public Row blocks(int from, int to) {
            Reduction.Result r = reduction.blocks(from, to);
            return new Row(t, step, r.ok(), r.stats(), r);
        }
    }

    /** Receives the ensemble, current on the host, at every output time (to save trajectories). */
    public interface Recorder {
        void record(double t, EnsembleState state);
    }

    /** Rows and solver counters: Newton iterations (LU solves), the most in one member-step, Jacobian factorisations. */
    public record Result(List<Row> rows, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations, double seconds) {}

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
        long start = System.nanoTime();
        List<Row> rows = new ArrayList<>();
        try (Backend.Run run = compiled.start(state, params)) {
            add(rows, row(0, run.observe(), grid), rowListener);
            if (recorder != null) recorder.record(0, state);
            long done = 0;
            while (done < grid.steps()) {
                int k = (int) Math.min(grid.stride(), grid.steps() - done);
                run.advance(k);
                done += k;
                add(rows, row(done, run.observe(), grid), rowListener);
                if (recorder != null) {
                    run.finish();
                    recorder.record(done * grid.h(), state);
                }
                if (progress != null) progress.accept(done);
            }
            run.finish();
            return new Result(rows, run.newtonIterations(), run.maxNewtonIterations(), run.jacobianFactorisations(), (System.nanoTime() - start) * 1e-9);
        }
    }

    private static void add(List<Row> rows, Row row, Consumer<Row> listener) {
        rows.add(row);
        if (listener != null) listener.accept(row);
    }

    private static Row row(long step, Reduction.Result r, TimeGrid grid) {
        return new Row(step * grid.h(), step, r.ok(), r.stats(), r);
    }
}
