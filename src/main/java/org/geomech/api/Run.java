package org.geomech.api;

import org.geomech.engine.SlabExecutor;
import org.geomech.ensemble.Reduction;
import org.geomech.engine.MemoryPlan;
import org.geomech.engine.Launch;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Engine;
import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.engine.Spread;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.SweepPlan;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.TimeGrid;
import org.geomech.ensemble.Variation;
import org.geomech.io.Checkpoint;
import org.geomech.io.Scenario;
import org.geomech.io.Version;
import org.geomech.io.ScenarioDraft;
import org.geomech.io.Trajectories;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.engine.SlabRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;

/**
 * One simulation to configure and run: a model, a method, an ensemble, step sizes, a final time,
 * observers and a backend. The setters return this run, so a configuration reads as one expression;
 * {@link #run()} checks everything, runs every step size in turn and returns the {@link Results}.
 * Not thread-safe: configure, then run (as often as you like).
 */
public final class Run {
    /** Hears of a run as it goes: once it is set up, and at every output time of every sweep point. */
    public interface Listener {
        /**
         * Called for each step size once the step is compiled and the initial states exist, before the first step.
         *
         * @param setup the run's facts (backend, observers, components, consistency moves, flops); no series yet
         */
        default void started(Results setup) {}

        /**
         * Called at every output time, point by point, as soon as the statistics exist.
         *
         * @param row the statistics of one point at one time
         */
        default void output(Output row) {}
    }

    private final ScenarioDraft draft;
    private final Scenario scenario;
    private List<Double> stepSizes;
    private OptionalInt device = OptionalInt.empty();
    private List<Integer> trajectories;
    private LongConsumer progress = k -> {};
    private Listener listener = new Listener() {};
    private double[][] givenQ, givenV;
    private final Map<String, double[]> givenParameters = new LinkedHashMap<>();
    private Integer membersInMemory;
    private Boolean keepFinalStates;
    private SlabExecutor executor;
    private IntFunction<SlabExecutor.Recipe> recipes;
    private String quantiles = "auto";
    private Checkpoints checkpoints;
    private Path resumeFrom;

    private Run(ScenarioDraft draft, Scenario scenario) {
        this.draft = draft;
        this.scenario = scenario;
    }

    /**
     * A run of a model with the defaults: lobatto-nh:2 (lobatto-holonomic:2 with holonomic constraints),
     * one member at the model's default initial state, output every t_end/100, the reference backend.
     *
     * @param model the model
     * @return the run, to configure
     */
    public static Run of(Model model) {
        ScenarioDraft d = new ScenarioDraft();
        if (model.builtInName() != null) {
            d.builtIn(model.builtInName());
            d.structure.putAll(model.structureOptions());
        } else d.inlineModel = model.definition();
        return new Run(d, null);
    }

    /**
     * A run of a resolved scenario (a scenario file read by {@code ScenarioFile.read}, as the command line does).
     *
     * @param scenario the scenario
     * @return the run; stepSizes, device, trajectories and progress may still be set
     */
    public static Run of(Scenario scenario) { return new Run(null, scenario); }

    /**
     * @param name a method, e.g. "lobatto-nh:3", "rattle", "hbvm:2,2" ({@code geomech list} names them)
     * @return this run
     */
    public Run method(String name) { draft().method = name; return this; }

    /**
     * @param h one or several step sizes; each runs in turn
     * @return this run
     */
    public Run stepSizes(double... h) {
        List<Double> list = new ArrayList<>();
        for (double x : h) list.add(x);
        stepSizes = list;
        return this;
    }

    /**
     * Gives each member its own step size, in one launch: member j's h_j is kept where it divides the output interval
     * dt, else snapped down to dt / ceil(dt / h_j), and member j takes dt / h_j steps per output interval; t_end must be
     * a whole number of output intervals. The series then has h NaN; the final states carry each member's h.
     *
     * @param perMember an expression of j, N and J = max(N - 1, 1) ("0.01*(1+j/N)") or a seeded draw ("uniform(0.01, 0.02)",
     *                  "normal(mu, sigma, lo, hi, seed=7)", "lognormal(...)")
     * @return this run
     */
    public Run stepSize(String perMember) {
        draft().stepSizes("h", perMember);
        stepSizes = null;
        return this;
    }

    /**
     * @param tEnd the final time, a whole number of steps of every step size
     * @return this run
     */
    public Run until(double tEnd) { draft().tEnd = tEnd; return this; }

    /**
     * @param outputInterval the time between output rows (default t_end/100)
     * @return this run
     */
    public Run every(double outputInterval) { draft().outputInterval = outputInterval; return this; }

    /**
     * @param ensemble the members, their initial states and per-member parameters
     * @return this run
     */
    public Run ensemble(Ensemble ensemble) {
        ScenarioDraft d = draft();
        d.members = ensemble.members();
        d.qByName.putAll(ensemble.qByName());
        d.vByName.putAll(ensemble.vByName());
        d.parameters.putAll(ensemble.parameters());
        if (ensemble.seed() != null) {
            d.seed = ensemble.seed();
            d.sigma = ensemble.sigma();
        }
        return this;
    }

    /**
     * Adds an observer beside the standard ones (energy, and the constraint residuals g_pos, g_vel).
     *
     * @param name       its name
     * @param expression an expression of the coordinates, dot(x), p(x), lambda1, ... and the parameters
     * @return this run
     */
    public Run observer(String name, String expression) { draft().observers.put(name, expression); return this; }

    /**
     * @param name "reference" (default), "simd", "opencl" or "auto"
     * @return this run
     */
    public Run backend(String name) { draft().backend = name; return this; }

    /**
     * @param index the OpenCL device for the opencl and auto backends ({@code geomech devices} lists them)
     * @return this run
     */
    public Run device(int index) { device = OptionalInt.of(index); return this; }

    /**
     * Chooses the statistics of every observer kept in the rows: mean, max, msd (the default three),
     * min, std (the population standard deviation) and quantiles qP (P in percent: q5, q50, q99.9;
     * exact, from the sorted values). min, std and quantiles are computed on the host from the states
     * at each output time (Spread).
     *
     * @param names statistic names
     * @return this run
     */
    public Run statistics(String... names) { draft().statistics = List.of(names); return this; }

    /**
     * @param tolerance     the Newton tolerance (default 1e-12)
     * @param maxIterations the most Newton iterations per step (default 50)
     * @return this run
     */
    public Run newton(double tolerance, int maxIterations) {
        draft().newtonTolerance = tolerance;
        draft().newtonMaxIterations = maxIterations;
        return this;
    }

    /**
     * Chooses how each step's equations are solved.
     *
     * @param name "newton" (the default), "chord" (paper 000's chord iteration with the corrected approximates, for
     *             vi: methods), "chord-as-printed" (000's approximates as printed: it diverges, kept to show it),
     *             "chord-only-s4.6a-fixed" and "chord-only-s4.7a-fixed" (one of the two printed typos corrected) or
     *             "fixed-point" (paper 003's fixed-point iteration, for vrkmk and vcg)
     * @return this run
     */
    public Run iteration(String name) { draft().iteration = name; return this; }

    /**
     * Starts member j at the given position and velocity (made consistent with the constraints like any
     * initial state) instead of the ensemble's expressions; the ensemble's member count must match.
     *
     * @param q positions, [member][coordinate]
     * @param v velocities, [member][coordinate]
     * @return this run
     */
    public Run states(double[][] q, double[][] v) {
        givenQ = q.clone();
        givenV = v.clone();
        return this;
    }

    /**
     * Gives a model parameter one value per member (within each sweep point).
     *
     * @param name   the parameter's name
     * @param values member j's value at j
     * @return this run
     */
    public Run parameterValues(String name, double[] values) {
        givenParameters.put(name, values.clone());
        return this;
    }

    /**
     * Keeps the full state of these members (indices within each sweep point) at every output time.
     *
     * @param members member indices
     * @return this run
     */
    public Run trajectories(List<Integer> members) { trajectories = List.copyOf(members); return this; }

    /**
     * @param stepsDone receives the number of steps done so far, summed over the step sizes, after each output stride
     * @return this run
     */
    public Run progress(LongConsumer stepsDone) { progress = stepsDone; return this; }

    /**
     * @param listener hears of the run as it goes (for example to write rows while the run is still going)
     * @return this run
     */
    public Run listener(Listener listener) { this.listener = listener; return this; }

    /**
     * Holds at most this many members in memory (rounded up to whole blocks of 1024): a larger ensemble is made and
     * run slab by slab, each over the whole time span, with bitwise the statistics, spread, trajectories and final
     * states of the ensemble held at once, sweeps, parameters, step sizes and initial states per member included; its
     * checkpoints hold the slabs done. Final states are kept in slabs only where {@link #keepFinalStates(boolean)} asks.
     *
     * @param members members per slab, at least 1
     * @return this run
     */
    public Run membersInMemory(int members) {
        if (members < 1) throw new InputException("members in memory must be at least 1, got " + members);
        membersInMemory = members;
        return this;
    }

    /**
     * Runs every step size's slabs on an executor (a Spark cluster) instead of in this process: recipes gives, for a
     * step size's index, what rebuilds this run's launch there ({@link #prepare(int)} of the same configuration). The
     * results are bitwise those of the run in this process; no checkpoints.
     *
     * @param executor where the slabs run
     * @param recipes  a step size's index to the recipe of its launch
     * @return this run
     */
    public Run distributed(SlabExecutor executor, IntFunction<SlabExecutor.Recipe> recipes) {
        this.executor = executor;
        this.recipes = recipes;
        return this;
    }

    /**
     * Chooses how min, std and the quantiles are computed: "exact" (every member's values of an output sorted; in slabs
     * every output's values are kept until the last slab), "sketch" or "sketch:K" (fed in member order into summaries of
     * K values per level, 4096 by default: the exact minimum, std by Welford's recurrence, quantiles within the rank
     * error {@link Results#quantileRankError()} states), or "auto" (the default: exact where every output's values of
     * every member take at most a quarter of the heap, else a sketch). The same choice in memory and in slabs, so both
     * give bitwise the same.
     *
     * @param mode "auto", "exact", "sketch" or "sketch:K" (K even, at least 64)
     * @return this run
     */
    public Run quantiles(String mode) {
        MemoryPlan.sketch(mode, 0, 0, 0);
        quantiles = mode;
        return this;
    }

    /**
     * Whether {@link Series#finalStates()} holds every member's final state: a copy of the ensemble at the end, as large
     * as the ensemble itself, so a large run that needs none should say false. Unless set, they are kept where the
     * ensemble is held at once and not where it runs in slabs.
     *
     * @param keep true to keep them (in slabs too), false to keep none
     * @return this run
     */
    public Run keepFinalStates(boolean keep) { keepFinalStates = keep; return this; }

    /**
     * Writes checkpoints as the run goes (at t = 0, then as often as they say, and when their stop signal asks, after
     * which run() returns early with {@link Results#finished()} false); the file is deleted when the run finishes.
     *
     * @param checkpoints where, how often, and what to keep for the caller
     * @return this run
     */
    public Run checkpoints(Checkpoints checkpoints) { this.checkpoints = checkpoints; return this; }

    /**
     * Continues the run from a checkpoint that a run of the same inputs wrote: the finished step sizes' rows are heard
     * again, the interrupted one goes on from its last checkpoint, and the results are bitwise those of a run that
     * never stopped. A checkpoint of other inputs (model, method, members, sweep points, observers, statistics, backend) is refused.
     *
     * @param checkpoint the checkpoint file
     * @return this run
     */
    public Run resume(Path checkpoint) { resumeFrom = checkpoint; return this; }

    private ScenarioDraft draft() {
        if (draft == null) throw new IllegalStateException("a run of a scenario takes its settings from the scenario");
        return draft;
    }

    /** @return the scenario this run resolves to: every default applied, every value checked */
    public Scenario scenario() {
        if (scenario != null) return stepSizes == null ? scenario : withStepSizes(scenario, stepSizes);
        if (stepSizes != null) {
            draft.h = stepSizes;
            draft.hPerMember = null;
        }
        return draft.resolve();
    }

    private static Scenario withStepSizes(Scenario s, List<Double> h) {
        return new Scenario(s.model(), s.method(), h, s.tEnd(), s.outputInterval(), s.q0(), s.v0(), s.members(), s.perturbation(),
                s.observers(), s.statistics(), s.backend(), s.newton(), s.out(), s.variations(), null);
    }

    /**
     * Runs every step size in turn, every sweep point in one launch.
     *
     * @return the statistics, final states, trajectories and failures
     * @throws InputException for bad input, with a one-line message
     */
    public Results run() {
        Setup setup = setup();
        Scenario sc = setup.scenario();
        org.geomech.model.Model sys = setup.system();
        SweepPlan plan = setup.plan();
        StepSystem step = setup.step();
        Backend backend = setup.backend();
        List<Observer> observers = setup.observers();
        List<String> names = observers.stream().map(Observer::name).toList();
        if (executor != null && (checkpoints != null || resumeFrom != null))
            throw new InputException("a run on " + executor.describe() + " keeps no checkpoint: run it without --checkpoint-every");
        Checkpoint.Header resumed = resumeFrom == null ? null : Checkpoint.read(resumeFrom);
        // a run resumed from slabs goes on in slabs (of the size it had, unless given)
        int slabMembers = membersInMemory != null ? membersInMemory
                : resumed != null && resumed.slabs() != null ? resumed.slabs().stream().mapToInt(SlabRun.Slab::count).max().orElse(Reduction.BLOCK)
                : executor != null ? (int) executor.slabMembers(plan.launchMembers())
                : plan.launchMembers();
        boolean slabs = plan.launchMembers() > slabMembers || resumed != null && resumed.slabs() != null || executor != null;

        Backend.Compiled compiled = Engine.compile(backend, step, observers, sc.newton());
        InitialStates initial = setup.initial();
        String fingerprint = fingerprint(sc, step, plan, observers, backend);
        List<Series> series = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        List<Checkpoint.Stage> finished = new ArrayList<>();
        InitialStates.Report[] report = new InitialStates.Report[1];
        boolean complete = true;
        int sketch = setup.sketch();
        double rankError = 0;
        long done = 0;
        // h per member: one launch on the grid of output intervals, labelled h = NaN
        List<Double> stages = setup.stages();
        for (int stage = 0; stage < stages.size() && complete; stage++) {
            double h = stages.get(stage);
            TimeGrid grid = setup.grid(h);
            long before = done;
            done += grid.steps();
            if (resumed != null && stage < resumed.stage()) {
                // finished before the checkpoint: its rows and results as they were, point by point
                Checkpoint.Stage s = resumed.finished().get(stage);
                report[0] = resumed.consistency();
                listener.started(setup(backend, sys, step, names, report[0], compiled));
                List<MemberFailure> stageFailures = new ArrayList<>();
                for (Checkpoint.Failure f : s.failures())
                    if (!plan.padding(f.member())) stageFailures.add(new MemberFailure(plan.point(f.member()), plan.local(f.member()), f.step(), f.status()));
                List<EnsembleRun.Row> rows = s.result().rows();
                // a finished step size is never the last, so h is shared: one step per tick
                List<SweepRun.Point> points = SweepRun.points(plan, rows, stageFailures, grid.steps(), null);
                for (int i = 0; i < rows.size(); i++)
                    for (SweepRun.Point p : points) {
                        Output o = output(h, p.index(), p.rows().get(i));
                        listener.output(s.spread() == null ? o : withSpread(o, s.spread().get(i)[p.index()]));
                    }
                for (SweepRun.Point p : points)
                    series.add(series(h, p, names, sc, s.spread(), s.finalStates()[p.index()], trajectories(s.trajectories(), p.index()), s.result()));
                stageFailures.forEach(f -> failures.add(new Failure(h, f.point(), f.member(), f.step(), f.status().name().toLowerCase(Locale.ROOT))));
                finished.add(s);
                continue;
            }
            if (slabs) {
                Launch launch = new Launch(step, plan, initial, sc.perturbation(), grid);
                Spread spread = sc.needsSpread() ? new Spread(step, observers, launch.params(), plan, sc.quantileLevels(), sketch) : null;
                int[] kept = trajectories == null ? new int[0] : launchMembers(plan).stream().mapToInt(Integer::intValue).toArray();
                List<SlabRun.Slab> slabsDone = resumedSlabs(resumed, stage, fingerprint, spread);
                int at = stage;
                AtomicReference<List<SlabRun.Slab>> saved = new AtomicReference<>(slabsDone);   // the slabs of the last checkpoint
                SlabRun.Finished saver = checkpoints == null ? d -> false : d -> {
                    Checkpoint.write(checkpoints.file(), Checkpoint.Header.ofSlabs(Version.geomech(), fingerprint, checkpoints.arguments(),
                            checkpoints.scenarioText(), consistency(report[0], d), finished, at, d), null);
                    saved.set(List.copyOf(d));
                    return checkpoints.stop().getAsBoolean();
                };
                SlabRun.Outcome o = executor != null
                        ? SlabRun.combine(executor.run(recipes.apply(stage), SlabRun.slabs(launch.members(), slabMembers)), launch,
                        new SlabRun.Keep(spread, kept, keepFinalStates == Boolean.TRUE))
                        : slabsDone.isEmpty() && saver.stop(slabsDone) ? null
                        : SlabRun.stream(compiled, launch, slabMembers, new SlabRun.Keep(spread, kept, keepFinalStates == Boolean.TRUE),
                        m -> progress.accept(before + grid.steps() * m / launch.members()), slabsDone, saver);
                if (o == null) {   // stopped by a signal between slabs: the checkpoint holds the slabs done; no rows yet
                    report[0] = consistency(report[0], saved.get());
                    listener.started(setup(backend, sys, step, names, report[0], compiled));
                    complete = false;
                    continue;
                }
                report[0] = o.consistency();
                listener.started(setup(backend, sys, step, names, report[0], compiled));
                List<SweepRun.Point> points = SweepRun.points(plan, o.result().rows(), o.failures(), o.memberSteps());
                for (int i = 0; i < o.result().rows().size(); i++)
                    for (SweepRun.Point p : points) {
                        Output out = output(h, p.index(), p.rows().get(i));
                        listener.output(spread == null ? out : withSpread(out, o.spread().get(i)[p.index()]));
                    }
                if (spread != null) rankError = Math.max(rankError, spread.rankError());
                Trajectories recorded = o.trajectories() == null ? null : trajectories(o.result().rows(), kept, o.trajectories());
                double[][][] last = o.finalStates() != null ? o.finalStates() : new double[plan.points()][0][];
                for (SweepRun.Point p : points)
                    series.add(series(h, p, names, sc, o.spread(), last[p.index()], trajectories(recorded, p.index()), o.result()));
                List<Checkpoint.Failure> launchFailures = new ArrayList<>();
                for (MemberFailure f : o.failures()) {
                    failures.add(new Failure(h, f.point(), f.member(), f.step(), f.status().name().toLowerCase(Locale.ROOT)));
                    launchFailures.add(new Checkpoint.Failure(plan.first(f.point()) + f.member(), f.step(), f.status()));
                }
                finished.add(new Checkpoint.Stage(h, o.result(), launchFailures, recorded, o.spread(), last));
                continue;
            }
            boolean resuming = resumed != null && stage == resumed.stage();
            EnsembleState state;
            if (resuming) {
                if (!fingerprint.equals(resumed.fingerprint()))
                    throw new InputException("checkpoint " + resumeFrom + " does not match its run: it holds " + resumed.fingerprint() + ", its inputs give " + fingerprint);
                state = new EnsembleState(step.layout(), plan.launchMembers());
                Checkpoint.readState(resumeFrom, state);
                report[0] = resumed.consistency();
            } else {
                state = SweepRun.initialState(step, plan, initial, sc.perturbation(), report);
                if (stage == 0 && checkpoints != null) deleteCheckpoint();   // a fresh run leaves no earlier run's checkpoint to resume
            }
            listener.started(setup(backend, sys, step, names, report[0], compiled));
            Trajectories recorder = trajectories == null ? null
                    : resuming && resumed.trajectories() != null ? resumed.trajectories() : new Trajectories(launchMembers(plan), state.members());
            Spread spread = sc.needsSpread() ? new Spread(step, observers, step.paramValues(h, plan.shared()), plan, sc.quantileLevels(), sketch) : null;
            if (spread != null && resuming) spread.restore(resumed.spread());
            // a row waits for its spread, which the recorder computes after the row; the rows of a checkpoint have theirs
            List<Output> pending = new ArrayList<>();
            int[] heard = new int[plan.points()];
            EnsembleRun.Recorder recorders = recorder == null && spread == null ? null : (t, st) -> {
                if (recorder != null) recorder.record(t, st);
                if (spread != null) {
                    spread.record(t, st);
                    for (Output o : pending) listener.output(withSpread(o, spread.at(spread.recorded() - 1, o.point())));
                    pending.clear();
                }
            };
            int at = stage;
            InitialStates.Report consistency = report[0];
            CheckpointWriter writer = checkpoints == null ? null : new CheckpointWriter(checkpoints.file(), CheckpointEvery.parse(checkpoints.every()), grid,
                    snapshot -> new Checkpoint.Header(Version.geomech(), fingerprint, checkpoints.arguments(), checkpoints.scenarioText(), consistency,
                            finished, at, snapshot, recorder, spread == null ? null : spread.recordedTimes(), state.members(), state.components()),
                    checkpoints.stop());
            SweepRun.Result r = SweepRun.run(compiled, step, plan, state, grid, k -> progress.accept(before + k), recorders, (point, row) -> {
                Output o = output(h, point, row);
                int i = heard[point]++;
                if (spread == null) listener.output(o);
                else if (i < spread.recorded()) listener.output(withSpread(o, spread.at(i, point)));
                else pending.add(o);
            }, resuming ? resumed.snapshot() : null, writer);
            List<double[][][]> spreadTimes = spread == null ? null : spread.recordedTimes();
            if (spread != null) rankError = Math.max(rankError, spread.rankError());
            double[][][] last = new double[plan.points()][][];
            for (SweepRun.Point p : r.points()) {
                last[p.index()] = keepFinalStates != Boolean.FALSE ? finalStates(plan, p.index(), state) : new double[0][];
                series.add(series(h, p, names, sc, spreadTimes, last[p.index()], trajectories(recorder, p.index()), r.run()));
            }
            for (MemberFailure f : r.failures())
                failures.add(new Failure(h, f.point(), f.member(), f.step(), f.status().name().toLowerCase(Locale.ROOT)));
            complete = writer == null || !writer.stopping();
            finished.add(new Checkpoint.Stage(h, r.run(), Checkpoint.failures(state), recorder, spreadTimes, last));
        }
        if (complete && checkpoints != null) deleteCheckpoint();
        return new Results(backend.describe() + (executor == null ? "" : ", slabs on " + executor.describe()), sys.name(), step.method(), names,
                step.layout().names(), series, failures,
                report[0].maxPositionMove(), report[0].maxVelocityMove(), compiled.flopsPerStep(), complete,
                !sc.needsSpread() ? "none" : sketch > 0 ? "sketch" : "exact", rankError);
    }

    /** What every run of this configuration builds first: the scenario resolved, the model, plan, step, backend, observers, initial states. */
    private record Setup(Scenario scenario, org.geomech.model.Model system, SweepPlan plan, StepSystem step, Backend backend, List<Observer> observers,
                         InitialStates initial, int sketch) {
        // the grid of a step size (NaN where h varies per member)
        TimeGrid grid(double h) {
            return plan.stepSizes() == null ? TimeGrid.of(h, scenario.tEnd(), scenario.outputInterval()) : plan.stepSizes().ticks(scenario.tEnd());
        }

        // the step sizes run in turn: one launch labelled NaN where h varies per member
        List<Double> stages() { return plan.stepSizes() == null ? scenario.h() : List.of(Double.NaN); }
    }

    private Setup setup() {
        Scenario sc = scenario();
        org.geomech.model.Model sys = sc.model().build();
        SweepPlan plan = plan(sc, sys);
        StepSystem built = Methods.parse(sc.method()).build(sys);
        StepSystem step = SweepRun.step(built, plan);
        Backend backend = Backends.named(sc.backend(), device);
        List<Observer> observers = new ArrayList<>(Observers.standard(sys, built.layout()));
        for (Map.Entry<String, String> e : sc.observers().entrySet()) observers.add(Observers.parse(step, e.getKey(), e.getValue()));
        if (trajectories != null)
            for (int j : trajectories)
                if (j < 0 || j >= plan.members()) throw new InputException("trajectories: member " + j + " is not in 0.." + (plan.members() - 1));
        InitialStates initial = givenQ != null ? new InitialStates(sys, givenQ, givenV) : new InitialStates(sys, sc.q0(), sc.v0());
        if (backend.initialStates() != null) initial = initial.projectedBy(backend.initialStates());
        Setup partial = new Setup(sc, sys, plan, step, backend, observers, initial, 0);
        long outputs = 0;
        for (double h : partial.stages()) outputs = Math.max(outputs, partial.grid(h).rows());
        int sketch = sc.needsSpread() ? MemoryPlan.sketch(quantiles, plan.launchMembers(), outputs, observers.size()) : 0;
        return new Setup(sc, sys, plan, step, backend, observers, initial, sketch);
    }

    /**
     * Builds this run's launch at step size stage (an index into its step sizes) in this JVM, as a SlabExecutor runs its
     * slabs: the compiled step, the launch, and what each slab keeps (the spread's values, whether it is exact or sketched
     * where the run is joined, the trajectory members, the final states where asked).
     *
     * @param stage the step size's index
     * @return the launch prepared
     */
    public SlabExecutor.Prepared prepare(int stage) {
        Setup setup = setup();
        double h = setup.stages().get(stage);
        TimeGrid grid = setup.grid(h);
        Launch launch = new Launch(setup.step(), setup.plan(), setup.initial(), setup.scenario().perturbation(), grid);
        Spread values = setup.scenario().needsSpread()
                ? new Spread(setup.step(), setup.observers(), launch.params(), setup.plan(), setup.scenario().quantileLevels()) : null;
        int[] kept = trajectories == null ? new int[0] : launchMembers(setup.plan()).stream().mapToInt(Integer::intValue).toArray();
        return new SlabExecutor.Prepared(Engine.compile(setup.backend(), setup.step(), setup.observers(), setup.scenario().newton()), launch,
                new SlabRun.Keep(values, kept, keepFinalStates == Boolean.TRUE));
    }

    // How far consistency moved the initial states: as a finished step size found, or as far as the slabs done found
    private static InitialStates.Report consistency(InitialStates.Report finished, List<SlabRun.Slab> slabs) {
        if (finished != null) return finished;
        double q = 0, v = 0;
        for (SlabRun.Slab s : slabs) {
            q = Math.max(q, s.maxPositionMove());
            v = Math.max(v, s.maxVelocityMove());
        }
        return new InitialStates.Report(q, v);
    }

    // The slabs a checkpoint of this step size holds (none: a fresh start); refused where the checkpoint is not of slabs of this
    // run, or where the run summarises quantiles by sketches, whose state a checkpoint does not keep
    private List<SlabRun.Slab> resumedSlabs(Checkpoint.Header resumed, int stage, String fingerprint, Spread spread) {
        if (checkpoints != null && spread != null && spread.sketched())
            throw new InputException("quantile sketches are not kept in checkpoints of slabs: with --checkpoint-every, use --quantiles exact,"
                    + " or fewer members per output");
        if (resumed == null || stage != resumed.stage()) return List.of();
        if (!fingerprint.equals(resumed.fingerprint()))
            throw new InputException("checkpoint " + resumeFrom + " does not match its run: it holds " + resumed.fingerprint() + ", its inputs give " + fingerprint);
        if (resumed.slabs() == null)
            throw new InputException("checkpoint " + resumeFrom + " holds a run held in memory at once; resume it with the heap it had (without --members-in-memory)");
        return resumed.slabs();
    }

    // The facts of a run before its first step
    private static Results setup(Backend backend, org.geomech.model.Model sys, StepSystem step, List<String> names, InitialStates.Report report,
                                 Backend.Compiled compiled) {
        return new Results(backend.describe(), sys.name(), step.method(), names, step.layout().names(), List.of(), List.of(),
                report.maxPositionMove(), report.maxVelocityMove(), compiled.flopsPerStep(), true, "none", 0);
    }

    // A sweep point's series: its rows with their spread (null: none asked for), its final states, trajectories and counters
    private static Series series(double h, SweepRun.Point p, List<String> names, Scenario sc, List<double[][][]> spread, double[][] finalStates,
                                 double[][][] trajectories, EnsembleRun.Result run) {
        return new Series(h, p.index(), p.values(), names, withSpread(p.rows(), spread, p.index()), sc.quantileLevels(), finalStates, trajectories,
                p.memberSteps(), run.seconds(), run.newtonIterations(), run.maxNewtonIterations(), run.jacobianFactorisations());
    }

    // What a checkpoint must match: model (its definition's digest), method, state layout, members, sweep points (their
    // values' digest), observers, statistics, backend
    private static String fingerprint(Scenario sc, StepSystem step, SweepPlan plan, List<Observer> observers, Backend backend) {
        StringBuilder points = new StringBuilder();
        for (int p = 0; p < plan.points(); p++) points.append(plan.pointValues(p)).append(';');
        return step.model().name() + " (definition " + digest(sc.model().toString()) + "), " + step.method()
                + ", state (" + String.join(", ", step.layout().names()) + "), " + plan.launchMembers() + " members, "
                + plan.points() + " sweep points (" + digest(points.toString()) + "), observers ("
                + String.join(", ", observers.stream().map(Observer::name).toList()) + "), statistics (" + String.join(", ", sc.statistics())
                + "), backend " + backend.name();
    }

    // The first 12 hex digits of text's SHA-256
    private static String digest(String text) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d).substring(0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void deleteCheckpoint() {
        try {
            java.nio.file.Files.deleteIfExists(checkpoints.file());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot remove " + checkpoints.file(), e);
        }
    }

    private static Output output(double h, int point, EnsembleRun.Row row) {
        int n = row.stats().size();
        double[] mean = new double[n], max = new double[n], msd = new double[n], min = new double[n], std = new double[n];
        double[][] quantiles = new double[n][];
        for (int o = 0; o < n; o++) {
            Statistics s = row.stats().get(o);
            mean[o] = s.mean();
            max[o] = s.max();
            msd[o] = s.msd();
            min[o] = s.min();
            std[o] = s.std();
            quantiles[o] = s.quantiles();
        }
        return new Output(h, point, row.t(), row.step(), row.ok(), mean, max, msd, min, std, quantiles);
    }

    // an output row with its point's spread ([observer][min, std, quantiles...]) filled in
    private static Output withSpread(Output o, double[][] spread) {
        int n = o.mean().length;
        double[] min = new double[n], std = new double[n];
        double[][] quantiles = new double[n][];
        for (int k = 0; k < n; k++) {
            min[k] = spread[k][0];
            std[k] = spread[k][1];
            quantiles[k] = java.util.Arrays.copyOfRange(spread[k], 2, spread[k].length);
        }
        return new Output(o.h(), o.point(), o.t(), o.step(), o.ok(), o.mean(), o.max(), o.msd(), min, std, quantiles);
    }

    // a point's rows with the spread at each output time ([time][point][observer][min, std, quantiles...])
    private static List<EnsembleRun.Row> withSpread(List<EnsembleRun.Row> rows, List<double[][][]> spread, int point) {
        if (spread == null) return rows;
        List<EnsembleRun.Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            EnsembleRun.Row row = rows.get(i);
            List<Statistics> stats = new ArrayList<>();
            for (int o = 0; o < row.stats().size(); o++) stats.add(row.stats().get(o).withSpread(spread.get(i)[point][o]));
            out.add(new EnsembleRun.Row(row.t(), row.step(), row.ok(), stats));
        }
        return out;
    }

    // the scenario's variations and the values given per member
    private SweepPlan plan(Scenario sc, org.geomech.model.Model sys) {
        Map<String, Variation> variations = new LinkedHashMap<>(sc.plan(sys).variations());
        for (Map.Entry<String, double[]> e : givenParameters.entrySet()) {
            if (!sys.parameters().containsKey(e.getKey()))
                throw new InputException("parameters: model " + sys.name() + " has no parameter '" + e.getKey() + "'");
            if (e.getValue().length != sc.members())
                throw new InputException("parameter " + e.getKey() + ": " + e.getValue().length + " values given for " + sc.members() + " members");
            variations.put(e.getKey(), new Variation.Given(e.getValue()));
        }
        return new SweepPlan(sys, variations, sc.members(), sc.stepSizes());
    }

    // the launch indices of the members asked for, point by point
    private List<Integer> launchMembers(SweepPlan plan) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < plan.points(); p++) for (int j : trajectories) out.add(plan.first(p) + j);
        return out;
    }

    // The trajectories slabs kept ([time][member][component], members in launch order) as a recorder would have them
    private static Trajectories trajectories(List<EnsembleRun.Row> rows, int[] members, double[][][] states) {
        int components = states[0][0].length;
        double[] flat = new double[rows.size() * members.length * components];
        List<Double> times = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            times.add(rows.get(k).t());
            for (int i = 0; i < members.length; i++) System.arraycopy(states[k][i], 0, flat, (k * members.length + i) * components, components);
        }
        return Trajectories.restore(members, times, flat, components);
    }

    private double[][][] trajectories(Trajectories recorder, int point) {
        if (recorder == null) return new double[0][][];
        int perPoint = trajectories.size(), components = recorder.components();
        double[] flat = recorder.flat();
        int times = recorder.times().size(), all = recorder.members().length;
        double[][][] out = new double[times][perPoint][components];
        for (int k = 0; k < times; k++)
            for (int i = 0; i < perPoint; i++)
                System.arraycopy(flat, (k * all + point * perPoint + i) * components, out[k][i], 0, components);
        return out;
    }

    private static double[][] finalStates(SweepPlan plan, int point, EnsembleState state) {
        double[][] out = new double[plan.members()][state.components()];
        for (int j = 0; j < plan.members(); j++) state.gather(plan.first(point) + j, out[j]);
        return out;
    }
}
