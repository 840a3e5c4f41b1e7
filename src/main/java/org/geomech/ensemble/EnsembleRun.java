package org.geomech.ensemble;

import org.geomech.backend.Backend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Runs an ensemble on a compiled backend over a time grid: advances in output strides and records,
 * per output time, each observer's statistics across the ok members (failed members leave them).
 */
public final class EnsembleRun {
    /** One output row: time, step, ok members, then per observer mean, max, msd. */
    public record Row(double t, long step, int ok, List<Statistics> stats) {}

    /** Rows, the final observer values of every member, and solver counters. */
    public record Result(List<Row> rows, double[] finalValues, long newtonIterations, int maxNewtonIterations, double seconds) {}

    private EnsembleRun() {}

    /** progress receives the number of steps done after each stride. */
    public static Result run(Backend.Compiled compiled, EnsembleState state, double[] params, TimeGrid grid,
                             int observerCount, LongConsumer progress) {
        long start = System.nanoTime();
        int members = state.members();
        double[] initial = new double[observerCount * members], values = new double[observerCount * members];
        compiled.observe(state, params, initial);
        List<Row> rows = new ArrayList<>();
        rows.add(row(0, state, initial, initial, observerCount, grid));
        long done = 0;
        while (done < grid.steps()) {
            int k = (int) Math.min(grid.stride(), grid.steps() - done);
            compiled.advance(state, params, k, done);
            done += k;
            compiled.observe(state, params, values);
            rows.add(row(done, state, values, initial, observerCount, grid));
            if (progress != null) progress.accept(done);
        }
        return new Result(rows, values, compiled.newtonIterations(), compiled.maxNewtonIterations(), (System.nanoTime() - start) * 1e-9);
    }

    private static Row row(long step, EnsembleState state, double[] values, double[] initial, int observers, TimeGrid grid) {
        List<Statistics> stats = new ArrayList<>();
        for (int o = 0; o < observers; o++) stats.add(Statistics.of(values, initial, o * state.members(), state));
        return new Row(step * grid.h(), step, state.okCount(), stats);
    }
}
