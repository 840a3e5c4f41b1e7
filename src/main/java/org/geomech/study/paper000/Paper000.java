package org.geomech.study.paper000;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.plot.Charts;
import org.geomech.io.plot.Plots;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.geomech.study.TextTable;
import org.knowm.xchart.XYChart;

import java.nio.file.Path;
import java.util.ArrayList;
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

    /** vi-orders: max-norm error of (q, v) at T = 5 on SP per standard layer and bias, the observed rates, beside the spec's. */
    public static TextTable orders(Backend backend) {
        TextTable t = new TextTable("method", "order", "h", "error", "spec_error", "rate", "spec_rate");
        double[] hs = {0.2, 0.1, 0.05, 0.025};
        for (Object[] row : ORDER_TABLE) {
            String m = (String) row[0];
            double[] spec = (double[]) row[1];
            Stepper s = sp(m, backend);
            double[] x0 = s.initial(sphericalInitial(sphericalPendulum()));
            double previous = Double.NaN;
            for (int i = 0; i < hs.length; i++) {
                double[] x = s.advance(x0, hs[i], Math.round(5 / hs[i]));
                double e = x == null ? Double.NaN : errorAt5(x);
                t.add(m, Methods.parse(m).order(), hs[i], e, spec[i],
                        i == 0 ? null : Math.log(previous / e) / Math.log(2), i == 0 ? null : Math.log(spec[i - 1] / spec[i]) / Math.log(2));
                previous = e;
            }
        }
        return t;
    }

    /** The observers of the long run: energy, |g| and |G v|. */
    private static List<Observer> observers(MechanicalSystem sys) { return Observers.standard(sys); }

    /**
     * vi-long-time: SP, h = 0.2 to T = 2000 (10^4 steps), vi:rk4 against plain rk:rk4: E - E0 and g(q) at the spec's times,
     * and one plot of |E - E0| over t for both (spec sec. 6 long-time behaviour).
     */
    public static TextTable longTime(Backend backend, Path out, List<Path> files) {
        MechanicalSystem sys = sphericalPendulum();
        Map<String, EnsembleRun.Result> runs = new java.util.LinkedHashMap<>();
        for (String m : new String[]{"vi:rk4", "rk:rk4"}) {
            Simulation sim = new Simulation(sys, Methods.parse(m), sphericalParams(), sphericalInitial(sys), null, 1);
            runs.put(m, sim.run(backend, TIGHT, observers(sys), TimeGrid.of(0.2, 2000, 2), sim.initialState(null), null));
        }
        TextTable t = new TextTable("method", "t", "energy_error", "spec_energy_error", "g", "max_energy_error_so_far");
        // spec sec. 6: vi:rk4 max |E - E0| = 5.62e-5 reached before t = 20, E - E0 = +8.3e-7 at t = 2000;
        // rk:rk4 E - E0 = +2.3e-4 at t = 20, +4.6e-2 at 200, +0.41 at 500; g = -0.2 at 500, -0.42 at 2000
        Map<String, double[]> spec = Map.of("vi:rk4", new double[]{Double.NaN, Double.NaN, Double.NaN, 8.3e-7},
                "rk:rk4", new double[]{2.3e-4, 4.6e-2, 0.41, Double.NaN});
        double[] times = {20, 200, 500, 2000};
        XYChart chart = Charts.create("000 spec sec. 6: SP, h = 0.2: |E - E0| of vi:rk4 (bounded) and plain rk:rk4 (drifts)", "t", "|E - E0|", false, true);
        for (Map.Entry<String, EnsembleRun.Result> r : runs.entrySet()) {
            List<EnsembleRun.Row> rows = r.getValue().rows();
            double e0 = rows.get(0).stats().get(0).mean(), worst = 0;
            double[] tt = new double[rows.size() - 1], de = new double[rows.size() - 1];
            int next = 0;
            for (int i = 1; i < rows.size(); i++) {
                EnsembleRun.Row row = rows.get(i);
                double d = row.stats().get(0).mean() - e0;
                worst = Math.max(worst, Math.abs(d));
                tt[i - 1] = row.t();
                de[i - 1] = Math.max(Math.abs(d), 1e-16);
                if (next < times.length && Math.abs(row.t() - times[next]) < 1e-9) {
                    double g = row.stats().get(1).mean();
                    t.add(r.getKey(), row.t(), d, spec.get(r.getKey())[next], g, worst);
                    next++;
                }
            }
            Charts.line(chart, r.getKey(), tt, de, false);
        }
        files.addAll(Plots.writeAll(Map.of("vi-long-time-energy", chart), out));
        return t;
    }

    /**
     * vi-symplectic: the symplecticity defect max |omega(Psi_* a, Psi_* b) - omega(a, b)| over a basis of tangent
     * directions, omega = sum dq ^ dp, by central differences (eps = 1e-5) at w0 of SP with h = 0.2. For vi: the map
     * (q-bar_k, mu_k) -> (q-bar_k+1, mu_k+1) on T*Q; for plain rk: (q, v) -> (q', v') (spec sec. 6 symplecticity).
     */
    public static TextTable symplecticity(Backend backend) {
        TextTable t = new TextTable("method", "h", "defect", "spec_defect");
        Object[][] rows = {{"vi:rk4", 2e-9}, {"vi:rk4,-1/2,1/2", 2e-9}, {"vi:euler", 2e-9}, {"vi:kutta3,-1/2,1/2", 2e-9},
                {"rk:rk4", 2.0e-5}, {"rk:euler", 7.7e-2}};
        for (Object[] r : rows) t.add(r[0], 0.2, symplecticityDefect(sp((String) r[0], backend), 0.2), r[1]);
        return t;
    }

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
     * vi-reversible: |Phi_-h(Phi_h(w0)) - w0| (max norm of q, v) on SP at h = 0.2 per bias; the same method at the negative
     * step (spec sec. 6 reversibility, sec. 9 item 2).
     */
    public static TextTable reversibility(Backend backend) {
        TextTable t = new TextTable("method", "h", "defect", "spec_defect");
        Object[][] rows = {{"vi:euler,-1/2,1/2", 1.2e-15}, {"vi:kutta3,-1/2,1/2", 1.2e-15}, {"vi:rk4,-1/2,1/2", 1.2e-15},
                {"vi:rk4", 3.2e-7}, {"vi:rk4,-1/4,3/4", 9.2e-8}};
        for (Object[] r : rows) t.add(r[0], 0.2, reversibilityDefect(sp((String) r[0], backend), 0.2), r[1]);
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
     * the corrected approximates and with those as printed (which diverge), and the chord solution's distance to Newton's
     * (max norm of (q, v)); spec sec. 6 chord table (cold start, max|f| < 1e-12).
     */
    public static TextTable chordIterations(Backend backend) {
        TextTable t = new TextTable("problem", "method", "h", "newton_iterations", "chord_iterations", "spec_chord_iterations",
                "chord_minus_newton", "as_printed");
        // spec sec. 6: SP 33/19/14 (0,1), 25/17/12 (-1/2,1/2); DP 26/15/12 and 20/14/10; as printed: diverges
        Object[][] rows = {{false, "vi:rk4", new int[]{33, 19, 14}}, {false, "vi:rk4,-1/2,1/2", new int[]{25, 17, 12}},
                {true, "vi:rk4", new int[]{26, 15, 12}}, {true, "vi:rk4,-1/2,1/2", new int[]{20, 14, 10}}};
        double[] hs = {0.2, 0.1, 0.05};
        for (Object[] r : rows)
            for (int i = 0; i < hs.length; i++) {
                boolean dp = (Boolean) r[0];
                String m = (String) r[1];
                Solve newton = oneStep(dp, m, Iteration.NEWTON, hs[i], backend), chord = oneStep(dp, m, Iteration.CHORD, hs[i], backend);
                Solve printed = oneStep(dp, m, Iteration.CHORD_AS_PRINTED, hs[i], backend);
                t.add(dp ? "DP" : "SP", m, hs[i], newton.iterations(), chord.x() == null ? "failed" : chord.iterations(), ((int[]) r[2])[i],
                        chord.x() == null || newton.x() == null ? Double.NaN : distance(chord.x(), newton.x(), dp ? 8 : 6),
                        printed.x() == null ? "diverges" : "converged in " + printed.iterations());
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
