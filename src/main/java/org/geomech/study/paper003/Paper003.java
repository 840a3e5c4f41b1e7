package org.geomech.study.paper003;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieGroupStates;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.TextTable;
import org.geomech.study.Trajectory;

import java.util.ArrayList;
import java.util.List;

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

    /** Fig. 2: errors at N = ns steps against the spec's reference and the fitted slopes between neighbours. */
    public static TextTable orders(List<String> methods, int[] ns, Backend backend) {
        List<String> columns = new ArrayList<>(List.of("method", "order"));
        for (int n : ns) columns.add("N=" + n);
        columns.add("slope (last two)");
        TextTable table = new TextTable(columns);
        for (String m : methods) {
            Method method = Methods.parse(m);
            List<Object> row = new ArrayList<>(List.of(m, method.order()));
            double[] e = new double[ns.length];
            for (int i = 0; i < ns.length; i++) {
                e[i] = error(finalState(m, ns[i], backend), G_REF, MU_REF);
                row.add(String.format("%.4g", e[i]));
            }
            row.add(String.format("%.2f", slope(ns[ns.length - 2], e[ns.length - 2], ns[ns.length - 1], e[ns.length - 1])));
            table.add(row.toArray());
        }
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
