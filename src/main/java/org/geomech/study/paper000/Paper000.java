package org.geomech.study.paper000;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.plot.Chart;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.geomech.study.TextTable;

import java.util.List;
import java.util.Map;

/**
 * Paper 000 (Patrick, Cuell, Spiteri, Zhang: any one-step method made variational): its test problems and the spec's
 * reference values (spec sec. 6, [derived]; the paper has no experiments), and the reproductions vi-orders, vi-long-time,
 * vi-symplectic, vi-reversible and vi-chord.
 */
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

    /** Max-norm error of (q, v) against SP_AT_5 (spec sec. 6 order table). */
    public static double errorAt5(double[] x) {
        double e = 0;
        for (int i = 0; i < 6; i++) e = Math.max(e, Math.abs(x[i] - SP_AT_5[i]));
        return e;
    }

    private static Stepper sp(String method, Backend backend) {
        return new Stepper(sphericalPendulum(), Methods.parse(method), sphericalParams(), backend);
    }

    // spec sec. 6 order table: method, then the errors at h = 0.2, 0.1, 0.05, 0.025 (NaN: not given)
    private static final Object[][] ORDER_TABLE = {
            {"vi:rk4", new double[]{6.40e-5, 4.08e-6, 2.56e-7, 1.60e-8}},
            {"vi:rk4,-1/2,1/2", new double[]{4.08e-6, 2.56e-7, 1.60e-8, Double.NaN}},
            {"vi:rk4,-1/4,3/4", new double[]{1.54e-5, 9.74e-7, 6.10e-8, Double.NaN}},
            {"vi:kutta3", new double[]{2.23e-3, 1.61e-4, 1.27e-5, 1.12e-6}},
            {"vi:kutta3,-1/2,1/2", new double[]{1.53e-4, 9.51e-6, 5.94e-7, 3.71e-8}},
            {"vi:heun", new double[]{1.50e-2, 3.94e-3, 9.96e-4, 2.50e-4}},
            {"vi:heun,-1/2,1/2", new double[]{3.96e-3, 9.98e-4, 2.50e-4, 6.25e-5}},
            {"vi:euler", new double[]{1.98e-1, 7.31e-2, 3.52e-2, 1.72e-2}},
            {"vi:euler,-1,0", new double[]{1.72e-1, 5.78e-2, 3.12e-2, Double.NaN}},
            {"vi:euler,-1/2,1/2", new double[]{4.21e-2, 1.06e-2, 2.66e-3, 6.66e-4}}};

    /** SP's L_z0 = q1 v2 - q2 v1 at the spec's initial state (spec sec. 6: 0.841470984808). */
    public static final double LZ0 = Math.sin(1);

    /** spec sec. 6 invariants: vi:rk4 (0,1) at h = 0.025 on [0, 5], mechanical L_z varies by 9.3e-9 and E by 1.45e-8. */
    static final double SPEC_LZ_DRIFT = 9.3e-9, SPEC_ENERGY_DRIFT = 1.45e-8;

    /**
     * One run of a vi: method on SP to T = 5 step by step: the state at T, and over the run the largest change of the
     * discrete Noether momentum J = -mu . (e3 x q-bar) (000 sec. 3, spec sec. 6; from the first step, where (q-bar, mu)
     * is first defined), J + L_z0 after the first step, and the largest changes of the mechanical L_z and of E.
     */
    public record NoetherRun(double[] end, double jDrift, double jPlusLz0, double lzDrift, double energyDrift) {}

    /** As NoetherRun says, with h; end null if a step failed. */
    public static NoetherRun noether(Stepper s, double h) {
        double[] x = s.initial(sphericalInitial(sphericalPendulum()));
        int carried = s.stepSystem().layout().lambdaOffset() + sphericalPendulum().holonomicCount();   // q-bar, then mu
        double e0 = energy(x), j1 = Double.NaN, jDrift = 0, lzDrift = 0, eDrift = 0;
        long steps = Math.round(5 / h);
        for (long k = 1; k <= steps && x != null; k++) {
            x = s.advance(x, h, 1);
            if (x == null) break;
            // J = -mu . (e3 x q-bar) = mu_x qbar_y - mu_y qbar_x
            double j = x[carried + 3] * x[carried + 1] - x[carried + 4] * x[carried];
            if (k == 1) j1 = j;
            jDrift = Math.max(jDrift, Math.abs(j - j1));
            lzDrift = Math.max(lzDrift, Math.abs(x[0] * x[4] - x[1] * x[3] - LZ0));
            eDrift = Math.max(eDrift, Math.abs(energy(x) - e0));
        }
        return new NoetherRun(x, jDrift, j1 + LZ0, lzDrift, eDrift);
    }

    /** E = |v|^2/2 + q3 of SP (m = g = 1). */
    private static double energy(double[] x) { return 0.5 * (x[3] * x[3] + x[4] * x[4] + x[5] * x[5]) + x[2]; }

    /**
     * vi-orders: max-norm error of (q, v) at T = 5 on SP per standard layer and bias, the observed rates, beside the spec's;
     * with the discrete Noether momentum J's drift and J + L_z0 (spec: J constant to &lt;= 2e-12, about -L_z0 to O(h^r)), and
     * the drifts of the mechanical L_z and E (spec: 9.3e-9 and 1.45e-8 for vi:rk4 at h = 0.025).
     */
    public static TextTable orders(Backend backend) {
        TextTable t = new TextTable("method", "order", "h", "error", "spec_error", "rate", "spec_rate", "max_J_drift", "spec_max_J_drift",
                "J_plus_Lz0", "max_Lz_drift", "spec_max_Lz_drift", "max_E_drift", "spec_max_E_drift");
        double[] hs = {0.2, 0.1, 0.05, 0.025};
        for (Object[] row : ORDER_TABLE) {
            String m = (String) row[0];
            double[] spec = (double[]) row[1];
            Stepper s = sp(m, backend);
            double previous = Double.NaN;
            for (int i = 0; i < hs.length; i++) {
                NoetherRun r = noether(s, hs[i]);
                double e = r.end() == null ? Double.NaN : errorAt5(r.end());
                boolean specInvariants = m.equals("vi:rk4") && hs[i] == 0.025;
                t.add(m, Methods.parse(m).order(), hs[i], e, spec[i],
                        i == 0 ? null : Math.log(previous / e) / Math.log(2), i == 0 ? null : Math.log(spec[i - 1] / spec[i]) / Math.log(2),
                        r.jDrift(), 2e-12, r.jPlusLz0(), r.lzDrift(), specInvariants ? SPEC_LZ_DRIFT : null, r.energyDrift(),
                        specInvariants ? SPEC_ENERGY_DRIFT : null);
                previous = e;
            }
        }
        return t;
    }

    /** The observers of the long run: energy, |g| and |G v|. */
    private static List<Observer> observers(MechanicalSystem sys) { return Observers.standard(sys); }

    /**
     * vi-long-time: SP, h = 0.2 to T = 2000 (10^4 steps), vi:rk4 against plain rk:rk4, and h = 0.1 to T = 500, vi:euler with
     * the self-adjoint bias (-1/2, 1/2) against plain rk:euler: E - E0 and g(q) at the spec's times, the largest |E - E0| so
     * far, and into charts one plot of |E - E0| over t per pair (spec sec. 6 long-time behaviour).
     */
    public static TextTable longTime(Backend backend, Map<String, Chart> charts) {
        TextTable t = new TextTable("method", "h", "t", "energy_error", "spec_energy_error", "g", "max_energy_error_so_far", "spec_max_energy_error_so_far");
        // spec sec. 6: vi:rk4 max |E - E0| = 5.62e-5 reached before t = 20, E - E0 = +8.3e-7 at t = 2000;
        // rk:rk4 E - E0 = +2.3e-4 at t = 20, +4.6e-2 at 200, +0.41 at 500; g = -0.2 at 500, -0.42 at 2000
        double nan = Double.NaN;
        charts.put("vi-long-time-energy", longRun(backend, 0.2, new double[]{20, 200, 500, 2000}, t, new Object[][]{
                {"vi:rk4", new double[]{nan, nan, nan, 8.3e-7}, new double[]{5.62e-5, 5.62e-5, 5.62e-5, 5.62e-5}},
                {"rk:rk4", new double[]{2.3e-4, 4.6e-2, 0.41, nan}, new double[]{nan, nan, nan, nan}}}));
        // spec sec. 6: vi:euler,-1/2,1/2 at h = 0.1: max |E - E0| = 8.2e-4 over [0, 500], no drift; plain Euler E - E0 about 2e34 by t = 500
        charts.put("vi-long-time-euler-energy", longRun(backend, 0.1, new double[]{20, 200, 500}, t, new Object[][]{
                {"vi:euler,-1/2,1/2", new double[]{nan, nan, nan}, new double[]{nan, nan, 8.2e-4}},
                {"rk:euler", new double[]{nan, nan, 2e34}, new double[]{nan, nan, nan}}}));
        return t;
    }

    /** One pair of long runs on SP with step h to the last of times, rows at times into t (spec values per run: E - E0, max so far). */
    private static Chart longRun(Backend backend, double h, double[] times, TextTable t, Object[][] runs) {
        MechanicalSystem sys = sphericalPendulum();
        double tEnd = times[times.length - 1];
        Chart chart = Chart.overTime("000 spec sec. 6: SP, h = " + h + ": |E \u2212 E0| of " + runs[0][0] + " (bounded) and plain " + runs[1][0] + " (drifts)",
                "|E(t) \u2212 E(0)|", true);
        for (Object[] run : runs) {
            String m = (String) run[0];
            double[] spec = (double[]) run[1], specMax = (double[]) run[2];
            Simulation sim = new Simulation(sys, Methods.parse(m), sphericalParams(), sphericalInitial(sys), null, 1);
            List<EnsembleRun.Row> rows = sim.run(backend, TIGHT, observers(sys), TimeGrid.of(h, tEnd, 10 * h), sim.initialState(null), null).rows();
            double e0 = rows.get(0).stats().get(0).mean(), worst = 0;
            double[] tt = new double[rows.size()], de = new double[rows.size()], specAbs = new double[times.length];
            int next = 0;
            for (int i = 0; i < rows.size(); i++) {
                EnsembleRun.Row row = rows.get(i);
                double d = row.stats().get(0).mean() - e0;
                worst = Math.max(worst, Math.abs(d));
                tt[i] = row.t();
                de[i] = Math.abs(d);
                if (i > 0 && next < times.length && Math.abs(row.t() - times[next]) < 1e-9) {
                    t.add(m, h, row.t(), d, spec[next], row.stats().get(1).mean(), worst, specMax[next]);
                    specAbs[next] = Math.abs(spec[next]);
                    next++;
                }
            }
            int color = chart.line(m, tt, de);
            if (java.util.Arrays.stream(specAbs).anyMatch(Double::isFinite)) chart.markers(m + ": |E \u2212 E0| (spec)", times, specAbs, color);
        }
        return chart;
    }

    /**
     * vi-symplectic: the symplecticity defect max |omega(Psi_* a, Psi_* b) - omega(a, b)| over a basis of tangent
     * directions, omega = sum dq ^ dp, by central differences (eps = 1e-5) at w0 of SP with h in DEFECT_H (the spec's
     * values at h = 0.2). For vi: the map
     * (q-bar_k, mu_k) -> (q-bar_k+1, mu_k+1) on T*Q; for plain rk: (q, v) -> (q', v') (spec sec. 6 symplecticity).
     */
    public static TextTable symplecticity(Backend backend) {
        TextTable t = new TextTable("method", "h", "defect", "spec_defect");
        Object[][] rows = {{"vi:rk4", 2e-9}, {"vi:rk4,-1/2,1/2", 2e-9}, {"vi:euler", 2e-9}, {"vi:kutta3,-1/2,1/2", 2e-9},
                {"rk:rk4", 2.0e-5}, {"rk:euler", 7.7e-2}};
        for (Object[] r : rows) {
            Stepper s = sp((String) r[0], backend);
            for (double h : DEFECT_H) t.add(r[0], h, symplecticityDefect(s, h), h == 0.2 ? r[1] : null);
        }
        return t;
    }

    /** The step sizes of the symplecticity and reversibility defects: the spec's h = 0.2 (its values) and four around it. */
    static final double[] DEFECT_H = {0.4, 0.2, 0.1, 0.05, 0.025};

    /** The defect of one method on SP at h, from the spec's initial state. */
    public static double symplecticityDefect(Stepper s, double h) {
        double[] x0 = s.initial(sphericalInitial(sphericalPendulum()));
        boolean variational = s.stepSystem().method().startsWith("vi:");
        int lam = s.stepSystem().layout().lambdaOffset();
        // a basis of T_w TQ: two tangent directions of the sphere at q0, in q and in v
        double[] q0 = {x0[0], x0[1], x0[2]};
        double[] e1 = unit(cross(q0, new double[]{0, 0, 1})), e2 = unit(cross(q0, e1));
        double[][] dirs = {concat(e1, zero3()), concat(e2, zero3()), concat(zero3(), e1), concat(zero3(), e2)};
        double eps = 1e-5;
        double[][] before = new double[4][], after = new double[4][];
        for (int k = 0; k < 4; k++) {
            double[] plus = observe(s, onTangentBundle(x0, dirs[k], eps), h, variational, lam), minus = observe(s, onTangentBundle(x0, dirs[k], -eps), h, variational, lam);
            double[] d = new double[12];
            for (int i = 0; i < 12; i++) d[i] = (plus[i] - minus[i]) / (2 * eps);
            before[k] = java.util.Arrays.copyOfRange(d, 0, 6);
            after[k] = java.util.Arrays.copyOfRange(d, 6, 12);
        }
        double worst = 0;
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) worst = Math.max(worst, Math.abs(omega(after[a], after[b]) - omega(before[a], before[b])));
        return worst;
    }

    /** (q, p) before and after one step of the map: for vi the carried (q-bar, mu) after steps 1 and 2; for rk (q, v) and its step. */
    private static double[] observe(Stepper s, double[] x, double h, boolean variational, int lam) {
        double[] out = new double[12];
        if (variational) {
            double[] y1 = s.advance(x, h, 1), y2 = s.advance(y1, h, 1);
            System.arraycopy(y1, lam + 1, out, 0, 6);
            System.arraycopy(y2, lam + 1, out, 6, 6);
        } else {
            double[] y = s.advance(x, h, 1);
            System.arraycopy(x, 0, out, 0, 6);
            System.arraycopy(y, 0, out, 6, 6);
        }
        return out;
    }

    /** w0 moved by s along a direction and put back on TQ of the unit sphere: q normalised, v made tangent; p = v, lambda kept. */
    private static double[] onTangentBundle(double[] x0, double[] dir, double s) {
        double[] x = x0.clone();
        double[] q = new double[3], v = new double[3];
        for (int i = 0; i < 3; i++) { q[i] = x0[i] + s * dir[i]; v[i] = x0[3 + i] + s * dir[3 + i]; }
        double r = Math.sqrt(dot(q, q));
        for (int i = 0; i < 3; i++) q[i] /= r;
        double vq = dot(v, q);
        for (int i = 0; i < 3; i++) { x[i] = q[i]; x[3 + i] = v[i] - vq * q[i]; x[6 + i] = x[3 + i]; }
        return x;
    }

    private static double omega(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < 3; i++) s += a[i] * b[3 + i] - b[i] * a[3 + i];
        return s;
    }

    /**
     * vi-reversible: |Phi_-h(Phi_h(w0)) - w0| (max norm of q, v) on SP per bias at h in DEFECT_H (the spec's values at
     * h = 0.2); the same method at the negative
     * step (spec sec. 6 reversibility, sec. 9 item 2).
     */
    public static TextTable reversibility(Backend backend) {
        TextTable t = new TextTable("method", "h", "defect", "spec_defect");
        Object[][] rows = {{"vi:euler,-1/2,1/2", 1.2e-15}, {"vi:kutta3,-1/2,1/2", 1.2e-15}, {"vi:rk4,-1/2,1/2", 1.2e-15},
                {"vi:rk4", 3.2e-7}, {"vi:rk4,-1/4,3/4", 9.2e-8}};
        for (Object[] r : rows) {
            Stepper s = sp((String) r[0], backend);
            for (double h : DEFECT_H) t.add(r[0], h, reversibilityDefect(s, h), h == 0.2 ? r[1] : null);
        }
        return t;
    }

    /** DP: double-pendulum with m = l = g = 1 and its default initial state, the spec's (sec. 6). */
    public static MechanicalSystem doublePendulum() { return Library.system("double-pendulum"); }

    /** One step of h from the problem's initial state solved by the iteration, with the iterations it took (x null: it failed). */
    public record Solve(double[] x, long iterations) {}

    /** One step of method on SP (or DP) from the spec's initial state, iterated as asked, on the backend. */
    public static Solve oneStep(boolean dp, String method, Iteration it, double h, Backend backend) {
        MechanicalSystem sys = dp ? doublePendulum() : sphericalPendulum();
        Stepper s = new Stepper(sys, Methods.parse(method), dp ? sys.parameterValues() : sphericalParams(), backend, TIGHT.with(it));
        double[] x = s.advance(s.initial(dp ? InitialStates.defaults(sys) : sphericalInitial(sys)), h, 1);
        return new Solve(x, s.iterations());
    }

    /**
     * vi-chord: iterations of one step from the spec's initial state, Newton against the chord iteration of 000 sec. 4.4 with
     * the corrected approximates, with only (S4.6a') corrected, with only (S4.7a') corrected and with both as printed (the
     * last two diverge), the chord solution's distance to Newton's (max norm of (q, v)), and on SP the corrected chord's
     * contraction factor; spec sec. 6 chord table (cold start, max|f| &lt; 1e-12).
     */
    public static TextTable chordIterations(Backend backend) {
        TextTable t = new TextTable("problem", "method", "h", "newton_iterations", "chord_iterations", "spec_chord_iterations",
                "chord_minus_newton", "only_s46a_fixed", "spec_only_s46a_fixed", "only_s47a_fixed", "as_printed", "contraction", "spec_contraction");
        // spec sec. 6: SP 33/19/14 (0,1), 25/17/12 (-1/2,1/2); DP 26/15/12 and 20/14/10; only (S4.6a') fixed, SP (0,1): 42/31/23;
        // as printed or only (S4.7a') fixed: diverges; contraction factor (SP, (0,1)) about 0.43, 0.23, 0.12
        Object[][] rows = {{false, "vi:rk4", new int[]{33, 19, 14}, new int[]{42, 31, 23}, new double[]{0.43, 0.23, 0.12}},
                {false, "vi:rk4,-1/2,1/2", new int[]{25, 17, 12}, null, null},
                {true, "vi:rk4", new int[]{26, 15, 12}, null, null}, {true, "vi:rk4,-1/2,1/2", new int[]{20, 14, 10}, null, null}};
        double[] hs = {0.2, 0.1, 0.05};
        for (Object[] r : rows) {
            boolean dp = (Boolean) r[0];
            String m = (String) r[1];
            ChordContraction contraction = dp ? null : new ChordContraction(m, Iteration.CHORD);
            for (int i = 0; i < hs.length; i++) {
                Solve newton = oneStep(dp, m, Iteration.NEWTON, hs[i], backend), chord = oneStep(dp, m, Iteration.CHORD, hs[i], backend);
                t.add(dp ? "DP" : "SP", m, hs[i], newton.iterations(), outcome(chord), ((int[]) r[2])[i],
                        chord.x() == null || newton.x() == null ? Double.NaN : distance(chord.x(), newton.x(), dp ? 8 : 6),
                        outcome(oneStep(dp, m, Iteration.CHORD_ONLY_S46_FIXED, hs[i], backend)), r[3] == null ? null : ((int[]) r[3])[i],
                        outcome(oneStep(dp, m, Iteration.CHORD_ONLY_S47_FIXED, hs[i], backend)), outcome(oneStep(dp, m, Iteration.CHORD_AS_PRINTED, hs[i], backend)),
                        contraction == null ? null : String.format("%.3f", contraction.at(hs[i])), r[4] == null ? null : String.format("%.2f", ((double[]) r[4])[i]));
            }
        }
        return t;
    }

    private static String outcome(Solve s) { return s.x() == null ? "diverges" : Long.toString(s.iterations()); }

    /** spec sec. 6: where the chord iteration stops converging on SP, per bias: h = 0.4, 0.6 and 0.8 against 0.5 and 0.7. */
    static final Object[][] CHORD_LIMITS = {{"vi:rk4", new double[]{0.83, Double.NaN, Double.NaN}, 0.5}, {"vi:rk4,-1/2,1/2", new double[]{Double.NaN, 0.91, Double.NaN}, 0.7}};

    /**
     * vi-chord-contraction: the chord iteration's asymptotic contraction factor on SP (ChordContraction) per bias and form
     * at h = 0.05 .. 0.8, and for the corrected one the step size where it reaches 1 (spec sec. 6: about proportional to h,
     * 0.43 at h = 0.2; 0.83 at 0.4 and divergent at 0.6 for (0,1), stops near h = 0.5; 0.91 at 0.6 and divergent at 0.8
     * for (-1/2,1/2), stops near 0.7).
     */
    public static TextTable chordContraction() {
        TextTable t = new TextTable("method", "iteration", "h=0.05", "h=0.1", "h=0.2", "h=0.4", "h=0.6", "h=0.8", "spec_at_0.4_0.6_0.8",
                "limit_h", "spec_limit_h");
        double[] hs = {0.05, 0.1, 0.2, 0.4, 0.6, 0.8};
        for (Object[] r : CHORD_LIMITS) {
            String m = (String) r[0];
            for (Iteration it : new Iteration[]{Iteration.CHORD, Iteration.CHORD_ONLY_S46_FIXED, Iteration.CHORD_ONLY_S47_FIXED, Iteration.CHORD_AS_PRINTED}) {
                ChordContraction c = new ChordContraction(m, it);
                Object[] row = new Object[11];
                row[0] = m;
                row[1] = it.label();
                for (int i = 0; i < hs.length; i++) row[2 + i] = String.format("%.3f", c.at(hs[i]));
                boolean corrected = it == Iteration.CHORD;
                double[] spec = (double[]) r[1];
                row[8] = corrected ? String.format("%s / %s / diverges", spec[0] > 0 ? spec[0] : "-", spec[1] > 0 ? spec[1] : "-") : null;
                row[9] = corrected ? String.format("%.3f", c.limit(0.2, 1.2)) : null;
                row[10] = corrected ? String.format("%.1f", (Double) r[2]) : null;
                t.add(row);
            }
        }
        return t;
    }

    /** Max norm of the first k components of a - b. */
    public static double distance(double[] a, double[] b, int k) {
        double e = 0;
        for (int i = 0; i < k; i++) e = Math.max(e, Math.abs(a[i] - b[i]));
        return e;
    }

    public static double reversibilityDefect(Stepper s, double h) {
        double[] x0 = s.initial(sphericalInitial(sphericalPendulum()));
        double[] back = s.advance(s.advance(x0, h, 1), -h, 1);
        double e = 0;
        for (int i = 0; i < 6; i++) e = Math.max(e, Math.abs(back[i] - x0[i]));
        return e;
    }

    private static double dot(double[] a, double[] b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
    private static double[] cross(double[] a, double[] b) { return new double[]{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }
    private static double[] unit(double[] a) { double r = Math.sqrt(dot(a, a)); return new double[]{a[0] / r, a[1] / r, a[2] / r}; }
    private static double[] zero3() { return new double[3]; }
    private static double[] concat(double[] a, double[] b) { return new double[]{a[0], a[1], a[2], b[0], b[1], b[2]}; }
}
