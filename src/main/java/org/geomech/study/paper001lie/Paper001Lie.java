package org.geomech.study.paper001lie;

import org.geomech.engine.Engine;
import org.geomech.engine.Stepping;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieGroupStates;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.LobattoLieNonholonomic;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.TextTable;
import org.geomech.io.plot.Chart;
import org.geomech.io.plot.Slopes;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Lie group experiments of 001 (sec. 7.4-7.5, Figs. 7-8) with the data the 001 spec chose for them (R.4, R.5):
 * orders of lobatto-lie-nh:s on the unicycle against its exact flow, and the four first integrals of the turntable ball.
 */
public final class Paper001Lie {
    private Paper001Lie() {}

    private static final NewtonOptions NEWTON = new NewtonOptions(1e-14, 50);

    /** 001 spec R.4: errors (configuration, velocity, lambda) at N = 10 and N = 40, s = 2, 3, 4. */
    private static final double[][][] SPEC_R4 = {
            {{3.14e-3, 3.85e-3, 2.88e-3}, {1.95e-4, 2.39e-4, 1.79e-4}},
            {{1.25e-6, 9.16e-7, 2.49e-3}, {4.73e-9, 3.48e-9, 1.55e-4}},
            {{4.60e-10, 2.42e-10, 3.79e-6}, {1.14e-13, 5.84e-14, 1.47e-8}}};

    /** The consistent initial state of a built-in system's defaults, one member. */
    static EnsembleState start(LieGroupSystem sys, StepSystem step) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        new LieGroupStates(sys).fill(state, sys.parameterValues(), 0, null);
        return state;
    }

    /** The step compiled once through the engine, without observers, at the Newton tolerance of these experiments. */
    static Stepping stepping(StepSystem step, Backend backend) { return Engine.stepping(backend, step, java.util.List.of(), NEWTON); }

    /** The state after steps steps of h (advanced in place); null where the member failed. */
    static double[] advance(Stepping stepping, EnsembleState state, double h, int steps, double[] params) {
        double[] p = new double[1 + params.length];
        p[0] = h;
        System.arraycopy(params, 0, p, 1, params.length);
        stepping.run(state, p, new TimeGrid(h, steps, steps));
        if (!state.ok(0)) return null;
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }

    /**
     * 2-norm errors at T = 1 of lobatto-lie-nh:s (cay) on the built-in unicycle with N steps against the exact flow:
     * (x, y, theta), (x', y', theta') and lambda (001 spec R.4); NaN where the run failed.
     */
    public static double[] unicycleErrors(int s, int n, Backend backend) {
        LieGroupSystem sys = LieLibrary.system("unicycle");
        StepSystem step = new LobattoLieNonholonomic(s, "cay").build(sys);
        double[] z = advance(stepping(step, backend), start(sys, step), 1.0 / n, n, sys.parameterValues());
        if (z == null) return new double[]{Double.NaN, Double.NaN, Double.NaN};
        double m = sys.parameterValues()[0];
        double[] exact = LieFlows.unicycle(m, 1, 0.5, 0.3, 0.2, 1, 1);
        // g = [[cos, -sin, x], [sin, cos, y]] stored g11, g12, g21, g22, g13, g23; xi = (omega, v1, v2); lambda last
        double c = z[0], sn = z[2], theta = Math.atan2(sn, c);
        double xd = c * z[7] - sn * z[8], yd = sn * z[7] + c * z[8];
        return new double[]{norm(z[4] - exact[0], z[5] - exact[1], theta - exact[2]), norm(xd - exact[3], yd - exact[4], z[6] - exact[5]),
                Math.abs(z[12] - exact[9])};
    }

    /** 001 Fig. 7 with the spec R.4 data: errors and slopes for s = 2, 3, 4, N = 10, 20, 40, beside the spec's. */
    public static TextTable unicycleOrders(Backend backend) {
        TextTable t = new TextTable("s", "N", "h", "error_q", "spec_q", "slope_q", "error_v", "spec_v", "slope_v", "error_lambda", "spec_lambda", "slope_lambda");
        int[] ns = {10, 20, 40};
        for (int s = 2; s <= 4; s++) {
            double[] previous = null;
            for (int n : ns) {
                double[] e = unicycleErrors(s, n, backend);
                double[] spec = n == 10 ? SPEC_R4[s - 2][0] : n == 40 ? SPEC_R4[s - 2][1] : null;
                Object[] row = new Object[12];
                row[0] = s;
                row[1] = n;
                row[2] = 1.0 / n;
                for (int k = 0; k < 3; k++) {
                    row[3 + 3 * k] = String.format("%.3e", e[k]);
                    row[4 + 3 * k] = spec == null ? "" : String.format("%.3g", spec[k]);
                    row[5 + 3 * k] = previous == null ? "" : String.format("%.2f", Math.log(previous[k] / e[k]) / Math.log(2));
                }
                t.add(row);
                previous = e;
            }
        }
        return t;
    }

    /** 001 spec R.5: the orders at T = 1 (configuration, velocity, lambda) per s = 2, 3, 4; NaN where it writes "(roundoff)". */
    public static final double[][] SPEC_R5_ORDERS = {{2, 2, 2}, {4, 4, 2}, {6, Double.NaN, 4}};
    /** The step counts of the turntable order table, h = 1/N to T = 1. */
    public static final int[] TURNTABLE_N = {10, 20, 40};

    /**
     * 2-norm errors at T = 1 of lobatto-lie-nh:s (cay) on the built-in turntable ball (001 spec R.5 data) with N steps
     * against its exact flow (LieFlows.turntable): the stored entries of (R, x, y), the velocities (w body, v_x, v_y) and
     * lambda; NaN where the run failed.
     */
    public static double[] turntableErrors(int s, int n, Backend backend) {
        LieGroupSystem sys = LieLibrary.system("turntable-ball");
        StepSystem step = new LobattoLieNonholonomic(s, "cay").build(sys);
        EnsembleState state = start(sys, step);
        double[] x0 = new double[state.components()], params = sys.parameterValues();
        state.gather(0, x0);
        double[] z = advance(stepping(step, backend), state, 1.0 / n, n, params);
        if (z == null) return new double[]{Double.NaN, Double.NaN, Double.NaN};
        // state: R (row-major, 0..8), x, y (9, 10), w body (11..13), v (14, 15), mu (16..20), lambda (21, 22)
        double wz = x0[6] * x0[11] + x0[7] * x0[12] + x0[8] * x0[13];
        double[] exact = LieFlows.turntable(params[0], params[3], params[4], java.util.Arrays.copyOfRange(x0, 0, 9), x0[9], x0[10], x0[14], x0[15], wz, 1);
        int lambda = step.layout().lambdaOffset();
        double config = 0, velocity = 0;
        for (int i = 0; i < 11; i++) config += (z[i] - exact[i]) * (z[i] - exact[i]);
        for (int i = 0; i < 3; i++) {
            double body = 0;                                   // w body = R^T w spatial
            for (int k = 0; k < 3; k++) body += exact[3 * k + i] * exact[13 + k];
            velocity += (z[11 + i] - body) * (z[11 + i] - body);
        }
        for (int i = 0; i < 2; i++) velocity += (z[14 + i] - exact[11 + i]) * (z[14 + i] - exact[11 + i]);
        return new double[]{Math.sqrt(config), Math.sqrt(velocity), norm(z[lambda] - exact[16], z[lambda + 1] - exact[17], 0)};
    }

    /** The turntable's order study: its table and, per quantity (error_q, error_v, error_lambda), the errors against h. */
    public record TurntableOrders(TextTable table, Map<String, Chart> charts) {}

    /**
     * 001 spec R.5 orders: errors and slopes for s = 2, 3, 4, N = 10, 20, 40, beside the spec's orders; and per quantity
     * a chart of the errors against h = 1/N, one line per s, with dashed slopes h^p of the spec's orders.
     */
    public static TurntableOrders turntableOrders(Backend backend) {
        TextTable t = new TextTable("s", "N", "error_q", "slope_q", "spec_order_q", "error_v", "slope_v", "spec_order_v", "error_lambda", "slope_lambda",
                "spec_order_lambda");
        String[] quantities = {"q", "v", "lambda"}, meaning = {"configuration (R, x, y)", "velocity (w body, v)", "multiplier lambda"};
        Map<String, Chart> charts = new LinkedHashMap<>();
        for (int k = 0; k < 3; k++)
            charts.put("lie-turntable-orders-error_" + quantities[k], Chart.againstStepSize("001 spec R.5: ball on a turntable, lobatto-lie-nh:s (cay), T = 1: "
                    + meaning[k] + " error against the exact flow, with slopes h^p of the spec's orders", "error_" + quantities[k]));
        for (int s = 2; s <= 4; s++) {
            double[] previous = null, h = new double[TURNTABLE_N.length];
            double[][] errors = new double[3][TURNTABLE_N.length];
            for (int i = 0; i < TURNTABLE_N.length; i++) {
                int n = TURNTABLE_N[i];
                double[] e = turntableErrors(s, n, backend);
                h[i] = 1.0 / n;
                Object[] row = new Object[11];
                row[0] = s;
                row[1] = n;
                for (int k = 0; k < 3; k++) {
                    double spec = SPEC_R5_ORDERS[s - 2][k];
                    errors[k][i] = e[k];
                    row[2 + 3 * k] = String.format("%.3e", e[k]);
                    row[3 + 3 * k] = previous == null ? "" : String.format("%.2f", Math.log(previous[k] / e[k]) / Math.log(2));
                    row[4 + 3 * k] = previous == null ? "" : Double.isNaN(spec) ? "(roundoff)" : String.format("%.0f", spec);
                }
                t.add(row);
                previous = e;
            }
            for (int k = 0; k < 3; k++) {
                Chart chart = charts.get("lie-turntable-orders-error_" + quantities[k]);
                chart.lineWithMarkers("lobatto-lie-nh:" + s, h, errors[k]);
                double spec = SPEC_R5_ORDERS[s - 2][k];
                if (!Double.isNaN(spec)) Slopes.add(chart, h, errors[k], (int) spec);
            }
        }
        return new TurntableOrders(t, charts);
    }

    /** The turntable run: its table and the chart of 001 Fig. 8. */
    public record Turntable(TextTable table, Chart chart) {}

    /**
     * 001 Fig. 8 with the spec R.5 data: lobatto-lie-nh:3 (cay), h = 0.1, on the turntable ball to tEnd; per interval of
     * 10 time units the largest |I_k - I_k(0)| so far and |R^T R - I| (spec R.5: I1-I3 about 1e-14, I4 &lt;= 3.6e-10 to t = 200),
     * and the chart of Fig. 8: |I_k(t) - I_k(0)| after every step, k = 1..4, on a log axis.
     */
    public static Turntable turntable(double tEnd, Backend backend) {
        LieGroupSystem sys = LieLibrary.system("turntable-ball");
        StepSystem step = new LobattoLieNonholonomic(3, "cay").build(sys);
        EnsembleState state = start(sys, step);
        Stepping stepping = stepping(step, backend);
        double[] params = sys.parameterValues(), x = new double[state.components()];
        state.gather(0, x);
        double[] i0 = integrals(x, params), worst = new double[4];
        double defect = 0;
        TextTable t = new TextTable("t", "max_dI1", "max_dI2", "max_dI3", "max_dI4", "max_orthogonality_defect");
        int steps = (int) Math.round(tEnd / 0.1);
        double[] time = new double[steps + 1];
        double[][] error = new double[4][steps + 1];
        for (int k = 1; k <= steps; k++) {
            x = advance(stepping, state, 0.1, 1, params);
            if (x == null) throw new IllegalStateException("lobatto-lie-nh:3 failed on turntable-ball at step " + k);
            double[] i = integrals(x, params);
            time[k] = k * 0.1;
            for (int c = 0; c < 4; c++) {
                error[c][k] = Math.abs(i[c] - i0[c]);
                worst[c] = Math.max(worst[c], error[c][k]);
            }
            defect = Math.max(defect, orthogonality(x));
            if (k % 100 == 0 || k == steps)
                t.add(String.format("%.1f", k * 0.1), String.format("%.2e", worst[0]), String.format("%.2e", worst[1]), String.format("%.2e", worst[2]),
                        String.format("%.2e", worst[3]), String.format("%.2e", defect));
        }
        Chart chart = Chart.overTime("001 Fig. 8: ball on a turntable, lobatto-lie-nh:3 (cay), h = 0.1: error of the four first integrals "
                + "(spec R.5: I1-I3 at round-off, I4 bounded)", "|I_k(t) \u2212 I_k(0)|", true);
        String[] names = {"I1 = w_zeta", "I2 = r w_xi \u2212 Omega x / (1 + a)", "I3 = r w_eta \u2212 Omega y / (1 + a)", "I4, the moving energy"};
        for (int c = 0; c < 4; c++) chart.line(names[c], time, error[c]);
        chart.note("Newton tolerance 1e-14 (the paper's fsolve: TolX = 1e-12); r = Omega = 1, a = b = c = 0.4 (spec R.5).");
        return new Turntable(t, chart);
    }

    /** I1..I4 of the 001 spec sec. 5.5 from a state (R, x, w body, v, ...) with parameters (a, b, c, r, Omega); w spatial = R w. */
    public static double[] integrals(double[] z, double[] params) {
        double a = params[0], r = params[3], om = params[4];
        double[] w = new double[3];
        for (int i = 0; i < 3; i++) for (int k = 0; k < 3; k++) w[i] += z[3 * i + k] * z[11 + k];
        double x = z[9], y = z[10], vx = z[14], vy = z[15];
        return new double[]{w[2], r * w[0] - om * x / (1 + a), r * w[1] - om * y / (1 + a),
                0.5 * (vx * vx + vy * vy) + a * r * r / 2 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + r * om * (x * w[0] + y * w[1]) - om * om * (x * x + y * y)};
    }

    private static double orthogonality(double[] z) {
        double worst = 0;
        for (int a = 0; a < 3; a++) for (int b = 0; b < 3; b++) {
            double dot = 0;
            for (int c = 0; c < 3; c++) dot += z[3 * c + a] * z[3 * c + b];
            worst = Math.max(worst, Math.abs(dot - (a == b ? 1 : 0)));
        }
        return worst;
    }

    private static double norm(double a, double b, double c) { return Math.sqrt(a * a + b * b + c * c); }
}
