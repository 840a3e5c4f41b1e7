package org.geomech.api;

import org.geomech.backend.Backend;
import org.geomech.backend.Backends;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Spread;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.SweepRun;
import org.geomech.ensemble.TimeGrid;
import org.geomech.ensemble.Variation;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioDraft;
import org.geomech.io.Trajectories;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.InputException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
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
     *             vi: methods), "chord-as-printed" (000's approximates as printed: it diverges, kept to show it) or
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

    private ScenarioDraft draft() {
        if (draft == null) throw new IllegalStateException("a run of a scenario takes its settings from the scenario");
        return draft;
    }

    /** @return the scenario this run resolves to: every default applied, every value checked */
    public Scenario scenario() {
        if (scenario != null) return stepSizes == null ? scenario : withStepSizes(scenario, stepSizes);
        if (stepSizes != null) draft.h = stepSizes;
        return draft.resolve();
    }

    private static Scenario withStepSizes(Scenario s, List<Double> h) {
        return new Scenario(s.model(), s.method(), h, s.tEnd(), s.outputInterval(), s.q0(), s.v0(), s.members(), s.perturbation(),
                s.observers(), s.statistics(), s.backend(), s.newton(), s.out(), s.variations());
    }

    /**
     * Runs every step size in turn, every sweep point in one launch.
     *
     * @return the statistics, final states, trajectories and failures
     * @throws InputException for bad input, with a one-line message
     */
    public Results run() {
        Scenario sc = scenario();
        org.geomech.model.Model sys = sc.model().build();
        SweepPlan plan = plan(sc, sys);
        StepSystem built = Methods.parse(sc.method()).build(sys);
        StepSystem step = SweepRun.step(built, plan);
        Backend backend = Backends.named(sc.backend(), device);
        List<Observer> observers = new ArrayList<>(Observers.standard(sys, built.layout()));
        for (Map.Entry<String, String> e : sc.observers().entrySet()) observers.add(Observers.parse(step, e.getKey(), e.getValue()));
        List<String> names = observers.stream().map(Observer::name).toList();
        if (trajectories != null)
            for (int j : trajectories)
                if (j < 0 || j >= plan.members()) throw new InputException("trajectories: member " + j + " is not in 0.." + (plan.members() - 1));
        Backend.Compiled compiled = backend.compile(step, observers, sc.newton());
        InitialStates initial = givenQ != null ? new InitialStates(sys, givenQ, givenV) : new InitialStates(sys, sc.q0(), sc.v0());
        List<Series> series = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        InitialStates.Report[] report = new InitialStates.Report[1];
        long done = 0;
        for (double h : sc.h()) {
            TimeGrid grid = TimeGrid.of(h, sc.tEnd(), sc.outputInterval());
            EnsembleState state = SweepRun.initialState(step, plan, initial, sc.perturbation(), report);
            listener.started(new Results(backend.describe(), sys.name(), step.method(), names, step.layout().names(), List.of(), List.of(),
                    report[0].maxPositionMove(), report[0].maxVelocityMove(), compiled.flopsPerStep()));
            Trajectories recorder = trajectories == null ? null : new Trajectories(launchMembers(plan), state.members());
            Spread spread = sc.needsSpread() ? new Spread(step, observers, step.paramValues(h, plan.shared()), plan, sc.quantileLevels()) : null;
            List<Output> pending = new ArrayList<>();
            int[] spreadTimes = {0};
            EnsembleRun.Recorder recorders = recorder == null && spread == null ? null : (t, s) -> {
                if (recorder != null) recorder.record(t, s);
                if (spread != null) {
                    spread.record(t, s);
                    int i = spreadTimes[0]++;
                    for (Output o : pending) listener.output(withSpread(o, spread.at(i, o.point())));
                    pending.clear();
                }
            };
            long before = done;
            SweepRun.Result r = SweepRun.run(compiled, step, plan, state, grid, k -> progress.accept(before + k), recorders, (point, row) -> {
                if (spread == null) listener.output(output(h, point, row));
                else pending.add(output(h, point, row));
            });
            done += grid.steps();
            for (SweepRun.Point p : r.points())
                series.add(new Series(h, p.index(), p.values(), names, withSpread(p.rows(), spread, p.index()), sc.quantileLevels(), finalStates(plan, p.index(), state),
                        trajectories(recorder, p.index()), p.memberSteps(), r.run().seconds(), r.run().newtonIterations(), r.run().maxNewtonIterations(),
                        r.run().jacobianFactorisations()));
            for (SweepRun.Failure f : r.failures())
                failures.add(new Failure(h, f.point(), f.member(), f.step(), f.status().name().toLowerCase(Locale.ROOT)));
        }
        return new Results(backend.describe(), sys.name(), step.method(), names, step.layout().names(), series, failures,
                report[0].maxPositionMove(), report[0].maxVelocityMove(), compiled.flopsPerStep());
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

    // a point's rows with the spread at each output time
    private static List<EnsembleRun.Row> withSpread(List<EnsembleRun.Row> rows, Spread spread, int point) {
        if (spread == null) return rows;
        List<EnsembleRun.Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            EnsembleRun.Row row = rows.get(i);
            List<Statistics> stats = new ArrayList<>();
            for (int o = 0; o < row.stats().size(); o++) stats.add(row.stats().get(o).withSpread(spread.at(i, point)[o]));
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
        return new SweepPlan(sys, variations, sc.members());
    }

    // the launch indices of the members asked for, point by point
    private List<Integer> launchMembers(SweepPlan plan) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < plan.points(); p++) for (int j : trajectories) out.add(plan.first(p) + j);
        return out;
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
