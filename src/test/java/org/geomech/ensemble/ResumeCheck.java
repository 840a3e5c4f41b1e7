package org.geomech.ensemble;

import org.geomech.engine.EnsembleRun;
import org.geomech.backend.Backend;
import org.geomech.method.StateLayout;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run stopped at a checkpoint and started again from it (a fresh ensemble, a freshly compiled
 * backend, as after a kill) gives bitwise the rows, final states, statuses and Newton counters of a run that never stopped.
 */
public final class ResumeCheck {
    /** Member BAD of the planar pendulum, h = 0.1, is pushed to fail after a few steps (SimdFailureTest's setup). */
    public static final int BAD = 5;
    public static final NewtonOptions OPTIONS = new NewtonOptions(1e-14, 50);

    private ResumeCheck() {}

    /** The perturbed ensemble of sim with member BAD sped up to 9.99 so that RATTLE's Newton fails on it at h = 0.1 after a few steps. */
    public static EnsembleState withFailingMember(Simulation sim) {
        EnsembleState all = sim.initialState(null);
        StateLayout layout = all.layout();
        double speed = 0;
        for (int i = 0; i < layout.n(); i++) speed = Math.hypot(speed, all.get(layout.vOffset() + i, BAD));
        for (int i = 0; i < layout.n(); i++) {
            all.set(layout.vOffset() + i, BAD, 9.99 / speed * all.get(layout.vOffset() + i, BAD));
            all.set(layout.pOffset() + i, BAD, 9.99 / speed * all.get(layout.pOffset() + i, BAD));
        }
        return all;
    }

    /** Runs start uninterrupted on backend, then stopped at each of stops and resumed; asserts bitwise equality. */
    public static void assertResumesBitwise(Backend backend, Simulation sim, List<Observer> observers, TimeGrid grid, EnsembleState start,
                                            long... stops) {
        EnsembleState whole = copy(start);
        EnsembleRun.Result expected = EnsembleRun.run(backend.compile(sim.step(), observers, OPTIONS), whole, sim.params(grid.h()), grid, null);
        assertNotEquals(EnsembleState.Status.OK, whole.status(BAD), "the forced member fails, so statuses cross the checkpoint");
        for (long stop : stops) {
            StopAt checkpoint = new StopAt(stop);
            EnsembleState first = copy(start);
            EnsembleRun.Result partial = EnsembleRun.run(backend.compile(sim.step(), observers, OPTIONS), first, sim.params(grid.h()), null, grid,
                    null, null, null, null, checkpoint);
            assertEquals(stop, checkpoint.snapshot.step(), "stopped where asked");
            assertTrue(partial.rows().size() < expected.rows().size(), "the stopped run has fewer rows");
            EnsembleState resumed = copy(checkpoint.state);
            EnsembleRun.Result rest = EnsembleRun.run(backend.compile(sim.step(), observers, OPTIONS), resumed, sim.params(grid.h()), null, grid,
                    null, null, null, checkpoint.snapshot, null);
            String at = backend.name() + ", resumed at step " + stop;
            assertArrayEquals(bits(expected.rows()), bits(rest.rows()), "every row's statistics, " + at);
            assertArrayEquals(bits(whole.data()), bits(resumed.data()), "final states, " + at);
            for (int j = 0; j < whole.members(); j++) {
                assertEquals(whole.status(j), resumed.status(j), "status of member " + j + ", " + at);
                assertEquals(whole.failedStep(j), resumed.failedStep(j), "failed step of member " + j + ", " + at);
            }
            assertEquals(expected.newtonIterations(), rest.newtonIterations(), "Newton iterations, " + at);
            assertEquals(expected.maxNewtonIterations(), rest.maxNewtonIterations(), "most Newton iterations, " + at);
            assertEquals(expected.jacobianFactorisations(), rest.jacobianFactorisations(), "Jacobian factorisations, " + at);
        }
    }

    /** Stops the run at one step, keeping the snapshot and a copy of the ensemble as a checkpoint file would. */
    private static final class StopAt implements EnsembleRun.Checkpoints {
        private final long stop;
        EnsembleRun.Snapshot snapshot;
        EnsembleState state;

        StopAt(long stop) { this.stop = stop; }

        @Override public long nextStop(long step) { return step < stop ? stop : Long.MAX_VALUE; }
        @Override public boolean due(long step) { return step == stop; }
        @Override public boolean stopping() { return snapshot != null; }

        @Override
        public void save(EnsembleRun.Snapshot s, EnsembleState at) {
            snapshot = s;
            state = copy(at);
        }
    }

    public static EnsembleState copy(EnsembleState from) {
        EnsembleState to = new EnsembleState(from.layout(), from.members());
        System.arraycopy(from.data(), 0, to.data(), 0, from.data().length);
        for (int j = 0; j < from.members(); j++) if (!from.ok(j)) to.fail(j, from.failedStep(j), from.status(j));
        return to;
    }

    /** Every row's step, ok count, and each observer's mean, max and msd, as bits. */
    public static long[] bits(List<EnsembleRun.Row> rows) {
        List<Long> out = new ArrayList<>();
        for (EnsembleRun.Row row : rows) {
            out.add(row.step());
            out.add((long) row.ok());
            out.add(Double.doubleToRawLongBits(row.t()));
            for (Statistics s : row.stats()) {
                out.add(Double.doubleToRawLongBits(s.mean()));
                out.add(Double.doubleToRawLongBits(s.max()));
                out.add(Double.doubleToRawLongBits(s.msd()));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    public static long[] bits(double[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) out[i] = Double.doubleToRawLongBits(values[i]);
        return out;
    }
}
