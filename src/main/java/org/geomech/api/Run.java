package org.geomech.api;

import org.geomech.engine.SlabExecutor;
import org.geomech.engine.MemoryPlan;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.engine.Engine;
import org.geomech.engine.RunSpec;
import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Bins;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.engine.Spread;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.SweepPlan;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.Variation;
import org.geomech.io.Checkpoint;
import org.geomech.engine.Scenario;
import org.geomech.io.ScenarioDraft;
import org.geomech.io.ScenarioFile;
import org.geomech.engine.Trajectories;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.InputException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
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
    private final List<Engine.Listener> engineListeners = new ArrayList<>();
    private double[][] givenQ, givenV;
    private final Map<String, double[]> givenParameters = new LinkedHashMap<>();
    private Integer membersInMemory;
    private Integer retryFailed;
    private Boolean keepFinalStates;
    private boolean resultsHoldStates = true;
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
     * A run of a scenario file (YAML or JSON, as {@code geomech run FILE} reads it: model, method, h, t_end, initial,
     * parameters, observers, statistics, backend); every setter may still change it.
     *
     * @param file the scenario file
     * @return the run, to configure
     * @throws InputException where the file cannot be read or is not a scenario, with a one-line message
     */
    public static Run fromScenarioFile(Path file) { return new Run(ScenarioFile.draft(file), null); }

    /**
     * A run of a scenario given as text, in the form of a scenario file; every setter may still change it.
     *
     * @param yaml the scenario, YAML (or JSON)
     * @return the run, to configure
     * @throws InputException where the text is not a scenario, with a one-line message
     */
    public static Run fromScenarioText(String yaml) { return new Run(ScenarioFile.draft("scenario text", yaml), null); }

    /**
     * A run of a resolved scenario, as the command line builds it from a scenario file and its flags
     * (io.ScenarioDraft.resolve); stepSizes, device, trajectories and progress may still be set.
     *
     * @param scenario the resolved scenario
     * @return the run, to configure
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
     * a whole number of output intervals. The series then has no shared h ({@link Series#h()} empty) and its step size
     * ({@link Series#stepSize()}) is named by this text ({@link StepSize#label()}, {@link Results#series(String, int)}); the
     * final states carry each member's h.
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
     * Adds an observer beside the standard ones (energy, energy_error = E(t) - E(0), and the constraint residuals g_pos,
     * g_vel).
     *
     * @param name       its name
     * @param expression an expression of the coordinates, dot(x), p(x), lambda1, ..., the parameters, the observers
     *                   before it by name (energy, ...) and initial(E), the member's value of E at t = 0
     *                   (for example "(energy - initial(energy)) / initial(energy)")
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
     * exact, from the sorted values) and a histogram hist:BINS or hist:LO,HI,BINS (the members per bin at each output,
     * {@link Series#histograms}; without LO,HI over each output's own least to greatest finite value, which needs exact
     * values: refused where they are sketched). min, std, quantiles and histograms are computed on the host from the
     * states at each output time (Spread).
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
     * Reports the run's progress as it advances: after each batch of output intervals the backend runs at once (in slabs,
     * after each slab, in proportion to the members done), never decreasing, ending at the run's total (t_end / h summed
     * over the step sizes, where h is shared).
     *
     * @param stepsDone receives the number of steps done so far, summed over the step sizes
     * @return this run
     */
    public Run progress(LongConsumer stepsDone) { progress = stepsDone; return this; }

    /**
     * @param listener hears of the run as it goes (for example to write rows while the run is still going)
     * @return this run
     */
    public Run listener(Listener listener) { this.listener = listener; return this; }

    /**
     * Adds a listener of the engine's own rows and results, heard after this run's {@link Listener}: how a run's files are
     * written as it goes (io.RunFiles, io.plot.RunPlots).
     *
     * @param listener hears the engine's rows as they come and each step size's results as its launch ends
     * @return this run
     */
    public Run engineListener(Engine.Listener listener) { engineListeners.add(listener); return this; }

    /**
     * Runs each member that fails again, alone from its initial state, at h/2, h/4, ... up to halvings halvings of its
     * step size, until it reaches the final time; its values then enter its point's statistics from the first output
     * time that no longer held it on (mean, max and msd as one more reduction block after the point's, in member order;
     * min, std, exact quantiles and histograms with its values in its own place among the point's members; sketched
     * quantiles and their histogram counts fed after the point's members: deterministic, the other members' values bitwise unchanged), its final state takes its
     * place, and {@link Results#retried(double)} lists every retried member with the h of its last try and whether it
     * still failed. 0: none; unless set, as the scenario says (retry_failed:; none by default).
     *
     * @param halvings 0 to 20 (engine.Retries.MAX_HALVINGS)
     * @return this run
     */
    public Run retryFailed(int halvings) {
        retryFailed = Retries.halvings("retry-failed", halvings);
        return this;
    }

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
     * results are bitwise those of the run in this process. With {@link #checkpoints}, a checkpoint is saved before the
     * first slab and after each slab that comes back, and a resumed run sends only the slabs not back yet.
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
        MemoryPlan.sketch(mode, 0, 0, 0, false);
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
     * Whether {@link Series#finalStates()} and {@link Series#trajectories()} hold what was asked for (true, the default). False:
     * only the listeners added with {@link #engineListener} hear them, each step size's as its launch ends (io.RunFiles writes
     * them to files then); in slabs, each slab's final states as it finishes, in member order (Engine.Listener.finalStates;
     * unless failed members are retried). Neither the results nor the checkpoints keep them, so memory holds one step size's
     * at a time (in slabs, one slab's final states), and the series' are empty.
     *
     * @param hold false to leave them to the engine listeners
     * @return this run
     */
    public Run resultsHoldStates(boolean hold) { resultsHoldStates = hold; return this; }

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

    // The scenario this run resolves to: every default applied, every value checked
    private Scenario scenario() {
        if (scenario != null) return stepSizes == null ? scenario : withStepSizes(scenario, stepSizes);
        if (stepSizes != null) {
            draft.h = stepSizes;
            draft.hPerMember = null;
        }
        return draft.resolve();
    }

    private static Scenario withStepSizes(Scenario s, List<Double> h) {
        return new Scenario(s.model(), s.method(), h, s.tEnd(), s.outputInterval(), s.q0(), s.v0(), s.members(), s.perturbation(),
                s.observers(), s.statistics(), s.backend(), s.newton(), s.out(), s.variations(), null, s.retryFailed());
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
        RunSpec spec = setup.spec();
        List<String> names = spec.observers().stream().map(Observer::name).toList();
        // what a checkpoint is checked against: only a run that writes or reads one needs it (its model's text alone cost a
        // fresh JVM 40 ms: a record's toString is linked on first use)
        String fingerprint = checkpoints == null && resumeFrom == null ? null
                : fingerprint(sc, spec.step(), spec.plan(), spec.observers(), spec.backend(), spec.retries());
        Engine.Resume resume = null;
        if (resumeFrom != null) {
            Checkpoint.Header resumed = Checkpoint.read(resumeFrom);
            if (!fingerprint.equals(resumed.fingerprint()))
                throw new InputException("checkpoint " + resumeFrom + " does not match its run: it holds " + resumed.fingerprint() + ", its inputs give " + fingerprint);
            resume = new Engine.Resume(resumed.progress(), state -> Checkpoint.readState(resumeFrom, state));
        }
        Engine.Listener heard = new Engine.Listener() {
            @Override
            public void columns(List<String> observers, List<String> components) {
                for (Engine.Listener l : engineListeners) l.columns(observers, components);
            }

            @Override
            public void started(InitialStates.Report consistency, long[] flops) {
                listener.started(new Results(spec.backend().describe(), setup.system().name(), spec.step().method(), names, spec.step().layout().names(),
                        List.of(), Map.of(), Map.of(), consistency.maxPositionMove(), consistency.maxVelocityMove(), flops, true, "none", 0));
                for (Engine.Listener l : engineListeners) l.started(consistency, flops);
            }

            @Override
            public void output(StepSize stepSize, int point, EnsembleRun.Row row, double[][] spread) {
                Output o = Run.output(stepSize, point, row);
                listener.output(spread == null ? o : withSpread(o, spread, sc.quantileLevels().length));
                for (Engine.Listener l : engineListeners) l.output(stepSize, point, row, spread);
            }

            @Override
            public void progress(long stepsDone) {
                progress.accept(stepsDone);
                for (Engine.Listener l : engineListeners) l.progress(stepsDone);
            }

            @Override
            public void finished(Engine.StageResult stage, boolean complete) {
                for (Engine.Listener l : engineListeners) l.finished(stage, complete);
            }

            @Override
            public boolean takesStates() { return !resultsHoldStates; }

            @Override
            public void finalStates(StepSize stepSize, long first, int count, double[] states) {
                for (Engine.Listener l : engineListeners) l.finalStates(stepSize, first, count, states);
            }
        };
        Engine.Outcome outcome = Engine.run(spec, heard, checkpoints == null ? null : new CheckpointFile(checkpoints, fingerprint), resume);
        List<Series> series = new ArrayList<>();
        Map<StepSize, List<MemberFailure>> failures = new LinkedHashMap<>();
        Map<StepSize, List<Retries.Retried>> retried = new LinkedHashMap<>();
        for (Engine.StageResult r : outcome.stages()) {
            for (SweepRun.Point p : r.points())
                series.add(series(r.stepSize(), p, names, sc, r.rows(p.index(), sc.quantileLevels().length),
                        r.finalStates() == null ? new double[0][] : r.finalStates()[p.index()],
                        r.trajectories() == null ? new double[0][][] : r.trajectories().point(p.index(), spec.plan().points()), r.run()));
            failures.put(r.stepSize(), r.failures());
            retried.put(r.stepSize(), r.retried());
        }
        InitialStates.Report moved = outcome.consistency();
        return new Results(spec.backend().describe() + (executor == null ? "" : ", slabs on " + executor.describe()), setup.system().name(),
                spec.step().method(), names, spec.step().layout().names(), series, failures, retried, moved.maxPositionMove(), moved.maxVelocityMove(),
                outcome.flops(), outcome.complete(), !spec.spread() ? "none" : spec.sketch() > 0 ? "sketch" : "exact", outcome.rankError());
    }

    /** What every run of this configuration builds first: the scenario resolved, the model, and what the engine runs. */
    private record Setup(Scenario scenario, org.geomech.model.Model system, RunSpec spec) {}

    private Setup setup() {
        Scenario sc = scenario();
        org.geomech.model.Model sys = sc.model().build();
        SweepPlan plan = plan(sc, sys);
        StepSystem built = Methods.parse(sc.method()).build(sys);
        StepSystem perMember = SweepRun.step(built, plan);
        Backend backend = Backends.named(sc.backend(), device);
        List<Observer> observers = Observers.ofRun(perMember, sc.observers());
        StepSystem step = Observers.carrying(perMember, observers);
        if (trajectories != null)
            for (int j : trajectories)
                if (j < 0 || j >= plan.members()) throw new InputException("trajectories: member " + j + " is not in 0.." + (plan.members() - 1));
        InitialStates initial = givenQ != null ? new InitialStates(sys, givenQ, givenV) : new InitialStates(sys, sc.q0(), sc.v0());
        if (backend.initialStates() != null) initial = initial.projectedBy(backend.initialStates());
        RunSpec spec = new RunSpec(plan, step, backend, observers, sc.newton(), initial, sc.perturbation(), sc.steps(), sc.tEnd(), sc.outputInterval(),
                sc.quantileLevels(), sc.bins(), sc.needsSpread(), 0, trajectories, keepFinalStates, membersInMemory, executor, recipes, retryFailed != null ? retryFailed : sc.retries());
        int sketch = sc.needsSpread() ? MemoryPlan.sketch(quantiles, plan.launchMembers(), spec.outputs(), observers.size(), spec.retries() > 0) : 0;
        if (sketch > 0 && sc.bins() != null && sc.bins().automatic())
            throw new InputException("statistics: " + Bins.PREFIX + sc.bins().count() + " takes each output's range from every member's value, which this run"
                    + " summarises by sketches (--quantiles sketch, or too many members and outputs to keep): give the range, hist:LO,HI," + sc.bins().count());
        return new Setup(sc, sys, spec.withSketch(sketch));
    }

    /**
     * Builds this run's launch at step size stage (an index into its step sizes) in this JVM, as a SlabExecutor runs its
     * slabs: the compiled step, the launch, and what each slab keeps (the spread's values, whether it is exact or sketched
     * where the run is joined, the trajectory members, the final states where asked).
     *
     * @param stage the step size's index
     * @return the launch prepared
     */
    public SlabExecutor.Prepared prepare(int stage) { return Engine.prepare(setup().spec(), stage); }

    // A sweep point's series: its rows with their spread, its final states, trajectories and counters
    private static Series series(StepSize stepSize, SweepRun.Point p, List<String> names, Scenario sc, List<EnsembleRun.Row> rows,
                                 double[][] finalStates, double[][][] trajectories, EnsembleRun.Result run) {
        return new Series(stepSize, p.index(), p.values(), names, rows, sc.quantileLevels(), finalStates, trajectories,
                p.memberSteps(), run.seconds(), run.newtonIterations(), run.maxNewtonIterations(), run.jacobianFactorisations());
    }

    // What a checkpoint must match: model (its definition's digest), method, state layout, members, sweep points (their
    // values' digest), observers, statistics, backend
    private static String fingerprint(Scenario sc, StepSystem step, SweepPlan plan, List<Observer> observers, Backend backend, int retries) {
        StringBuilder points = new StringBuilder();
        for (int p = 0; p < plan.points(); p++) points.append(plan.pointValues(p)).append(';');
        return step.model().name() + " (definition " + digest(sc.model().toString()) + "), " + step.method()
                + ", state (" + String.join(", ", step.layout().names()) + "), " + plan.launchMembers() + " members, "
                + plan.points() + " sweep points (" + digest(points.toString()) + "), observers ("
                + String.join(", ", observers.stream().map(Observer::name).toList()) + "), statistics (" + String.join(", ", sc.statistics())
                + "), backend " + backend.name() + (retries > 0 ? ", failed members retried at up to " + retries + " halvings of h" : "");
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

    private static Output output(StepSize stepSize, int point, EnsembleRun.Row row) {
        int n = row.stats().size();
        double[] mean = new double[n], max = new double[n], msd = new double[n], min = new double[n], std = new double[n];
        double[][] quantiles = new double[n][];
        Histogram[] histograms = new Histogram[n];
        for (int o = 0; o < n; o++) {
            Statistics s = row.stats().get(o);
            mean[o] = s.mean();
            max[o] = s.max();
            msd[o] = s.msd();
            min[o] = s.min();
            std[o] = s.std();
            quantiles[o] = s.quantiles();
            histograms[o] = s.histogram();
        }
        return new Output(stepSize, point, row.t(), row.step(), row.ok(), mean, max, msd, min, std, quantiles, histograms);
    }

    // an output row with its point's spread ([observer][min, std, quantiles at levels levels, histogram...]) filled in
    private static Output withSpread(Output o, double[][] spread, int levels) {
        int n = o.mean().length;
        double[] min = new double[n], std = new double[n];
        double[][] quantiles = new double[n][];
        Histogram[] histograms = new Histogram[n];
        for (int k = 0; k < n; k++) {
            Statistics s = new Statistics(o.mean()[k], o.max()[k], o.msd()[k]).withSpread(spread[k], levels);
            min[k] = s.min();
            std[k] = s.std();
            quantiles[k] = s.quantiles();
            histograms[k] = s.histogram();
        }
        return new Output(o.stepSize(), o.point(), o.t(), o.step(), o.ok(), o.mean(), o.max(), o.msd(), min, std, quantiles, histograms);
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
}
