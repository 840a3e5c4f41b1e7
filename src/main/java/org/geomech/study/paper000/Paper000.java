package org.geomech.study.paper000;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Method;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.Simulation;

import java.util.List;

/** The test problems and reference values of paper 000's spec (sec. 6 [derived]) and the runs its reproductions share. */
public final class Paper000 {
    private Paper000() {}

    /** Newton tolerance of the reproductions: the spec's solves are converged to about 1e-14. */
    public static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    /** SP: spherical-pendulum with m = g = l = 1 (spec sec. 6). */
    public static MechanicalSystem sphericalPendulum() { return Library.system("spherical-pendulum"); }

    /** m, l, g of spherical-pendulum set to the spec's 1, 1, 1. */
    public static double[] sphericalParams() { return new double[]{1, 1, 1}; }

    /** q0 = (sin 1, 0, -cos 1), v0 = (0, 1, 0) (spec sec. 6). */
    public static InitialStates sphericalInitial(MechanicalSystem sys) {
        return new InitialStates(sys, List.of("sin(1)", "0", "-cos(1)"), List.of("0", "1", "0"));
    }

    /** SP at T = 5 (DOP853, rtol 1e-13; spec sec. 6): q then v. */
    public static final double[] SP_AT_5 = {0.753302798541, 0.152534072492, -0.639740768154, -0.226973459214, 1.071082969941, -0.011884649247};

    /** One member from the initial state to t_end at step h; the final state (q, v, p, carried multipliers), or null if it failed. */
    public static double[] finalState(MechanicalSystem sys, Method method, double[] params, InitialStates initial, double h, double tEnd,
                                      Backend backend) {
        Simulation sim = new Simulation(sys, method, params, initial, null, 1);
        EnsembleState state = sim.initialState(null);
        sim.run(backend, TIGHT, List.<Observer>of(), TimeGrid.of(h, tEnd, tEnd), state, null);
        if (!state.ok(0)) return null;
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }

    public static double[] finalState(Method method, double h, double tEnd) {
        MechanicalSystem sys = sphericalPendulum();
        return finalState(sys, method, sphericalParams(), sphericalInitial(sys), h, tEnd, new ReferenceBackend());
    }

    /** Max-norm error of (q, v) against SP_AT_5 (spec sec. 6 order table). */
    public static double errorAt5(double[] x) {
        double e = 0;
        for (int i = 0; i < 6; i++) e = Math.max(e, Math.abs(x[i] - SP_AT_5[i]));
        return e;
    }

    /** Runs of one ensemble for the rows of a result. */
    public static EnsembleRun.Result run(Simulation sim, Backend backend, List<Observer> observers, TimeGrid grid) {
        return sim.run(backend, TIGHT, observers, grid, sim.initialState(null), null);
    }
}
