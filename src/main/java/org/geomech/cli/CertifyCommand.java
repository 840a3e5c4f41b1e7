package org.geomech.cli;

import org.geomech.InputException;
import org.geomech.engine.Backends;
import org.geomech.io.CsvWriter;
import org.geomech.engine.Scenario;
import org.geomech.io.ScenarioDraft;
import org.geomech.io.ScenarioFile;
import org.geomech.io.plot.Chart;
import org.geomech.io.plot.Plots;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.StudyCharts;
import org.geomech.study.certify.Certificate;
import org.geomech.study.certify.Certify;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** geomech certify METHOD: what the method's paper claims about its step map against what its step map does on a model; writes certify.csv. */
@Command(name = "certify", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "A method certificate: the fitted order per state block, the symplecticity defect, the reversibility, the energy error"
                + " (bounded or drifting), the drift of the model's momentum maps and of the constraints, each beside what the method's"
                + " paper claims and whether the measurement agrees.")
final class CertifyCommand extends GeomechCommand {
    /** What certify ran: the scenario it resolved and its settings. */
    record CertifyInputs(Scenario scenario, double[] h, double tEnd, long longSteps, int members, double eps) {}

    @Parameters(index = "0", paramLabel = "METHOD", description = "the method, e.g. lobatto-nh:2, vi:rk4, rk:rk4")
    String methodName;

    @Option(names = "--model", paramLabel = "M", description = "a built-in model (geomech list) or a scenario file (YAML) with a model and initial"
            + " values (default: the model the method's paper runs it on)")
    String model;

    @Option(names = "--structure", paramLabel = "NAME=N", description = "structure option of a built-in model, e.g. m=4")
    Map<String, Integer> structure = new LinkedHashMap<>();

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "model parameter value")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--q", paramLabel = "COORD=EXPR", description = "initial position of a coordinate")
    List<String> q = new ArrayList<>();

    @Option(names = "--v", paramLabel = "COORD=EXPR", description = "initial velocity of a coordinate")
    List<String> v = new ArrayList<>();

    @Option(names = "--h", split = ",", paramLabel = "H", description = "step sizes of the orders, comma separated; the largest is the step of"
            + " other measurements (default: the method family's step on its default model"
            + " and two halvings, e.g. 0.1, 0.05, 0.025)")
    double[] h;

    @Option(names = "--t-end", paramLabel = "T", description = "final time of the convergence study (default 1, or 50 of the largest steps where"
            + " that is shorter)")
    Double tEnd;

    @Option(names = "--long-steps", paramLabel = "K", defaultValue = "2000", description = "steps of the long run (default ${DEFAULT-VALUE})")
    long longSteps;

    @Option(names = "--members", paramLabel = "N", defaultValue = "5", description = "members of the long run, the initial state and its"
            + " neighbours (default ${DEFAULT-VALUE})")
    int members;

    @Option(names = "--eps", paramLabel = "E", defaultValue = "1e-5", description = "central-difference step of the symplecticity defect (default ${DEFAULT-VALUE})")
    double eps;

    @Option(names = "--backend", description = "backend: reference (default), simd, opencl or auto")
    String backend;

    @Option(names = "--device", paramLabel = "N", description = "OpenCL device for --backend opencl or auto")
    Integer device;

    @Option(names = "--newton-tol", paramLabel = "TOL", defaultValue = "1e-14", description = "Newton tolerance (default ${DEFAULT-VALUE}:"
            + " the defects are differences of nearby steps)")
    double newtonTolerance;

    private Certificate certificate;

    @Override
    void execute() {
        Method method = Methods.parse(methodName);
        ScenarioDraft d = draft(method);
        double[] hs = h != null ? h : Certify.Settings.stepSizes(method);
        double t = tEnd != null ? tEnd : Certify.Settings.finalTime(hs);
        d.h = java.util.Arrays.stream(hs).boxed().toList();
        d.tEnd = t;
        d.method = method.name();
        d.newtonTolerance = newtonTolerance;
        if (backend != null) d.backend = backend;
        Scenario s = d.resolve();
        if (!(eps > 0) || !(eps < 1)) throw new InputException("--eps must be between 0 and 1, got " + eps);
        Certify.Settings settings = new Certify.Settings(hs, t, longSteps, members, eps);
        Model sys = s.model().build();
        summary.inputs(new CertifyInputs(s, settings.hs(), t, longSteps, members, eps)).members(members);
        var chosen = Backends.named(s.backend(), device == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(device));
        NewtonOptions newton = s.newton();
        folder(s.out());
        long start = System.nanoTime();
        certificate = Certify.run(sys, method, s.q0(), s.v0(), sys.parameterValues(), chosen, newton, settings);
        summary.work(0, (System.nanoTime() - start) * 1e-9).results(certificate);
        if (talking()) print();
    }

    // the model: a scenario file's (with its initial values), a built-in one, or the method's default
    private ScenarioDraft draft(Method method) {
        String name = model != null ? model : method.claims().defaultModel();
        ScenarioDraft d;
        Path file = Path.of(name);
        if (model != null && (name.endsWith(".yaml") || name.endsWith(".yml")) && Files.isRegularFile(file)) {
            d = ScenarioFile.draft(file.getFileName().toString(), ScenarioFile.text(file));
            d.out = null;
        } else {
            d = new ScenarioDraft();
            d.builtIn(name);
        }
        d.structure.putAll(structure);
        d.parameters.putAll(Assignments.parse("--param", parameters));
        d.qByName.putAll(Assignments.parse("--q", q));
        d.vByName.putAll(Assignments.parse("--v", v));
        return d;
    }

    private void print() {
        out().printf("certificate of %s on %s (%s backend); claims from %s%n", certificate.method(), certificate.model(), certificate.backend(),
                certificate.source());
        Table table = new Table("property", "claimed", "measured", "verdict");
        for (Certificate.Line l : certificate.lines()) table.row(l.property(), l.claim(), l.measured(), verdict(l.verdict()));
        table.print(out(), "");
        long against = count(Certificate.Verdict.DISAGREES), unmeasured = count(Certificate.Verdict.NOT_MEASURED);
        out().println(against == 0 && unmeasured == 0 ? "every claim agrees with the measurement"
                : against + " claim(s) disagree with the measurement, " + unmeasured + " could not be measured");
    }

    private long count(Certificate.Verdict v) { return certificate.lines().stream().filter(l -> l.verdict() == v).count(); }

    /** Exit code 1 when a claim disagrees with the measurement or could not be measured, as crosscheck's for a backend that disagrees. */
    @Override
    int exitCode() { return certificate != null && !certificate.agrees() ? CrossCheckCommand.DISAGREE : 0; }


    private static String verdict(Certificate.Verdict v) {
        return switch (v) {
            case AGREES -> "agrees";
            case DISAGREES -> "DISAGREES";
            case NOT_MEASURED -> "not measured";
            case NOT_CLAIMED -> "-";
        };
    }

    @Override
    void writeFiles(Path folder) {
        if (certificate == null) return;
        List<List<Object>> rows = new ArrayList<>();
        for (Certificate.Line l : certificate.lines()) rows.add(List.of(l.property(), l.claim(), l.measured(), l.value(), l.verdict().name().toLowerCase(java.util.Locale.ROOT)));
        summary.file("certify.csv");
        CsvWriter.write(folder.resolve("certify.csv"), List.of("property", "claimed", "measured", "value", "verdict"), rows);
        Certificate.EnergySeries e = certificate.energy();
        List<List<Object>> energy = new ArrayList<>();
        for (int i = 0; i < e.t().length; i++) energy.add(List.of(e.t()[i], e.error()[i]));
        summary.file("certify-energy.csv");
        CsvWriter.write(folder.resolve("certify-energy.csv"), List.of("t", "energy_rms_error"), energy);
        Map<String, Chart> charts = new LinkedHashMap<>();
        int multiplierOrder = Methods.parse(certificate.method()).multiplierOrder();
        charts.put("certify-order", StudyCharts.order(certificate.orders(), certificate.model() + ", " + certificate.method() + ": errors", certificate.order(),
                multiplierOrder));
        Chart chart = Chart.overTime(certificate.model() + ", " + certificate.method() + ": energy error at h = " + e.h(), "rms energy error",
                Plots.logScaleSuits(List.of(e.error())));
        chart.line("rms energy error", e.t(), e.error());
        charts.put("certify-energy", chart);
        plots(folder, charts);
    }
}
