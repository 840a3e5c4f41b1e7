package org.geomech.study;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observers;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the same ensemble on several backends and compares every state component with the reference
 * backend: the largest relative difference |x - x_ref| / max(1, |x_ref|) over members, per component.
 */
public final class CrossCheck {
    /** One backend's comparison: per component the largest relative difference, failures, wall seconds. */
    public record Comparison(String backend, List<String> components, double[] maxRelativeDifference, int failed,
                             int failedOnlyHere, double seconds) {
        public double worst() {
            double w = 0;
            for (double d : maxRelativeDifference) w = Math.max(w, d);
            return w;
        }
    }

    private CrossCheck() {}

    /** reference first; every other backend is compared with it after the same number of steps of size h. */
    public static List<Comparison> run(Simulation sim, double h, int steps, Backend reference, List<Backend> others, NewtonOptions newton) {
        long start = System.nanoTime();
        EnsembleState ref = advance(sim, h, steps, reference, newton);
        List<Comparison> out = new ArrayList<>();
        out.add(compare(reference.name(), ref, ref, (System.nanoTime() - start) * 1e-9));
        for (Backend b : others) {
            start = System.nanoTime();
            EnsembleState s = advance(sim, h, steps, b, newton);
            out.add(compare(b.name(), s, ref, (System.nanoTime() - start) * 1e-9));
        }
        return out;
    }

    private static EnsembleState advance(Simulation sim, double h, int steps, Backend backend, NewtonOptions newton) {
        EnsembleState state = sim.initialState(null);
        Backend.Compiled compiled = backend.compile(sim.step(), Observers.standard(sim.step().system()), newton);
        try (Backend.Run run = compiled.start(state, sim.params(h))) {
            run.advance(steps);
            run.finish();
        }
        return state;
    }

    private static Comparison compare(String name, EnsembleState s, EnsembleState ref, double seconds) {
        int components = s.components();
        double[] worst = new double[components];
        int failed = 0, onlyHere = 0;
        for (int j = 0; j < s.members(); j++) {
            if (!s.ok(j)) { failed++; if (ref.ok(j)) onlyHere++; continue; }
            if (!ref.ok(j)) continue;
            for (int c = 0; c < components; c++) {
                double a = s.get(c, j), b = ref.get(c, j);
                worst[c] = Math.max(worst[c], Math.abs(a - b) / Math.max(1, Math.abs(b)));
            }
        }
        return new Comparison(name, s.layout().names(), worst, failed, onlyHere, seconds);
    }
}
