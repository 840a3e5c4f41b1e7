package org.geomech.study.certify;

import org.geomech.InputException;
import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.method.Claims;
import org.geomech.method.Method;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.ConvergenceStudy;
import org.geomech.study.certify.Certificate.Line;
import org.geomech.study.certify.Certificate.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * geomech certify: a method's claims (Method.claims, Method.order) against measurements of its step map on a model, run through
 * the engine on any backend. Orders per state block from a convergence study; the symplecticity defect max |Omega_2 - Omega_1|
 * of the canonical form on the probe's tangent vectors after steps 1 and 2 (SymplecticForm: a step is symplectic when it leaves
 * omega on the constraint manifold unchanged; after steps 1 and 2 so that a pair the step carries, as 000's (q-bar, mu), exists);
 * the reversibility |Phi_-h(Phi_h(x)) - x|; and over a long run of a small ensemble the drift of the momentum maps
 * (MomentumMaps), the constraint residuals, and whether the energy error is bounded (the drift ratio of its fitted slope).
 */
public final class Certify {
    /**
     * What to run: step sizes of the convergence study (the largest is also the step of the other measurements), its final time, the steps of the long run, its members, and the probe's central-difference step.
     */
    public record Settings(double[] hs, double tEnd, long longSteps, int members, double eps) {
        /** Checks the step sizes (two or more, positive, distinct) and the rest; one-line InputExceptions. */
        public Settings {
            if (hs.length < 2) throw new InputException("certify needs at least two step sizes for the orders, got " + hs.length);
            for (double h : hs) if (!(h > 0) || !Double.isFinite(h)) throw new InputException("step sizes must be positive numbers, got " + h);
            if (java.util.Arrays.stream(hs).distinct().count() < hs.length) throw new InputException("certify fits orders: every step size must differ");
            if (!(tEnd > 0) || !Double.isFinite(tEnd)) throw new InputException("t-end must be a positive number, got " + tEnd);
            if (longSteps < 10) throw new InputException("the long run needs at least 10 steps, got " + longSteps);
            if (members < 1) throw new InputException("members must be at least 1, got " + members);
            hs = hs.clone();
            java.util.Arrays.sort(hs);
            for (int i = 0; i < hs.length / 2; i++) { double t = hs[i]; hs[i] = hs[hs.length - 1 - i]; hs[hs.length - 1 - i] = t; }
        }

        /** Two halvings from the family's default step (Claims.defaultStep): errors above round-off and in the asymptotic range. */
        public static double[] stepSizes(Method method) {
            double h = method.claims().defaultStep();
            return new double[]{h, h / 2, h / 4};
        }

        /** The final time of the convergence study: 1, or 50 of the largest steps where that is shorter (fast systems, small steps). */
        public static double finalTime(double[] hs) {
            double h = java.util.Arrays.stream(hs).max().orElseThrow();
            return Math.min(1, 50 * h);
        }
    }

    /** Errors below this are round-off (as in ConvergenceStudy). */
    static final double ROUNDOFF = 1e-13;
    /** Orders may fall this far below the claim (pre-asymptotic fits). */
    static final double ORDER_SLACK = 0.3;
    /** A symplectic step leaves omega unchanged to this (relative to the largest |omega|): central differences and the solver's tolerance. */
    static final double SYMPLECTIC = 1e-6;
    /** A symmetric step returns to this (relative to the largest component). */
    static final double REVERSIBLE = 1e-9;
    /** A conserved quantity or a kept constraint drifts by at most this (relative to its size, at least 1). */
    static final double CONSERVED = 1e-9;
    /** A bounded energy error has a drift ratio below this; a steady drift has about 1. */
    static final double BOUNDED = 0.3;

    private Certify() {}

    /** The certificate of method on model: its claims against measurements of its step map on backend. */
    public static Certificate run(Model model, Method method, List<String> q0, List<String> v0, double[] modelParams, Backend backend,
                                  NewtonOptions newton, Settings settings) {
        Claims claims = method.claims();
        StepSystem step = method.build(model);
        StateLayout layout = step.layout();
        Claims.CanonicalPair pair = claims.pair().in(layout);
        List<Observer> momenta = MomentumMaps.of(model, pair, layout, modelParams);
        List<Observer> observers = new ArrayList<>(Observers.standard(model, layout));
        observers.addAll(momenta);
        StepMap map = new StepMap(step, backend, observers, newton, modelParams);
        Probe probe = new Probe(model, q0, v0, modelParams);
        double h = settings.hs()[0];
        List<Line> lines = new ArrayList<>();
        ConvergenceStudy.Result orders = orders(model, method, q0, v0, modelParams, backend, newton, settings, lines);
        lines.add(symplecticity(model, map, probe, pair, claims, h, settings.eps()));
        lines.add(reversibility(map, probe, claims, h));
        Certificate.EnergySeries energy = longRun(map, probe, observers, momenta, claims, settings, lines);
        return new Certificate(method.name(), method.order(), model.name(), backend.name(), claims.source(), lines, orders, energy);
    }

    // the convergence study and its four lines, at the usual tolerance at most (a fine reference of a fast system meets the
    // round-off floor of a tighter one)
    private static ConvergenceStudy.Result orders(Model model, Method method, List<String> q0, List<String> v0, double[] modelParams, Backend backend,
                                                  NewtonOptions newton, Settings settings, List<Line> lines) {
        Claims claims = method.claims();
        NewtonOptions usual = new NewtonOptions(Math.max(newton.tolerance(), NewtonOptions.DEFAULT.tolerance()), newton.maxIterations(), newton.jacobian(),
                newton.iteration());
        ConvergenceStudy.Result orders = ConvergenceStudy.run(model, method, ConvergenceStudy.defaultReference(method, model), settings.hs(),
                settings.tEnd(), 0, modelParams, new InitialStates(model, q0, v0), backend, usual);
        lines.add(order(orders, "order q", orders.orderQ(), finest(orders, ConvergenceStudy.Point::q), claimed(claims, StateLayout.Q, method)));
        lines.add(order(orders, "order v", orders.orderV(), finest(orders, ConvergenceStudy.Point::v), claimed(claims, StateLayout.V, method)));
        lines.add(order(orders, "order p", orders.orderP(), finest(orders, ConvergenceStudy.Point::p), claimed(claims, StateLayout.P, method)));
        lines.add(order(orders, "order lambda", orders.orderLambda(), finest(orders, ConvergenceStudy.Point::lambda), method.multiplierOrder()));
        return orders;
    }

    // the long run of the state and its neighbours, from the state after one step (where a pair the step carries, as 000's
    // q-bar and mu, exists): the energy, constraint and momentum lines
    private static Certificate.EnergySeries longRun(StepMap map, Probe probe, List<Observer> observers, List<Observer> momenta, Claims claims,
                                                    Settings settings, List<Line> lines) {
        double h = settings.hs()[0];
        EnsembleState ensemble = afterOneStep(map, probe.ensemble(map.step().layout(), 1e-2, Math.min((settings.members() - 1) / 2, probe.directions())), h);
        int stride = (int) Math.max(1, settings.longSteps() / 200), members = ensemble.members();
        List<EnsembleRun.Row> rows = map.run(ensemble, h, settings.longSteps(), stride);
        Certificate.EnergySeries energy = energy(rows, observers, h);
        lines.add(energyLine(energy, rows, members, observers, claims));
        for (int k = 0; k < observers.size(); k++) {
            Observer o = observers.get(k);
            switch (o.name()) {
                case "g_pos" -> lines.add(kept("constraint g(q)", rows, members, k, claims.positions(), "g(q) = 0 at every step"));
                case "g_vel" -> lines.add(kept("constraint G v, A v + a", rows, members, k, claims.velocities(), "the velocity constraints at every step"));
                case "group_defect" -> lines.add(kept("g on the group", rows, members, k, claims.positions(), "g stays on the group"));
                default -> {
                    if (momenta.contains(o)) lines.add(momentum(o, rows, members, k, claims));
                }
            }
        }
        if (momenta.isEmpty()) lines.add(new Line("momentum maps", claims.momentumMaps() ? "conserved (" + claims.source() + ")" : "not claimed",
                "none found (searched: rotations and translations of systems without nonholonomic constraints, up to "
                        + MomentumMaps.MAX_COORDINATES + " coordinates; multiplications on a group)", Double.NaN, Verdict.NOT_CLAIMED));
        return energy;
    }

    private static int claimed(Claims claims, String block, Method method) { return claims.ordered().contains(block) ? method.order() : 0; }

    // the least-squares order over every h, and the order of the last halving, which decides (the claims are asymptotic)
    private static Line order(ConvergenceStudy.Result r, String block, double fitted, double last, int claimed) {
        String claim = claimed > 0 ? "order " + claimed : "not claimed";
        for (ConvergenceStudy.Point p : r.points())
            if (p.failed() > 0) return new Line(block, claim, "not measured: the run at h = " + p.h() + " failed", Double.NaN, failed(claimed > 0));
        if (Double.isNaN(fitted)) return new Line(block, claim, "not measured (no such block, or errors at round-off)", fitted, Verdict.NOT_CLAIMED);
        String measured = String.format(Locale.ROOT, "fitted %.2f, last halving %.2f", fitted, last);
        if (claimed <= 0) return new Line(block, claim, measured, fitted, Verdict.NOT_CLAIMED);
        double asymptotic = Double.isNaN(last) ? fitted : Math.max(fitted, last);
        return new Line(block, claim, measured, fitted, asymptotic >= claimed - ORDER_SLACK ? Verdict.AGREES : Verdict.DISAGREES);
    }

    // the slope of log error over log h between the two smallest step sizes (NaN where either is at round-off or missing)
    private static double finest(ConvergenceStudy.Result r, java.util.function.ToDoubleFunction<ConvergenceStudy.Point> error) {
        List<ConvergenceStudy.Point> p = r.points();
        if (p.size() < 2) return Double.NaN;
        ConvergenceStudy.Point a = p.get(p.size() - 2), b = p.get(p.size() - 1);
        double ea = error.applyAsDouble(a), eb = error.applyAsDouble(b);
        if (!(ea > ROUNDOFF && eb > ROUNDOFF)) return Double.NaN;
        return Math.log(ea / eb) / Math.log(a.h() / b.h());
    }

    private static Line symplecticity(Model model, StepMap map, Probe probe, Claims.CanonicalPair pair, Claims claims, double h, double eps) {
        EnsembleState ensemble = probe.ensemble(map.step().layout(), eps, probe.directions());
        double[][][] states = map.states(ensemble, h, 2);
        String claim = claims.symplectic() ? "symplectic (" + claims.source() + ")" : "not claimed";
        for (int s = 1; s <= 2; s++)
            for (double[] x : states[s])
                if (x == null) return new Line("symplecticity", claim, "not measured: a probe member failed", Double.NaN, failed(claims.symplectic()));
        SymplecticForm form = new SymplecticForm(model, pair);
        double[][] before = form.matrix(states[1], eps), after = form.matrix(states[2], eps);
        double defect = 0, scale = 0;
        for (int a = 0; a < before.length; a++)
            for (int b = 0; b < before.length; b++) {
                defect = Math.max(defect, Math.abs(after[a][b] - before[a][b]));
                scale = Math.max(scale, Math.abs(before[a][b]));
            }
        String measured = String.format(Locale.ROOT, "defect %.3g at h = %s (|omega| up to %.3g)", defect, h, scale);
        if (!claims.symplectic()) return new Line("symplecticity", claim, measured, defect, Verdict.NOT_CLAIMED);
        return new Line("symplecticity", claim, measured, defect, defect <= SYMPLECTIC * Math.max(1, scale) ? Verdict.AGREES : Verdict.DISAGREES);
    }

    // |Phi_-h(Phi_h(x)) - x| over the blocks of the state other than the multipliers (a step may carry its own, as vi: its (q-bar, mu))
    private static Line reversibility(StepMap map, Probe probe, Claims claims, double h) {
        StateLayout layout = map.step().layout();
        EnsembleState start = probe.ensemble(layout, 0, 0);
        double[] x = new double[layout.size()], y = map.states(start, h, 1)[1][0];
        start.gather(0, x);
        String claim = claims.symmetric() ? "symmetric (" + claims.source() + ")" : "not claimed";
        double[] z = null;
        if (y != null) {
            EnsembleState after = new EnsembleState(layout, 1);
            after.scatter(0, y);
            z = map.states(after, -h, 1)[1][0];
        }
        if (z == null) return new Line("reversibility", claim, "not measured: a step failed", Double.NaN, failed(claims.symmetric()));
        double worst = 0, scale = 0;
        for (StateLayout.Block b : layout.blocks()) {
            if (b.name().equals(StateLayout.LAMBDA) || b.name().equals(StateLayout.PARAMETERS)) continue;
            for (int i = layout.offset(b.name()); i < layout.offset(b.name()) + b.size(); i++) {
                worst = Math.max(worst, Math.abs(z[i] - x[i]));
                scale = Math.max(scale, Math.abs(x[i]));
            }
        }
        String measured = String.format(Locale.ROOT, "|Phi_-h(Phi_h(x)) - x| = %.3g at h = %s", worst, h);
        if (!claims.symmetric()) return new Line("reversibility", claim, measured, worst, Verdict.NOT_CLAIMED);
        return new Line("reversibility", claim, measured, worst, worst <= REVERSIBLE * Math.max(1, scale) ? Verdict.AGREES : Verdict.DISAGREES);
    }

    private static Certificate.EnergySeries energy(List<EnsembleRun.Row> rows, List<Observer> observers, double h) {
        int k = index(observers, "energy");
        double[] t = new double[rows.size()], e = new double[rows.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = rows.get(i).t();
            e[i] = k < 0 || rows.get(i).ok() == 0 ? Double.NaN : Math.sqrt(rows.get(i).stats().get(k).msd());
        }
        double slope = slope(t, e), max = 0;
        for (double v : e) if (v > max) max = v;
        double ratio = max > 0 ? Math.abs(slope) * t[t.length - 1] / max : 0;
        return new Certificate.EnergySeries(h, t, e, slope, ratio);
    }

    private static Line energyLine(Certificate.EnergySeries s, List<EnsembleRun.Row> rows, int members, List<Observer> observers, Claims claims) {
        int k = index(observers, "energy");
        double max = 0;
        for (double v : s.error()) max = Math.max(max, Double.isNaN(v) ? 0 : v);
        String claim = switch (claims.energy()) {
            case EXACT -> "conserved (" + claims.source() + ")";
            case BOUNDED -> "bounded error, no drift (" + claims.source() + ")";
            case NOT_CLAIMED -> "not claimed";
        };
        double tEnd = s.t()[s.t().length - 1];
        String measured = String.format(Locale.ROOT, "rms error up to %.3g over t <= %s, slope %.3g, drift ratio %.2f", max, tEnd, s.slope(), s.driftRatio());
        if (k < 0) return new Line("energy", claim, "no energy observer on this model", Double.NaN, Verdict.NOT_CLAIMED);
        String lost = lost(rows, members);
        if (lost != null) return new Line("energy", claim, lost, Double.NaN, failed(claims.energy() != Claims.Energy.NOT_CLAIMED));
        boolean roundOff = max <= CONSERVED * Math.max(1, Math.abs(rows.get(0).stats().get(k).mean()));
        Verdict v = switch (claims.energy()) {
            case EXACT -> roundOff ? Verdict.AGREES : Verdict.DISAGREES;
            case BOUNDED -> roundOff || s.driftRatio() <= BOUNDED ? Verdict.AGREES : Verdict.DISAGREES;
            case NOT_CLAIMED -> Verdict.NOT_CLAIMED;
        };
        return new Line("energy", claim, measured, claims.energy() == Claims.Energy.EXACT ? max : s.driftRatio(), v);
    }

    // a residual kept at zero: its largest value over members and outputs
    private static Line kept(String property, List<EnsembleRun.Row> rows, int members, int k, boolean claimed, String what) {
        String lost = lost(rows, members);
        if (lost != null) return new Line(property, claimed ? what : "not claimed", lost, Double.NaN, failed(claimed));
        double worst = 0;
        for (EnsembleRun.Row r : rows) worst = Math.max(worst, r.stats().get(k).max());
        String measured = String.format(Locale.ROOT, "largest residual %.3g", worst);
        if (!claimed) return new Line(property, "not claimed", measured, worst, Verdict.NOT_CLAIMED);
        return new Line(property, what, measured, worst, worst <= CONSERVED ? Verdict.AGREES : Verdict.DISAGREES);
    }

    private static Line momentum(Observer o, List<EnsembleRun.Row> rows, int members, int k, Claims claims) {
        String property = "momentum " + o.name() + " (" + o.description().replace("momentum map of ", "") + ")";
        String claim = claims.momentumMaps() ? "conserved (" + claims.source() + ")" : "not claimed";
        String lost = lost(rows, members);
        if (lost != null) return new Line(property, claim, lost, Double.NaN, failed(claims.momentumMaps()));
        double drift = 0, size = 0;
        for (EnsembleRun.Row r : rows) {
            drift = Math.max(drift, Math.sqrt(r.stats().get(k).msd()));
            size = Math.max(size, Math.abs(r.stats().get(k).mean()));
        }
        String measured = String.format(Locale.ROOT, "rms drift %.3g (|J| about %.3g)", drift, size);
        if (!claims.momentumMaps()) return new Line(property, "not claimed", measured, drift, Verdict.NOT_CLAIMED);
        return new Line(property, claim, measured, drift, drift <= CONSERVED * Math.max(1, size) ? Verdict.AGREES : Verdict.DISAGREES);
    }

    private static Verdict failed(boolean claimed) { return claimed ? Verdict.NOT_MEASURED : Verdict.NOT_CLAIMED; }

    // where members of the long run failed: when and how many (null where none did)
    private static String lost(List<EnsembleRun.Row> rows, int members) {
        for (EnsembleRun.Row r : rows)
            if (r.ok() < members) return "not measured: " + (members - r.ok()) + " of " + members + " members of the long run failed by t = " + r.t();
        return null;
    }

    // every member of an ensemble after one step of h (a member that fails there stays at its start, marked failed)
    private static EnsembleState afterOneStep(StepMap map, EnsembleState start, double h) {
        double[][] after = map.states(start, h, 1)[1];
        EnsembleState out = new EnsembleState(start.layout(), start.members());
        double[] x = new double[start.components()];
        for (int j = 0; j < after.length; j++) {
            if (after[j] != null) out.scatter(j, after[j]);
            else {
                start.gather(j, x);
                out.scatter(j, x);
                out.fail(j, 1, EnsembleState.Status.NON_FINITE);
            }
        }
        return out;
    }

    private static int index(List<Observer> observers, String name) {
        for (int i = 0; i < observers.size(); i++) if (observers.get(i).name().equals(name)) return i;
        return -1;
    }

    // least-squares slope of y over t, skipping NaN
    private static double slope(double[] t, double[] y) {
        double st = 0, sy = 0, stt = 0, sty = 0;
        int k = 0;
        for (int i = 0; i < t.length; i++) {
            if (Double.isNaN(y[i])) continue;
            st += t[i]; sy += y[i]; stt += t[i] * t[i]; sty += t[i] * y[i]; k++;
        }
        return k < 2 ? Double.NaN : (k * sty - st * sy) / (k * stt - st * st);
    }
}
