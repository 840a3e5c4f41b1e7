package org.geomech.study.paper000;

import org.geomech.engine.Engine;
import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.Stepping;
import org.geomech.ensemble.TimeGrid;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.method.Method;
import org.geomech.method.StepSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/**
 * One method compiled once on one system (reference backend unless given, tight Newton) that advances single states by any h,
 * negative included: what the order, reversibility and symplecticity checks of 000 need.
 */
public final class Stepper {
    private final StepSystem step;
    private final Stepping stepping;
    private final double[] modelParams;
    private long iterations;

    /** A stepper of method on sys on the reference backend. */
    public Stepper(MechanicalSystem sys, Method method, double[] modelParams) { this(sys, method, modelParams, new ReferenceBackend()); }

    /** A stepper of method on sys on backend, with 000's tight Newton options. */
    public Stepper(MechanicalSystem sys, Method method, double[] modelParams, Backend backend) { this(sys, method, modelParams, backend, Paper000.TIGHT); }

    /** A stepper of method on sys on backend with these Newton options. */
    public Stepper(MechanicalSystem sys, Method method, double[] modelParams, Backend backend, NewtonOptions options) {
        this.step = method.build(sys);
        this.stepping = Engine.stepping(backend, step, List.<Observer>of(), options);
        this.modelParams = modelParams.clone();
    }

    /** The iterations (solves) of the last advance, summed over its steps. */
    public long iterations() { return iterations; }

    /** The step system. */
    public StepSystem stepSystem() { return step; }

    /** The consistent initial state (q, v, p, carried multipliers) of the given initial values. */
    public double[] initial(InitialStates initial) {
        EnsembleState s = new EnsembleState(step.layout(), 1);
        initial.fill(s, modelParams, null);
        double[] x = new double[s.components()];
        s.gather(0, x);
        return x;
    }

    /**
     * Self-convergence: max-norm differences of the first components of the states at T = h0 steps0 between runs at
     * h0 / 2^k and h0 / 2^(k+1), k = 0 .. runs - 2; successive ratios give the order without a reference solution.
     */
    public double[] successiveDifferences(double[] x0, double h0, long steps0, int runs, int components) {
        double[][] end = new double[runs][];
        for (int k = 0; k < runs; k++) end[k] = advance(x0, h0 / (1 << k), steps0 << k);
        double[] diff = new double[runs - 1];
        for (int k = 0; k < runs - 1; k++) for (int i = 0; i < components; i++) diff[k] = Math.max(diff[k], Math.abs(end[k][i] - end[k + 1][i]));
        return diff;
    }

    /** x after k steps of h; null if a step failed. */
    public double[] advance(double[] x, double h, long k) {
        EnsembleState s = new EnsembleState(step.layout(), 1);
        s.scatter(0, x);
        double[] params = new double[modelParams.length + 1];
        params[0] = h;
        System.arraycopy(modelParams, 0, params, 1, modelParams.length);
        iterations = stepping.run(s, params, new TimeGrid(h, k, (int) Math.max(1, Math.min(k, Integer.MAX_VALUE)))).newtonIterations();
        if (!s.ok(0)) return null;
        double[] out = new double[x.length];
        s.gather(0, out);
        return out;
    }
}
