package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.TimeGrid;

/**
 * A step and its observers compiled once for a backend ({@link Engine#stepping}), run on states the caller holds over any
 * grid (any h, negative too), each run one {@link EnsembleRun}: what the studies of one or a few members need
 * (trajectories, step maps, order studies, crosschecks) without a compiled step of their own.
 */
public final class Stepping {
    private final Backend.Compiled compiled;

    Stepping(Backend.Compiled compiled) { this.compiled = compiled; }

    /**
     * Advances state in place over grid with the step's parameter values params (h first); the rows hold the observers'
     * statistics at every output time. stepsPerTick (null: one each) is each member's steps per step of the grid;
     * recorder (null: none) sees the state, current on the host, at every output time.
     */
    public EnsembleRun.Result run(EnsembleState state, double[] params, int[] stepsPerTick, TimeGrid grid, EnsembleRun.Recorder recorder) {
        return EnsembleRun.run(compiled, state, params, stepsPerTick, grid, null, recorder, null, null, null);
    }

    /** As above, one step per step of the grid, no recorder. */
    public EnsembleRun.Result run(EnsembleState state, double[] params, TimeGrid grid) { return run(state, params, null, grid, null); }
}
