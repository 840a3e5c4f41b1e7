package org.geomech.study;

import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Launch;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Simulation;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the same ensemble on several backends and compares every state component with the reference
 * backend: the largest relative difference |x - x_ref| / max(1, |x_ref|) over the members ok on both,
 * per component. A multiplier enters a step only as h lambda (001 eq. 14, 004 eq. 84: the constraint
 * force over one step), so multipliers are compared as h lambda: |h (lambda - lambda_ref)| / max(1, |h lambda_ref|).
 */
public final class CrossCheck {
    /** The observers' statistics over the ok members before the first step and after the last. */
    public record Observed(List<String> observers, List<Statistics> atStart, List<Statistics> atEnd) {}

    /**
     * One backend's comparison: per component the largest relative difference, the members compared (ok on
     * this backend and the reference), the failed ones (the first few listed), wall seconds.
     */
    public record Comparison(String backend, List<String> components, double[] maxRelativeDifference, int compared, int failed,
                             int failedOnlyHere, List<MemberFailure> firstFailures, Observed observed, double seconds) {
        /** The largest relative difference over the components. */
        public double worst() {
            double w = 0;
            for (double d : maxRelativeDifference) w = Math.max(w, d);
            return w;
        }
    }

    private CrossCheck() {}

    /** reference first; every other backend is compared with it after the same number of steps of size h, with the observers of a run. */
    public static List<Comparison> run(Simulation sim, double h, int steps, Backend reference, List<Backend> others, NewtonOptions newton) {
        Launch plain = sim.launch(new TimeGrid(h, steps, steps));
        List<Observer> observers = Observers.ofRun(plain.step().model(), plain.step().layout());
        Launch launch = new Launch(Observers.carrying(plain.step(), observers), plain.plan(), plain.initial(), plain.perturbation(), plain.grid());
        return run(launch, observers, reference, others, newton);
    }

    /**
     * reference first; every other backend is compared with it at the end of the launch's grid (each member with its
     * own parameters and, where h varies per member, its own steps); sweep points' padding is not compared. Beside the
     * state components, each observer's mean over the members at the end is compared (its compiled code on each
     * backend, initial values included); the launch's step carries the initial values they name (Observers.carrying).
     */
    public static List<Comparison> run(Launch launch, List<Observer> observers, Backend reference, List<Backend> others, NewtonOptions newton) {
        long start = System.nanoTime();
        Observed[] observed = new Observed[1];
        EnsembleState ref = advance(launch, observers, reference, newton, observed);
        Observed refObserved = observed[0];
        List<Comparison> out = new ArrayList<>();
        out.add(compare(reference.name(), ref, ref, launch, observed[0], refObserved, (System.nanoTime() - start) * 1e-9));
        for (Backend b : others) {
            start = System.nanoTime();
            EnsembleState s = advance(launch, observers, b, newton, observed);
            out.add(compare(b.name(), s, ref, launch, observed[0], refObserved, (System.nanoTime() - start) * 1e-9));
        }
        return out;
    }

    // The launch at the end of its grid on one backend; observed[0] receives the observers' statistics before and after
    private static EnsembleState advance(Launch launch, List<Observer> observers, Backend backend, NewtonOptions newton, Observed[] observed) {
        EnsembleState state = launch.slice(0, launch.members(), null);
        List<EnsembleRun.Row> rows = Engine.stepping(backend, launch.step(), observers, newton)
                .run(state, launch.params(), launch.stepsPerTick(state), launch.grid(), null).rows();
        observed[0] = new Observed(observers.stream().map(Observer::name).toList(), rows.get(0).stats(), rows.get(rows.size() - 1).stats());
        return state;
    }

    /** Failed members listed one by one per backend. */
    public static final int LISTED_FAILURES = 10;

    /**
     * A backend's state s against the reference's ref, component by component, then each observer's mean at the end
     * (observed against the reference's, refObserved) as a column "mean(NAME)", |m - m_ref| / max(1, |m_ref|).
     */
    static Comparison compare(String name, EnsembleState s, EnsembleState ref, Launch launch, Observed observed, Observed refObserved, double seconds) {
        int components = s.components(), observers = observed.observers().size();
        StateLayout layout = s.layout();
        // a member's own h where it varies per member (carried in its state), else the launch's
        int carried = layout.parameters().indexOf(StepSystem.H);
        double[] worst = new double[components + observers];
        int compared = 0, failed = 0, onlyHere = 0;
        List<MemberFailure> failures = new ArrayList<>();
        for (int j = 0; j < s.members(); j++) {
            if (launch.plan().padding(j)) continue;
            double h = carried < 0 ? launch.grid().h() : s.get(layout.parameterOffset() + carried, j);
            if (!s.ok(j)) {
                failed++;
                if (ref.ok(j)) onlyHere++;
                if (failures.size() < LISTED_FAILURES)
                    failures.add(new MemberFailure(launch.plan().point(j), launch.plan().local(j), s.failedStep(j), s.status(j)));
                continue;
            }
            if (!ref.ok(j)) continue;
            compared++;
            for (int c = 0; c < components; c++) {
                boolean multiplier = c >= layout.lambdaOffset() && c < layout.lambdaOffset() + layout.multipliers();
                double scale = multiplier ? h : 1;
                double a = scale * s.get(c, j), b = scale * ref.get(c, j);
                worst[c] = Math.max(worst[c], Math.abs(a - b) / Math.max(1, Math.abs(b)));
            }
        }
        List<String> names = new ArrayList<>(layout.names());
        for (int o = 0; o < observers; o++) {
            names.add("mean(" + observed.observers().get(o) + ")");
            double a = observed.atEnd().get(o).mean(), b = refObserved.atEnd().get(o).mean();
            // the same members on both (else the failures say why): a mean that differs is the observer's code
            if (failed == 0 && compared > 0) worst[components + o] = a == b ? 0 : Math.abs(a - b) / Math.max(1, Math.abs(b));
        }
        return new Comparison(name, names, worst, compared, failed, onlyHere, failures, observed, seconds);
    }
}
