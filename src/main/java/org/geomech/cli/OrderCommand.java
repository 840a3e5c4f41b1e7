package org.geomech.cli;

import org.geomech.study.StudyCharts;
import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.StepSizes;
import org.geomech.io.CsvWriter;
import org.geomech.io.RunSummary;
import org.geomech.engine.Scenario;
import org.geomech.io.ScenarioDraft;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.model.Model;
import org.geomech.engine.Simulation;
import org.geomech.study.ConvergenceStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** geomech order: global errors at t_end against a fine-step reference, and the fitted orders; writes order.csv. */
@Command(name = "order", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Convergence study: errors in q, v, p and the multipliers at t_end for each h against a fine-step reference, and fitted orders.")
final class OrderCommand extends GeomechCommand {
    /** What order ran: the scenario, the reference method and the requested reference step (0: chosen). */
    record OrderInputs(Scenario scenario, String reference, double hRef) {}

    @Mixin
    ScenarioOptions scenarioOptions;

    @Option(names = "--reference", paramLabel = "METHOD",
            description = "reference method (default: a Lobatto method with two more stages; for other families a sixth-order method for the model)")
    String reference;

    @Option(names = "--h-ref", paramLabel = "H", description = "reference step size (default: small enough for a 1000 times smaller error)")
    double hRef;

    @Option(names = "--members", paramLabel = "N",
            description = "with h per member (--h '0.1/2^j'): one launch of N members from the one initial state, member j at its own h_j")
    Integer members;

    private ConvergenceStudy.Result result;
    private String title;
    private int order, multiplierOrder;

    @Override
    void execute() {
        ScenarioDraft d = scenarioOptions.draft();
        if (members != null) {
            if (d.hPerMember == null) throw new InputException("--members goes with h per member (--h as an expression of j, or a draw)");
            d.members = members;   // copies of the one initial state, not the perturbed ensemble run makes of a member count
        }
        Scenario s = d.resolve();
        if (s.members() != 1 && s.hPerMember() == null)
            throw new InputException("order runs one initial state; the scenario asks for " + s.members() + " members (give h per member to run one"
                    + " launch of them, each at its own step size)");
        if (s.perturbation() != null) throw new InputException("order runs one initial state; drop the random draw (initial.random)");
        Model sys = s.model().build();
        Method method = Methods.parse(s.method());
        Method ref = reference != null ? Methods.parse(reference) : ConvergenceStudy.defaultReference(method, sys);
        double[] params = sys.parameterValues();
        InitialStates initial = new InitialStates(sys, s.q0(), s.v0());
        InitialStates.Report[] report = new InitialStates.Report[1];
        new Simulation(sys, method, params, initial, null, 1).initialState(report);
        summary.inputs(new OrderInputs(s, ref.name(), hRef)).members(s.members()).consistency(report[0]);
        Backend backend = Backends.named(s.backend(), scenarioOptions.device());
        long start = System.nanoTime();
        StepSizes steps = s.steps();
        if (!steps.varies() && steps.shared().stream().distinct().count() < steps.shared().size())
            throw new InputException("order fits log(error) against log(h): every step size must differ, got " + s.h());
        folder(s.out());
        result = ConvergenceStudy.run(sys, method, ref, steps, s.members(), s.tEnd(), hRef, params, initial, backend, s.newton());
        long memberSteps = Math.round(s.tEnd() / result.referenceH());
        for (ConvergenceStudy.Point p : result.points()) {
            memberSteps += Math.round(s.tEnd() / p.h());
            if (p.failed() > 0) summary.failures(1, p.h(), null);
            else for (double e : new double[]{p.q(), p.v(), p.p()})
                if (Double.isInfinite(e)) nonFinite("error at t_end", "2-norm", p.h(), s.tEnd(), e, false);
        }
        summary.work(memberSteps, (System.nanoTime() - start) * 1e-9).results(result);
        title = sys.name() + ", " + method.name() + ": errors at t = " + Table.plain(s.tEnd()) + " against " + ref.name();
        order = method.order();
        multiplierOrder = method.multiplierOrder();
        if (talking()) print(sys, method, s.tEnd());
    }

    private void print(Model sys, Method method, double tEnd) {
        out().printf("%s, %s, errors at t = %s against %s at h = %s%n", sys.name(), method.name(), Table.plain(tEnd), result.reference(), result.referenceH());
        Table table = new Table("h", "err q", "err v", "err p", "err lambda");
        for (ConvergenceStudy.Point p : result.points())
            table.row(p.h(), Table.numOrNone(p.q()), Table.numOrNone(p.v()), Table.numOrNone(p.p()), Table.numOrNone(p.lambda()));
        table.row("fitted order", Table.numOrNone(result.orderQ()), Table.numOrNone(result.orderV()), Table.numOrNone(result.orderP()),
                Table.numOrNone(result.orderLambda()));
        table.print(out(), "");
        out().printf("claimed: order %d in q, v, p; %d in the multipliers%n", method.order(), method.multiplierOrder());
    }

    @Override
    void writeFiles(Path folder) {
        if (result == null) return;
        List<List<Object>> rows = new ArrayList<>();
        for (ConvergenceStudy.Point p : result.points()) rows.add(List.of(p.h(), p.q(), p.v(), p.p(), p.lambda(), p.failed()));
        summary.file("order.csv");
        CsvWriter.write(folder.resolve("order.csv"), List.of("h", "err_q", "err_v", "err_p", "err_lambda", "failed"), rows);
        plots(folder, java.util.Map.of("order", StudyCharts.order(result, title, order, multiplierOrder)));
    }
}
