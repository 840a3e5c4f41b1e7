package org.geomech.study.paper001;

import org.geomech.backend.Backend;
import org.geomech.ensemble.InitialStates;
import org.geomech.io.plot.Chart;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.ConvergenceStudy;
import org.geomech.study.TextTable;
import org.geomech.study.Trajectory;

import java.util.List;
import java.util.Map;

/**
 * The experiments of 001 in coordinates with the data its spec chose (the paper prints no numbers): the orders of
 * lobatto-nh:s on the nonholonomic particle (sec. 7.1, Fig. 3; spec R.1) and the subsystem energies of the CVT
 * (sec. 7.2, Figs. 4-5; spec R.3).
 */
public final class Paper001 {
    private Paper001() {}

    private static final NewtonOptions NEWTON = new NewtonOptions(1e-14, 50);

    /** 001 spec R.1: the step counts of its table, h = 1/N to T = 1. */
    public static final int[] PARTICLE_N = {10, 20, 40, 80};

    /**
     * 001 spec R.1: 2-norm errors (q, p, lambda) at T = 1 per s = 2, 3, 4 and N = PARTICLE_N; NaN where the spec writes
     * "(roundoff)".
     */
    public static final double[][][] SPEC_R1 = {
            {{1.360e-3, 9.741e-4, 1.300e-3}, {3.401e-4, 2.432e-4, 3.181e-4}, {8.502e-5, 6.079e-5, 7.911e-5}, {2.125e-5, 1.520e-5, 1.975e-5}},
            {{8.844e-7, 3.028e-7, 2.683e-4}, {5.515e-8, 1.880e-8, 6.666e-5}, {3.445e-9, 1.173e-9, 1.664e-5}, {2.153e-10, 7.330e-11, 4.158e-6}},
            {{1.828e-10, 8.004e-11, 5.101e-6}, {2.836e-12, 1.254e-12, 3.169e-7}, {4.423e-14, 1.945e-14, 1.979e-8}, {Double.NaN, Double.NaN, 1.256e-9}}};

    /** 001 spec R.1: the observed slopes (q and p, lambda) per s = 2, 3, 4. */
    public static final double[][] SPEC_R1_SLOPES = {{2, 2}, {4, 2}, {6, 4}};

    /**
     * The errors of lobatto-nh:s on the nh-particle (spec R.1: q0 = (1, 0.5, 0), v0 = (0.2, 1, 0.1), T = 1) at
     * h = 1/N for N = PARTICLE_N against lobatto-nh:5 at a finer step, with the fitted orders.
     */
    public static ConvergenceStudy.Result particleErrors(int s, Backend backend) {
        MechanicalSystem sys = Library.system("nh-particle");
        double[] hs = new double[PARTICLE_N.length];
        for (int i = 0; i < hs.length; i++) hs[i] = 1.0 / PARTICLE_N[i];
        return ConvergenceStudy.run(sys, new LobattoNonholonomic(s), new LobattoNonholonomic(5), hs, 1.0, 0, sys.parameterValues(),
                InitialStates.defaults(sys), backend, NEWTON);
    }

    /** 001 Fig. 3 with the spec R.1 data: per s and N the errors of q, p and lambda beside the spec's, slopes beside its slopes. */
    public static TextTable particleOrders(Backend backend) {
        TextTable t = new TextTable("s", "N", "h", "error_q", "spec_q", "error_p", "spec_p", "error_lambda", "spec_lambda",
                "order_q", "order_p", "order_lambda", "spec_order_qp", "spec_order_lambda");
        for (int s = 2; s <= 4; s++) {
            ConvergenceStudy.Result r = particleErrors(s, backend);
            for (int i = 0; i < PARTICLE_N.length; i++) {
                ConvergenceStudy.Point p = r.points().get(i);
                double[] spec = SPEC_R1[s - 2][i];
                boolean last = i == PARTICLE_N.length - 1;
                t.add(s, PARTICLE_N[i], 1.0 / PARTICLE_N[i], e(p.q()), e(spec[0]), e(p.p()), e(spec[1]), e(p.lambda()), e(spec[2]),
                        last ? f(r.orderQ()) : "", last ? f(r.orderP()) : "", last ? f(r.orderLambda()) : "",
                        last ? f(SPEC_R1_SLOPES[s - 2][0]) : "", last ? f(SPEC_R1_SLOPES[s - 2][1]) : "");
            }
        }
        return t;
    }

    /** The two negative controls of the 001 spec R.1 (its sec. 8 D: flipping either switch must show the failure). */
    public enum Control {
        /** lobatto-nh:s,iiib: the interior stage constraints on the IIIB momenta P^i instead of the IIIA p^i (001 eq. 14d, spec P7). */
        IIIB_STAGES("constraint on the IIIB stage momenta"),
        /** The carried multiplier started at lambda0 = 0 instead of the consistent -0.24 (spec P6). */
        ZERO_LAMBDA0("lambda0 = 0");

        final String label;

        Control(String label) { this.label = label; }
    }

    /**
     * 001 spec R.1, negative controls: the lambda error "about 0.169 for all h" (constraint on P^i, s = 3) and "about 0.18
     * for all h" (lambda0 = 0); the q, p orders per s = 2, 3, 4 (2 for s = 3, 4 for s = 4; lambda0 = 0 keeps 2 for s = 2,
     * and s = 2 has no interior stage for P^i) and, for P^i with s = 4, lambda order 2.
     */
    public static final double SPEC_CONTROL_LAMBDA_IIIB = 0.169, SPEC_CONTROL_LAMBDA_ZERO = 0.18;
    public static final Map<Control, int[]> SPEC_CONTROL_ORDERS = Map.of(Control.IIIB_STAGES, new int[]{2, 2, 4}, Control.ZERO_LAMBDA0, new int[]{2, 2, 4});

    /** Errors (q, p, lambda) at T = 1 after N steps of one run. */
    public record ControlPoint(int n, double q, double p, double lambda) {}

    /**
     * The control's errors of lobatto-nh:s on the nh-particle (spec R.1 data) at h = 1/N, N = PARTICLE_N, against
     * lobatto-nh:5 at h = 1/640 from the consistent state.
     */
    public static List<ControlPoint> controlErrors(Control control, int s, Backend backend) {
        MechanicalSystem sys = Library.system("nh-particle");
        double[] params = sys.parameterValues();
        InitialStates initial = InitialStates.defaults(sys);
        Trajectory.Result reference = new Trajectory(new LobattoNonholonomic(5).build(sys), backend, NEWTON).run(params, initial, 1.0 / 640, 640, 640);
        StepSystem step = new LobattoNonholonomic(s, control == Control.IIIB_STAGES).build(sys);
        Trajectory tr = new Trajectory(step, backend, NEWTON);
        java.util.List<ControlPoint> points = new java.util.ArrayList<>();
        org.geomech.method.StateLayout layout = step.layout();
        int q = layout.qOffset(), p = layout.pOffset(), lambda = layout.lambdaOffset(), n = layout.n();
        for (int steps : PARTICLE_N) {
            org.geomech.ensemble.EnsembleState state = tr.initialState(params, initial);
            if (control == Control.ZERO_LAMBDA0) state.set(lambda, 0, 0);
            Trajectory.Result r = tr.run(state, params, 1.0 / steps, steps, steps);
            if (!r.ok()) throw new IllegalStateException(step.method() + " failed at step " + r.failedStep() + " with N = " + steps);
            double[] x = r.last(), ref = reference.last();
            points.add(new ControlPoint(steps, distance(x, ref, q, n), distance(x, ref, p, n), distance(x, ref, lambda, layout.multipliers())));
        }
        return points;
    }

    /** The controls of 001 spec R.1 for s = 2, 3, 4: errors per N and the orders fitted over N = 10..80, beside the spec's. */
    public static TextTable particleControls(Backend backend) {
        TextTable t = new TextTable("control", "method", "N", "error_q", "error_p", "error_lambda", "order_q", "order_p", "order_lambda",
                "spec_order_qp", "spec_order_lambda", "spec_error_lambda");
        for (Control c : Control.values())
            for (int s = 2; s <= 4; s++) {
                if (c == Control.IIIB_STAGES && s == 2) continue;      // no interior stage: the method itself
                List<ControlPoint> points = controlErrors(c, s, backend);
                double[] h = new double[points.size()], eq = new double[h.length], ep = new double[h.length], el = new double[h.length];
                for (int i = 0; i < h.length; i++) {
                    h[i] = 1.0 / points.get(i).n();
                    eq[i] = points.get(i).q();
                    ep[i] = points.get(i).p();
                    el[i] = points.get(i).lambda();
                }
                int specOrder = SPEC_CONTROL_ORDERS.get(c)[s - 2];
                boolean converges = c == Control.IIIB_STAGES && s == 4;          // spec: lambda order 2 there, no convergence elsewhere
                String specLambda = converges ? "" : e(c == Control.ZERO_LAMBDA0 ? SPEC_CONTROL_LAMBDA_ZERO : SPEC_CONTROL_LAMBDA_IIIB);
                for (int i = 0; i < h.length; i++) {
                    boolean last = i == h.length - 1;
                    t.add(c.label, new LobattoNonholonomic(s, c == Control.IIIB_STAGES).name(), points.get(i).n(), e(eq[i]), e(ep[i]), e(el[i]),
                            last ? f(org.geomech.study.OrderFit.slope(h, eq)) : "", last ? f(org.geomech.study.OrderFit.slope(h, ep)) : "",
                            last ? f(org.geomech.study.OrderFit.slope(h, el)) : "", last ? String.valueOf(specOrder) : "", last && converges ? "2" : "",
                            last ? specLambda : "");
                }
            }
        return t;
    }

    private static double distance(double[] x, double[] y, int offset, int count) {
        double sum = 0;
        for (int i = offset; i < offset + count; i++) sum += (x[i] - y[i]) * (x[i] - y[i]);
        return Math.sqrt(sum);
    }

    /** The two initial velocities of 001 sec. 7.2 from q0 = (1, 0, 1): the oscillating driver (E_T = 9/5) and the rotating one (E_T = 4). */
    public enum CvtCase {
        OSCILLATING("3*sqrt(10)/5", "Fig. 4, E_T = 9/5"), ROTATING("sqrt(8)", "Fig. 5, E_T = 4");

        final String vy;
        final String figure;

        CvtCase(String vy, String figure) {
            this.vy = vy;
            this.figure = figure;
        }
    }

    /** The step sizes of 001 sec. 7.2: the authors' h = 1/10 and the h = pi/10 of their source benchmark [51]. */
    public static final double[] CVT_H = {0.1, Math.PI / 10};

    /** 001 spec R.3 (eps = 1/2, lobatto-nh:2, T = 2000): max |dE_T|, |dE_d|, |dE_p| per case and h of CVT_H. */
    public static final Map<CvtCase, double[][]> SPEC_R3 = Map.of(
            CvtCase.OSCILLATING, new double[][]{{0.0132, 0.0043, 0.0126}, {0.504, 0.043, 0.535}},
            CvtCase.ROTATING, new double[][]{{0.0258, 0.0126, 0.0249}, {0.501, 0.128, 0.487}});

    /** The energies of one CVT run: t, E_d and E_p every step, and the largest |dE_T|, |dE_d|, |dE_p|. */
    public record CvtRun(CvtCase start, double h, double[] t, double[] driver, double[] passenger, double maxTotal, double maxDriver, double maxPassenger) {}

    /** lobatto-nh:2 on the cvt (eps = 1/2) from the case's initial state with step h to tEnd, its energies after every step. */
    public static CvtRun cvt(CvtCase start, double h, double tEnd, Backend backend) {
        MechanicalSystem sys = Library.system("cvt");
        StepSystem step = new LobattoNonholonomic(2).build(sys);
        double[] params = sys.parameterValues();
        long steps = (long) Math.floor(tEnd / h + 1e-9);
        Trajectory.Result r = new Trajectory(step, backend, NEWTON).run(params, new InitialStates(sys, List.of("1", "0", "1"), List.of("0", start.vy, "0")),
                h, steps, 1);
        if (!r.ok()) throw new IllegalStateException("lobatto-nh:2 failed on the cvt at step " + r.failedStep());
        int q = step.layout().qOffset(), v = step.layout().vOffset();
        double eps = params[0];
        double[] driver = new double[r.rows()], passenger = new double[r.rows()];
        double maxTotal = 0, maxDriver = 0, maxPassenger = 0;
        for (int k = 0; k < r.rows(); k++) {
            double[] z = r.x()[k];
            double x = z[q], y = z[q + 1], zz = z[q + 2], vx = z[v], vy = z[v + 1], vz = z[v + 2];
            // 001 spec sec. 5.2: E_d = v_y^2/2 - cos y + (eps/2) sin 2y, E_p = (v_x^2 + v_z^2)/2 + (x^2 + z^2)/2
            driver[k] = 0.5 * vy * vy - Math.cos(y) + 0.5 * eps * Math.sin(2 * y);
            passenger[k] = 0.5 * (vx * vx + vz * vz) + 0.5 * (x * x + zz * zz);
            maxDriver = Math.max(maxDriver, Math.abs(driver[k] - driver[0]));
            maxPassenger = Math.max(maxPassenger, Math.abs(passenger[k] - passenger[0]));
            maxTotal = Math.max(maxTotal, Math.abs(driver[k] + passenger[k] - driver[0] - passenger[0]));
        }
        return new CvtRun(start, h, r.t(), driver, passenger, maxTotal, maxDriver, maxPassenger);
    }

    /**
     * 001 Figs. 4-5 with the spec R.3 data: for both initial states and both step sizes the largest energy errors to
     * tEnd beside the spec's; E_d and E_p over time (h = 1/10 and pi/10) into charts as cvt-energies-oscillating/-rotating.
     */
    public static TextTable cvtEnergies(double tEnd, Backend backend, Map<String, Chart> charts) {
        TextTable t = new TextTable("case", "h", "T", "max_dE_T", "spec_dE_T", "max_dE_d", "spec_dE_d", "max_dE_p", "spec_dE_p");
        for (CvtCase c : CvtCase.values()) {
            Chart chart = Chart.overTime("001 " + c.figure + ": cvt, eps = 1/2, lobatto-nh:2: driver and passenger energies", "energy", false);
            CvtRun[] runs = new CvtRun[CVT_H.length];
            for (int k = 0; k < CVT_H.length; k++) {
                runs[k] = cvt(c, CVT_H[k], tEnd, backend);
                double[] spec = SPEC_R3.get(c)[k];
                t.add(c.name().toLowerCase(), String.format("%.6f", CVT_H[k]), String.format("%.0f", tEnd), e(runs[k].maxTotal()), e(spec[0]),
                        e(runs[k].maxDriver()), e(spec[1]), e(runs[k].maxPassenger()), e(spec[2]));
            }
            for (int k = CVT_H.length - 1; k >= 0; k--) {     // h = 1/10 drawn last, over the wider pi/10 curves
                String label = k == 0 ? "h = 1/10" : "h = pi/10";
                chart.line("E_d, " + label, runs[k].t(), runs[k].driver());
                chart.line("E_p, " + label, runs[k].t(), runs[k].passenger());
            }
            charts.put("cvt-energies-" + c.name().toLowerCase(), chart);
        }
        return t;
    }

    private static String e(double x) { return Double.isNaN(x) ? "" : String.format("%.3e", x); }

    private static String f(double x) { return String.format("%.2f", x); }
}
