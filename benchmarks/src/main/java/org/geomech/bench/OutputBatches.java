package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.TimeGrid;

import java.util.Arrays;

/**
 * In one JVM: a run made one output per dispatch (advance, then observe, as EnsembleRun did
 * before batches) against EnsembleRun's batches of outputs (Backend.Run.advanceObserving), alternating on one compiled
 * backend, so that the machine's load falls on both alike. h = 0.05, outputs every t_end/100. Prints the medians of the
 * last two thirds of the rounds. Usage: OutputBatches MODEL/METHOD BACKEND MEMBERS T_END ROUNDS.
 */
public final class OutputBatches {
    private OutputBatches() {}

    public static void main(String[] args) {
        RunArguments a = RunArguments.of(args);
        String model = a.model(), backend = a.backend();
        int members = a.members(), rounds = a.rounds();
        TimeGrid grid = a.grid();
        BenchmarkCase c = new BenchmarkCase(model, members);
        Backend.Compiled compiled = c.compile(backend);
        double[] params = c.simulation.params(BenchmarkCase.H);
        double[] single = new double[rounds], batched = new double[rounds], ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            try (Backend.Run run = compiled.start(copy(c.state), params, null)) {
                run.observe();
                for (long done = 0; done < grid.steps(); done += grid.stride()) {
                    run.advance((int) Math.min(grid.stride(), grid.steps() - done));
                    run.observe();
                }
                run.finish();
            }
            long t1 = System.nanoTime();
            EnsembleRun.run(compiled, copy(c.state), params, grid, null);
            long t2 = System.nanoTime();
            single[r] = members * (double) grid.steps() / ((t1 - t0) * 1e-9);
            batched[r] = members * (double) grid.steps() / ((t2 - t1) * 1e-9);
            ratio[r] = batched[r] / single[r];
        }
        System.out.printf("%s %s %d: one output per dispatch %.3g member-steps/s, batches %.3g, ratio %.3f%n", model, backend, members,
                median(single, rounds / 3), median(batched, rounds / 3), median(ratio, rounds / 3));
    }

    private static double median(double[] values, int skip) {
        double[] kept = Arrays.copyOfRange(values, skip, values.length);
        Arrays.sort(kept);
        return kept[kept.length / 2];
    }

    private static EnsembleState copy(EnsembleState from) {
        EnsembleState to = new EnsembleState(from.layout(), from.members());
        System.arraycopy(from.data(), 0, to.data(), 0, from.data().length);
        return to;
    }
}
