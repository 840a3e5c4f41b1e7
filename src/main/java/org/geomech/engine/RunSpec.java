package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.ensemble.Bins;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.StepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Everything the engine needs to run an ensemble: the step (carrying the plan's per-member values), the plan, the
 * backend and observers, the initial states, the step sizes (shared or per member, as the plan carries them) and time span, the statistics beyond the block reductions
 * (quantile levels, the histogram's bins or null, whether a spread is kept at all, sketch size K or 0 for exact), which members' trajectories to keep
 * (null: none) and whether to keep final states (null: where the launch is held at once), and where the members run:
 * at most membersInMemory at once (null: the whole launch), or on an executor (null: this process) whose recipes rebuild
 * a step size's launch; retries: how many halvings of h a failed member is run again with (0: none; Retries).
 */
public record RunSpec(SweepPlan plan, StepSystem step, Backend backend, List<Observer> observers, NewtonOptions newton, InitialStates initial,
                      InitialStates.Perturbation perturbation, StepSizes stepSizes, double tEnd, double outputInterval, double[] quantileLevels,
                      Bins bins, boolean spread, int sketch, List<Integer> trajectories, Boolean keepFinalStates, Integer membersInMemory,
                      SlabExecutor executor, IntFunction<SlabExecutor.Recipe> recipes, int retries) {
    /** The launches run in turn, by their step size (StepSizes.stages): the shared ones, or the one launch of h per member. */
    public List<StepSize> stages() { return stepSizes.stages(); }

    /** The time grid of a launch to tEnd, with outputs every outputInterval. */
    public TimeGrid grid(StepSize stage) { return stage.grid(tEnd, outputInterval); }

    /** The most output rows of any step size. */
    public long outputs() {
        long most = 0;
        for (StepSize s : stages()) most = Math.max(most, grid(s).rows());
        return most;
    }

    /** The launch indices of the trajectory members, point by point (empty where none are kept). */
    public List<Integer> trajectoryMembers() {
        List<Integer> out = new ArrayList<>();
        if (trajectories != null) for (int p = 0; p < plan.points(); p++) for (int j : trajectories) out.add(plan.first(p) + j);
        return out;
    }

    /** This spec at a sketch size K (0: exact). */
    public RunSpec withSketch(int k) {
        return new RunSpec(plan, step, backend, observers, newton, initial, perturbation, stepSizes, tEnd, outputInterval, quantileLevels, bins, spread, k,
                trajectories, keepFinalStates, membersInMemory, executor, recipes, retries);
    }

    /** The spread of a launch with these parameters (null where none is asked for). */
    Spread spread(double[] params) { return spread ? new Spread(step, observers, params, plan, quantileLevels, bins, sketch, retries > 0) : null; }

    /** What each slab keeps: the spread's values, the trajectory members, the final states where asked. */
    SlabRun.Keep keep(Spread values) {
        return new SlabRun.Keep(values, trajectoryMembers().stream().mapToInt(Integer::intValue).toArray(), keepFinalStates == Boolean.TRUE);
    }
}
