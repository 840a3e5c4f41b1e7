package org.geomech.backend.simd;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** DESIGN.md principle 5: the same inputs give bitwise the same results whatever the thread count or chunk size. */
class SimdDeterminismTest {
    @Test
    void statisticsAndStatesAreBitwiseIndependentOfThreadsAndChunks() {
        // lobatto-nh:3 on cvt: nonlinear Newton with per-lane iteration counts, sin and cos; 1000 perturbed members
        Simulation sim = SimdAgreementTest.perturbed("cvt", "lobatto-nh:3", 1000);
        TimeGrid grid = TimeGrid.of(0.1, 3, 0.5);
        long[] expectedRows = null, expectedStates = null;
        String first = null;
        for (int threads : new int[]{1, 2}) {
            for (int chunk : new int[]{8, 64, 4096}) {
                EnsembleState state = sim.initialState(null);
                EnsembleRun.Result r = sim.run(new SimdBackend(threads, chunk), NewtonOptions.DEFAULT, Observers.standard(Library.system("cvt")), grid, state, null);
                long[] rows = bits(r.rows()), states = bits(state.data());
                String config = threads + " threads, chunk " + chunk;
                if (first == null) {
                    first = config;
                    expectedRows = rows;
                    expectedStates = states;
                    assertEquals(1000, state.okCount(), "every member advances");
                } else {
                    assertArrayEquals(expectedRows, rows, "statistics of every row: " + config + " against " + first);
                    assertArrayEquals(expectedStates, states, "final states: " + config + " against " + first);
                }
            }
        }
    }

    @Test
    void runsAtOnceShareTheWorkersAndGiveBitwiseWhatEachGivesAlone() throws Exception {
        // every simd run's workers are threads of one pool (Workers): four runs of lobatto-nh:2 on chaotic-nh
        // (2 threads each), two of them different ensembles, started together from four threads
        Simulation[] sims = {SimdAgreementTest.perturbed("chaotic-nh", "lobatto-nh:2", 1000), SimdAgreementTest.perturbed("chaotic-nh", "lobatto-nh:2", 777)};
        TimeGrid grid = TimeGrid.of(0.05, 5, 0.25);
        long[][] alone = new long[sims.length][];
        for (int k = 0; k < sims.length; k++) alone[k] = bits(run(sims[k], grid));
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<long[]>> together = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Simulation sim = sims[i % 2];
                together.add(callers.submit(() -> bits(run(sim, grid))));
            }
            for (int i = 0; i < 4; i++) assertArrayEquals(alone[i % 2], together.get(i).get(), "run " + i + " against the same run alone");
        } finally {
            callers.shutdownNow();
        }
    }

    private static List<EnsembleRun.Row> run(Simulation sim, TimeGrid grid) {
        return sim.run(new SimdBackend(2, 64), NewtonOptions.DEFAULT, Observers.standard(Library.system("chaotic-nh")), grid, sim.initialState(null), null).rows();
    }

    /** Every row's ok count, and each observer's mean, max and msd, as bits. */
    private static long[] bits(List<EnsembleRun.Row> rows) {
        List<Long> out = new ArrayList<>();
        for (EnsembleRun.Row row : rows) {
            out.add((long) row.ok());
            for (Statistics s : row.stats()) {
                out.add(Double.doubleToRawLongBits(s.mean()));
                out.add(Double.doubleToRawLongBits(s.max()));
                out.add(Double.doubleToRawLongBits(s.msd()));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long[] bits(double[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) out[i] = Double.doubleToRawLongBits(values[i]);
        return out;
    }
}
