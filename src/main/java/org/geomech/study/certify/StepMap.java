package org.geomech.study.certify;

import org.geomech.backend.Backend;
import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Stepping;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/** A step system compiled once on a backend through the engine, with observers: the step map Phi_h that certify measures, for any h (negative too). */
final class StepMap {
    private final StepSystem step;
    private final Stepping stepping;
    private final double[] modelParams;

    StepMap(StepSystem step, Backend backend, List<Observer> observers, NewtonOptions newton, double[] modelParams) {
        this.step = step;
        this.stepping = Engine.stepping(backend, step, observers, newton);
        this.modelParams = modelParams.clone();
    }

    StepSystem step() { return step; }

    /**
     * The states of every member after 0, 1, .., k steps of h from start ([step][member][component]); a member that failed
     * is null from the step it failed at. start is left as it was.
     */
    double[][][] states(EnsembleState start, double h, int k) {
        EnsembleState s = copy(start);
        double[][][] out = new double[k + 1][][];
        int[] at = {0};
        stepping.run(s, step.paramValues(h, modelParams), null, new TimeGrid(h, k, 1), (t, now) -> out[at[0]++] = members(now));
        return out;
    }

    /** A run of steps steps of h with an output every stride steps: the rows of the observers' statistics. */
    List<EnsembleRun.Row> run(EnsembleState start, double h, long steps, int stride) {
        EnsembleState s = copy(start);
        return stepping.run(s, step.paramValues(h, modelParams), new TimeGrid(h, steps, stride)).rows();
    }

    private static double[][] members(EnsembleState s) {
        double[][] x = new double[s.members()][];
        for (int j = 0; j < x.length; j++) {
            if (!s.ok(j)) continue;
            x[j] = new double[s.components()];
            s.gather(j, x[j]);
        }
        return x;
    }

    private static EnsembleState copy(EnsembleState from) {
        EnsembleState to = new EnsembleState(from.layout(), from.members());
        double[] x = new double[from.components()];
        for (int j = 0; j < from.members(); j++) {
            from.gather(j, x);
            to.scatter(j, x);
        }
        return to;
    }
}
