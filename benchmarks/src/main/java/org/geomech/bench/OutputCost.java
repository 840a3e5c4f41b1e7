package org.geomech.bench;

import org.geomech.backend.Backend;

import java.util.Arrays;

/**
 * Microseconds per output of 4 steps on one Run, three ways in turn in each round: one output
 * per dispatch (advance(4), observe()), 400 steps in one dispatch and one observe, and advanceObserving(100, 4).
 * Prints the medians of rounds 5 on. Usage: OutputCost MODEL/METHOD BACKEND MEMBERS ROUNDS.
 */
public final class OutputCost {
    private OutputCost() {}

    public static void main(String[] args) {
        BenchmarkCase c = new BenchmarkCase(args[0], Integer.parseInt(args[2]));
        Backend.Compiled compiled = c.compile(args[1]);
        int rounds = Integer.parseInt(args[3]), outputs = 100, ticks = 4;
        double[] single = new double[rounds], together = new double[rounds], batched = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            try (Backend.Run run = compiled.start(c.state, c.simulation.params(BenchmarkCase.H), null)) {
                run.observe();
                long t0 = System.nanoTime();
                for (int i = 0; i < outputs; i++) {
                    run.advance(ticks);
                    run.observe();
                }
                long t1 = System.nanoTime();
                run.advance(outputs * ticks);
                run.observe();
                long t2 = System.nanoTime();
                run.advanceObserving(outputs, ticks);
                long t3 = System.nanoTime();
                single[r] = (t1 - t0) * 1e-3 / outputs;
                together[r] = (t2 - t1) * 1e-3 / outputs;
                batched[r] = (t3 - t2) * 1e-3 / outputs;
            }
        }
        System.out.printf("%s %s %s: us per output: one output per dispatch %.0f, %d steps in one dispatch %.0f, advanceObserving(%d, %d) %.0f%n",
                args[0], args[1], args[2], median(single), outputs * ticks, median(together), outputs, ticks, median(batched));
    }

    private static double median(double[] values) {
        double[] kept = Arrays.copyOfRange(values, Math.min(4, values.length - 1), values.length);
        Arrays.sort(kept);
        return kept[kept.length / 2];
    }
}
