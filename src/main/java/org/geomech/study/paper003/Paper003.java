package org.geomech.study.paper003;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieGroupStates;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.io.plot.Chart;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieLibrary;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.LieSymplecticity;
import org.geomech.study.TextTable;
import org.geomech.study.Trajectory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Paper 003 (Bogfjellmo &amp; Marthinsen) on the dipole on a stick: the order tests of Fig. 2 (errors
 * ||mu - mu_ref||_2 + ||g - g_ref||_2 at T = 0.5 against the Gauss3 r = 4 solution) and the energy behaviour of
 * Fig. 3 (max |H - H0| over a long run), with the gravity sign s_g = -1 that reproduces the paper (spec pitfall P2)
 * and, as the spec's second tables, +1 as printed; the symplecticity defect of the step maps (spec sec. 12.3) and the
 * error floor of the paper's fixed-point iteration at its tolerance 1e-11 (spec sec. 12.2).
 */
public final class Paper003 {
    private Paper003() {}

    /** Solver tolerance: far below every error the tests compare. */
    public static final NewtonOptions NEWTON = new NewtonOptions(1e-14, 50);
    public static final double T_ORDER = 0.5;
    /** The methods of Fig. 2 (a)-(d) and (a)-(c) with their orders. */
    public static final List<String> VRKMK = List.of("vrkmk:gauss1,0", "vrkmk:kutta3,1", "vrkmk:gauss2,2", "vrkmk:gauss3,4");
    public static final List<String> VCG = List.of("vcg:midpoint", "vcg:triple-jump", "vcg:yoshida6");

    /** 003 spec sec. 12.1, s_g = -1: VRKMK Gauss3 r = 4, h = 1e-3, at t = 0.5. */
    static final double[] G_REF = {0.92375056618768092, 0.38299457232230955, -2.2144883396105956e-04,
            -0.050908757335541850, 0.12221450988742491, -0.99119721145669182,
            -0.37959608782821491, 0.91563025897172290, 0.13239350044804513};
    static final double[] MU_REF = {-0.5361870181330782, 3.780620329717708e-03, 5.3e-18};
    /** 003 spec sec. 12.1, s_g = +1 (the Hamiltonian as printed): the same reference run. */
    static final double[] G_REF_PRINTED = {0.91982179510685735, 0.39233637374572961, 1.8730308918621819e-04,
            0.045346673532800676, -0.10583979501216932, -0.99334868852346492,
            -0.38970699819980703, 0.91371226741673650, -0.11514489969712575};
    static final double[] MU_REF_PRINTED = {0.46680404674126136, 4.7035119430863083e-03, -4.1e-18};

    /** The gravity signs: -1 reproduces 003 Fig. 3 (spec P2), +1 is the Hamiltonian as printed. */
    public static final double PHYSICAL = -1, PRINTED = 1;

    public static LieGroupSystem dipole() { return LieLibrary.system("dipole-on-stick"); }

    /** The dipole's parameter values with the gravity sign s_g. */
    public static double[] parameters(LieGroupSystem sys, double sg) {
        double[] p = sys.parameterValues();
        p[new ArrayList<>(sys.parameters().keySet()).indexOf("sg")] = sg;
        return p;
    }

    /** The 003 initial state (spec sec. 10.4) for a step system on the dipole. */
    public static EnsembleState initial(LieGroupSystem sys, StepSystem step) {
        EnsembleState st = new EnsembleState(step.layout(), 1);
        new LieGroupStates(sys).fill(st, sys.parameterValues(), 0, null);
        return st;
    }

    /** ||mu - mu_ref||_2 + ||g - g_ref||_2 (spectral norm) of a (g, mu) state (003 sec. 6.1). */
    public static double error(double[] state, double[] gRef, double[] muRef) {
        DMatrixRMaj dg = new DMatrixRMaj(3, 3);
        for (int i = 0; i < 9; i++) dg.data[i] = state[i] - gRef[i];
        double mu = 0;
        for (int i = 0; i < 3; i++) mu += (state[9 + i] - muRef[i]) * (state[9 + i] - muRef[i]);
        return Math.sqrt(mu) + NormOps_DDRM.normP2(dg);
    }

    /** The state at T = 0.5 after N steps of the method (s_g = -1, Newton). */
    public static double[] finalState(String method, int n, Backend backend) { return finalState(method, n, backend, PHYSICAL, NEWTON); }

    /** The state at T = 0.5 after N steps of the method with gravity sign sg, solved as the options say. */
    public static double[] finalState(String method, int n, Backend backend, double sg, NewtonOptions options) {
        LieGroupSystem sys = dipole();
        StepSystem step = Methods.parse(method).build(sys);
        Trajectory tr = new Trajectory(step, backend, options);
        Trajectory.Result r = tr.run(initial(sys, step), parameters(sys, sg), T_ORDER / n, n, n);
        if (!r.ok()) throw new IllegalStateException(method + " failed at step " + r.failedStep() + " with N = " + n);
        return r.last();
    }

    /** The step counts of the spec sec. 12.2 table: N = 5, 10, ..., 320 (h = 0.5/N). */
    public static final int[] SPEC_N = {5, 10, 20, 40, 80, 160, 320};

    /** 003 spec sec. 12.2, s_g = -1: the errors at T = 0.5 for N = SPEC_N, per method of Fig. 2. */
    public static final Map<String, double[]> SPEC_ERRORS = Map.of(
            "vrkmk:gauss1,0", new double[]{3.614e-3, 9.226e-4, 2.319e-4, 5.804e-5, 1.451e-5, 3.629e-6, 9.072e-7},
            "vrkmk:kutta3,1", new double[]{4.282e-4, 1.032e-5, 1.191e-6, 2.948e-7, 4.645e-8, 6.421e-9, 8.414e-10},
            "vrkmk:gauss2,2", new double[]{1.255e-5, 7.785e-7, 4.854e-8, 3.032e-9, 1.894e-10, 1.184e-11, 7.440e-13},
            "vrkmk:gauss3,4", new double[]{7.848e-9, 1.180e-10, 1.818e-12, 2.702e-14, 4.2e-15, 5.5e-15, 6.9e-15},
            "vcg:midpoint", new double[]{3.614e-3, 9.226e-4, 2.319e-4, 5.804e-5, 1.451e-5, 3.629e-6, 9.072e-7},
            "vcg:triple-jump", new double[]{6.128e-4, 4.173e-5, 2.668e-6, 1.677e-7, 1.050e-8, 6.563e-10, 4.152e-11},
            "vcg:yoshida6", new double[]{2.382e-6, 4.087e-8, 6.541e-10, 1.026e-11, 1.10e-13, 2.4e-13, 4.1e-13});

    /** 003 spec sec. 12.2, s_g = +1: the errors at T = 0.5 for N = SPEC_N, per method of Fig. 2. */
    public static final Map<String, double[]> SPEC_ERRORS_PRINTED = Map.of(
            "vrkmk:gauss1,0", new double[]{2.744e-3, 6.991e-4, 1.756e-4, 4.395e-5, 1.099e-5, 2.748e-6, 6.870e-7},
            "vrkmk:kutta3,1", new double[]{2.358e-4, 1.642e-6, 1.733e-6, 3.228e-7, 4.718e-8, 6.332e-9, 8.189e-10},
            "vrkmk:gauss2,2", new double[]{1.001e-5, 6.222e-7, 3.881e-8, 2.424e-9, 1.514e-10, 9.464e-12, 5.905e-13},
            "vrkmk:gauss3,4", new double[]{4.437e-9, 6.733e-11, 1.043e-12, 1.834e-14, 3.2e-15, 2.5e-15, 5.4e-15},
            "vcg:midpoint", new double[]{2.744e-3, 6.991e-4, 1.756e-4, 4.395e-5, 1.099e-5, 2.748e-6, 6.870e-7},
            "vcg:triple-jump", new double[]{4.248e-4, 2.845e-5, 1.810e-6, 1.137e-7, 7.112e-9, 4.445e-10, 2.795e-11},
            "vcg:yoshida6", new double[]{1.354e-6, 2.276e-8, 3.624e-10, 5.710e-12, 6.75e-14, 2.5e-13, 1.8e-13});

    /** The error at T = 0.5 after N steps against the spec's Gauss3 r = 4 reference (003 sec. 6.1), s_g = -1. */
    public static double orderError(String method, int n, Backend backend) { return orderError(method, n, backend, PHYSICAL, NEWTON); }

    /** The error at T = 0.5 after N steps with gravity sign sg against the spec's reference for that sign, solved as the options say. */
    public static double orderError(String method, int n, Backend backend, double sg, NewtonOptions options) {
        return sg == PHYSICAL ? error(finalState(method, n, backend, sg, options), G_REF, MU_REF)
                : error(finalState(method, n, backend, sg, options), G_REF_PRINTED, MU_REF_PRINTED);
    }

    /** Fig. 2 with s_g = -1. */
    public static TextTable orders(List<String> methods, Backend backend) { return orders(methods, backend, PHYSICAL); }

    /**
     * Fig. 2: per method and N in SPEC_N the error at T = 0.5 with gravity sign sg, the spec sec. 12.2 value beside it
     * and the fitted slope against the previous N (one row per run, so the comparison plot draws ours against the spec's).
     */
    public static TextTable orders(List<String> methods, Backend backend, double sg) {
        TextTable table = new TextTable("method", "order", "N", "h", "error", "spec_error", "slope", "spec_slope");
        for (String m : methods) {
            double[] spec = (sg == PHYSICAL ? SPEC_ERRORS : SPEC_ERRORS_PRINTED).get(m);
            double previous = Double.NaN;
            for (int i = 0; i < SPEC_N.length; i++) {
                double e = orderError(m, SPEC_N[i], backend, sg, NEWTON);
                String ours = i == 0 ? "" : String.format("%.2f", slope(SPEC_N[i - 1], previous, SPEC_N[i], e));
                String theirs = i == 0 ? "" : String.format("%.2f", slope(SPEC_N[i - 1], spec[i - 1], SPEC_N[i], spec[i]));
                table.add(m, Methods.parse(m).order(), SPEC_N[i], T_ORDER / SPEC_N[i], String.format("%.4e", e), String.format("%.4e", spec[i]), ours, theirs);
                previous = e;
            }
        }
        return table;
    }

    /** The four methods of Fig. 3 with the energy error read off the figure (003 prints no number) and the spec sec. 12.4 maximum (s_g = -1). */
    public static final List<String> FIG3 = List.of("vrkmk:gauss1,0", "vrkmk:gauss2,2", "vcg:midpoint", "vcg:triple-jump");
    static final double[] FIG3_READ_OFF = {1e-3, 1e-7, 1e-3, 1e-5}, FIG3_SPEC = {9.98e-4, 1.36e-7, 9.86e-4, 1.10e-5};
    /** 003 spec sec. 12.4: the maxima over the first tenth of the run (t <= 100) with s_g = -1, and overall and first tenth with +1. */
    static final double[] FIG3_SPEC_FIRST_TENTH = {8.4e-4, 1.05e-7, 6.5e-4, 9.1e-6};
    public static final double[] FIG3_SPEC_PRINTED = {9.98e-5, 1.29e-9, 9.99e-5, 7.70e-7}, FIG3_SPEC_PRINTED_FIRST_TENTH = {9.98e-5, 1.29e-9, 9.99e-5, 7.70e-7};

    /** Fig. 3 with s_g = -1. */
    public static TextTable energyTable(double tEnd, Backend backend, Map<String, Chart> charts) { return energyTable(tEnd, backend, charts, PHYSICAL); }

    /**
     * Fig. 3: max |H - H0| of each FIG3 method with h = 0.01 to tEnd and gravity sign sg, sampled every 100 steps, beside
     * the value read off the paper's figure (s_g = -1 only) and the spec sec. 12.4 values; the time series go into charts as dipole-energy-series
     * (dipole-energy-series-printed-sign for s_g = +1).
     */
    public static TextTable energyTable(double tEnd, Backend backend, Map<String, Chart> charts, double sg) {
        double h = 0.01;
        long steps = Math.round(tEnd / h);
        boolean physical = sg == PHYSICAL;
        TextTable table = new TextTable("method", "s_g", "h", "T", "max_error", "fig3_read_off", "spec_max_error", "max_first_tenth", "spec_max_first_tenth",
                "max_last_tenth", "max_abs_mu3", "max_orthogonality_defect");
        Chart chart = Chart.overTime("003 Fig. 3: dipole on a stick, s_g = " + (physical ? "−1" : "+1") + ", h = 0.01: |H − H0| (bounded, no drift)",
                "|H(t) − H(0)|", true);
        for (int k = 0; k < FIG3.size(); k++) {
            EnergyRun r = energy(FIG3.get(k), h, steps, 100, backend, sg);
            table.add(r.method(), physical ? "-1" : "+1", h, tEnd, String.format("%.3e", r.maxError()), physical ? FIG3_READ_OFF[k] : "",
                    physical ? FIG3_SPEC[k] : FIG3_SPEC_PRINTED[k], String.format("%.3e", r.maxFirstTenth()),
                    physical ? FIG3_SPEC_FIRST_TENTH[k] : FIG3_SPEC_PRINTED_FIRST_TENTH[k], String.format("%.3e", r.maxLastTenth()),
                    String.format("%.1e", r.maxMu3()), String.format("%.1e", r.maxDefect()));
            chart.line(r.method(), r.t(), r.energyError());
        }
        charts.put(physical ? "dipole-energy-series" : "dipole-energy-series-printed-sign", chart);
        return table;
    }

    /** The fitted order between two runs: log(e1/e2)/log(n2/n1). */
    public static double slope(int n1, double e1, int n2, double e2) { return Math.log(e1 / e2) / Math.log((double) n2 / n1); }

    /** Energy statistics of one long run: max |H - H0| overall, in the first and last tenth, max |mu3|, max |R^T R - I|. */
    public record EnergyRun(String method, double h, double tEnd, double maxError, double maxFirstTenth, double maxLastTenth, double maxMu3,
                            double maxDefect, double[] t, double[] energyError) {}

    /** Fig. 3: the energy error of one method with s_g = -1, sampled every stride steps. */
    public static EnergyRun energy(String method, double h, long steps, int stride, Backend backend) { return energy(method, h, steps, stride, backend, PHYSICAL); }

    /** Fig. 3: the energy error of one method with gravity sign sg, sampled every stride steps. */
    public static EnergyRun energy(String method, double h, long steps, int stride, Backend backend, double sg) {
        LieGroupSystem sys = dipole();
        StepSystem step = Methods.parse(method).build(sys);
        Trajectory tr = new Trajectory(step, backend, NEWTON);
        double[] params = parameters(sys, sg);
        Trajectory.Result r = tr.run(initial(sys, step), params, h, steps, stride);
        if (!r.ok()) throw new IllegalStateException(method + " failed at step " + r.failedStep());
        List<Expr> in = new ArrayList<>(sys.g());
        in.addAll(sys.mu());
        in.addAll(sys.parameterSymbols());
        List<Expr> out = new ArrayList<>(List.of(sys.hamiltonian().orElseThrow()));
        out.addAll(sys.group().defect(sys.g()));
        Tape tape = Tape.compile(in, out);
        double[] args = new double[in.size()], values = new double[out.size()];
        System.arraycopy(params, 0, args, 12, params.length);
        double h0 = Double.NaN, max = 0, first = 0, last = 0, mu3 = 0, defect = 0;
        double[] err = new double[r.rows()];
        double tEnd = h * steps;
        for (int k = 0; k < r.rows(); k++) {
            System.arraycopy(r.x()[k], 0, args, 0, 12);
            tape.eval(args, values);
            if (k == 0) h0 = values[0];
            err[k] = Math.abs(values[0] - h0);
            max = Math.max(max, err[k]);
            if (r.t()[k] <= 0.1 * tEnd) first = Math.max(first, err[k]);
            if (r.t()[k] >= 0.9 * tEnd) last = Math.max(last, err[k]);
            mu3 = Math.max(mu3, Math.abs(r.x()[k][11]));
            for (int i = 1; i < values.length; i++) defect = Math.max(defect, Math.abs(values[i]));
        }
        return new EnergyRun(method, h, tEnd, max, first, last, mu3, defect, r.t(), err);
    }

    /** The methods whose symplecticity 003 proves (Fig. 2's and the Pade variant's, spec sec. 12.3) and the control without P*. */
    public static final List<String> SYMPLECTIC = List.of("vrkmk:gauss1,0", "vrkmk:kutta3,1", "vrkmk:gauss2,2", "vrkmk:gauss3,4", "vrkmk-pade:gauss2,2",
            "vrkmk-pade:gauss3,4", "vcg:midpoint", "vcg:triple-jump", "vcg:yoshida6");
    public static final String WITHOUT_P_STAR = "vrkmk:gauss2,2,no-pstar";
    /**
     * 003 spec sec. 12.3: h = 0.05 from the paper's initial data; defects 1.8-2.0e-11 (finite-difference noise), 3.8e-3
     * without P*. The spec does not name its gravity sign there; its 3.8e-3 is the defect with s_g = +1 (4.4e-3 with -1).
     */
    public static final double SYMPLECTIC_H = 0.05, SPEC_DEFECT_NOISE = 2.0e-11, SPEC_DEFECT_WITHOUT_P_STAR = 3.8e-3;

    /**
     * The symplecticity table (spec sec. 12.3): per method the defect of one step of h = 0.05 from the paper's initial
     * data with s_g = +1, beside the spec's; the control without P* also with s_g = -1.
     */
    public static TextTable symplecticity(Backend backend) {
        TextTable t = new TextTable("method", "s_g", "h", "defect", "spec_defect");
        for (String m : SYMPLECTIC) t.add(m, "+1", SYMPLECTIC_H, String.format("%.2e", symplecticityDefect(m, SYMPLECTIC_H, backend, PRINTED)), SPEC_DEFECT_NOISE);
        t.add(WITHOUT_P_STAR, "+1", SYMPLECTIC_H, String.format("%.2e", symplecticityDefect(WITHOUT_P_STAR, SYMPLECTIC_H, backend, PRINTED)), SPEC_DEFECT_WITHOUT_P_STAR);
        t.add(WITHOUT_P_STAR, "-1", SYMPLECTIC_H, String.format("%.2e", symplecticityDefect(WITHOUT_P_STAR, SYMPLECTIC_H, backend, PHYSICAL)), "");
        return t;
    }

    /** The symplecticity defect (LieSymplecticity) of one step of h of the method at the paper's initial data with gravity sign sg. */
    public static double symplecticityDefect(String method, double h, Backend backend, double sg) {
        LieGroupSystem sys = dipole();
        StepSystem step = Methods.parse(method).build(sys);
        EnsembleState start = initial(sys, step);
        double[] x0 = new double[start.components()];
        start.gather(0, x0);
        return LieSymplecticity.defect(sys.group(), new Trajectory(step, backend, NEWTON), x0, parameters(sys, sg), h);
    }

    /** VRKMK6 and VCG6, whose floor the spec reports at the paper's fixed-point tolerance. */
    public static final List<String> FLOOR = List.of("vrkmk:gauss3,4", "vcg:yoshida6");
    /** 003 sec. 6 (spec sec. 11.1): the paper's fixed-point iteration, stopped below 1e-11. */
    public static final NewtonOptions PAPER_FIXED_POINT = new NewtonOptions(1e-11, 500).with(Iteration.FIXED_POINT);
    /** 003 spec sec. 12.2: the errors at T = 0.5 for N = SPEC_N with s_g = +1 and tolerance 1e-11 ("floors about 1e-13"). */
    public static final Map<String, double[]> SPEC_FLOOR = Map.of(
            "vrkmk:gauss3,4", new double[]{4.44e-9, 6.77e-11, 1.20e-12, 1.35e-13, 6.9e-14, 8.1e-14, 9.5e-14},
            "vcg:yoshida6", new double[]{1.35e-6, 2.28e-8, 3.62e-10, 5.68e-12, 8e-14, 1.5e-13, 1.5e-13});

    /**
     * The error floor of the sixth-order methods under 003's fixed-point iteration at tolerance 1e-11 (spec sec. 12.2,
     * s_g = +1): per method and N the error with it and with Newton at 1e-14, the spec's 1e-11 errors beside.
     */
    public static TextTable fixedPointFloor(Backend backend) {
        TextTable t = new TextTable("method", "N", "h", "error_fixed_point_1e-11", "spec_error_1e-11", "error_newton_1e-14", "spec_error_1e-14");
        for (String m : FLOOR)
            for (int i = 0; i < SPEC_N.length; i++)
                t.add(m, SPEC_N[i], T_ORDER / SPEC_N[i], String.format("%.3e", orderError(m, SPEC_N[i], backend, PRINTED, PAPER_FIXED_POINT)),
                        String.format("%.3e", SPEC_FLOOR.get(m)[i]), String.format("%.3e", orderError(m, SPEC_N[i], backend, PRINTED, NEWTON)),
                        String.format("%.3e", SPEC_ERRORS_PRINTED.get(m)[i]));
        return t;
    }
}
