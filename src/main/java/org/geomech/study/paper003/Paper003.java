package org.geomech.study.paper003;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieGroupStates;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.io.plot.Chart;
import org.geomech.io.plot.ChartFiles;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.TextTable;
import org.geomech.study.Trajectory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Paper 003 (Bogfjellmo & Marthinsen) on the dipole on a stick: the order tests of Fig. 2 (errors
 * ||mu - mu_ref||_2 + ||g - g_ref||_2 at T = 0.5 against the Gauss3 r = 4 solution) and the energy behaviour of
 * Fig. 3 (max |H - H0| over a long run). Gravity sign s_g = -1 throughout (spec pitfall P2).
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

    public static LieGroupSystem dipole() { return LieLibrary.system("dipole-on-stick"); }

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

    /** The state at T = 0.5 after N steps of the method. */
    public static double[] finalState(String method, int n, Backend backend) {
        LieGroupSystem sys = dipole();
        StepSystem step = Methods.parse(method).build(sys);
        Trajectory tr = new Trajectory(step, backend, NEWTON);
        Trajectory.Result r = tr.run(initial(sys, step), sys.parameterValues(), T_ORDER / n, n, n);
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

    /** The error at T = 0.5 after N steps against the spec's Gauss3 r = 4 reference (003 sec. 6.1). */
    public static double orderError(String method, int n, Backend backend) { return error(finalState(method, n, backend), G_REF, MU_REF); }

    /**
     * Fig. 2: per method and N in SPEC_N the error at T = 0.5, the spec sec. 12.2 value beside it and the fitted slope
     * against the previous N (one row per run, so the comparison plot draws ours against the spec's).
     */
    public static TextTable orders(List<String> methods, Backend backend) {
        TextTable table = new TextTable("method", "order", "N", "h", "error", "spec_error", "slope", "spec_slope");
        for (String m : methods) {
            double[] spec = SPEC_ERRORS.get(m);
            double previous = Double.NaN;
            for (int i = 0; i < SPEC_N.length; i++) {
                double e = orderError(m, SPEC_N[i], backend);
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

    /**
     * Fig. 3: max |H - H0| of each FIG3 method with h = 0.01 to tEnd, sampled every 100 steps, beside the paper's and
     * the spec's; the time series go into dipole-energy-series.png.
     */
    public static TextTable energyTable(double tEnd, Backend backend, Path out, List<Path> files) {
        double h = 0.01;
        long steps = Math.round(tEnd / h);
        TextTable table = new TextTable("method", "h", "T", "max_error", "fig3_read_off", "spec_max_error", "max_first_tenth", "max_last_tenth",
                "max_abs_mu3", "max_orthogonality_defect");
        Chart chart = Chart.overTime("003 Fig. 3: dipole on a stick, h = 0.01: |H \u2212 H0| (bounded, no drift)", "|H(t) \u2212 H(0)|", true);
        for (int k = 0; k < FIG3.size(); k++) {
            EnergyRun r = energy(FIG3.get(k), h, steps, 100, backend);
            table.add(r.method(), h, tEnd, String.format("%.3e", r.maxError()), FIG3_READ_OFF[k], FIG3_SPEC[k], String.format("%.3e", r.maxFirstTenth()),
                    String.format("%.3e", r.maxLastTenth()), String.format("%.1e", r.maxMu3()), String.format("%.1e", r.maxDefect()));
            chart.line(r.method(), r.t(), r.energyError());
        }
        files.addAll(ChartFiles.writeAll(Map.of("dipole-energy-series", chart), out));
        return table;
    }

    /** The fitted order between two runs: log(e1/e2)/log(n2/n1). */
    public static double slope(int n1, double e1, int n2, double e2) { return Math.log(e1 / e2) / Math.log((double) n2 / n1); }

    /** Energy statistics of one long run: max |H - H0| overall, in the first and last tenth, max |mu3|, max |R^T R - I|. */
    public record EnergyRun(String method, double h, double tEnd, double maxError, double maxFirstTenth, double maxLastTenth, double maxMu3,
                            double maxDefect, double[] t, double[] energyError) {}

    /** Fig. 3: the energy error of one method, sampled every stride steps. */
    public static EnergyRun energy(String method, double h, long steps, int stride, Backend backend) {
        LieGroupSystem sys = dipole();
        StepSystem step = Methods.parse(method).build(sys);
        Trajectory tr = new Trajectory(step, backend, NEWTON);
        Trajectory.Result r = tr.run(initial(sys, step), sys.parameterValues(), h, steps, stride);
        if (!r.ok()) throw new IllegalStateException(method + " failed at step " + r.failedStep());
        List<Expr> in = new ArrayList<>(sys.g());
        in.addAll(sys.mu());
        in.addAll(sys.parameterSymbols());
        List<Expr> out = new ArrayList<>(List.of(sys.hamiltonian().orElseThrow()));
        out.addAll(sys.group().defect(sys.g()));
        Tape tape = Tape.compile(in, out);
        double[] args = new double[in.size()], values = new double[out.size()], params = sys.parameterValues();
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
}
