package org.geomech.engine;

import org.geomech.InputException;
import org.geomech.backend.Backend;
import org.geomech.expr.Expr;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * The one place that runs an ensemble and the one place where a step system becomes a backend's code
 * (docs/architecture.md). {@link #run} runs every step size of a {@link RunSpec} in turn, each as one launch of every
 * sweep point, with one of three strategies: held at once in memory, slab by slab, or slabs on an executor (Spark);
 * fresh or resumed from a checkpoint's {@link Progress}. What it produces goes to a {@link Listener} as it comes, and
 * its checkpoints to a {@link Checkpointing}, both implemented above the engine (api, io). A compiled step's observers may
 * name values at t = 0 only where the step carries them.
 */
public final class Engine {
    private Engine() {}

    /**
     * Hears of a run as it goes: its rows as they come, each step size's results as its launch ends. Above the engine, the
     * API turns what it hears into its rows and the run's files are written from it (io.RunFiles, io.plot.RunPlots).
     */
    public interface Listener {
        /** Once, before the first step size: the observers' names (the rows' statistics, in order) and the state components' names. */
        default void columns(List<String> observers, List<String> components) {}

        /**
         * Once per step size, when the initial states exist (or, resumed, are read back) and before its first output:
         * how far consistency moved them, and the compiled step's flops per member-step.
         */
        default void started(InitialStates.Report consistency, long[] flops) {}

        /**
         * Every output row of every sweep point, in time order, with its launch's step size and its spread ([observer][min, std,
         * quantiles..., histogram...]; null where none is asked for).
         */
        default void output(StepSize stepSize, int point, EnsembleRun.Row row, double[][] spread) {}

        /** Steps done so far, summed over the step sizes. */
        default void progress(long stepsDone) {}

        /**
         * Once per step size as its launch ends, after its rows: its results; complete false where a stop signal ended it at a
         * checkpoint (its rows, trajectories and final states then stop there).
         */
        default void finished(StageResult stage, boolean complete) {}

        /**
         * Whether this listener keeps what it needs of a step size's final states and trajectories as it hears them
         * (finished, or in slabs each slab's final states as it finishes: finalStates; it writes them out). The engine then
         * keeps them no longer: neither the outcome nor a checkpoint holds a finished step size's, nor a finished slab's final
         * states, so memory holds one step size's at a time (in slabs, one slab's final states), and a resumed run's
         * finished step sizes are heard again without them (null: the listener has them from when they first finished).
         */
        default boolean takesStates() { return false; }

        /**
         * Where this listener takes states, a step size run in slabs hands it their final states as they finish, in member
         * order, instead of in finished: those of launch members first .. first + count - 1 (padding included: the plan tells
         * which), member-major, every component. The members before first were heard before, here or (resumed) by the run
         * this one goes on from; what that run heard from first on is not in its checkpoint and is heard again. Not where failed
         * members are retried: their retries' final states replace theirs after the last slab.
         */
        default void finalStates(StepSize stepSize, long first, int count, double[] states) {}
    }

    /** Where a run's checkpoints go. */
    public interface Checkpointing {
        /** The checkpoints of a launch held at once over grid; progress gives what a checkpoint holds beside each snapshot. */
        EnsembleRun.Checkpoints launch(TimeGrid grid, Function<EnsembleRun.Snapshot, Progress> progress);

        /** Saves the progress of a run in slabs; true where the run is asked to stop. */
        boolean save(Progress progress);

        /** Removes the checkpoint: a fresh run leaves no earlier run's to resume, and a finished run needs none. */
        void clear();
    }

    /** A checkpoint to go on from: its progress, and what fills an ensemble with the states it holds (a launch held at once). */
    public record Resume(Progress progress, Consumer<EnsembleState> readState) {}

    /**
     * A launch's results: its step size, its points' rows, the members that failed (and still fail where retried), spread,
     * final states ([point][member][component]), trajectories, and the failed members run again (empty unless asked for).
     * Final states and trajectories are null once a listener took them (Listener.takesStates), in the outcome and replayed.
     */
    public record StageResult(StepSize stepSize, List<SweepRun.Point> points, List<MemberFailure> failures, List<double[][][]> spread,
                              double[][][] finalStates, Trajectories trajectories, EnsembleRun.Result run, List<Retries.Retried> retried) {
        /** These results without final states and trajectories (null), once a listener that takes them has heard them. */
        StageResult withoutStates() { return new StageResult(stepSize, points, failures, spread, null, null, run, retried); }

        /** A point's rows with their spread (quantiles at levels levels) filled in, as the listener heard them. */
        public List<EnsembleRun.Row> rows(int point, int levels) {
            List<EnsembleRun.Row> rows = points.get(point).rows();
            if (spread == null) return rows;
            List<EnsembleRun.Row> out = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) out.add(rows.get(i).withSpread(spread.get(i)[point], levels));
            return out;
        }
    }

    /** The results of every step size run; complete false where a stop signal ended the run early (its checkpoint holds the rest). */
    public record Outcome(List<StageResult> stages, InitialStates.Report consistency, double rankError, boolean complete, long[] flops) {}

    /** The step and its observers compiled for a backend; InputException (exit 2) when the backend cannot run here. */
    public static Backend.Compiled compile(Backend backend, StepSystem step, List<Observer> observers, NewtonOptions newton) {
        List<Expr> missing = Observers.missingInitialValues(step, observers);
        if (!missing.isEmpty()) throw new IllegalStateException("the observers name " + missing + ", which the step does not carry (Observers.carrying)");
        return backend.compile(step, observers, newton);
    }

    /** The step and its observers compiled once, to run states the caller holds (a study of one or a few members). */
    public static Stepping stepping(Backend backend, StepSystem step, List<Observer> observers, NewtonOptions newton) {
        return new Stepping(compile(backend, step, observers, newton));
    }

    /**
     * Runs every step size of spec in turn. checkpointing null: none; resume null: a fresh run, else a checkpoint of
     * this spec (its finished step sizes are heard again, the one under way goes on from the checkpoint).
     */
    public static Outcome run(RunSpec spec, Listener listener, Checkpointing checkpointing, Resume resume) {
        return new Stages(spec, listener, checkpointing, resume).run();
    }

    /** The compiled step and launch of step size stage of spec, in this JVM, as an executor runs its slabs (values kept exact). */
    public static SlabExecutor.Prepared prepare(RunSpec spec, int stage) {
        TimeGrid grid = spec.grid(spec.stages().get(stage));
        Launch launch = new Launch(spec.step(), spec.plan(), spec.initial(), spec.perturbation(), grid);
        return new SlabExecutor.Prepared(compile(spec.backend(), spec.step(), spec.observers(), spec.newton()), launch,
                spec.keep(spec.withSketch(0).spread(launch.params())));
    }

    /** A point's row that waits for its spread, which the recorder computes after the row. */
    private record Pending(int point, EnsembleRun.Row row) {}

    /** The step sizes of one run, in turn. */
    private static final class Stages {
        private final RunSpec spec;
        private final Listener listener;
        private final Checkpointing checkpointing;
        private final Progress resumed;
        private final Consumer<EnsembleState> readState;
        private final SweepPlan plan;
        private final List<StageResult> results = new ArrayList<>();
        private final List<Stage> finished = new ArrayList<>();
        private InitialStates.Report consistency;
        private long[] flops;
        /** The step compiled in this process, on first use: not where slabs (and the retries of their failed members) run on an executor. */
        private Backend.Compiled compiled;
        /** The first step size's state, allocated while the step compiles (null: none, or taken). */
        private StateAhead ahead;
        private double rankError;
        private long done;

        Stages(RunSpec spec, Listener listener, Checkpointing checkpointing, Resume resume) {
            this.spec = spec;
            this.listener = listener;
            this.checkpointing = checkpointing;
            this.resumed = resume == null ? null : resume.progress();
            this.readState = resume == null ? null : resume.readState();
            this.plan = spec.plan();
        }

        Outcome run() {
            listener.columns(spec.observers().stream().map(Observer::name).toList(), spec.step().layout().names());
            // a run resumed from slabs goes on in slabs (of the size it had, unless given)
            int slabMembers = spec.membersInMemory() != null ? spec.membersInMemory()
                    : resumed != null && resumed.slabs() != null ? resumed.slabs().stream().mapToInt(SlabRun.Slab::count).max().orElse(Reduction.BLOCK)
                    : spec.executor() != null ? (int) spec.executor().slabMembers(plan.launchMembers())
                    : plan.launchMembers();
            boolean slabs = plan.launchMembers() > slabMembers || resumed != null && resumed.slabs() != null || spec.executor() != null;
            // a fresh run held at once has its state allocated while its step compiles
            if (!slabs && resumed == null) ahead = StateAhead.of(spec.step().layout(), plan.launchMembers());
            // slabs on an executor are compiled there: their flops come back with them
            Backend.Compiled compiled = spec.executor() != null ? null : compiled();
            if (compiled != null) flops = compiled.flopsPerStep();
            boolean complete = true;
            for (StepSize stepSize : spec.stages()) {
                if (!complete) break;
                TimeGrid grid = spec.grid(stepSize);
                long before = done;
                done += grid.steps();
                if (resumed != null && stepSize.index() < resumed.stage()) replay(stepSize, grid, resumed.finished().get(stepSize.index()));
                else complete = slabs ? inSlabs(stepSize, grid, before, compiled, slabMembers) : atOnce(stepSize, grid, before, compiled);
            }
            if (complete && checkpointing != null) checkpointing.clear();
            return new Outcome(results, consistency, rankError, complete, flops());
        }

        // A step size finished before the checkpoint: its rows and results as they were, point by point; refused where the
        // checkpoint ran it at another step size
        private void replay(StepSize stepSize, TimeGrid grid, Stage s) {
            if (!stepSize.equals(s.stepSize()))
                throw new InputException("the checkpoint's step size " + (stepSize.index() + 1) + " is " + s.stepSize().label() + ", this run's "
                        + stepSize.label() + ": resume it with the step sizes it was started with");
            consistency = resumed.consistency();
            listener.started(consistency, flops());
            List<EnsembleRun.Row> rows = s.result().rows();
            // a finished step size is never the last, so h is shared: one step per tick
            List<SweepRun.Point> points = Retries.merge(SweepRun.points(plan, rows, s.failures(), grid.steps(), null), s.retried());
            for (int i = 0; i < rows.size(); i++)
                for (SweepRun.Point p : points) listener.output(stepSize, p.index(), p.rows().get(i), s.spread() == null ? null : s.spread().get(i)[p.index()]);
            double[][][] last = s.finalStates() == null ? null : Retries.finalStates(s.finalStates(), s.retried());
            heard(s, new StageResult(stepSize, points, Retries.stillFailing(s.failures(), s.retried()), s.spread(), last, s.trajectories(),
                    Retries.counters(s.result(), s.retried()), s.retried()), true);
        }

        // A step size's results to the listener, then kept for the outcome and the checkpoints: without final states and
        // trajectories where the listener takes them
        private void heard(Stage stage, StageResult result, boolean complete) {
            listener.finished(result, complete);
            boolean taken = listener.takesStates();
            finished.add(taken ? stage.withoutStates() : stage);
            results.add(taken ? result.withoutStates() : result);
        }

        // One step size in slabs, here or on the executor; false where a stop signal ended it between slabs
        private boolean inSlabs(StepSize stepSize, TimeGrid grid, long before, Backend.Compiled compiled, int slabMembers) {
            int stage = stepSize.index();
            Launch launch = new Launch(spec.step(), plan, spec.initial(), spec.perturbation(), grid);
            Spread spread = spec.spread(launch.params());
            SlabRun.Keep keep = spec.keep(spread);
            boolean handOn = keep.finalStates() && listener.takesStates() && spec.retries() == 0;
            SlabsDone done = resumedSlabs(stage, spread, !handOn ? null : s -> listener.finalStates(stepSize, s.first(), s.count(), s.finalStates()));
            SlabRun.Finished saver = checkpointing == null ? d -> false
                    : d -> checkpointing.save(Progress.ofSlabs(consistency(d.slabs()), finished, stage, d.slabs(), d.sketches()));
            LongConsumer progress = m -> listener.progress(before + grid.steps() * m / launch.members());
            SlabRun.Outcome o = done.slabs().isEmpty() && saver.stop(done) ? null
                    : spec.executor() != null ? onExecutor(stage, launch, keep, slabMembers, done, saver, progress)
                    : SlabRun.stream(compiled, launch, slabMembers, keep, progress, done, saver);
            if (o == null) {   // stopped by a signal between slabs: the checkpoint holds the slabs done; no rows yet
                consistency = consistency(done.slabs());
                listener.started(consistency, flops());
                return false;
            }
            consistency = o.consistency();
            listener.started(consistency, flops());
            List<Retries.Retried> retried = spec.retries() == 0 || o.failures().isEmpty() ? List.of()
                    : spec.executor() != null ? spec.executor().retry(spec.recipes().apply(stage), o.failures(), spec.retries())
                    : Retries.run(compiled(), launch, o.failures(), spec.retries(), spread, paths());
            List<SweepRun.Point> points = Retries.merge(SweepRun.points(plan, o.result().rows(), o.failures(), o.memberSteps()), retried);
            List<double[][][]> spreadTimes = spread == null ? null : spread.retrying() ? spread.merge(retried, o.result().rows().size()) : o.spread();
            for (int i = 0; i < o.result().rows().size(); i++)
                for (SweepRun.Point p : points) listener.output(stepSize, p.index(), p.rows().get(i), spread == null ? null : spreadTimes.get(i)[p.index()]);
            if (spread != null) rankError = Math.max(rankError, spread.rankError());
            Trajectories recorded = o.trajectories() == null ? null
                    : Retries.trajectories(Trajectories.of(o.result().rows(), keep.trajectoryMembers(), o.trajectories()), retried, plan);
            // handed on slab by slab, the final states are the listener's already
            double[][][] last = handOn ? null : o.finalStates() != null ? o.finalStates() : new double[plan.points()][0][];
            heard(new Stage(stepSize, o.result(), o.failures(), recorded, spreadTimes, last, retried),
                    new StageResult(stepSize, points, Retries.stillFailing(o.failures(), retried), spreadTimes,
                            last == null ? null : Retries.finalStates(last, retried), recorded, Retries.counters(o.result(), retried), retried), true);
            return true;
        }

        // The slabs left on the executor, each taken as it comes back and followed by a checkpoint but the last; null where a
        // stop signal ended it between slabs
        private SlabRun.Outcome onExecutor(int stage, Launch launch, SlabRun.Keep keep, int slabMembers, SlabsDone done, SlabRun.Finished saver,
                                           LongConsumer progress) {
            if (done.members() > 0) progress.accept(done.members());
            boolean all = spec.executor().run(spec.recipes().apply(stage), done.remaining(launch.members(), slabMembers), slab -> {
                if (flops == null) flops = slab.flops();
                done.add(slab);
                progress.accept(done.members());
                return done.members() < launch.members() && saver.stop(done);
            });
            return all ? SlabRun.combine(done.slabs(), launch, keep) : null;
        }

        // One step size held at once; false where a stop signal ended it at a checkpoint
        private boolean atOnce(StepSize stepSize, TimeGrid grid, long before, Backend.Compiled compiled) {
            int stage = stepSize.index();
            boolean resuming = resumed != null && stage == resumed.stage();
            EnsembleState state;
            if (resuming) {
                state = new EnsembleState(spec.step().layout(), plan.launchMembers());
                readState.accept(state);
                consistency = resumed.consistency();
            } else {
                InitialStates.Report[] report = new InitialStates.Report[1];
                state = SweepRun.initialState(ahead == null ? new EnsembleState(spec.step().layout(), plan.launchMembers()) : ahead.get(), plan,
                        spec.initial(), spec.perturbation(), report);
                ahead = null;
                consistency = report[0];
                if (stage == 0 && checkpointing != null) checkpointing.clear();   // a fresh run leaves no earlier run's checkpoint to resume
            }
            listener.started(consistency, flops());
            Trajectories recorder = spec.trajectories() == null ? null
                    : resuming && resumed.trajectories() != null ? resumed.trajectories() : new Trajectories(spec.trajectoryMembers(), state.members());
            Spread spread = spec.spread(spec.step().paramValues(grid.h(), plan.shared()));
            if (spread != null && resuming) {
                if (spread.sketched() && spread.retrying()) spread.restore(resumed.sketches());
                else spread.restore(resumed.spread(), resumed.held());
            }
            // a row waits for its spread, which the recorder computes after the row; the rows of a checkpoint have theirs
            List<Pending> pending = new ArrayList<>();
            int[] heard = new int[plan.points()];
            boolean retrying = spec.retries() > 0;   // rows are heard when the retries are merged into them
            EnsembleRun.Recorder recorders = recorder == null && spread == null ? null : (t, st) -> {
                if (recorder != null) recorder.record(t, st);
                if (spread != null) {
                    spread.record(t, st);
                    for (Pending o : pending) listener.output(stepSize, o.point(), o.row(), spread.at(spread.recorded() - 1, o.point()));
                    pending.clear();
                }
            };
            InitialStates.Report moved = consistency;
            EnsembleRun.Checkpoints checkpoints = checkpointing == null ? null : checkpointing.launch(grid, snapshot -> new Progress(moved, finished, stage,
                    snapshot, recorder, spread == null ? null : spread.recordedTimes(), null, state.members(), state.components(),
                    spread != null && spread.sketched() && spread.retrying() ? spread.sketches() : null, spread == null ? List.of() : spread.held()));
            SweepRun.Result r = SweepRun.run(compiled, spec.step(), plan, state, grid, k -> listener.progress(before + k), recorders, (point, row) -> {
                int i = heard[point]++;
                if (retrying) return;
                if (spread == null) listener.output(stepSize, point, row, null);
                else if (i < spread.recorded()) listener.output(stepSize, point, row, spread.at(i, point));
                else pending.add(new Pending(point, row));
            }, resuming ? resumed.snapshot() : null, checkpoints);
            if (spread != null && !spread.retrying()) rankError = Math.max(rankError, spread.rankError());
            double[][][] last = new double[plan.points()][][];
            for (SweepRun.Point p : r.points())
                last[p.index()] = spec.keepFinalStates() != Boolean.FALSE ? finalStates(p.index(), state) : new double[0][];
            boolean complete = checkpoints == null || !checkpoints.stopping();
            List<Retries.Retried> retried = retrying && complete
                    ? Retries.run(compiled, new Launch(spec.step(), plan, spec.initial(), spec.perturbation(), grid), r.failures(), spec.retries(), spread, paths())
                    : List.of();
            List<SweepRun.Point> points = Retries.merge(r.points(), retried);
            // stopped at a checkpoint, a retrying spread summarises its rows so far without retries (the checkpoint holds what they need)
            List<double[][][]> spreadTimes = spread == null ? null : retrying ? spread.merge(retried, points.get(0).rows().size()) : spread.recordedTimes();
            if (spread != null && retrying) rankError = Math.max(rankError, spread.rankError());
            if (retrying)
                for (int i = 0; i < points.get(0).rows().size(); i++)
                    for (SweepRun.Point p : points) listener.output(stepSize, p.index(), p.rows().get(i), spread == null ? null : spreadTimes.get(i)[p.index()]);
            Trajectories paths = Retries.trajectories(recorder, retried, plan);
            heard(new Stage(stepSize, r.run(), r.failures(), paths, spreadTimes, last, retried),
                    new StageResult(stepSize, points, Retries.stillFailing(r.failures(), retried), spreadTimes, Retries.finalStates(last, retried), paths,
                            Retries.counters(r.run(), retried), retried), complete);
            return complete;
        }

        // the launch indices of the trajectory members, whose retries keep their states at every output
        private java.util.Set<Integer> paths() { return java.util.Set.copyOf(spec.trajectoryMembers()); }

        private Backend.Compiled compiled() {
            if (compiled == null) compiled = compile(spec.backend(), spec.step(), spec.observers(), spec.newton());
            return compiled;
        }

        // The flops per member-step: the compiled step's here, or those the executor's slabs brought back (compiled here where none came back yet)
        private long[] flops() {
            if (flops == null) flops = compiled().flopsPerStep();
            return flops;
        }

        // How far consistency moved the initial states: as a finished step size found, or as far as the slabs done found
        private InitialStates.Report consistency(List<SlabRun.Slab> slabs) {
            if (consistency != null) return consistency;
            double q = 0, v = 0;
            for (SlabRun.Slab s : slabs) {
                q = Math.max(q, s.maxPositionMove());
                v = Math.max(v, s.maxVelocityMove());
            }
            return new InitialStates.Report(q, v);
        }

        // The slabs a checkpoint of this step size holds (none: a fresh start), with the sketches they fed, handing their final
        // states to finalStates (null: kept); refused where the checkpoint is not of slabs, or summarised its quantiles otherwise than this run
        private SlabsDone resumedSlabs(int stage, Spread spread, Consumer<SlabRun.Slab> finalStates) {
            if (resumed == null || stage != resumed.stage()) return new SlabsDone(spread, List.of(), null, finalStates);
            if (resumed.slabs() == null)
                throw new InputException("the checkpoint holds a run held in memory at once; resume it with the heap it had (without --members-in-memory)");
            int kept = resumed.sketches() == null ? 0 : resumed.sketches().k(), asked = spread != null && spread.sketched() ? spec.sketch() : 0;
            if (kept != asked)
                throw new InputException("the checkpoint's quantiles are " + quantiles(kept) + ", this run's " + quantiles(asked)
                        + ": resume it with the --quantiles and the heap it was started with");
            return new SlabsDone(spread, resumed.slabs(), resumed.sketches(), finalStates);
        }

        private static String quantiles(int sketch) { return sketch == 0 ? "exact" : "sketched (sketch:" + sketch + ")"; }

        private double[][] finalStates(int point, EnsembleState state) {
            double[][] out = new double[plan.members()][state.components()];
            for (int j = 0; j < plan.members(); j++) state.gather(plan.first(point) + j, out[j]);
            return out;
        }
    }
}
