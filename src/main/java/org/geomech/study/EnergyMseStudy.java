package org.geomech.study;

import org.geomech.engine.Simulation;
import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Method;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * The ensemble energy study of 001 sec. 7.3 / Fig. 6: mu(E, k) = mean_j (E_jk - E_j0)^2 (eq. 33) over
 * time for several methods and step sizes, and mu / h^(2p) for a method of order p, which collapses
 * onto one curve when the energy error scales as h^p.
 */
public final class EnergyMseStudy {
    /** mu(E) at the output times of one (method, h) run. */
    public record Curve(String method, int order, double h, double[] t, double[] mu, int failed, long memberSteps,
                        long newtonIterations, double seconds) {
        /** mu / h^(2 order). */
        public double scaled(int i) { return mu[i] / Math.pow(h, 2 * order); }

        /** The index of the output time closest to time. */
        public int indexOf(double time) {
            int best = 0;
            for (int i = 0; i < t.length; i++) if (Math.abs(t[i] - time) < Math.abs(t[best] - time)) best = i;
            return best;
        }
    }

    private EnergyMseStudy() {}

    /** The energy msd curves of each method at each step size hs on sys, members members from initial, on backend. */
    public static List<Curve> run(MechanicalSystem sys, List<Method> methods, double[] hs, double tEnd, double outputInterval,
                                  double[] modelParams, InitialStates initial, int members, Backend backend, NewtonOptions newton) {
        List<Curve> curves = new ArrayList<>();
        List<Observer> energy = List.of(Observers.standard(sys).get(0));
        for (Method method : methods) {
            for (double h : hs) {
                Simulation sim = new Simulation(sys, method, modelParams, initial, null, members);
                TimeGrid grid = TimeGrid.of(h, tEnd, outputInterval);
                EnsembleState state = sim.initialState(null);
                EnsembleRun.Result r = sim.run(backend, newton, energy, grid, state, null);
                double[] t = new double[r.rows().size()], mu = new double[t.length];
                for (int i = 0; i < t.length; i++) {
                    t[i] = r.rows().get(i).t();
                    mu[i] = r.rows().get(i).stats().get(0).msd();
                }
                curves.add(new Curve(method.name(), method.order(), h, t, mu, members - state.okCount(),
                        (long) members * grid.steps(), r.newtonIterations(), r.seconds()));
            }
        }
        return curves;
    }
}
