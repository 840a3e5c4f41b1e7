package org.geomech.cli;

import org.geomech.study.StudyCharts;
import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.CsvWriter;
import org.geomech.io.RunSummary;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.EnergyMseStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * geomech demo: the chaotic energy study of 001 sec. 7.3 / Fig. 6. chaotic-nh with m = 3, the cos/sin
 * ensemble (E0 = 3.06), Lobatto-2 and Lobatto-3 at h = 0.2, 0.1, 0.05; prints mu(E,t)/h^(2 order) and
 * writes every curve to demo.csv.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "The chaotic energy-MSE study of 001 sec. 7.3 (Fig. 6): mu(E,t)/h^4 for Lobatto-2 and mu(E,t)/h^8 for Lobatto-3.")
final class DemoCommand extends GeomechCommand {
    private static final Map<String, Integer> STRUCTURE = Map.of("m", 3);
    private static final List<String> METHODS = List.of("lobatto-nh:2", "lobatto-nh:3");
    private static final double[] H = {0.2, 0.1, 0.05};
    private static final double[] TIMES = {10, 20, 50, 100};
    // 5 outputs per unit time (every step at h = 0.2): smooth curves; t = 0, where mu = 0, is noted under the log plot
    private static final double OUTPUT_INTERVAL = 0.2;
    // The tolerance of the 001 spec R.2 reproduction (ChaoticEnsembleTest): Lobatto-3's mu goes down to 1e-15
    private static final NewtonOptions NEWTON = new NewtonOptions(1e-14, 50);

    /** What the demo ran. */
    record DemoInputs(String model, Map<String, Integer> structure, int members, double tEnd, List<String> methods, double[] h,
                      double outputInterval, NewtonOptions newton, String backend) {}

    /** One curve in the summary: mu/h^power at the printed times. */
    record CurveResult(String method, double h, int power, int failed, double seconds, long newtonIterations, double[] t, double[] scaled) {}

    @Option(names = "--members", defaultValue = "10000",
            description = "ensemble size, J + 1 of 001 eq. 33 (default ${DEFAULT-VALUE}; 21 is the ensemble of the 001 spec's R.2 numbers)")
    int members;

    @Option(names = "--t-end", defaultValue = "20", paramLabel = "T", description = "final time (default ${DEFAULT-VALUE})")
    double tEnd;

    @Option(names = "--backend", defaultValue = "auto",
            description = "backend (default ${DEFAULT-VALUE}: an OpenCL GPU with fp64, else simd)")
    String backend;

    @Option(names = "--device", paramLabel = "N", description = "OpenCL device for --backend opencl or auto")
    Integer device;

    private final List<EnergyMseStudy.Curve> curves = new ArrayList<>();

    @Override
    void execute() {
        if (members < 1) throw new InputException("--members must be at least 1, got " + members);
        Backend b = Backends.named(backend, device == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(device));
        long totalSteps = 0;
        for (double h : H) totalSteps += METHODS.size() * TimeGrid.of(h, tEnd, OUTPUT_INTERVAL).steps();
        Library.Entry entry = Library.entry("chaotic-nh");
        MechanicalSystem sys = entry.definition(STRUCTURE).build();
        InitialStates initial = new InitialStates(sys, entry.q0(STRUCTURE), entry.v0(STRUCTURE));
        List<CurveResult> results = new ArrayList<>();
        summary.inputs(new DemoInputs(sys.name(), STRUCTURE, members, tEnd, METHODS, H, OUTPUT_INTERVAL, NEWTON, b.describe()))
                .members(members).consistency(InitialReport.of(sys, initial, new double[0], members, null)).results(results);
        double[] times = times();
        folder(null);
        Progress progress = progress(members, totalSteps);
        long done = 0;
        for (String name : METHODS) {
            Method method = Methods.parse(name);
            for (double h : H) {
                EnergyMseStudy.Curve c = EnergyMseStudy.run(sys, List.of(method), new double[]{h}, tEnd, OUTPUT_INTERVAL, new double[0],
                        initial, members, b, NEWTON).get(0);
                curves.add(c);
                for (int i = 0; i < c.mu().length; i++)
                    if (!Double.isFinite(c.mu()[i]) && c.failed() < members) nonFinite("mu(E) of " + name, "mean", h, c.t()[i], c.mu()[i], i == 0);
                done += c.memberSteps() / members;
                progress.accept(done);
                summary.work(c.memberSteps(), c.seconds()).newtonIterations(c.newtonIterations());
                if (c.failed() > 0) summary.failures(c.failed(), h, null);
                results.add(new CurveResult(name, h, 2 * c.order(), c.failed(), c.seconds(), c.newtonIterations(), times, scaledAt(c, times)));
            }
        }
        progress.end();
        if (talking()) print(results, times, b.describe());
    }

    // The printed times up to t_end (t_end itself if it is shorter than all of them)
    private double[] times() {
        double[] t = Arrays.stream(TIMES).filter(x -> x <= tEnd).toArray();
        return t.length > 0 ? t : new double[]{tEnd};
    }

    private static double[] scaledAt(EnergyMseStudy.Curve c, double[] times) {
        double[] out = new double[times.length];
        for (int i = 0; i < times.length; i++) out[i] = c.scaled(c.indexOf(times[i]));
        return out;
    }

    private void print(List<CurveResult> results, double[] times, String backendDescription) {
        out().printf("chaotic-nh (001 sec. 7.3), m = 3, %d members of the cos/sin ensemble (E0 = 3.06), t_end = %s, backend %s%n",
                members, Table.plain(tEnd), backendDescription);
        out().println("mu(E,t) = mean over members of (E_j(t) - E_j(0))^2 (001 eq. 33), divided by h^p with p = 2 x order");
        List<String> header = new ArrayList<>(List.of("method", "h", "p"));
        for (double t : times) header.add("mu/h^p at t=" + Table.plain(t));
        Table table = new Table(header.toArray(new String[0]));
        for (CurveResult r : results) {
            List<Object> cells = new ArrayList<>(List.of(r.method(), r.h(), r.power()));
            for (double x : r.scaled()) cells.add(Table.num(x));
            table.row(cells.toArray());
        }
        table.print(out(), "");
        out().println("001's Fig. 6 caption divides Lobatto-3 by h^10, but h^8 is what collapses (001 spec, pitfall P1).");
    }

    @Override
    void writeFiles(Path folder) {
        List<List<Object>> rows = new ArrayList<>();
        for (EnergyMseStudy.Curve c : curves)
            for (int i = 0; i < c.t().length; i++) rows.add(List.of(c.method(), c.order(), c.h(), c.t()[i], c.mu()[i], c.scaled(i)));
        summary.file("demo.csv");
        CsvWriter.write(folder.resolve("demo.csv"), List.of("method", "order", "h", "t", "mu", "mu_scaled"), rows);
        plots(folder, StudyCharts.energyMse(curves));
    }
}
