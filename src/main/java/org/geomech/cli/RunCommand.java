package org.geomech.cli;

import org.geomech.engine.SlabExecutor;
import org.geomech.engine.MemoryPlan;
import org.geomech.api.Checkpoints;
import org.geomech.api.Output;
import org.geomech.api.Results;
import org.geomech.engine.Retries;
import org.geomech.api.Run;
import org.geomech.engine.Backends;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.HeapBudget;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.engine.Startup;
import org.geomech.ensemble.Statistic;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.SweepPlan;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Checkpoint;
import org.geomech.InputException;
import org.geomech.io.plot.RunPlots;
import org.geomech.io.RunFiles;
import org.geomech.io.RunSummary;
import org.geomech.engine.Scenario;
import org.geomech.io.StateFile;
import org.geomech.io.ScenarioDraft;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** geomech run: an ensemble from a scenario file or flags, at each step size; appends timeseries.csv row by row as it runs. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Runs an ensemble (a scenario file, or a built-in model with flags; by default " + RunCommand.DEFAULT_MEMBERS + " perturbed members on"
                + " the auto backend) and writes timeseries.csv (by default the statistics " + RunCommand.DEFAULT_STATISTICS + " of every observer over the members),"
                + " plots (the energy error's band from q5 to q95 filled) and summary.json.")
final class RunCommand extends GeomechCommand {
    @Mixin
    ScenarioOptions scenarioOptions;

    /** The ensemble size of a run that gives none: enough members for the quantiles of an error to mean something. */
    static final int DEFAULT_MEMBERS = 1000;

    /**
     * The statistics of a run that names none: mean, max and msd reduced on the backend, and the quantiles whose band the
     * per-observer plots fill (the 5 % to 95 % of the members and their median).
     */
    static final String DEFAULT_STATISTICS = "mean,max,msd,q5,q50,q95";

    @Option(names = "--members", paramLabel = "N",
            description = "ensemble size (default " + DEFAULT_MEMBERS + " where the scenario gives none: its initial values perturbed by a seeded"
                    + " draw, sigma " + ScenarioDraft.DEFAULT_SIGMA + ", unless it gives a draw); where no scenario gives initial conditions or a"
                    + " member count, N copies of the model's defaults perturbed by that draw")
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
                    + " wall-clock time (90s, 10m, 2h), in slabs after every slab; geomech resume DIR continues the run from it, bitwise as if it"
                    + " had not stopped")
    String checkpointEvery;

    @Option(names = "--members-in-memory", paramLabel = "M",
            description = "hold at most M members (rounded up to whole blocks of 1024) in memory: larger ensembles run slab by slab,"
                    + " each over the whole time span, with bitwise the same results (statistics, spread, trajectories, final states)")
    Integer membersInMemory;

    @Option(names = "--retry-failed", paramLabel = "K",
            description = "run each member that fails again, alone from its initial state, at h/2, h/4, ... up to K halvings (0 to "
                    + Retries.MAX_HALVINGS + "; default 0: none; scenario key retry_failed); one that reaches t_end enters every statistic"
                    + " (mean, max, msd, min, std, quantiles, histograms) from the output after its failure on, and the summary lists who was retried, with which h, and who still failed")
    Long retryFailed;

    @Option(names = "--save-trajectories", paramLabel = "MEMBERS", split = ",",
            description = "members whose full state (q, dot(q), p(q), lambda..) is saved at every output time: 0,5,9, ranges 0-99, or all")
    List<String> trajectorySelection;

    @Option(names = "--statistics", paramLabel = "NAMES", split = ",",
            description = "statistics of every observer: mean, max, msd, min, std, quantiles qP in percent (q5,q50,q95; see --quantiles);"
                    + " hist:BINS or hist:LO,HI,BINS, the members per bin at every output (hist.csv and a heat map; without LO,HI each"
                    + " output's own range, least to greatest value); default " + DEFAULT_STATISTICS + " where the scenario names none,"
                    + " the quantiles for the filled band of the plots (--statistics mean,max,msd: the backend's reductions alone)")
    List<String> statistics;

    @Option(names = "--quantiles", paramLabel = "MODE", defaultValue = "auto",
            description = "how min, std, quantiles and histograms are computed: exact (every value), sketch or sketch:K (summaries of K values per level,"
                    + " default " + MemoryPlan.SKETCH + ", in member order; summary.json states the rank error), or auto (default: exact unless every"
                    + " output's values of every member, twice with --retry-failed, take more than a quarter of the heap)")
    String quantiles;

    @Option(names = "--spark", paramLabel = "MASTER",
            description = "run the members' slabs on Spark (local[2] on this machine, spark://HOST:7077 on a standalone cluster); needs"
                    + " ./geomech-spark, which puts the Spark module on the class path; results bitwise those of the run here")
    String spark;

    @Option(names = "--save-final-states", description = "save every member's final state (final-states.csv or .npy), a file --initial loads again")
    boolean saveFinalStates;

    @Option(names = "--initial", paramLabel = "FILE",
            description = "initial states from a CSV file (columns named x, dot(x), and parameters varying per member) or an .npy array (members x 2n: q, dot(q))")
    Path initialFile;

    private List<Integer> trajectoryMembers;
    /** True where the scenario gave no member count and the run took DEFAULT_MEMBERS. */
    private boolean defaultEnsemble;
    /** Members per slab (--members-in-memory, or chosen when the ensemble does not fit in the heap); null: held at once. */
    private Integer slabMembers;
    private Scenario scenario;
    private SweepPlan plan;
    /** The run's files and plots, written from what the engine hears; null until the run starts, and for a comparison of methods. */
    private RunFiles files;
    private RunPlots plots;
    private List<String> observerNames;
    private String title;
    /** Set by geomech resume: the checkpoint this run goes on from. */
    Checkpoint.Header resumeFrom;
    /** Set when --method names several methods: one ensemble, each method in turn. */
    private MethodComparison.Result comparison;
    /** Whether the step is explicit (closedForm()), found on first use. */
    private Boolean closedForm;

    /**
     * The options that leave a run's step and observers as they are (the ensemble's size and draw, the times, the files):
     * a run's kernel forecast is keyed by its other arguments (Backends.anticipate).
     */
    private static final Set<String> KERNEL_FREE_OPTIONS = Set.of("--members", "--seed", "--sigma", "--h", "--t-end", "--output-interval", "--format",
            "--checkpoint-every", "--members-in-memory", "--retry-failed", "--save-trajectories", "--quantiles", "--out", "--device"),
            KERNEL_FREE_FLAGS = Set.of("--save-final-states", "--json", "--quiet", "--no-plots", "--overwrite");

    @Override
    void execute() {
        Runnable forecast = resumeFrom != null ? () -> { } : Backends.anticipate(scenarioOptions.backend == null ? "auto" : scenarioOptions.backend,
                forecastKey(arguments()));
        try {
            runScenario();
        } finally {
            forecast.run();
        }
    }

    private void runScenario() {
        if (!format.equals("csv") && !format.equals("npy")) throw new InputException("--format must be csv or npy, not '" + format + "'");
        if (checkpointEvery != null) Checkpoints.checkInterval(checkpointEvery);
        if (membersInMemory != null && membersInMemory < 1) throw new InputException("--members-in-memory must be at least 1, got " + membersInMemory);
        StateFile.Table table = resolve();
        checkFolder(scenario.out());
        List<String> methods = org.geomech.method.MethodList.split(scenario.method());
        if (methods.size() > 1 && scenario.retries() > 0)
            throw new InputException("several methods (" + scenario.method() + ") run as one comparison of the energy error, which retries no member; give one method");
        if (methods.size() > 1 && (trajectorySelection != null || saveFinalStates || membersInMemory != null || checkpointEvery != null))
            throw new InputException("several methods (" + scenario.method() + ") run as one comparison of the energy error: it saves no trajectories"
                    + " or final states and runs no slabs or checkpoints; give one method");
        if (methods.size() > 1) {
            comparison = MethodComparison.run(scenario, scenario.model().build(), methods, Backends.named(scenario.backend(), scenarioOptions.device()));
            folder(scenario.out());
            if (talking()) out().print(comparison.summary().format());
            return;
        }
        Model built = scenario.model().build();
        plan = scenario.plan(built);
        if (trajectorySelection != null) trajectoryMembers = MemberSelection.parse("--save-trajectories", trajectorySelection, scenario.members());
        SlabExecutor executor = spark == null ? null : spark(spark);
        slabMembers = membersInMemory != null ? membersInMemory : resumeFrom == null && executor == null ? automaticSlab(built) : null;
        runThroughApi(table, executor);
    }

    // The scenario from the file and flags, and the initial states of --initial (null: none)
    private StateFile.Table resolve() {
        ScenarioDraft d = scenarioOptions.draft();
        if (members != null) d.membersFromCommandLine(members);
        if (seed != null) d.seed = seed;
        if (sigma != null) d.sigma = sigma;
        if (outputInterval != null) d.outputInterval = outputInterval;
        if (statistics != null) d.statistics = statistics;
        if (retryFailed != null) d.retryFailed = retryFailed;
        if (d.backend == null) d.backend = "auto";
        if (d.statistics == null) d.statistics = List.of(DEFAULT_STATISTICS.split(","));
        if (initialFile == null) defaultEnsemble = d.defaultEnsemble(DEFAULT_MEMBERS);
        scenario = d.resolve();
        if (initialFile == null) return null;
        StateFile.Table table = StateFile.read(initialFile, scenario.model());
        if (members != null && members != table.members())
            throw new InputException("--initial: " + initialFile + " holds " + table.members() + " members, --members says " + members);
        d.members = table.members();
        scenario = d.resolve();
        return table;
    }

    // The run these flags describe, as the API takes it: the scenario, initial states, trajectories, final states, quantiles
    private Run configured(StateFile.Table table) {
        Run run = Run.of(scenario);
        scenarioOptions.device().ifPresent(run::device);
        if (table != null) {
            run.states(table.q(), table.v());
            table.parameters().forEach(run::parameterValues);
        }
        if (trajectoryMembers != null) run.trajectories(trajectoryMembers);
        run.keepFinalStates(saveFinalStates);
        run.quantiles(quantiles);
        return run;
    }

    /** The executor of --spark MASTER: the spark module's, found through ServiceLoader; one line where it is not on the class path. */
    private static SlabExecutor spark(String master) {
        for (SlabExecutor.Provider p : ServiceLoader.load(SlabExecutor.Provider.class)) return p.connect(master);
        throw new InputException("--spark needs the Spark module (spark/) and Spark on the class path: run ./geomech-spark instead of ./geomech");
    }

    /**
     * What rebuilds a run's launch at step size stage in a Spark executor: its command-line arguments and scenario text,
     * parsed there as here (a scenario file is not read again; an --initial file is read where the executor runs).
     */
    record Recipe(List<String> arguments, String scenarioText, int stage) implements SlabExecutor.Recipe {
        Recipe {
            arguments = List.copyOf(arguments);
        }

        @Override
        public SlabExecutor.Prepared prepare() {
            RunCommand run = new RunCommand();
            new CommandLine(run).parseArgs(arguments.toArray(new String[0]));
            run.scenarioOptions.text = scenarioText;
            StateFile.Table table = run.resolve();
            if (run.trajectorySelection != null)
                run.trajectoryMembers = MemberSelection.parse("--save-trajectories", run.trajectorySelection, run.scenario.members());
            return run.configured(table).prepare(stage);
        }
    }

    /**
     * Members per slab when the ensemble, by HeapBudget's estimate, does not fit in the heap left: a size chosen from the heap,
     * said on stderr (null: it fits, and is held at once); refused with one line where slabs cannot run it either.
     */
    private Integer automaticSlab(Model sys) {
        long rows = 0;
        for (StepSize h : stepSizes()) rows = Math.max(rows, grid(h).rows());
        long members = plan.launchMembers();
        int observed = 4 + scenario.observers().size();   // energy, energy_error, two constraint residuals at most
        boolean device = Backends.onOpenCl(scenario.backend(), scenarioOptions.device());
        // far more state components than any method carries (q, v, p, multipliers, stages): a launch that fits with these needs no step built to tell
        int generous = 32 * scenario.model().positionNames().size() + 64 + plan.perMember().size();
        if (memory(generous, members, rows, observed, device).fitsAtOnce(HeapBudget.left().available())) return null;
        StepSystem perMember = SweepRun.step(Methods.parse(scenario.method()).build(sys), plan);
        List<Observer> observers = Observers.ofRun(perMember, scenario.observers());
        int components = Observers.carrying(perMember, observers).layout().size();
        MemoryPlan memory = memory(components, members, rows, observers.size(), device);
        HeapBudget heap = HeapBudget.left(memory.atOnce());
        if (memory.fitsAtOnce(heap.available())) return null;
        String needs = "--members " + scenario.members() + (plan.points() > 1 ? " in " + plan.points() + " sweep points" : "") + ": the ensemble needs about "
                + HeapBudget.size(memory.atOnce()) + " (" + components + " doubles per member), the JVM has " + HeapBudget.size(heap.available()) + " of heap left";
        MemoryPlan.Kept kept = memory.kept();
        long slab = memory.slabMembers(heap.available());
        if (slab == 0)
            throw new InputException(needs + ", and not even a slab of " + Reduction.BLOCK + " members fits beside the " + HeapBudget.size(kept.bytes())
                    + " that " + kept.what() + " of its " + rows + " output rows keep; raise the heap with JAVA_TOOL_OPTIONS=-Xmx<size>, or use fewer"
                    + " output rows (--output-interval)");
        err().println("geomech: note: " + needs + ": running it in slabs of " + slab + " members (as --members-in-memory " + slab + " would)");
        return (int) slab;
    }

    // What this run allocates with components state components and observed observers per member (MemoryPlan)
    private MemoryPlan memory(int components, long members, long rows, int observed, boolean device) {
        return new MemoryPlan(components, members, rows, observed, scenario.needsSpread(), MemoryPlan.sketch(quantiles, members, rows, observed, scenario.retries() > 0), saveFinalStates,
                trajectoryMembers == null ? 0 : (long) trajectoryMembers.size() * plan.points(), device, scenario.retries() > 0);
    }

    // Every step size through the Java API, in one run: sweeps, per-member parameters, spread statistics, slabs, checkpoints and resume
    private void runThroughApi(StateFile.Table table, SlabExecutor executor) {
        Run run = configured(table);
        if (slabMembers != null) run.membersInMemory(slabMembers);
        if (executor != null) {
            List<String> args = arguments();
            String text = scenarioOptions.text;
            run.distributed(executor, stage -> new Recipe(args, text, stage));
        }
        if (checkpointEvery != null) run.checkpoints(new Checkpoints(checkpointFile(), checkpointEvery, arguments(), scenarioOptions.text, Interrupts::pending));
        if (resumeFrom != null) run.resume(checkpointFile());
        summary.inputs(scenario).members(scenario.members() * plan.points());
        files = new RunFiles(() -> folder(scenario.out()), summary, new RunFiles.Layout(format, scenario.statistics(), scenario.quantileLevels(),
                trajectoryMembers, saveFinalStates, stepSizes().size()), plan);
        run.engineListener(files).resultsHoldStates(false);
        if (!output.noPlots) run.engineListener(plots = new RunPlots(quantileNames()));   // no chart is built either: a runtime without java.desktop runs with --no-plots
        long totalSteps = 0;
        for (StepSize h : stepSizes()) totalSteps += grid(h).steps();
        Progress progress = progress(scenario.members() * plan.points(), totalSteps);
        Results res = run.progress(progress::accept).listener(new Run.Listener() {
            @Override
            public void started(Results setup) {
                if (observerNames == null) start(setup);
                folder(scenario.out());
            }

            @Override
            public void output(Output row) { checkFinite(row.h().isPresent() ? (Double) row.h().getAsDouble() : null, statisticsRow(row)); }
        }).run();
        progress.end();
        if (!res.quantiles().equals("none")) summary.quantiles(res.quantiles(), res.quantileRankError());
        if (talking())
            for (StepSize h : stepSizes()) {
                for (RunFiles.Reported r : files.reported()) if (r.stepSize().equals(h)) print(r.result(), r.t());
                printRetried(res.retried(h), plan.points() > 1);
            }
        if (!res.finished()) Interrupts.check();   // a signal: the checkpoint is written; the partial results go out as the command stops
    }

    // Who was run again, with which h, and whether it reached t_end (the first few; summary.json lists all)
    private void printRetried(List<Retries.Retried> retried, boolean swept) {
        if (retried.isEmpty()) return;
        long ok = retried.stream().filter(Retries.Retried::ok).count();
        out().printf("retried %d failed member(s) at halved h: %d reached t_end, %d still failed%n", retried.size(), ok, retried.size() - ok);
        for (Retries.Retried r : retried.subList(0, Math.min(retried.size(), RunSummary.LISTED_FAILURES)))
            out().printf("  %smember %d at h = %s: %s%n", swept ? "point " + r.point() + " " : "", r.member(), r.h(),
                    r.ok() ? "ok" : "failed (" + r.result() + ")");
        if (retried.size() > RunSummary.LISTED_FAILURES) out().printf("  ... %d more (summary.json: retried)%n", retried.size() - RunSummary.LISTED_FAILURES);
    }

    @Override
    boolean continuesRun() { return resumeFrom != null; }

    // In the folder resumed from, else in the output folder (created on first use)
    private Path checkpointFile() { return (resumeFrom != null ? output.out : folder(scenario.out())).resolve(Checkpoint.FILE); }

    // The run's command-line arguments as given, after the command's name (geomech resume parses them again)
    private List<String> arguments() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        return spec.parent() == null ? all : all.subList(all.indexOf(spec.name()) + 1, all.size());
    }

    /**
     * The kernel forecast of `geomech run` with these arguments (after the command's name), started by Main before picocli
     * parses them: about 0.25 s of a fresh JVM sooner than execute could, so that C2 has compiled the kernel by the time the
     * initial states want it for their own code (execute's own call then finds the forecast open and adds none). What to run
     * when the command ends (Backends.anticipate).
     */
    static Runnable anticipate(List<String> args) {
        String backend = "auto";
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--backend") && i + 1 < args.size()) backend = args.get(i + 1);
            else if (args.get(i).startsWith("--backend=")) backend = args.get(i).substring("--backend=".length());
        }
        return Backends.anticipate(backend, forecastKey(args));
    }

    // The arguments that name the run's step and observers: those given, less KERNEL_FREE_OPTIONS (with their values) and KERNEL_FREE_FLAGS
    static String forecastKey(List<String> args) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i), name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (KERNEL_FREE_FLAGS.contains(a)) continue;
            if (KERNEL_FREE_OPTIONS.contains(name)) {
                if (!a.contains("=")) i++;
                continue;
            }
            kept.add(a);
        }
        return "run\n" + String.join("\n", kept);
    }

    // Every statistic of every observer over the ok members must be finite (at t = 0: bad input)
    private void checkFinite(Double h, EnsembleRun.Row row) {
        if (row.ok() == 0) return;   // no member left: the failures say why
        for (int o = 0; o < observerNames.size(); o++)
            for (Statistic s : scenario.scalarStatistics()) {
                double x = s.of(row.stats().get(o), scenario.quantileLevels());
                if (!Double.isFinite(x)) nonFinite(observerNames.get(o), s.name(), h, row.t(), x, row.step() == 0);
            }
    }

    private TimeGrid grid(StepSize h) { return h.grid(scenario.tEnd(), scenario.outputInterval()); }

    private List<StepSize> stepSizes() { return scenario.steps().stages(); }

    // Once, before the first result: the observers' names, the charts' title, and how far consistency moved the initial states
    private void start(Results setup) {
        observerNames = setup.observers();
        title = setup.model() + ", " + setup.method();
        summary.backend(setup.backend());
        InitialStates.Report report = new InitialStates.Report(setup.maxPositionMove(), setup.maxVelocityMove());
        if (!talking()) return;
        out().printf("%s, %s, %d member(s)%s, %s%n", setup.model(), setup.method(), scenario.members(),
                defaultEnsemble ? " (the default ensemble: the initial values perturbed by a seeded draw; --members sets the count)" : "", setup.backend());
        if (scenario.hPerMember() != null) out().printf("h varies per member: %s%n", plan.stepSizes().describe());
        for (Map.Entry<String, String> v : scenario.variations().entrySet()) out().printf("%s varies: %s%n", v.getKey(), v.getValue());
        if (plan.points() > 1) out().printf("%d sweep points over %s, %d members each%n", plan.points(), String.join(" x ", plan.axes()), plan.members());
        out().printf("initial states made consistent: positions moved by at most %s, velocities by at most %s%n",
                Table.num(report.maxPositionMove()), Table.num(report.maxVelocityMove()));
    }

    // An API output row as the statistics of each observer
    private static EnsembleRun.Row statisticsRow(Output o) {
        List<Statistics> stats = new ArrayList<>();
        for (int k = 0; k < o.mean().length; k++)
            stats.add(new Statistics(o.mean()[k], o.max()[k], o.msd()[k], o.min()[k], o.std()[k], o.quantiles()[k], o.histograms()[k]));
        return new EnsembleRun.Row(o.t(), o.step(), o.ok(), stats);
    }

    private List<String> quantileNames() { return scenario.statistics().stream().filter(s -> s.startsWith("q")).toList(); }




    /** True when the method's step on the model has no unknowns left: every member-step is straight-line code. */
    private boolean closedForm() {
        if (closedForm == null) closedForm = Methods.parse(scenario.method()).build(scenario.model().build()).unknowns().isEmpty();
        return closedForm;
    }

    private void print(RunFiles.StepSizeResult r, double t) {
        if (r.point() != null) out().printf("point %d %s, ", r.point(), r.parameters());
        String solver = r.newtonIterations() == 0 && closedForm() ? "closed form (no Newton iteration)"
                : String.format("%.3g Newton iterations and %.3g Jacobian factorisations per member-step",
                (double) r.newtonIterations() / Math.max(1, r.memberSteps()), (double) r.jacobianFactorisations() / Math.max(1, r.memberSteps()));
        out().printf("%s, %d of %d members ok, %.3g s stepping, %.3g member-steps/s, %s%s%n",
                r.h() == null ? "h per member: " + r.memberSteps() + " member-steps in " + r.steps() + " output intervals" : "h = " + r.h() + ": " + r.steps() + " steps",
                r.ok(), r.ok() + r.failed(), r.steppingSeconds(), r.memberStepsPerSecond(), solver,
                Startup.seconds().isPresent() ? String.format(", first step %.2f s after start", Startup.seconds().getAsDouble()) : "");
        List<String> columns = new ArrayList<>(List.of("at t = " + Table.plain(t)));
        for (Statistic s : scenario.scalarStatistics()) columns.add(s.name());
        Table table = new Table(columns.toArray(new String[0]));
        for (Map.Entry<String, Statistics> e : r.atEnd().entrySet()) {
            List<Object> cells = new ArrayList<>(List.of(e.getKey()));
            for (Statistic s : scenario.scalarStatistics()) cells.add(Table.num(s.of(e.getValue(), scenario.quantileLevels())));
            table.row(cells.toArray());
        }
        table.print(out(), "  ");
    }

    @Override
    void writeFiles(Path folder) {
        if (comparison != null) {
            comparison.series().writeCsv(folder.resolve("comparison.csv"));
            summary.file("comparison.csv");
            plots(folder, Map.of("energy-msd", comparison.chart()));
            return;
        }
        if (files == null) return;   // refused before the run began
        files.close();
        if (plots != null && title != null) plots(folder, plots.charts(title));
    }
}
