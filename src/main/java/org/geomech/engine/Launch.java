package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StepSystem;

/**
 * One launch at one step size: the step (with the plan's per-member parameters, and h where it varies per member, carried
 * in its state), the sweep plan, where members start, and the grid of outputs. Any range of whole reduction blocks of it
 * can be made and run on its own (a slab, a Spark partition) and gives its members bitwise what the whole launch gives them.
 */
public record Launch(StepSystem step, SweepPlan plan, InitialStates initial, InitialStates.Perturbation perturbation, TimeGrid grid) {
    /** Members in the launch, sweep points' padding included. */
    public int members() { return plan.launchMembers(); }

    /** The parameter values every member shares (h first where it is shared), as Backend.Compiled.start takes them. */
    public double[] params() { return step.paramValues(grid.h(), plan.shared()); }

    /** Launch members first .. first + count - 1, consistent, bitwise as the whole launch makes them; report receives how far consistency moved them. */
    public EnsembleState slice(long first, int count, InitialStates.Report[] report) {
        EnsembleState state = new EnsembleState(step.layout(), count);
        InitialStates.Report r = initial.fill(state, plan, first, perturbation);
        if (report != null) report[0] = r;
        return state;
    }

    /** Each member's steps per tick of a slice starting at launch member first (from the step size its state carries); null where h is shared. */
    public int[] stepsPerTick(EnsembleState slice) { return SweepRun.stepsPerTick(step, plan, slice); }
}
