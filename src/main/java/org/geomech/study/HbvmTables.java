package org.geomech.study;

import org.geomech.backend.Backend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.Hbvm;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * 002's Tables 1-4 with the error definitions the tables actually use (002 spec sec. 5.0; the paper defines none):
 * <ul>
 * <li>Table 1 (planar pendulum, HBVM(s,s), [0,10], h = 0.1/2^n): e_s = max over all steps of the 1-norm of
 * (q, p) - exact; e_lambda = max |lambda_n - lambda(t_n)| (left end point); e_hc = max |2 q.p|;</li>
 * <li>Table 2 (conical pendulum, HBVM(s,s), 10 periods, h = T/n): e_s = inf-norm at the final time; e_lambda =
 * max |lambda_n - 2^(-1/2)|; e_hc = max |grad g' p|;</li>
 * <li>Tables 3 and 4 (modified pendulum HBVM(3s,s), tethered satellites HBVM(6,s), [0,10], h = 0.1/2^n): against
 * the same method at h/2 on the grid t = 0.1 j: e_s = max_j inf-norm, e_lambda = max_j inf-norm of the multipliers
 * of the steps starting at 0.1 j; e_hc = max over all steps (inf-norm in Table 3, 1-norm in Table 4).</li>
 * </ul>
 * e_H = max |H_n - H_0| and e_g = max inf-norm g(q_n) everywhere. Multipliers are reported in 002's sign (the
 * negative of geomech's).
 */
public final class HbvmTables {
    /** Tight Newton for the tables: |dx| &lt;= 1e-14 (1 + |x|) or the round-off floor (002 spec P3). */
    public static final NewtonOptions NEWTON = new NewtonOptions(1e-14, 50);

    /** One row: errors as defined above, the paper's row {n, e_s, e_lambda, e_H, e_g, e_hc} (or null), Newton per step. */
    public record Row(int table, String method, int s, int n, double h, long steps, double es, double el, double eH,
                      double eg, double ehc, double[] paper, double newtonPerStep, boolean ok) {}

    private HbvmTables() {}

    /** 002 Table 1: planar pendulum, HBVM(s,s), h = 0.1/2^n on [0,10]. */
    public static List<Row> table1(int[] ss, int[] ns, Backend backend, NewtonOptions newton) {
        MechanicalSystem sys = Library.system("planar-pendulum");
        List<Row> rows = new ArrayList<>();
        for (int s : ss) {
            StepSystem step = new Hbvm(s, s).build(sys);
            Trajectory traj = new Trajectory(step, backend, newton);
            Diagnostics d = new Diagnostics(sys, step.layout(), sys.parameterValues());
            StateLayout l = step.layout();
            for (int n : ns) {
                double h = 0.1 / (1 << n);
                long steps = 100L << n;
                Trajectory.Result r = traj.run(sys.parameterValues(), InitialStates.defaults(sys), h, steps, 1);
                double es = 0, el = 0;
                for (int i = 0; i < r.rows(); i++) {
                    double[] x = r.x()[i], z = ExactSolutions.planarPendulum(i * h);
                    es = Math.max(es, Math.abs(x[l.qOffset()] - z[0]) + Math.abs(x[l.qOffset() + 1] - z[1])
                            + Math.abs(x[l.pOffset()] - z[2]) + Math.abs(x[l.pOffset() + 1] - z[3]));
                    if (i > 0) el = Math.max(el, Math.abs(-x[l.lambdaOffset()] - ExactSolutions.planarPendulum((i - 1) * h)[4]));
                }
                rows.add(conserved(1, step.method(), s, n, h, steps, es, el, r, d, false));
            }
        }
        return rows;
    }

    /** 002 Table 2: conical pendulum, HBVM(s,s), h = T/n over 10 periods. */
    public static List<Row> table2(int[] ss, int[] ns, Backend backend, NewtonOptions newton) {
        MechanicalSystem sys = Library.system("conical-pendulum");
        List<Row> rows = new ArrayList<>();
        for (int s : ss) {
            StepSystem step = new Hbvm(s, s).build(sys);
            Trajectory traj = new Trajectory(step, backend, newton);
            Diagnostics d = new Diagnostics(sys, step.layout(), sys.parameterValues());
            StateLayout l = step.layout();
            for (int n : ns) {
                double h = ExactSolutions.CONICAL_PERIOD / n;
                long steps = 10L * n;
                Trajectory.Result r = traj.run(sys.parameterValues(), InitialStates.defaults(sys), h, steps, 1);
                double es = Double.NaN, el = 0;
                if (r.ok()) {
                    double[] x = r.last(), z = ExactSolutions.conicalPendulum(steps * h);
                    es = 0;
                    for (int c = 0; c < 3; c++)
                        es = Math.max(es, Math.max(Math.abs(x[l.qOffset() + c] - z[c]), Math.abs(x[l.pOffset() + c] - z[3 + c])));
                }
                for (int i = 1; i < r.rows(); i++) el = Math.max(el, Math.abs(-r.x()[i][l.lambdaOffset()] - ExactSolutions.CONICAL_LAMBDA));
                rows.add(conserved(2, step.method(), s, n, h, steps, es, el, r, d, false));
            }
        }
        return rows;
    }

    /** 002 Table 3: modified pendulum, HBVM(3s,s), h = 0.1/2^n, errors against h/2. */
    public static List<Row> table3(int[] ss, int[] ns, Backend backend, NewtonOptions newton) {
        return halving(3, Library.system("modified-pendulum"), ss, ns, backend, newton);
    }

    /** 002 Table 4: tethered satellites, HBVM(6,s), h = 0.1/2^n, errors against h/2. */
    public static List<Row> table4(int[] ss, int[] ns, Backend backend, NewtonOptions newton) {
        return halving(4, Library.system("tethered-satellites"), ss, ns, backend, newton);
    }

    private static List<Row> halving(int table, MechanicalSystem sys, int[] ss, int[] ns, Backend backend, NewtonOptions newton) {
        List<Row> rows = new ArrayList<>();
        for (int s : ss) {
            Hbvm method = table == 3 ? new Hbvm(3 * s, s) : new Hbvm(6, s);
            StepSystem step = method.build(sys);
            Trajectory traj = new Trajectory(step, backend, newton);
            Diagnostics d = new Diagnostics(sys, step.layout(), sys.parameterValues());
            StateLayout l = step.layout();
            Map<Integer, Trajectory.Result> runs = new HashMap<>();
            for (int n : ns) {
                Trajectory.Result r = runs.computeIfAbsent(n, k -> traj.run(sys.parameterValues(), InitialStates.defaults(sys), 0.1 / (1 << k), 100L << k, 1));
                Trajectory.Result half = runs.computeIfAbsent(n + 1, k -> traj.run(sys.parameterValues(), InitialStates.defaults(sys), 0.1 / (1 << k), 100L << k, 1));
                double es = Double.NaN, el = Double.NaN;
                if (r.ok() && half.ok()) {
                    es = 0;
                    el = 0;
                    for (int j = 0; j <= 100; j++) {
                        double[] a = r.x()[j << n], b = half.x()[j << (n + 1)];
                        for (int c = 0; c < l.n(); c++) {
                            es = Math.max(es, Math.abs(a[l.qOffset() + c] - b[l.qOffset() + c]));
                            es = Math.max(es, Math.abs(a[l.pOffset() + c] - b[l.pOffset() + c]));
                        }
                        if (j < 100) {
                            double[] la = r.x()[(j << n) + 1], lb = half.x()[(j << (n + 1)) + 1];
                            for (int c = 0; c < l.multipliers(); c++)
                                el = Math.max(el, Math.abs(la[l.lambdaOffset() + c] - lb[l.lambdaOffset() + c]));
                        }
                    }
                }
                rows.add(conserved(table, step.method(), s, n, 0.1 / (1 << n), 100L << n, es, el, r, d, table == 4));
            }
        }
        return rows;
    }

    private static Row conserved(int table, String method, int s, int n, double h, long steps, double es, double el,
                                 Trajectory.Result r, Diagnostics d, boolean hiddenOneNorm) {
        double h0 = d.hamiltonian(r.x()[0]), eH = 0, eg = 0, ehc = 0;
        for (double[] x : r.x()) {
            eH = Math.max(eH, Math.abs(d.hamiltonian(x) - h0));
            eg = Math.max(eg, Diagnostics.normInf(d.constraint(x)));
            double[] hc = d.hidden(x);
            ehc = Math.max(ehc, hiddenOneNorm ? Diagnostics.norm1(hc) : Diagnostics.normInf(hc));
        }
        if (!r.ok()) { es = Double.NaN; el = Double.NaN; }
        return new Row(table, method, s, n, h, steps, es, el, eH, eg, ehc, Paper002.row(table, s, n),
                (double) r.newtonIterations() / Math.max(1, steps), r.ok());
    }

    /**
     * 002 Fig. 1-2: conical pendulum, HBVM(2,2), h = T/100 over 100 periods: the inf-norm solution error at period ends
     * grows linearly (002 spec sec. 5.2: 1.1434e-07, 1.1434e-06, 5.7171e-06, 1.1434e-05 after 1, 10, 50, 100 periods);
     * errors in lambda, H, g and the hidden constraint stay at round-off.
     */
    public static TextTable figure1(Backend backend, NewtonOptions newton) {
        MechanicalSystem sys = Library.system("conical-pendulum");
        StepSystem step = new Hbvm(2, 2).build(sys);
        StateLayout l = step.layout();
        double h = ExactSolutions.CONICAL_PERIOD / 100;
        Trajectory.Result r = new Trajectory(step, backend, newton).run(sys.parameterValues(), InitialStates.defaults(sys), h, 10000, 100);
        Diagnostics d = new Diagnostics(sys, l, sys.parameterValues());
        double h0 = d.hamiltonian(r.x()[0]);
        Map<Integer, Double> spec = Map.of(1, 1.1434e-07, 10, 1.1434e-06, 50, 5.7171e-06, 100, 1.1434e-05);
        TextTable t = new TextTable("periods", "e_s", "spec_e_s", "e_lambda", "e_H", "e_g", "e_hc");
        for (int k : new int[]{1, 10, 20, 50, 100}) {
            if (k >= r.rows()) break;
            double[] x = r.x()[k], z = ExactSolutions.conicalPendulum(k * 100 * h);
            double es = 0;
            for (int c = 0; c < 3; c++) es = Math.max(es, Math.max(Math.abs(x[l.qOffset() + c] - z[c]), Math.abs(x[l.pOffset() + c] - z[3 + c])));
            t.add(Integer.toString(k), es, spec.get(k), Math.abs(-x[l.lambdaOffset()] - ExactSolutions.CONICAL_LAMBDA),
                    Math.abs(d.hamiltonian(x) - h0), Diagnostics.normInf(d.constraint(x)), Diagnostics.normInf(d.hidden(x)));
        }
        return t;
    }

    /**
     * 002 Fig. 3: tethered satellites, HBVM(6,2), h = 0.1, 10^4 steps: H and g at round-off, the hidden constraint bounded
     * (002 spec sec. 4.4: max |H - H0| 3.1e-15, max |g_i| (8.9e-15, 2.5e-13, 1.9e-13), hidden 2-norm max 7.7e-6, mean
     * 1.7e-6, final 1.9e-7; satellites 1 and 2 stay in y = +-1/2 to ~1e-9).
     */
    public static TextTable figure3(Backend backend, NewtonOptions newton) {
        MechanicalSystem sys = Library.system("tethered-satellites");
        StepSystem step = new Hbvm(6, 2).build(sys);
        Trajectory.Result r = new Trajectory(step, backend, newton).run(sys.parameterValues(), InitialStates.defaults(sys), 0.1, 10000, 1);
        Diagnostics d = new Diagnostics(sys, step.layout(), sys.parameterValues());
        double h0 = d.hamiltonian(r.x()[0]), eH = 0, hcMax = 0, hcSum = 0, yDrift = 0;
        double[] g = new double[3];
        for (double[] x : r.x()) {
            eH = Math.max(eH, Math.abs(d.hamiltonian(x) - h0));
            double[] gg = d.constraint(x);
            for (int a = 0; a < 3; a++) g[a] = Math.max(g[a], Math.abs(gg[a]));
            double hc = Diagnostics.norm2(d.hidden(x));
            hcMax = Math.max(hcMax, hc);
            hcSum += hc;
            yDrift = Math.max(yDrift, Math.max(Math.abs(x[1] - 0.5), Math.abs(x[4] + 0.5)));
        }
        TextTable t = new TextTable("quantity", "ours", "spec");
        t.add("steps done", Integer.toString(r.rows() - 1), "10000");
        t.add("max |H - H0|", eH, "3.1e-15");
        t.add("max |g_1|", g[0], "8.9e-15");
        t.add("max |g_2|", g[1], "2.5e-13");
        t.add("max |g_3|", g[2], "1.9e-13");
        t.add("max |grad g' p|_2", hcMax, "7.7e-6");
        t.add("mean |grad g' p|_2", hcSum / r.rows(), "1.7e-6");
        t.add("final |grad g' p|_2", Diagnostics.norm2(d.hidden(r.last())), "1.9e-7");
        t.add("max |y_1 - 1/2|, |y_2 + 1/2|", yDrift, "~1e-9");
        return t;
    }

    /** Rates: log2 of successive ratios (Tables 1, 3, 4) or ln(e_prev/e)/ln(n/n_prev) (Table 2). */
    static String rate(Row prev, Row row, double ePrev, double e) {
        if (prev == null || !prev.method().equals(row.method()) || !(ePrev > 0) || !(e > 0)) return null;
        double steps = row.table() == 2 ? Math.log((double) row.n() / prev.n()) : (row.n() - prev.n()) * Math.log(2);
        return String.format(java.util.Locale.ROOT, "%.2f", Math.log(ePrev / e) / steps);
    }

    /** The rows beside the paper's numbers, with rates and relative deviations. */
    public static TextTable format(List<Row> rows) {
        TextTable t = new TextTable("method", "n", "h", "e_s", "paper_e_s", "dev_e_s", "rate_e_s", "e_lambda", "paper_e_lambda",
                "dev_e_lambda", "rate_e_lambda", "e_H", "e_g", "e_hc", "paper_e_hc", "dev_e_hc", "rate_e_hc", "newton_per_step");
        Row prev = null;
        for (Row r : rows) {
            double[] p = r.paper();
            t.add(r.method(), Integer.toString(r.n()), r.h(), r.es(), p == null ? null : p[1], dev(r.es(), p, 1), rate(prev, r, prev == null ? 0 : prev.es(), r.es()),
                    r.el(), p == null ? null : p[2], dev(r.el(), p, 2), rate(prev, r, prev == null ? 0 : prev.el(), r.el()),
                    r.eH(), r.eg(), r.ehc(), p == null ? null : p[5], dev(r.ehc(), p, 5), rate(prev, r, prev == null ? 0 : prev.ehc(), r.ehc()),
                    String.format(java.util.Locale.ROOT, "%.2f", r.newtonPerStep()));
            prev = r;
        }
        return t;
    }

    /** (ours - paper) / paper in per cent; null when the paper has no value. */
    private static String dev(double ours, double[] paper, int column) {
        if (paper == null || Double.isNaN(ours)) return null;
        return String.format(java.util.Locale.ROOT, "%+.3f%%", 100 * (ours - paper[column]) / paper[column]);
    }
}
