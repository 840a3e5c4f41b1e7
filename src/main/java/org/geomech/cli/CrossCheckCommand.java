package org.geomech.cli;

import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.StepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.CsvWriter;
import org.geomech.io.RunSummary;
import org.geomech.engine.Scenario;
import org.geomech.io.ScenarioDraft;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.model.Model;
import org.geomech.study.CrossCheck;
import org.geomech.engine.Launch;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.method.StepSystem;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.SweepRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * geomech crosscheck: the same ensemble on every available backend, compared component by component
 * with the reference backend after a number of steps.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Runs one ensemble on every available backend and prints the largest relative difference per state component"
                + " against the reference backend. Exit code 1 when a backend differs by more than --tolerance.")
final class CrossCheckCommand extends GeomechCommand {
    /** Exit code when a backend disagrees with the reference beyond the tolerance. */
    static final int DISAGREE = 1;

    @Mixin
    ScenarioOptions scenarioOptions;

    @Option(names = "--members", defaultValue = "13", paramLabel = "N", description = "ensemble size (default ${DEFAULT-VALUE})")
    int members;

    @Option(names = "--steps", defaultValue = "100", paramLabel = "K", description = "steps of size h (default ${DEFAULT-VALUE}; h defaults to 0.05)")
    int steps;

    @Option(names = "--sigma", defaultValue = "1e-2", description = "standard deviation of the seeded draw added to the default initial values (default ${DEFAULT-VALUE})")
    double sigma;

    @Option(names = "--backends", split = ",", paramLabel = "NAMES", description = "backends to compare (default: every available one)")
    List<String> backends;

    @Option(names = "--tolerance", defaultValue = "1e-12", description = "largest relative difference accepted (default ${DEFAULT-VALUE})")
    double tolerance;

    private final List<CrossCheck.Comparison> comparisons = new ArrayList<>();
    /** The shared step size (null where h varies per member) and the members compared (every sweep point's). */
    private Double h;
    private int compared;
    private List<String> components = List.of();

    @Override
    void execute() {
        if (members < 1 || steps < 1) throw new InputException("--members and --steps must be at least 1");
        if (!(tolerance > 0) || !Double.isFinite(tolerance))
            throw new InputException("--tolerance must be a finite positive number, got " + tolerance);
        ScenarioDraft d = scenarioOptions.draft();
        if (d.h == null && d.hPerMember == null) d.h = List.of(0.05);
        // h per member: every member to t_end (default: --steps of 0.05) in one output interval, each by its own steps
        if (d.tEnd == null) d.tEnd = (d.hPerMember == null ? d.h.get(0) : 0.05) * steps;
        if (d.hPerMember != null && d.outputInterval == null) d.outputInterval = d.tEnd;
        d.membersFromCommandLine(members);
        d.sigma = sigma;
        Scenario s = d.resolve();
        Model sys = s.model().build();
        SweepPlan plan = s.plan(sys);
        StepSizes stepSizes = s.steps();
        if (stepSizes.stages().size() > 1) throw new InputException("crosscheck runs one step size; --h gives " + stepSizes.stages().size());
        StepSize stage = stepSizes.stages().get(0);
        // a shared h: --steps steps of it, compared at the end; h per member: to t_end in output intervals
        h = stage.h().isPresent() ? stage.h().getAsDouble() : null;
        double tEnd = h == null ? s.tEnd() : h * steps;
        TimeGrid grid = stage.grid(tEnd, h == null ? s.outputInterval() : tEnd);
        compared = plan.points() * plan.members();
        StepSystem perMember = SweepRun.step(Methods.parse(s.method()).build(sys), plan);
        List<Observer> observers = Observers.ofRun(perMember, s.observers());
        Launch launch = new Launch(Observers.carrying(perMember, observers), plan, new InitialStates(sys, s.q0(), s.v0()), s.perturbation(), grid);
        List<Backend> others = new ArrayList<>();
        for (String name : backends != null ? backends : Backends.available()) if (!name.equals("reference")) others.add(Backends.named(name, scenarioOptions.device()));
        summary.inputs(s).members(compared);
        folder(s.out());
        comparisons.addAll(CrossCheck.run(launch, observers, Backends.named("reference"), others, s.newton()));
        components = comparisons.get(0).components();
        for (CrossCheck.Comparison c : comparisons) {
            checkFinite(c, grid.tEnd());
            for (MemberFailure f : c.firstFailures()) summary.failures(0, h, f);
            summary.failures(c.failed(), h, null);
        }
        summary.results(comparisons);
        if (talking()) print(sys.name(), s.method(), stepSizes.varies() ? "to t = " + grid.tEnd() + " with h per member (" + stepSizes.perMember().describe() + ")"
                : steps + " steps of h = " + h);
        String reason = disagreement();
        if (reason != null) err().println("geomech: crosscheck failed: " + reason);
    }

    // The standard observers over the ok members, before the first step (bad input if not finite) and at tEnd
    private void checkFinite(CrossCheck.Comparison c, double tEnd) {
        CrossCheck.Observed o = c.observed();
        for (int k = 0; k < o.observers().size(); k++) {
            Statistics start = o.atStart().get(k), end = o.atEnd().get(k);
            if (!Double.isFinite(start.mean())) nonFinite(o.observers().get(k), "mean", h, 0, start.mean(), true);
            if (c.failed() < compared && !Double.isFinite(end.mean())) nonFinite(o.observers().get(k) + " on " + c.backend(), "mean", h, tEnd, end.mean(), false);
        }
    }

    @Override
    int exitCode() { return disagreement() == null ? 0 : DISAGREE; }

    // Why the check fails (null when every backend ran every member and agrees to the tolerance)
    private String disagreement() {
        List<String> reasons = new ArrayList<>();
        for (CrossCheck.Comparison c : comparisons) {
            if (c.failed() > 0) {
                MemberFailure f = c.firstFailures().get(0);
                reasons.add(c.backend() + " failed " + c.failed() + " of " + compared + " members (first: member " + f.member()
                        + (f.point() > 0 ? " of sweep point " + f.point() : "") + " at step " + f.step() + ", " + f.reason() + ")");
            }
            if (c.compared() < compared) reasons.add(c.backend() + " compared " + c.compared() + " of " + compared + " members");
            if (c.worst() > tolerance)
                reasons.add(c.backend() + " differs from the reference by " + c.worst() + " > " + tolerance);
        }
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    private void print(String model, String method, String steps) {
        out().printf("%s, %s, %d members, %s: largest |x - x_ref| / max(1, |x_ref|) per component%n", model, method, compared, steps);
        List<String> header = new ArrayList<>(List.of("backend", "worst", "failed", "seconds"));
        header.addAll(components);
        Table table = new Table(header.toArray(new String[0]));
        for (CrossCheck.Comparison c : comparisons) {
            List<Object> cells = new ArrayList<>(List.of(c.backend(), Table.num(c.worst()), c.failed(), String.format("%.3g", c.seconds())));
            for (double x : c.maxRelativeDifference()) cells.add(Table.num(x));
            table.row(cells.toArray());
        }
        table.print(out(), "");
        String reason = disagreement();
        out().println(reason == null ? "every backend agrees with the reference to " + tolerance + " (" + compared + " of " + compared + " members compared)"
                : "DISAGREEMENT: " + reason);
    }

    @Override
    void writeFiles(Path folder) {
        List<String> header = new ArrayList<>(List.of("backend", "worst", "failed", "failed_only_here", "compared", "seconds"));
        header.addAll(components);
        List<List<Object>> rows = new ArrayList<>();
        for (CrossCheck.Comparison c : comparisons) {
            List<Object> row = new ArrayList<>(List.of(c.backend(), c.worst(), c.failed(), c.failedOnlyHere(), c.compared(), c.seconds()));
            for (double x : c.maxRelativeDifference()) row.add(x);
            rows.add(row);
        }
        summary.file("crosscheck.csv");
        CsvWriter.write(folder.resolve("crosscheck.csv"), header, rows);
    }
}
