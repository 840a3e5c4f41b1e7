package org.geomech.study;

import org.geomech.engine.Engine;
import org.geomech.engine.Launch;
import org.geomech.engine.Simulation;
import org.geomech.engine.SweepRun;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.StepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Method;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;
import org.geomech.method.Methods;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Global errors at t_end against a fine-step reference and the orders fitted to them: the 2-norm
 * errors of q, v, p and the multipliers for each h, and least-squares slopes of log error over log h. On a Lie
 * group system the position error is that of the stored entries of g, the velocity error that of xi and the
 * momentum error that of mu, where both the method and the reference carry them.
 */
public final class ConvergenceStudy {
    /** Errors at one step size. */
    public record Point(double h, double q, double v, double p, double lambda, int failed) {}

    /** Errors per h, fitted orders, and the reference used. */
    public record Result(List<Point> points, double orderQ, double orderV, double orderP, double orderLambda,
                         String reference, double referenceH) {}

    /** Errors below this are round-off and left out of the fits. */
    static final double ROUNDOFF = 1e-13;

    private ConvergenceStudy() {}

    /**
     * Runs the single initial state of sim at every h and the reference method at hRef (chosen from the
     * nominal orders when hRef &lt;= 0, so that its error is below 1/1000 of the finest run's, at most h_min / 8).
     */
    public static Result run(Model sys, Method method, Method referenceMethod, double[] hs, double tEnd, double hRef,
                             double[] modelParams, InitialStates initial, Backend backend, NewtonOptions newton) {
        if (hs.length < 2) throw new InputException("order needs at least two step sizes, got " + hs.length);
        StepSystem step = method.build(sys), refStep = referenceMethod.build(sys);
        double[] ref = reference(refStep, referenceMethod, hs, tEnd, hRef, modelParams, initial, backend, newton);
        List<Double> shared = new ArrayList<>();
        for (double h : hs) shared.add(h);
        List<double[]> finals = new ArrayList<>();
        for (StepSize h : StepSizes.of(shared).stages()) finals.add(finalState(step, h.grid(tEnd, tEnd), modelParams, initial, backend, newton));
        return result(step.layout(), refStep.layout(), referenceMethod, hs, finals, ref, hRef(referenceMethod, hs, hRef));
    }

    /**
     * As above at a run's step sizes, with one output, at t_end: shared ones each in turn, or every step size in one
     * launch, where member j of members starts from the one initial state and steps with its own h_j (an expression of j
     * and N, or a draw; snapped to t_end / ceil(t_end / h_j), MemberStepSizes); members of the same snapped h give one point.
     */
    public static Result run(Model sys, Method method, Method referenceMethod, StepSizes stepSizes, int members, double tEnd, double hRef,
                             double[] modelParams, InitialStates initial, Backend backend, NewtonOptions newton) {
        StepSizes steps = stepSizes.every(tEnd);
        if (!steps.varies())
            return run(sys, method, referenceMethod, steps.shared().stream().mapToDouble(Double::doubleValue).toArray(), tEnd, hRef, modelParams, initial,
                    backend, newton);
        SweepPlan plan = new SweepPlan(sys, SweepPlan.of(sys, modelParams, members).variations(), members, steps.perMember());
        StepSystem base = method.build(sys), step = SweepRun.step(base, plan);
        StepSize stage = steps.stages().get(0);
        Launch launch = new Launch(step, plan, initial, null, stage.grid(tEnd, tEnd));
        EnsembleState state = launch.slice(0, members, null);
        int hAt = step.layout().parameterOffset() + step.layout().parameters().indexOf(StepSystem.H);
        for (int j = 1; j < members; j++)
            for (int c = 0; c < state.components(); c++)
                if (c != hAt && Double.compare(state.get(c, j), state.get(c, 0)) != 0)
                    throw new InputException("order runs one initial state, but member " + j + "'s differs from member 0's in "
                            + step.layout().names().get(c) + " (initial values that depend on j)");
        Engine.stepping(backend, step, List.of(), newton).run(state, launch.params(), launch.stepsPerTick(state), launch.grid(), null);
        java.util.Map<Double, double[]> byH = new java.util.TreeMap<>(java.util.Comparator.reverseOrder());
        for (int j = 0; j < members; j++) {
            double[] x = null;
            if (state.ok(j)) {
                x = new double[state.components()];
                state.gather(j, x);
            }
            byH.putIfAbsent(state.get(hAt, j), x);
        }
        if (byH.size() < 2) throw new InputException("order needs at least two step sizes; h per member (" + stage.label() + ") gives " + byH.keySet());
        double[] hs = byH.keySet().stream().mapToDouble(Double::doubleValue).toArray();
        StepSystem refStep = referenceMethod.build(sys);
        double[] ref = reference(refStep, referenceMethod, hs, tEnd, hRef, modelParams, initial, backend, newton);
        return result(base.layout(), refStep.layout(), referenceMethod, hs, new ArrayList<>(byH.values()), ref, hRef(referenceMethod, hs, hRef));
    }

    /**
     * The reference of a convergence study: a Lobatto method (lobatto-nh:s, lobatto-holonomic:s, lobatto-lie:s, ...) with two more
     * stages; for any other method a sixth-order one that runs on the model: Lobatto with s = 4 (001) in coordinates or body
     * velocities, vrkmk:gauss3,4 (003) in spatial ones.
     */
    public static Method defaultReference(Method method, Model sys) {
        Matcher lobatto = LOBATTO.matcher(method.name());
        if (lobatto.matches()) return Methods.parse(lobatto.group(1) + Math.min(Integer.parseInt(lobatto.group(2)) + 2, Methods.MAX_STAGES) + lobatto.group(3));
        if (sys instanceof LieGroupSystem lie) {
            if (lie.velocityKind() == LieGroupSystem.Velocities.SPATIAL) return Methods.parse("vrkmk:gauss3,4");
            return Methods.parse(lie.nonholonomicCount() > 0 ? "lobatto-lie-nh:4" : "lobatto-lie:4");
        }
        MechanicalSystem m = (MechanicalSystem) sys;
        return Methods.parse(m.holonomicCount() > 0 || m.nonholonomicCount() == 0 ? "lobatto-holonomic:4" : "lobatto-nh:4");
    }

    /** A Lobatto family name, its stage count, and an optional retraction (lobatto-lie:3,exp). */
    private static final Pattern LOBATTO = Pattern.compile("(lobatto-[a-z-]+:)([0-9]+)(|,[a-z]+)");

    // The reference's final state at hRef (chosen where hRef <= 0)
    private static double[] reference(StepSystem refStep, Method referenceMethod, double[] hs, double tEnd, double hRef, double[] modelParams,
                                      InitialStates initial, Backend backend, NewtonOptions newton) {
        double h = hRef(referenceMethod, hs, hRef);
        double[] ref = finalState(refStep, TimeGrid.of(h, tEnd, tEnd), modelParams, initial, backend, newton);
        if (ref == null) throw new InputException("the reference run (" + referenceMethod.name() + ", h = " + h + ") failed");
        return ref;
    }

    // Errors of each final state (null: the run failed) against the reference, and the fitted orders
    private static Result result(StateLayout layout, StateLayout refLayout, Method referenceMethod, double[] hs, List<double[]> finals, double[] ref,
                                 double hRef) {
        List<Point> points = new ArrayList<>();
        for (int k = 0; k < hs.length; k++) {
            double h = hs[k];
            double[] x = finals.get(k);
            if (x == null) { points.add(new Point(h, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 1)); continue; }
            points.add(new Point(h, error(x, layout, ref, refLayout, StateLayout.Q, "g"), error(x, layout, ref, refLayout, StateLayout.V, "xi"),
                    error(x, layout, ref, refLayout, StateLayout.P, "mu"), error(x, layout, ref, refLayout, StateLayout.LAMBDA), 0));
        }
        return new Result(points, fit(points, 'q'), fit(points, 'v'), fit(points, 'p'), fit(points, 'l'), referenceMethod.name(), hRef);
    }

    // The reference step: hRef, or where hRef <= 0 one small enough for an error 1000 times below the finest run's, at most h_min / 8
    private static double hRef(Method referenceMethod, double[] hs, double hRef) {
        double hMin = Double.POSITIVE_INFINITY;
        for (double h : hs) hMin = Math.min(hMin, h);
        if (hRef <= 0) {
            int p = Math.max(1, Math.min(referenceMethod.order(), referenceMethod.multiplierOrder()));
            // at most h_min / 8: finer steps push the reference's multipliers into round-off (their floor is eps / h^2)
            int factor = 2;
            while (Math.pow(factor, p) < 1000 && factor < 8) factor *= 2;
            hRef = hMin / factor;
        }
        return hRef;
    }

    // The one member's state at the end of grid; null where it failed
    private static double[] finalState(StepSystem step, TimeGrid grid, double[] modelParams, InitialStates initial, Backend backend, NewtonOptions newton) {
        Simulation sim = new Simulation(step, modelParams, initial, null, 1);
        EnsembleState state = sim.initialState(null);
        sim.run(backend, newton, List.of(), grid, state, null);
        if (!state.ok(0)) return null;
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }

    // The 2-norm error of the first block named (of those given) that both layouts carry, over the reference's components; NaN if none
    private static double error(double[] x, StateLayout layout, double[] ref, StateLayout refLayout, String... blocks) {
        for (String b : blocks) {
            if (!layout.has(b) || !refLayout.has(b) || layout.block(b).size() < refLayout.block(b).size()) continue;
            int at = layout.offset(b), refAt = refLayout.offset(b);
            double s = 0;
            for (int i = 0; i < refLayout.block(b).size(); i++) s += (x[at + i] - ref[refAt + i]) * (x[at + i] - ref[refAt + i]);
            return Math.sqrt(s);
        }
        return Double.NaN;
    }

    /** Least-squares slope of log(error) against log(h) over the points above round-off; NaN if fewer than two. */
    static double fit(List<Point> points, char which) {
        double[] h = new double[points.size()], e = new double[points.size()];
        for (int i = 0; i < h.length; i++) {
            Point p = points.get(i);
            double v = which == 'q' ? p.q() : which == 'v' ? p.v() : which == 'p' ? p.p() : p.lambda();
            h[i] = p.h();
            e[i] = v > ROUNDOFF ? v : 0;
        }
        return OrderFit.slope(h, e);
    }
}
