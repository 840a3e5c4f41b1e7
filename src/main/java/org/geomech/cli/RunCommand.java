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
import org.geomech.io.Checkpoint;
import org.geomech.io.CsvWriter;
import org.geomech.io.Version;
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
import org.geomech.study.SlabRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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

    @Option(names = "--checkpoint-every", paramLabel = "T",
            description = "write " + Checkpoint.FILE + " into the output folder at t = 0 and then every T of model time (a number) or of"
                    + " wall-clock time (90s, 10m, 2h); geomech resume DIR continues the run from it, bitwise as if it had not stopped")
    String checkpointEvery;

    @Option(names = "--members-in-memory", paramLabel = "M",
            description = "hold at most M members (rounded up to whole blocks of 1024) in memory: larger ensembles run slab by slab,"
                    + " each over the whole time span, with bitwise the same statistics")
    Integer membersInMemory;

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
    /** Set by geomech resume: the checkpoint this run goes on from. */
    Checkpoint.Header resumeFrom;
    private CheckpointEvery checkpoints;
    private InitialStates.Report consistency;
    private final List<Checkpoint.Stage> finished = new ArrayList<>();

    @Override
    void execute() {
        if (!format.equals("csv") && !format.equals("npy")) throw new InputException("--format must be csv or npy, not '" + format + "'");
        if (checkpointEvery != null) checkpoints = CheckpointEvery.parse(checkpointEvery);
        if (membersInMemory != null) {
            if (membersInMemory < 1) throw new InputException("--members-in-memory must be at least 1, got " + membersInMemory);
            if (checkpointEvery != null || trajectoryMembers != null)
                throw new InputException("--members-in-memory runs slab after slab over the whole time span: it does not go with "
                        + (checkpointEvery != null ? "--checkpoint-every" : "--save-trajectories"));
        }
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
        int first = resumeFrom == null ? 0 : resumeFrom.stage();
        long done = 0;
        for (int stage = 0; stage < first; stage++) done += grid(scenario.h().get(stage)).steps();
        for (int stage = first; stage < scenario.h().size(); stage++) done += runStepSize(sys, method, backend, initial, stage, done, progress);
        if (checkpoints != null) deleteCheckpoint();
    }

    // Runs every member at one step size (from the checkpoint resumed from, if it stopped in this one); returns the number of steps
    private long runStepSize(MechanicalSystem sys, Method method, Backend backend, InitialStates initial, int stage, long done, Progress progress) {
        double h = scenario.h().get(stage);
        if (membersInMemory != null && scenario.members() > membersInMemory) return runInSlabs(sys, method, backend, initial, h, done, progress);
        boolean resuming = resumeFrom != null && stage == resumeFrom.stage();
        Simulation sim = new Simulation(sys, method, sys.parameterValues(), initial, scenario.perturbation(), scenario.members());
        List<Observer> observers = observers(sim.step());
        String fingerprint = fingerprint(sim, backend, observers);
        InitialStates.Report[] report = new InitialStates.Report[1];
        EnsembleState state;
        if (resuming) {
            if (!fingerprint.equals(resumeFrom.fingerprint()))
                throw new InputException("checkpoint " + checkpointFile() + " does not match its run: it holds " + resumeFrom.fingerprint()
                        + ", its inputs give " + fingerprint);
            state = new EnsembleState(sim.step().layout(), scenario.members());
            Checkpoint.readState(checkpointFile(), state);
            report[0] = resumeFrom.consistency();
        } else {
            state = sim.initialState(report);
        }
        Backend.Compiled compiled = backend.compile(sim.step(), observers, scenario.newton());
        TimeGrid grid = grid(h);
        if (header.isEmpty()) start(sim.step(), observers, report[0], compiled);
        Path folder = folder(scenario.out());
        if (seriesFile == null && format.equals("csv")) {
            seriesFile = SeriesFile.create(folder.resolve("timeseries.csv"), header);
            summary.file("timeseries.csv").write(folder);
        }
        if (resuming) {
            for (Checkpoint.Stage s : resumeFrom.finished()) {
                for (EnsembleRun.Row row : s.result().rows()) append(row(s.h(), row));
                record(s, state.members(), grid(s.h()));
            }
        } else if (stage == 0) {
            deleteCheckpoint();   // a fresh run leaves no earlier run's checkpoint to resume
        }
        Trajectories recorder = trajectoryMembers == null ? null
                : resuming && resumeFrom.trajectories() != null ? resumeFrom.trajectories() : new Trajectories(trajectoryMembers, state.members());
        stateNames = sim.step().layout().names();
        if (recorder != null) trajectories.put(h, recorder);
        CheckpointWriter writer = checkpoints == null ? null : new CheckpointWriter(checkpointFile(), checkpoints, grid,
                snapshot -> new Checkpoint.Header(Version.geomech(), fingerprint, arguments(), scenarioOptions.text, consistency,
                        finished, stage, snapshot, recorder, state.members(), state.components()), Interrupts::pending);
        EnsembleRun.Result r = EnsembleRun.run(compiled, state, sim.params(h), grid, k -> progress.accept(done + k), recorder,
                row -> {
                    checkFinite(h, row);
                    append(row(h, row));
                }, resuming ? resumeFrom.snapshot() : null, writer);
        progress.end();
        if (writer != null && writer.stopping()) {
            // a signal: the checkpoint is written; the partial rows go out with the results, then the command stops
            series.put(h, r.rows());
            Interrupts.check();
        }
        record(new Checkpoint.Stage(h, r, Checkpoint.failures(state), recorder), state.members(), grid);
        return grid.steps();
    }

    // One step size with the ensemble streamed through memory in slabs of whole blocks (--members-in-memory)
    private long runInSlabs(MechanicalSystem sys, Method method, Backend backend, InitialStates initial, double h, long done, Progress progress) {
        Simulation sim = new Simulation(sys, method, sys.parameterValues(), initial, scenario.perturbation(), scenario.members());
        List<Observer> observers = observers(sim.step());
        Backend.Compiled compiled = backend.compile(sim.step(), observers, scenario.newton());
        TimeGrid grid = grid(h);
        SlabRun.Outcome o = SlabRun.stream(compiled, sim, grid, membersInMemory, m -> progress.accept(done + grid.steps() * m / sim.members()));
        progress.end();
        if (header.isEmpty()) start(sim.step(), observers, o.consistency(), compiled);
        Path folder = folder(scenario.out());
        if (seriesFile == null && format.equals("csv")) {
            seriesFile = SeriesFile.create(folder.resolve("timeseries.csv"), header);
            summary.file("timeseries.csv").write(folder);
        }
        stateNames = sim.step().layout().names();
        for (EnsembleRun.Row row : o.result().rows()) {
            checkFinite(h, row);
            append(row(h, row));
        }
        List<Checkpoint.Failure> failures = new ArrayList<>();
        for (SlabRun.Failure f : o.failures()) failures.add(new Checkpoint.Failure((int) f.member(), f.step(), f.status()));
        record(new Checkpoint.Stage(h, o.result(), failures, null), sim.members(), grid);
        return grid.steps();
    }

    // Adds one step size's failures, counters and final statistics to the results (and prints them); its rows went out as they came
    private void record(Checkpoint.Stage stage, int members, TimeGrid grid) {
        double h = stage.h();
        EnsembleRun.Result r = stage.result();
        series.put(h, r.rows());
        if (stage.trajectories() != null) trajectories.put(h, stage.trajectories());
        long memberSteps = (long) members * grid.steps();
        for (Checkpoint.Failure f : stage.failures()) {
            memberSteps -= grid.steps() - f.step();
            summary.failures(1, new RunSummary.Failure(h, f.member(), f.step(), f.status().name().toLowerCase(Locale.ROOT)));
        }
        summary.work(memberSteps, r.seconds()).newtonIterations(r.newtonIterations());
        Map<String, Statistics> atEnd = new LinkedHashMap<>();
        EnsembleRun.Row last = r.rows().get(r.rows().size() - 1);
        for (int o = 0; o < observerNames.size(); o++) atEnd.put(observerNames.get(o), last.stats().get(o));
        int failed = stage.failures().size();
        StepSizeResult result = new StepSizeResult(h, grid.steps(), members - failed, failed, memberSteps,
                r.seconds(), r.newtonIterations(), r.maxNewtonIterations(), r.jacobianFactorisations(), atEnd);
        results.add(result);
        finished.add(stage);
        if (talking()) print(result, last.t());
    }

    @Override
    boolean continuesRun() { return resumeFrom != null; }

    // In the folder resumed from, else in the output folder (created on first use)
    private Path checkpointFile() { return (resumeFrom != null ? output.out : folder(scenario.out())).resolve(Checkpoint.FILE); }

    private void deleteCheckpoint() {
        try {
            Files.deleteIfExists(checkpointFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + checkpointFile(), e);
        }
    }

    // The run's command-line arguments as given, after the command's name (geomech resume parses them again)
    private List<String> arguments() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        return spec.parent() == null ? all : all.subList(all.indexOf(spec.name()) + 1, all.size());
    }

    // What a checkpoint must match: model (its definition's digest), method, state layout, members, observers, backend
    private String fingerprint(Simulation sim, Backend backend, List<Observer> observers) {
        StepSystem step = sim.step();
        return step.system().name() + " (definition " + digest(scenario.model().toString()) + "), " + step.method()
                + ", state (" + String.join(", ", step.layout().names()) + "), " + scenario.members() + " members, observers ("
                + String.join(", ", observers.stream().map(Observer::name).toList()) + "), backend " + backend.name();
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

    // Every statistic of every observer over the ok members must be finite (at t = 0: bad input)
    private void checkFinite(double h, EnsembleRun.Row row) {
        if (row.ok() == 0) return;   // no member left: the failures say why
        for (int o = 0; o < observerNames.size(); o++)
            for (String s : scenario.statistics()) {
                double x = statistic(row.stats().get(o), s);
                if (!Double.isFinite(x)) nonFinite(observerNames.get(o), s, h, row.t(), x, row.step() == 0);
            }
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
        consistency = report;
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
