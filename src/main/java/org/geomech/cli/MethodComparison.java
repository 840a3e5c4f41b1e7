package org.geomech.cli;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.engine.Scenario;
import org.geomech.io.plot.Chart;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.model.Model;
import org.geomech.engine.Simulation;
import org.geomech.study.TextTable;

import java.util.ArrayList;
import java.util.List;

/**
 * run --method A,B,...: several methods on one ensemble (the same initial states and draw), with the energy-error
 * statistics of each in one table and one plot; for example a method and its variational twin, rk:rk4,vi:rk4 (000).
 */
final class MethodComparison {
    /** The table (method, t, energy msd, max |g|), the table printed at t_end, and the plot of the energy msd. */
    record Result(TextTable series, TextTable summary, Chart chart) {}

    private MethodComparison() {}

    /** Each method in turn on the scenario's ensemble at its first step size. */
    static Result run(Scenario scenario, Model sys, List<String> names, Backend backend) {
        List<Double> stepSizes = scenario.stepSizes("comparing methods");
        if (stepSizes.size() != 1) throw new InputException("comparing methods takes one step size, got " + stepSizes.size());
        double h = stepSizes.get(0);
        TimeGrid grid = TimeGrid.of(h, scenario.tEnd(), scenario.outputInterval());
        InitialStates initial = new InitialStates(sys, scenario.q0(), scenario.v0());
        TextTable series = new TextTable("method", "t", "energy_msd", "g_pos_max");
        TextTable summary = new TextTable("method", "order", "members ok", "rms |E - E0| at t_end", "max |E - E0| over t", "max |g| at t_end");
        Chart chart = Chart.overTime(sys.name() + ", h = " + h + ": mean-square energy error over the ensemble", "mean_j (E_j(t) \u2212 E_j(0))^2", true);
        for (String name : names) {
            Method method = Methods.parse(name);
            Simulation sim = new Simulation(sys, method, sys.parameterValues(), initial, scenario.perturbation(), scenario.members());
            EnsembleState state = sim.initialState(null);
            EnsembleRun.Result r = sim.run(backend, scenario.newton(), Observers.standard(sys, sim.step().layout()), grid, state, null);
            double[] t = new double[r.rows().size()], msd = new double[t.length];
            double worst = 0;
            for (int i = 0; i < t.length; i++) {
                EnsembleRun.Row row = r.rows().get(i);
                t[i] = row.t();
                msd[i] = row.stats().get(0).msd();
                worst = Math.max(worst, Math.sqrt(msd[i]));
                series.add(method.name(), row.t(), msd[i], row.stats().size() > 1 ? row.stats().get(1).max() : null);
            }
            EnsembleRun.Row last = r.rows().get(r.rows().size() - 1);
            summary.add(method.name(), method.order(), state.okCount() + " of " + state.members(), Math.sqrt(last.stats().get(0).msd()),
                    worst, last.stats().size() > 1 ? last.stats().get(1).max() : null);
            chart.line(method.name(), t, msd);
        }
        return new Result(series, summary, chart);
    }
}
