package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.SweepPlan;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A launch run slab by slab: each slab is a range of whole Reduction blocks whose members are made, advanced over the
 * whole grid by EnsembleRun and observed on their own (in one process after another, or on Spark executors), keeping the
 * block partials of every output row and, where asked, its members' observer values (for min, std and quantiles), the
 * states of the trajectory members in it and its final states. Slabs are combined in block order, so every statistic
 * is bitwise that of the whole launch run at once, whatever the slabs: the partial sums merge in member order and the
 * spread is computed from the same values in the same order (Spread.add), or, where it is summarised by sketches, fed
 * with them in launch order (Spread.feed), whatever order the slabs finish in (SlabsDone).
 */
public final class SlabRun {
    /**
     * What a slab keeps besides its block partials: the spread whose observer values it records (null: none), the
     * launch members whose states it records at every output (empty: none), whether it keeps its final states.
     */
    public record Keep(Spread spread, int[] trajectoryMembers, boolean finalStates) {
        /** Block partials only. */
        public static final Keep PARTIALS = new Keep(null, new int[0], false);

        /** Keeps a copy of the trajectory members. */
        public Keep {
            trajectoryMembers = trajectoryMembers.clone();
        }

        boolean records() { return spread != null || trajectoryMembers.length > 0; }
    }

    /**
     * What one slab leaves: its first launch member and its size, per output row its time, step and the partials of its
     * blocks (Reduction.block's layout); its solver counters, its failed members, its member-steps per sweep point, the
     * largest moves consistency made to its initial states and its seconds; where kept, per row its members' observer
     * values (observer-major) and which of them were running, per row the states of the trajectory members in it
     * (their indices into Keep.trajectoryMembers in trajectoryIndex) and its final states (member-major); the compiled
     * step's flops per member-step (Backend.Compiled.flopsPerStep; null in a slab read back from a checkpoint).
     *
     * @param first                  the slab's first launch member
     * @param count                  its members
     * @param times                  the time of each output row
     * @param steps                  the step of each output row
     * @param partials               per output row the partial sums of its blocks
     * @param newtonIterations       Newton iterations (LU solves) summed over its member-steps
     * @param maxNewtonIterations    the most Newton iterations in one member-step
     * @param jacobianFactorisations Jacobian factorisations
     * @param failures               its failed members
     * @param memberSteps            member-steps per sweep point
     * @param maxPositionMove        the largest move consistency made to an initial position
     * @param maxVelocityMove        the largest move consistency made to an initial velocity
     * @param seconds                seconds spent stepping
     * @param values                 per output row its members' observer values, observer-major (null: not kept)
     * @param running                per output row which of its members were running (null: not kept)
     * @param trajectoryIndex        the indices into Keep.trajectoryMembers of the trajectory members in it
     * @param trajectories           per output row the states of those members
     * @param finalStates            its final states, member-major (null: not kept)
     * @param flops                  the compiled step's flops per member-step (null: read back from a checkpoint)
     * @serial exclude
     */
    public record Slab(long first, int count, double[] times, long[] steps, double[][] partials, long newtonIterations, int maxNewtonIterations,
                       long jacobianFactorisations, List<MemberFailure> failures, long[] memberSteps, double maxPositionMove, double maxVelocityMove,
                       double seconds, double[][] values, boolean[][] running, int[] trajectoryIndex, double[][] trajectories,
                       double[] finalStates, long[] flops) implements Serializable {
        /** Keeps a copy of the failures. */
        public Slab {
            failures = List.copyOf(failures);
        }

        int firstBlock() { return (int) (first / Reduction.BLOCK); }

        /** This slab without its observer values, once they have been fed to the sketches. */
        Slab withoutValues() {
            return new Slab(first, count, times, steps, partials, newtonIterations, maxNewtonIterations, jacobianFactorisations, failures, memberSteps,
                    maxPositionMove, maxVelocityMove, seconds, null, null, trajectoryIndex, trajectories, finalStates, flops);
        }

        /** This slab without its final states, once a listener has taken them (SlabsDone). */
        Slab withoutFinalStates() {
            return new Slab(first, count, times, steps, partials, newtonIterations, maxNewtonIterations, jacobianFactorisations, failures, memberSteps,
                    maxPositionMove, maxVelocityMove, seconds, values, running, trajectoryIndex, trajectories, null, flops);
        }
    }

    /**
     * The whole launch from its slabs: the rows (with their block partials, to be split by sweep point) and counters, the
     * failures in launch order, the member-steps per point, how far consistency moved the initial states; the spread
     * at every output time ([time][point][observer][min, std, quantiles], null where none was kept), the trajectories
     * ([time][Keep.trajectoryMembers index][component], null where none) and the final states ([point][member][component],
     * null where not kept, or handed on slab by slab as the slabs finished: SlabsDone).
     */
    public record Outcome(EnsembleRun.Result result, List<MemberFailure> failures, long[] memberSteps, InitialStates.Report consistency,
                          List<double[][][]> spread, double[][][] trajectories, double[][][] finalStates) {}

    private SlabRun() {}

    /** The slabs of an ensemble of members, each slabMembers (rounded up to whole blocks) or fewer: their first members and sizes. */
    public static List<long[]> slabs(long members, long slabMembers) {
        long size = Math.max(1, (slabMembers + Reduction.BLOCK - 1) / Reduction.BLOCK) * Reduction.BLOCK;
        List<long[]> out = new ArrayList<>();
        for (long first = 0; first < members; first += size) out.add(new long[]{first, Math.min(size, members - first)});
        return out;
    }

    /** Makes launch members first .. first + count - 1 (first a multiple of Reduction.BLOCK) and runs them over the launch's grid. */
    public static Slab slab(Backend.Compiled compiled, Launch launch, long first, int count, Keep keep) {
        if (first % Reduction.BLOCK != 0) throw new IllegalArgumentException("a slab starts at a whole block, not at member " + first);
        long start = System.nanoTime();
        SweepPlan plan = launch.plan();
        InitialStates.Report[] report = new InitialStates.Report[1];
        EnsembleState state = launch.slice(first, count, report);
        int[] perTick = launch.stepsPerTick(state);
        List<Integer> mine = new ArrayList<>();
        for (int i = 0; i < keep.trajectoryMembers().length; i++) {
            long g = keep.trajectoryMembers()[i];
            if (g >= first && g < first + count) mine.add(i);
        }
        int[] trajectoryIndex = mine.stream().mapToInt(Integer::intValue).toArray();
        List<double[]> values = new ArrayList<>(), trajectories = new ArrayList<>();
        List<boolean[]> running = new ArrayList<>();
        boolean sketched = keep.spread() != null && keep.spread().sketched();
        int[] fed = {0};
        EnsembleRun.Recorder recorder = !keep.records() ? null : (t, s) -> {
            if (sketched) keep.spread().feed(fed[0]++, keep.spread().values(s), Spread.ok(s), first);
            else if (keep.spread() != null) {
                values.add(keep.spread().values(s));
                running.add(Spread.ok(s));
            }
            if (trajectoryIndex.length > 0) trajectories.add(states(s, keep.trajectoryMembers(), trajectoryIndex, first));
        };
        EnsembleRun.Result r = EnsembleRun.run(compiled, state, launch.params(), perTick, launch.grid(), null, recorder, null, null, null);
        int rows = r.rows().size();
        double[] times = new double[rows];
        long[] steps = new long[rows];
        double[][] partials = new double[rows][];
        for (int i = 0; i < rows; i++) {
            EnsembleRun.Row row = r.rows().get(i);
            times[i] = row.t();
            steps[i] = row.step();
            partials[i] = row.reduction().partials();
        }
        long reached = steps[rows - 1];
        List<MemberFailure> failures = new ArrayList<>();
        long[] memberSteps = new long[plan.points()];
        for (int j = 0; j < count; j++) {
            int g = Math.toIntExact(first + j);
            if (plan.padding(g)) continue;
            if (state.ok(j)) memberSteps[plan.point(g)] += reached * (perTick == null ? 1 : perTick[j]);
            else {
                failures.add(new MemberFailure(plan.point(g), plan.local(g), state.failedStep(j), state.status(j)));
                memberSteps[plan.point(g)] += state.failedStep(j);
            }
        }
        double[] last = null;
        if (keep.finalStates()) {
            last = new double[count * state.components()];
            double[] one = new double[state.components()];
            for (int j = 0; j < count; j++) {
                state.gather(j, one);
                System.arraycopy(one, 0, last, j * one.length, one.length);
            }
        }
        return new Slab(first, count, times, steps, partials, r.newtonIterations(), r.maxNewtonIterations(), r.jacobianFactorisations(), failures,
                memberSteps, report[0].maxPositionMove(), report[0].maxVelocityMove(), (System.nanoTime() - start) * 1e-9,
                keep.spread() == null || sketched ? null : values.toArray(new double[0][]),
                keep.spread() == null || sketched ? null : running.toArray(new boolean[0][]),
                trajectoryIndex, trajectories.toArray(new double[0][]), last, compiled.flopsPerStep());
    }

    /** Hears of the slabs finished so far after each one (to save a checkpoint); true stops the run there. */
    interface Finished {
        boolean stop(SlabsDone done);
    }

    /** Runs a launch in slabs of at most slabMembers, one after another in this process; progress hears of the members done after each slab. */
    public static Outcome stream(Backend.Compiled compiled, Launch launch, long slabMembers, Keep keep, LongConsumer progress) {
        return stream(compiled, launch, slabMembers, keep, progress, new SlabsDone(keep.spread(), List.of(), null, null), done -> false);
    }

    /**
     * As above, going on after the slabs done (a checkpoint's) with the slabs they leave, in member order, telling finished
     * of every slab but the last; null when finished stops the run before its last slab.
     */
    static Outcome stream(Backend.Compiled compiled, Launch launch, long slabMembers, Keep keep, LongConsumer progress, SlabsDone done,
                          Finished finished) {
        if (progress != null && done.members() > 0) progress.accept(done.members());
        for (long[] s : done.remaining(launch.members(), slabMembers)) {
            done.add(slab(compiled, launch, s[0], (int) s[1], keep));
            if (progress != null) progress.accept(done.members());
            if (done.members() < launch.members() && finished.stop(done)) return null;
        }
        return combine(done.slabs(), launch, keep);
    }

    /** The whole launch from its slabs (in any order; they are put in block order; sketches fed by SlabsDone); keep as the slabs were run with. */
    public static Outcome combine(List<Slab> slabs, Launch launch, Keep keep) {
        List<Slab> ordered = new ArrayList<>(slabs);
        ordered.sort((a, b) -> Long.compare(a.first(), b.first()));
        SweepPlan plan = launch.plan();
        int members = launch.members(), blocks = Reduction.blocks(members), rows = ordered.get(0).partials().length;
        long at = 0;
        for (Slab s : ordered) {
            if (s.first() != at) throw new IllegalArgumentException("slabs leave a gap or overlap at member " + at);
            at += s.count();
        }
        if (at != members) throw new IllegalArgumentException("slabs cover " + at + " of " + members + " members");
        int stride = ordered.get(0).partials()[0].length / Reduction.blocks(ordered.get(0).count());
        int observers = (stride - 1) / Reduction.FIELDS;
        List<EnsembleRun.Row> out = new ArrayList<>();
        double[] all = new double[blocks * stride];
        for (int r = 0; r < rows; r++) {
            int pos = 0;
            for (Slab s : ordered) {
                System.arraycopy(s.partials()[r], 0, all, pos, s.partials()[r].length);
                pos += s.partials()[r].length;
            }
            Reduction.Result res = Reduction.combine(all, blocks, observers);
            out.add(new EnsembleRun.Row(ordered.get(0).times()[r], ordered.get(0).steps()[r], res.ok(), res.stats(), res));
        }
        long newton = 0, factorisations = 0;
        int most = 0;
        double seconds = 0, movedQ = 0, movedV = 0;
        long[] memberSteps = new long[plan.points()];
        List<MemberFailure> failures = new ArrayList<>();
        for (Slab s : ordered) {
            newton += s.newtonIterations();
            most = Math.max(most, s.maxNewtonIterations());
            factorisations += s.jacobianFactorisations();
            seconds += s.seconds();
            failures.addAll(s.failures());
            for (int p = 0; p < memberSteps.length; p++) memberSteps[p] += s.memberSteps()[p];
            movedQ = Math.max(movedQ, s.maxPositionMove());
            movedV = Math.max(movedV, s.maxVelocityMove());
        }
        return new Outcome(new EnsembleRun.Result(out, newton, most, factorisations, seconds), failures, memberSteps, new InitialStates.Report(movedQ, movedV),
                keep.spread() == null ? null : spread(ordered, keep.spread(), rows, members), trajectories(ordered, keep, rows),
                keep.finalStates() && ordered.stream().allMatch(s -> s.finalStates() != null) ? finalStates(ordered, plan) : null);
    }

    // The spread at every output time from the slabs' values joined in launch order: what Spread.record gives the whole launch;
    // sketches fed already, in member order, as the slabs came (SlabsDone)
    private static List<double[][][]> spread(List<Slab> ordered, Spread spread, int rows, int members) {
        if (spread.sketched()) {
            for (Slab s : ordered)
                if (s.values() != null) throw new IllegalStateException("the slab at member " + s.first() + " has not fed the sketches");
            if (!spread.retrying()) spread.close(rows);   // a retrying spread's merge closes them
            return spread.recordedTimes();
        }
        int observers = spread.observers();
        for (int r = 0; r < rows; r++) {
            double[] values = new double[observers * members];
            boolean[] running = new boolean[members];
            for (Slab s : ordered) {
                int first = Math.toIntExact(s.first());
                for (int o = 0; o < observers; o++) System.arraycopy(s.values()[r], o * s.count(), values, o * members + first, s.count());
                System.arraycopy(s.running()[r], 0, running, first, s.count());
            }
            spread.add(values, running);
        }
        return spread.recordedTimes();
    }

    // [time][trajectory member][component] from the slabs that hold the members
    private static double[][][] trajectories(List<Slab> ordered, Keep keep, int rows) {
        if (keep.trajectoryMembers().length == 0) return null;
        double[][][] out = new double[rows][keep.trajectoryMembers().length][];
        for (Slab s : ordered)
            for (int r = 0; r < rows && s.trajectoryIndex().length > 0; r++) {
                int components = s.trajectories()[r].length / s.trajectoryIndex().length;
                for (int k = 0; k < s.trajectoryIndex().length; k++)
                    out[r][s.trajectoryIndex()[k]] = Arrays.copyOfRange(s.trajectories()[r], k * components, (k + 1) * components);
            }
        return out;
    }

    // [point][member][component] of every member but the padding
    private static double[][][] finalStates(List<Slab> ordered, SweepPlan plan) {
        double[][][] out = new double[plan.points()][plan.members()][];
        for (Slab s : ordered) {
            int components = s.finalStates().length / s.count();
            for (int j = 0; j < s.count(); j++) {
                int g = Math.toIntExact(s.first() + j);
                if (!plan.padding(g)) out[plan.point(g)][plan.local(g)] = Arrays.copyOfRange(s.finalStates(), j * components, (j + 1) * components);
            }
        }
        return out;
    }

    // The states of the trajectory members among a slab's (indices into members), side by side
    private static double[] states(EnsembleState state, int[] members, int[] index, long first) {
        int components = state.components();
        double[] out = new double[index.length * components], one = new double[components];
        for (int k = 0; k < index.length; k++) {
            state.gather((int) (members[index[k]] - first), one);
            System.arraycopy(one, 0, out, k * components, components);
        }
        return out;
    }
}
