package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observers;
import org.geomech.solve.NewtonOptions;

/**
 * The phases of a simd run as EnsembleRun makes them at 100 outputs (start, the observers at t = 0, batches of 1, 16
 * and 83 outputs), each phase's best time over ROUNDS runs of a fresh copy of the ensemble on one compiled backend of
 * THREADS threads: the batches alone, without the noise of whole runs on a shared machine (benchmarks/RESULTS.md
 * cites it as Phases6). Usage: RunPhases MEMBERS THREADS ROUNDS MODEL/METHOD [TICKS per output, default 4].
 */
public final class RunPhases {
    private RunPhases() {}

    public static void main(String[] args) {
        int members = Integer.parseInt(args[0]), threads = Integer.parseInt(args[1]), rounds = Integer.parseInt(args[2]);
        int ticks = args.length > 4 ? Integer.parseInt(args[4]) : 4;
        BenchmarkCase c = new BenchmarkCase(args[3], members);
        Backend.Compiled compiled = new SimdBackend(threads, 4096).compile(c.simulation.step(), Observers.standard(c.system), NewtonOptions.DEFAULT);
        double[] params = c.simulation.params(BenchmarkCase.H);
        double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        for (int r = 0; r < rounds; r++) {
            EnsembleState state = new EnsembleState(c.state.layout(), members);
            System.arraycopy(c.state.data(), 0, state.data(), 0, state.data().length);
            long t0 = System.nanoTime();
            try (Backend.Run run = compiled.start(state, params, null)) {
                long t1 = System.nanoTime();
                run.observe();
                long t2 = System.nanoTime();
                run.advanceObserving(1, ticks);
                long t3 = System.nanoTime();
                run.advanceObserving(16, ticks);
                long t4 = System.nanoTime();
                run.advanceObserving(83, ticks);
                long t5 = System.nanoTime();
                double[] phase = {(t1 - t0) * 1e-3, (t2 - t1) * 1e-3, (t3 - t2) * 1e-3, (t4 - t3) * 1e-3 / 16, (t5 - t4) * 1e-3 / 83};
                for (int i = 0; i < phase.length; i++) best[i] = Math.min(best[i], phase[i]);
            }
        }
        System.out.printf("members %d threads %d best us: start %.0f observe %.0f batch1 %.0f batch16/output %.1f batch83/output %.1f"
                + " -> member-steps/s %.3g%n", members, threads, best[0], best[1], best[2], best[3], best[4], members * ticks / (best[4] * 1e-6));
    }
}
