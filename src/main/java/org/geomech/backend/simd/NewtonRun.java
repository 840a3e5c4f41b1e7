package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;

/** A step with unknowns: each worker's LaneStepper advances its lane-blocks as the plan's Newton says (SimdPlan.Newton.advance). */
final class NewtonRun extends SimdRun {
    private final SimdPlan.Newton plan;

    NewtonRun(EnsembleState state, LaneStepper[] steppers, SimdPlan.Newton plan, int chunk, int observers, int[] stepsPerTick) {
        super(state, steppers, chunk, observers, stepsPerTick);
        this.plan = plan;
    }

    @Override
    public void advance(int ticks) {
        long done = stepsDone;
        forEachBlock((t, first, count) -> plan.advance(steppers[t], state, first, count, ticks, done, stepsPerTick));
        stepsDone += ticks;
    }

    @Override
    double[] observe(double[] out) {
        int members = state.members(), blocks = Reduction.blocks(members);
        double[] partials = new double[blocks * (1 + Reduction.FIELDS * observers)];
        forEachBlock((t, first, count) -> steppers[t].observe(state, first, count, out, 0, members));
        parallel(blocks, (t, b) -> LaneReduction.block(b, out, 0, members, initial, members, observers, state, partials));
        return partials;
    }
}
