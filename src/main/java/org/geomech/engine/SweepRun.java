package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.MemberStepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.backend.Backend;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * One launch of a sweep plan at one step size: the step carries the per-member parameters
 * (StepSystem.withPerMember), the initial states are filled point by point, the backend advances the
 * whole launch, and each output row is split into the sweep points' own statistics. Where h varies per
 * member (MemberStepSizes), the grid is the output-interval grid and member j takes its own n_j steps per tick.
 */
public final class SweepRun {
    /** One sweep point: its axis values, its rows (statistics over its own members) and its counts. */
    public record Point(int index, Map<String, Double> values, List<EnsembleRun.Row> rows, int ok, int failed, long memberSteps) {}

    /** Every point, the launch's counters, its final state (launch member order, padding included) and failures. */
    public record Result(List<Point> points, EnsembleRun.Result run, EnsembleState state, List<MemberFailure> failures) {}

    private SweepRun() {}

    /** The step of a plan: the built step with the plan's per-member parameters carried in its state. */
    public static StepSystem step(StepSystem built, SweepPlan plan) { return built.withPerMember(plan.perMember()); }

    /** Initial states of every launch member of the plan for a step (from step(built, plan)). */
    public static EnsembleState initialState(StepSystem step, SweepPlan plan, InitialStates initial, InitialStates.Perturbation perturbation,
                                             InitialStates.Report[] report) {
        return initialState(new EnsembleState(step.layout(), plan.launchMembers()), plan, initial, perturbation, report);
    }

    /** As above, into state (every launch member of the plan, in the step's layout). */
    public static EnsembleState initialState(EnsembleState state, SweepPlan plan, InitialStates initial, InitialStates.Perturbation perturbation,
                                             InitialStates.Report[] report) {
        InitialStates.Report r = initial.fill(state, plan, perturbation);
        if (report != null) report[0] = r;
        return state;
    }

    /** Hears of each point's output row as soon as it exists. */
    public interface PointRows {
        /** Hears the output row of point. */
        void row(int point, EnsembleRun.Row row);
    }

    /** Runs the compiled step (of step(built, plan)) from the state over the grid; recorder as in EnsembleRun; rows may be null. */
    public static Result run(Backend.Compiled compiled, StepSystem step, SweepPlan plan, EnsembleState state, TimeGrid grid,
                             LongConsumer progress, EnsembleRun.Recorder recorder, PointRows rows) {
        return run(compiled, step, plan, state, grid, progress, recorder, rows, null, null);
    }

    /**
     * As above, from a snapshot (null: from t = 0; state is then the ensemble it holds), with checkpoints (null: none)
     * as EnsembleRun takes them; returns early with the rows so far when checkpoints is stopping. Where h varies per
     * member, grid is MemberStepSizes.ticks and each member's steps per tick come from the step size its state carries.
     */
    public static Result run(Backend.Compiled compiled, StepSystem step, SweepPlan plan, EnsembleState state, TimeGrid grid,
                             LongConsumer progress, EnsembleRun.Recorder recorder, PointRows rows, EnsembleRun.Snapshot from,
                             EnsembleRun.Checkpoints checkpoints) {
        int[] perTick = stepsPerTick(step, plan, state);
        EnsembleRun.Result r = EnsembleRun.run(compiled, state, step.paramValues(grid.h(), plan.shared()), perTick, grid, progress, recorder,
                rows == null ? null : row -> {
                    for (int p = 0; p < plan.points(); p++) rows.row(p, split(plan, p, row));
                }, from, checkpoints);
        long reached = r.rows().isEmpty() ? 0 : r.rows().get(r.rows().size() - 1).step();   // grid.steps() unless stopped early
        List<MemberFailure> failures = MemberFailure.of(plan, state);
        return new Result(points(plan, r.rows(), failures, reached, perTick), r, state, failures);
    }

    /**
     * Every point of a launch from its rows (split on the points' reduction blocks) and its failures: ok counts, and
     * member-steps with the ok members at step reached (times their steps per tick, perTick, where h varies per member).
     */
    public static List<Point> points(SweepPlan plan, List<EnsembleRun.Row> rows, List<MemberFailure> failures, long reached, int[] perTick) {
        long[] memberSteps = new long[plan.points()];
        for (int p = 0; p < plan.points(); p++)
            for (int j = 0; j < plan.members(); j++) memberSteps[p] += reached * (perTick == null ? 1 : perTick[plan.first(p) + j]);
        for (MemberFailure f : failures) memberSteps[f.point()] += f.step() - reached * (perTick == null ? 1 : perTick[plan.first(f.point()) + f.member()]);
        return points(plan, rows, failures, memberSteps);
    }

    /** Every point of a launch from its rows (split on the points' reduction blocks), its failures and its member-steps per point. */
    public static List<Point> points(SweepPlan plan, List<EnsembleRun.Row> rows, List<MemberFailure> failures, long[] memberSteps) {
        List<Point> points = new ArrayList<>();
        for (int p = 0; p < plan.points(); p++) {
            List<EnsembleRun.Row> pointRows = new ArrayList<>();
            for (EnsembleRun.Row row : rows) pointRows.add(split(plan, p, row));
            int failed = 0;
            for (MemberFailure f : failures) if (f.point() == p) failed++;
            points.add(new Point(p, plan.pointValues(p), pointRows, plan.members() - failed, failed, memberSteps[p]));
        }
        return points;
    }

    /** Each launch member's steps per tick, from the step size its state carries; null where h is shared. */
    public static int[] stepsPerTick(StepSystem step, SweepPlan plan, EnsembleState state) {
        if (plan.stepSizes() == null) return null;
        return plan.stepSizes().steps(state, step.layout().parameterOffset() + step.layout().parameters().indexOf(StepSystem.H));
    }

    // a launch row restricted to one point's reduction blocks
    private static EnsembleRun.Row split(SweepPlan plan, int point, EnsembleRun.Row row) {
        if (plan.points() == 1) return row;
        int[] blocks = plan.blocks(point);
        return row.blocks(blocks[0], blocks[1]);
    }
}
