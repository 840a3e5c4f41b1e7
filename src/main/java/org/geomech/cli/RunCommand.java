package org.geomech.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.geomech.backend.Backend;
import org.geomech.backend.Backends;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Startup;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.CsvWriter;
import org.geomech.io.NpyWriter;
import org.geomech.io.Trajectories;
import org.geomech.model.InputException;
import org.geomech.io.plot.Plots;
import org.geomech.io.RunSummary;
import org.geomech.io.Scenario;
import org.geomech.io.SeriesFile;
import org.geomech.io.ScenarioDraft;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.study.Simulation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** geomech run: an ensemble from a scenario file or flags, at each step size; appends timeseries.csv row by row as it runs. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Runs an ensemble (a scenario file, or a built-in model with flags) and writes timeseries.csv and summary.json.")
final class RunCommand extends GeomechCommand {
    /** One step size's run: its counters and each observer's statistics at the final time. */
    record StepSizeResult(double h, long steps, int ok, int failed, long memberSteps, double steppingSeconds,
                          long newtonIterations, int maxNewtonIterations, long jacobianFactorisations, Map<String, Statistics> atEnd) {
        @JsonProperty
        double memberStepsPerSecond() { return memberSteps / steppingSeconds; }
    }

    @Mixin
    ScenarioOptions scenarioOptions;

    @Option(names = "--members", paramLabel = "N",
            description = "ensemble size; where no scenario gives initial conditions or a member count, the model's defaults perturbed"
                    + " by a seeded draw (sigma " + ScenarioDraft.DEFAULT_SIGMA + ")")
    Integer members;

    @Option(names = "--seed", description = "seed of the random draw added to the initial values")
    Long seed;

    @Option(names = "--sigma", description = "standard deviation of the random draw, every q and v component")
    Double sigma;

    @Option(names = "--output-interval", paramLabel = "DT", description = "time between output rows (default t_end/100)")
    Double outputInterval;

    @Option(names = "--format", defaultValue = "csv", paramLabel = "csv|npy",
            description = "file format of the time series and trajectories (default ${DEFAULT-VALUE}); npy columns are listed in summary.json")
    String format;

    @Option(names = "--save-trajectories", paramLabel = "MEMBERS", split = ",",
            description = "members whose full state (q, dot(q), p(q), lambda..) is saved at every output time, e.g. 0,5,9")
    List<Integer> trajectoryMembers;

    private Scenario scenario;
    private final List<String> header = new ArrayList<>();
    private final List<List<Object>> rows = new ArrayList<>();
    private final List<StepSizeResult> results = new ArrayList<>();
    private final Map<Double, List<EnsembleRun.Row>> series = new LinkedHashMap<>();
    private final Map<Double, Trajectories> trajectories = new LinkedHashMap<>();
    private SeriesFile seriesFile;
    private List<String> stateNames;
    private String backendDescription;
    private List<String> observerNames;
    private String title;

    @Override
    void execute() {
        if (!format.equals("csv") && !format.equals("npy")) throw new InputException("--format must be csv or npy, not '" + format + "'");
        ScenarioDraft d = scenarioOptions.draft();
        if (members != null) d.membersFromCommandLine(members);
        if (seed != null) d.seed = seed;
        if (sigma != null) d.sigma = sigma;
        if (outputInterval != null) d.outputInterval = outputInterval;
        scenario = d.resolve();
        checkFolder(scenario.out());
        MechanicalSystem sys = scenario.model().build();
        Method method = Methods.parse(scenario.method());
        Backend backend = Backends.named(scenario.backend(), scenarioOptions.device());
        backendDescription = backend.describe();
        InitialStates initial = new InitialStates(sys, scenario.q0(), scenario.v0());
        summary.inputs(scenario).members(scenario.members()).results(results);
        long totalSteps = 0;
        for (double h : scenario.h()) totalSteps += grid(h).steps();
        Progress progress = progress(scenario.members(), totalSteps);
        long done = 0;
        for (double h : scenario.h()) done += runStepSize(sys, method, backend, initial, h, done, progress);
    }

    // Runs every member at one step size; returns the number of steps
    private long runStepSize(MechanicalSystem sys, Method method, Backend backend, InitialStates initial, double h, long done, Progress progress) {
        Simulation sim = new Simulation(sys, method, sys.parameterValues(), initial, scenario.perturbation(), scenario.members());
        InitialStates.Report[] report = new InitialStates.Report[1];
        EnsembleState state = sim.initialState(report);
        List<Observer> observers = observers(sim.step());
        Backend.Compiled compiled = backend.compile(sim.step(), observers, scenario.newton());
        TimeGrid grid = grid(h);
        if (header.isEmpty()) start(sim.step(), observers, report[0], compiled);
        Path folder = folder(scenario.out());
        if (seriesFile == null && format.equals("csv")) {
            seriesFile = SeriesFile.create(folder.resolve("timeseries.csv"), header);
            summary.file("timeseries.csv").write(folder);
        }
        Trajectories recorder = trajectoryMembers == null ? null : new Trajectories(trajectoryMembers, state.members());
        stateNames = sim.step().layout().names();
        if (recorder != null) trajectories.put(h, recorder);
        EnsembleRun.Result r = EnsembleRun.run(compiled, state, sim.params(h), grid, k -> progress.accept(done + k), recorder,
                row -> append(row(h, row)));
        progress.end();
        series.put(h, r.rows());
        long memberSteps = 0;
        for (int j = 0; j < state.members(); j++) {
            memberSteps += state.ok(j) ? grid.steps() : state.failedStep(j);
            if (!state.ok(j)) summary.failures(1, new RunSummary.Failure(h, j, state.failedStep(j), state.status(j).name().toLowerCase(Locale.ROOT)));
        }
        summary.work(memberSteps, r.seconds()).newtonIterations(r.newtonIterations());
        Map<String, Statistics> atEnd = new LinkedHashMap<>();
        EnsembleRun.Row last = r.rows().get(r.rows().size() - 1);
        for (int o = 0; o < observers.size(); o++) atEnd.put(observers.get(o).name(), last.stats().get(o));
        StepSizeResult result = new StepSizeResult(h, grid.steps(), state.okCount(), state.members() - state.okCount(), memberSteps,
                r.seconds(), r.newtonIterations(), r.maxNewtonIterations(), r.jacobianFactorisations(), atEnd);
        results.add(result);
        if (talking()) print(result, last.t());
        return grid.steps();
    }

    // One row of the time series: kept for the summary and .npy, and appended to timeseries.csv at once
    private void append(List<Object> row) {
        rows.add(row);
        if (seriesFile != null) seriesFile.append(row);
    }

    private TimeGrid grid(double h) { return TimeGrid.of(h, scenario.tEnd(), scenario.outputInterval()); }

    // The standard observers, then the scenario's
    private List<Observer> observers(StepSystem step) {
        List<Observer> out = new ArrayList<>(Observers.standard(step.system()));
        for (Map.Entry<String, String> e : scenario.observers().entrySet()) out.add(Observers.parse(step, e.getKey(), e.getValue()));
        return out;
    }

    // Once, before the first result: CSV columns, flops, and how far consistency moved the initial states
    private void start(StepSystem step, List<Observer> observers, InitialStates.Report report, Backend.Compiled compiled) {
        header.addAll(List.of("h", "t", "step", "ok"));
        observerNames = observers.stream().map(Observer::name).collect(java.util.stream.Collectors.toList());
        title = step.model().name() + ", " + step.method();
        for (Observer o : observers) for (String s : scenario.statistics()) header.add(o.name() + "_" + s);
        summary.consistency(report).flopsPerStep(compiled.flopsPerStep());
        if (!talking()) return;
        out().printf("%s, %s, %d member(s), %s%n", step.model().name(), step.method(), scenario.members(), backendDescription);
        out().printf("initial states made consistent: positions moved by at most %s, velocities by at most %s%n",
                Table.num(report.maxPositionMove()), Table.num(report.maxVelocityMove()));
    }

    private List<Object> row(double h, EnsembleRun.Row row) {
        List<Object> cells = new ArrayList<>(List.of(h, row.t(), row.step(), row.ok()));
        for (Statistics st : row.stats()) for (String s : scenario.statistics()) cells.add(statistic(st, s));
        return cells;
    }

    private static double statistic(Statistics st, String name) {
        switch (name) {
            case "mean": return st.mean();
            case "max": return st.max();
            default: return st.msd();
        }
    }

    private void print(StepSizeResult r, double t) {
        out().printf("h = %s: %d steps, %d of %d members ok, %.3g s stepping, %.3g member-steps/s, %.3g Newton iterations and %.3g Jacobian"
                        + " factorisations per member-step%s%n",
                r.h(), r.steps(), r.ok(), r.ok() + r.failed(), r.steppingSeconds(), r.memberStepsPerSecond(),
                (double) r.newtonIterations() / Math.max(1, r.memberSteps()), (double) r.jacobianFactorisations() / Math.max(1, r.memberSteps()),
                Startup.seconds().isPresent() ? String.format(", first step %.2f s after start", Startup.seconds().getAsDouble()) : "");
        List<String> columns = new ArrayList<>(List.of("at t = " + Table.plain(t)));
        columns.addAll(scenario.statistics());
        Table table = new Table(columns.toArray(new String[0]));
        for (Map.Entry<String, Statistics> e : r.atEnd().entrySet()) {
            List<Object> cells = new ArrayList<>(List.of(e.getKey()));
            for (String s : scenario.statistics()) cells.add(Table.num(statistic(e.getValue(), s)));
            table.row(cells.toArray());
        }
        table.print(out(), "  ");
    }

    // trajectories.npy (times x members x components) or trajectories.csv (t, member, components); one per step size
    private void writeTrajectories(Path folder, double h, Trajectories t) {
        String stem = (trajectories.size() > 1 ? "h" + h + "-" : "") + "trajectories";
        if (format.equals("npy")) {
            NpyWriter.write(folder.resolve(stem + ".npy"), t.flat(), t.times().size(), t.members().length, t.components());
            summary.file(stem + ".npy").columns(stem + ".npy", stateNames);
        } else {
            List<String> columns = new ArrayList<>(List.of("t", "member"));
            columns.addAll(stateNames);
            CsvWriter.write(folder.resolve(stem + ".csv"), columns, t.rows());
            summary.file(stem + ".csv");
        }
    }

    @Override
    void writeFiles(Path folder) {
        if (format.equals("npy")) {
            double[] flat = new double[rows.size() * header.size()];
            for (int i = 0; i < rows.size(); i++)
                for (int c = 0; c < header.size(); c++) flat[i * header.size() + c] = ((Number) rows.get(i).get(c)).doubleValue();
            NpyWriter.write(folder.resolve("timeseries.npy"), flat, rows.size(), header.size());
            summary.file("timeseries.npy").columns("timeseries.npy", header);
        } else if (seriesFile != null) {
            seriesFile.close();
        }
        for (Map.Entry<Double, Trajectories> e : trajectories.entrySet()) writeTrajectories(folder, e.getKey(), e.getValue());
        for (Map.Entry<Double, List<EnsembleRun.Row>> e : series.entrySet()) {
            String prefix = series.size() > 1 ? "h" + e.getKey() + "-" : "";
            Map<String, org.knowm.xchart.XYChart> charts = new LinkedHashMap<>();
            Plots.observers(observerNames, e.getValue(), title + ", h = " + e.getKey()).forEach((k, v) -> charts.put(prefix + k, v));
            plots(folder, charts);
        }
    }
}
