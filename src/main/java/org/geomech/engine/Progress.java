package org.geomech.engine;

import org.geomech.ensemble.InitialStates;

import java.util.List;

/**
 * How far a run has come, as a checkpoint keeps it: how far consistency moved the initial states, the step sizes
 * finished, the index of the one under way and, for it, either a snapshot of the launch held at once (with its
 * trajectories and spread so far, and the size of its ensemble, whose arrays a checkpoint stores beside) or the slabs
 * done (slabs not null, no ensemble) with, where quantiles are summarised by sketches, the summaries the slabs fed
 * (sketches; null otherwise).
 */
public record Progress(InitialStates.Report consistency, List<Stage> finished, int stage, EnsembleRun.Snapshot snapshot, Trajectories trajectories,
                       List<double[][][]> spread, List<SlabRun.Slab> slabs, int members, int components, Spread.Sketches sketches) {
    public Progress {
        finished = List.copyOf(finished);
        spread = spread == null ? null : List.copyOf(spread);
        slabs = slabs == null ? null : List.copyOf(slabs);
    }

    /** Progress without sketches: a launch held at once, or slabs whose spread is exact or absent. */
    public Progress(InitialStates.Report consistency, List<Stage> finished, int stage, EnsembleRun.Snapshot snapshot, Trajectories trajectories,
                    List<double[][][]> spread, List<SlabRun.Slab> slabs, int members, int components) {
        this(consistency, finished, stage, snapshot, trajectories, spread, slabs, members, components, null);
    }

    /** The progress of a step size run in slabs: the slabs finished so far and the sketches they fed (null: none), no ensemble. */
    public static Progress ofSlabs(InitialStates.Report consistency, List<Stage> finished, int stage, List<SlabRun.Slab> slabs, Spread.Sketches sketches) {
        return new Progress(consistency, finished, stage, new EnsembleRun.Snapshot(0, List.of(), 0, 0, 0, 0, new double[0]), null, null, slabs, 0, 0,
                sketches);
    }
}
