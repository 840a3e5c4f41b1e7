package org.geomech.study;

import org.geomech.engine.Engine;
import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Stepping;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.TimeGrid;
import org.geomech.expr.Expr;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole state of one member, recorded every stride steps on any backend: the observers are the state
 * components themselves, so the values come back through the backend's own reductions. The step system is
 * compiled once and reused for every step size.
 */
public final class Trajectory {
    /** Times, states x[row][component] up to the last ok row, and how the run ended. */
    public record Result(double h, double[] t, double[][] x, boolean ok, long failedStep, long newtonIterations,
                         int maxNewtonIterations, double seconds) {
        /** The number of output rows. */
        public int rows() { return t.length; }
        /** The last state recorded. */
        public double[] last() { return x[x.length - 1]; }
    }

    private final StepSystem step;
    private final Stepping stepping;

    /** A recorder of every state component of step on backend, compiled once. */
    public Trajectory(StepSystem step, Backend backend, NewtonOptions newton) {
        this.step = step;
        List<Observer> observers = new ArrayList<>();
        List<String> names = step.layout().names();
        List<Expr> symbols = step.state();
        for (int c = 0; c < symbols.size(); c++) observers.add(new Observer(names.get(c), symbols.get(c), "state component"));
        this.stepping = Engine.stepping(backend, step, observers, newton);
    }

    /** The step system. */
    public StepSystem step() { return step; }

    /** A consistent one-member initial state. */
    public EnsembleState initialState(double[] modelParams, InitialStates initial) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        initial.fill(state, modelParams, null);
        return state;
    }

    /** steps steps of size h (negative h steps backwards) from a fresh consistent initial state. */
    public Result run(double[] modelParams, InitialStates initial, double h, long steps, int stride) {
        return run(initialState(modelParams, initial), modelParams, h, steps, stride);
    }

    /** steps steps of size h from the given one-member state, which is advanced in place. */
    public Result run(EnsembleState state, double[] modelParams, double h, long steps, int stride) {
        double[] params = new double[modelParams.length + 1];
        params[0] = h;
        System.arraycopy(modelParams, 0, params, 1, modelParams.length);
        TimeGrid grid = new TimeGrid(h, steps, Math.max(1, stride));
        EnsembleRun.Result r = stepping.run(state, params, grid);
        int components = step.layout().size();
        List<double[]> xs = new ArrayList<>();
        List<Double> ts = new ArrayList<>();
        for (EnsembleRun.Row row : r.rows()) {
            if (row.ok() == 0) break;
            double[] x = new double[components];
            for (int c = 0; c < components; c++) x[c] = row.stats().get(c).mean();
            xs.add(x);
            ts.add(row.t());
        }
        double[] t = new double[ts.size()];
        for (int i = 0; i < t.length; i++) t[i] = ts.get(i);
        return new Result(h, t, xs.toArray(new double[0][]), state.ok(0), state.ok(0) ? -1 : state.failedStep(0),
                r.newtonIterations(), r.maxNewtonIterations(), r.seconds());
    }
}
