package org.geomech.reproduce;

import org.geomech.study.GglStudies;
import org.geomech.study.HbvmTables;
import org.geomech.study.TextTable;
import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.InputException;
import org.geomech.io.plot.Chart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The papers' tables and claims as named reproductions, for {@code geomech reproduce NAME}: each regenerates its
 * numbers, writes them as CSV files into an output folder and returns a printed table beside the paper's numbers
 * (or, where the paper has only figures, beside its stated claims and the spec's re-derived values).
 */
public final class Reproductions {
    /** What a reproduction produced: the printed text, the CSV files written and its charts, by file name (not yet written). */
    public record Result(String name, String table, List<Path> files, Map<String, Chart> charts) {}

    private interface Body { String run(Path out, Backend backend, List<Path> files, Map<String, Chart> charts); }

    private record Entry(String summary, Body body) {}

    private static final Map<String, Entry> ENTRIES = new LinkedHashMap<>();

    static {
        ENTRIES.put("hbvm-table1", new Entry("002 Table 1: planar pendulum, HBVM(s,s), s = 1..3, h = 0.1/2^n, n = 0..8",
                (out, b, files, charts) -> hbvm(out, files, "hbvm-table1", "002 Table 1, planar pendulum, HBVM(s,s) on [0,10]: e_s = max_n |Z_n - Z(t_n)|_1, "
                        + "e_lambda = max |lambda_n - lambda(t_n)|, e_hc = max |2 q.p| (002 spec sec. 5.0)",
                        HbvmTables.table1(new int[]{1, 2, 3}, range(0, 8), b, HbvmTables.NEWTON))));
        ENTRIES.put("hbvm-table2", new Entry("002 Table 2 and Figs. 1-2: conical pendulum, HBVM(s,s), s = 1..4, h = T/n over 10 periods",
                (out, b, files, charts) -> {
                    List<HbvmTables.Row> rows = new ArrayList<>();
                    int[] last = {100, 80, 60, 40};
                    for (int s = 1; s <= 4; s++) {
                        int[] ns = new int[last[s - 1] / 10];
                        for (int i = 0; i < ns.length; i++) ns[i] = 10 * (i + 1);
                        rows.addAll(HbvmTables.table2(new int[]{s}, ns, b, HbvmTables.NEWTON));
                    }
                    return hbvm(out, files, "hbvm-table2", "002 Table 2, conical pendulum, HBVM(s,s) over 10 periods: e_s = |Z_N - Z(10T)|_inf, "
                            + "e_lambda = max |lambda_n - 2^(-1/2)|, e_hc = max |grad g' p| (002 spec sec. 5.0)", rows)
                            + section(out, files, "hbvm-figure1", "002 Figs. 1-2: conical pendulum, HBVM(2,2), h = T/100, 100 periods: linear error growth, "
                            + "lambda, H, g, hidden constraint at round-off", HbvmTables.figure1(b, HbvmTables.NEWTON));
                }));
        ENTRIES.put("hbvm-table3", new Entry("002 Table 3: modified pendulum, HBVM(3s,s), s = 1..3, h = 0.1/2^n, n = 0..8",
                (out, b, files, charts) -> hbvm(out, files, "hbvm-table3", "002 Table 3, modified pendulum, HBVM(3s,s) on [0,10]: errors against the h/2 run "
                        + "on t = 0.1 j, inf-norms (002 spec sec. 5.0)", HbvmTables.table3(new int[]{1, 2, 3}, range(0, 8), b, HbvmTables.NEWTON))));
        ENTRIES.put("hbvm-table4", new Entry("002 Table 4 and Fig. 3: tethered satellites, HBVM(6,s), s = 1..3, h = 0.1/2^n, n = 0..3",
                (out, b, files, charts) -> hbvm(out, files, "hbvm-table4", "002 Table 4, tethered satellites, HBVM(6,s) on [0,10]: errors against the h/2 run "
                        + "on t = 0.1 j, inf-norms, e_hc in the 1-norm (002 spec sec. 5.0)", HbvmTables.table4(new int[]{1, 2, 3}, range(0, 3), b, HbvmTables.NEWTON))
                        + section(out, files, "hbvm-figure3", "002 Fig. 3: tethered satellites, HBVM(6,2), h = 0.1, 10^4 steps", HbvmTables.figure3(b, HbvmTables.NEWTON))));
        ENTRIES.put("ggl-pendulum", new Entry("004 sec. 6.1: spherical pendulum, VI-S, VI-A, VI-B, EM: conservation, constraints, orders",
                (out, b, files, charts) -> section(out, files, "ggl-pendulum-run", "004 sec. 6.1, spherical pendulum, h = 0.05, T = 10, Newton 1e-9 / 40 "
                        + "(paper: all conserve J3; only EM the energy; VI-A violates both constraints at the nodes)", GglStudies.pendulumRun(b, GglStudies.PAPER_NEWTON))
                        + section(out, files, "ggl-pendulum-orders", "orders on the spherical pendulum: 2-norm errors at t = 1 against lobatto-holonomic:4 at h/8 "
                        + "(004 Table 1: VI-S 1, VI-A 2, VI-B 1, EM 2)", GglStudies.pendulumOrderTable(b))));
        ENTRIES.put("ggl-top", new Entry("004 sec. 6.2: director heavy top, VI-S, VI-A, VI-B, EM, BS99: trajectory and orders",
                (out, b, files, charts) -> section(out, files, "ggl-top-run", "004 sec. 6.2, heavy top, h = 0.002, T = 2 (paper: all conserve J3, only EM "
                        + "the energy; VI-S violates the internal velocity constraints; VI-A g at the nodes; VI-B, EM satisfy both)",
                        GglStudies.topRun(b, GglStudies.PAPER_NEWTON))
                        + section(out, files, "ggl-top-orders", "004 Figs. 18-19: e_q = |phi3(0.001) - 0.0375|/0.0375, e_p against EM at h = 5e-7 "
                        + "(paper: VI-S, VI-B, BS99 first order; VI-A, EM second order)", GglStudies.topOrderTable(b, GglStudies.PAPER_NEWTON))));
        ENTRIES.put("ggl-four-particle", new Entry("004 sec. 6.3: four-particle system: conservation, effort, orders, stability thresholds in h",
                (out, b, files, charts) -> section(out, files, "ggl-four-particle-run", "004 sec. 6.3, h = 0.01, T = 10, and Table 2's Newton effort with the "
                        + "simple and advanced guesses (paper: EM costs most; the advanced guess lowers the iterations)", GglStudies.fourParticleRun(b, GglStudies.PAPER_NEWTON))
                        + section(out, files, "ggl-four-particle-orders", "004 Figs. 28-30: relative errors of q4, p4, lambda at t = 0.1 against EM at h = 1e-5",
                        GglStudies.fourParticleOrderTable(b, GglStudies.PAPER_NEWTON))
                        + section(out, files, "ggl-four-particle-stability", "004 Figs. 31-33: stability in h up to T = 1000",
                        GglStudies.stabilityTable(1000, b, GglStudies.PAPER_NEWTON))));
        ENTRIES.put("nh-particle-orders", new Entry("001 Fig. 3: nonholonomic particle, lobatto-nh:s, s = 2..4, T = 1, N = 10..80 (spec R.1 data)",
                (out, b, files, charts) -> section(out, files, "nh-particle-orders", "001 Fig. 3: 2-norm errors of q, p, lambda at T = 1 against lobatto-nh:5 at "
                        + "a finer step (paper: orders 2s - 2, multipliers s or s - 1 (Cor. 5.2.1), no numbers printed; spec: the 001 spec R.1)",
                        org.geomech.study.paper001.Paper001.particleOrders(b))));
        ENTRIES.put("cvt-energies", new Entry("001 Figs. 4-5: cvt, eps = 1/2, lobatto-nh:2, both initial states, h = 1/10 and pi/10, t <= 2000 (spec R.3 data)",
                (out, b, files, charts) -> section(out, files, "cvt-energies", "001 Figs. 4-5: max |E - E(0)| over t <= 2000 of the total, driver and passenger "
                        + "energies (paper: excellent with h = 1/10, erratic with h = pi/10; spec: the 001 spec R.3)",
                        org.geomech.study.paper001.Paper001.cvtEnergies(2000, b, charts))));
        ENTRIES.put("nh-particle-controls", new Entry("001 spec R.1 negative controls: lobatto-nh:s,iiib (constraint on the IIIB stage momenta) and lambda0 = 0, s = 2..4, N = 10..80",
                (out, b, files, charts) -> section(out, files, "nh-particle-controls", "001 spec R.1 negative controls (its sec. 8 D: either switch must show the "
                        + "failure): 2-norm errors at T = 1 against lobatto-nh:5 at h = 1/640 from the consistent state (spec: P^i: s = 3 order 2, lambda "
                        + "error 0.169 for all h, s = 4 order 4, lambda order 2; lambda0 = 0: lambda error 0.18 for all h, orders 2, 2, 4)",
                        org.geomech.study.paper001.Paper001.particleControls(b))));
        ENTRIES.put("lie-unicycle", new Entry("001 Fig. 7: unicycle on SE(2), lobatto-lie-nh:s (cay), s = 2..4, T = 1, N = 10, 20, 40 (spec R.4 data)",
                (out, b, files, charts) -> section(out, files, "lie-unicycle", "001 Fig. 7: 2-norm errors at T = 1 against the exact flow in (x, y, theta), "
                        + "(x', y', theta') and lambda (paper: orders 2s - 2, multipliers s or s - 1; spec: the 001 spec R.4)",
                        org.geomech.study.paper001lie.Paper001Lie.unicycleOrders(b))));
        ENTRIES.put("lie-turntable", new Entry("001 Fig. 8: ball on a turntable, SO(3) x R^2, lobatto-lie-nh:3 (cay), h = 0.1, t <= 200 (spec R.5 data)",
                (out, b, files, charts) -> section(out, files, "lie-turntable", "001 Fig. 8: largest |I_k - I_k(0)| so far (paper: I1-I3 preserved to the solver "
                        + "tolerance, I4 bounded without drift; spec R.5: I1-I3 ~1e-14, I4 <= 3.6e-10, |R^T R - I| ~1e-14)",
                        turntable(charts, b))));
        ENTRIES.put("lie-turntable-orders", new Entry("001 sec. 7.5 (spec R.5): ball on a turntable, lobatto-lie-nh:s (cay), s = 2..4, T = 1, N = 10, 20, 40, against the exact flow",
                (out, b, files, charts) -> section(out, files, "lie-turntable-orders", "001 spec R.5: 2-norm errors at T = 1 against the exact flow in (R, x, y), "
                        + "(w body, v) and lambda (paper: the Lie group methods keep the orders of sec. 5, no numbers; spec R.5: orders 2, 2, 2; 4, 4, 2; "
                        + "6, round-off, 4)", turntableOrders(charts, b))));
        ENTRIES.put("vrkmk-orders", new Entry("003 Fig. 2 (a): dipole on a stick, vrkmk Gauss1 r0, Kutta3 r1, Gauss2 r2, Gauss3 r4, T = 0.5, N = 5..320",
                (out, b, files, charts) -> section(out, files, "vrkmk-orders", "003 Fig. 2 (a): ||mu - mu_ref|| + ||g - g_ref||_2 at T = 0.5 against Gauss3 r4 "
                        + "at h = 1e-3, s_g = -1 (paper: orders 2, 3, 4, 6, no numbers printed; spec: the 003 spec sec. 12.2)",
                        org.geomech.study.paper003.Paper003.orders(org.geomech.study.paper003.Paper003.VRKMK, b))));
        ENTRIES.put("vcg-orders", new Entry("003 Fig. 2 (b): dipole on a stick, vcg midpoint, triple jump, Yoshida 6, T = 0.5, N = 5..320",
                (out, b, files, charts) -> section(out, files, "vcg-orders", "003 Fig. 2 (b): ||mu - mu_ref|| + ||g - g_ref||_2 at T = 0.5 against Gauss3 r4 "
                        + "at h = 1e-3, s_g = -1 (paper: orders 2, 4, 6, VCG constants above VRKMK's; spec: the 003 spec sec. 12.2)",
                        org.geomech.study.paper003.Paper003.orders(org.geomech.study.paper003.Paper003.VCG, b))));
        ENTRIES.put("dipole-energy", new Entry("003 Fig. 3: dipole on a stick, energy error to T = 1000 with h = 0.01: vrkmk Gauss1 r0, Gauss2 r2, vcg midpoint, triple jump",
                (out, b, files, charts) -> section(out, files, "dipole-energy", "003 Fig. 3: max |H - H0| over t <= 1000, h = 0.01, sampled every 100 steps, "
                        + "s_g = -1 (paper: bounded, about 1e-3, 1e-7, 1e-3, 1e-5; spec sec. 12.4: 9.98e-4, 1.36e-7, 9.86e-4, 1.10e-5)",
                        org.geomech.study.paper003.Paper003.energyTable(1000, b, charts))));
        ENTRIES.put("dipole-orders-printed-sign", new Entry("003 Fig. 2 with the gravity sign as printed (s_g = +1): vrkmk and vcg on the dipole, T = 0.5, N = 5..320",
                (out, b, files, charts) -> section(out, files, "dipole-orders-printed-sign", "003 Fig. 2 (a), s_g = +1: ||mu - mu_ref|| + ||g - g_ref||_2 at T = 0.5 "
                        + "against Gauss3 r4 at h = 1e-3 with s_g = +1 (spec: the 003 spec sec. 12.2 s_g = +1 table)",
                        org.geomech.study.paper003.Paper003.orders(org.geomech.study.paper003.Paper003.VRKMK, b, org.geomech.study.paper003.Paper003.PRINTED))
                        + section(out, files, "dipole-orders-printed-sign-vcg", "003 Fig. 2 (b), s_g = +1 (spec sec. 12.2)",
                        org.geomech.study.paper003.Paper003.orders(org.geomech.study.paper003.Paper003.VCG, b, org.geomech.study.paper003.Paper003.PRINTED))));
        ENTRIES.put("dipole-energy-printed-sign", new Entry("003 Fig. 3 with the gravity sign as printed (s_g = +1): energy error to T = 1000, h = 0.01, four methods",
                (out, b, files, charts) -> section(out, files, "dipole-energy-printed-sign", "003 Fig. 3, s_g = +1: max |H - H0| over t <= 1000, h = 0.01, sampled "
                        + "every 100 steps (paper: none with this sign; spec sec. 12.4: 9.98e-5, 1.29e-9, 9.99e-5, 7.70e-7, each reached in the first tenth; "
                        + "about 10, 100 and 14 times below the s_g = -1 values)",
                        org.geomech.study.paper003.Paper003.energyTable(1000, b, charts, org.geomech.study.paper003.Paper003.PRINTED))));
        ENTRIES.put("dipole-symplectic", new Entry("003 spec sec. 12.3: symplecticity defect of one step (h = 0.05) of vrkmk, vrkmk-pade and vcg on the dipole, and of vrkmk without P*",
                (out, b, files, charts) -> section(out, files, "dipole-symplectic", "003 spec sec. 12.3: max |omega(DPhi a, DPhi b) - omega(a, b)| over a basis of "
                        + "T(T*G) at the paper's initial data, right-trivialised, central differences eps = 1e-5 (paper: symplectic by the variational "
                        + "derivation; spec: 1.8-2.0e-11, finite-difference noise; 3.8e-3 with the P* terms dropped)",
                        org.geomech.study.paper003.Paper003.symplecticity(b))));
        ENTRIES.put("dipole-fixed-point-floor", new Entry("003 sec. 6.1: the error floor of VRKMK6 and VCG6 under the paper's fixed-point iteration at tolerance 1e-11, s_g = +1",
                (out, b, files, charts) -> section(out, files, "dipole-fixed-point-floor", "003 sec. 6.1: errors at T = 0.5 with the fixed-point iteration "
                        + "stopped at 1e-11 and with Newton at 1e-14, s_g = +1 (paper: \"for the 6th-order methods at small h fixed-point errors dominate\"; "
                        + "spec sec. 12.2: floors about 1e-13)", org.geomech.study.paper003.Paper003.fixedPointFloor(b))));
        ENTRIES.put("vi-orders", new Entry("000 spec sec. 6: vi:TABLEAU on the spherical pendulum, errors at T = 5 and orders per standard layer and bias",
                (out, b, files, charts) -> section(out, files, "vi-orders", "000 spec sec. 6 (the paper has no experiments; [derived] values): SP, max-norm "
                        + "error of (q, v) at T = 5 against DOP853, rates between successive h; over each run the drift of the discrete Noether momentum "
                        + "J = -mu.(e3 x q-bar) (spec: <= 2e-12), J + L_z0 (O(h^r)), and the drifts of the mechanical L_z and of E", org.geomech.study.paper000.Paper000.orders(b))));
        ENTRIES.put("vi-long-time", new Entry("000 spec sec. 6: vi:rk4 against plain rk:rk4 on SP, h = 0.2 to T = 2000, and vi:euler,-1/2,1/2 against rk:euler, h = 0.1 to T = 500: bounded against drifting energy",
                (out, b, files, charts) -> section(out, files, "vi-long-time", "000 spec sec. 6, SP: E - E0 and g(q) at t = 20, 200, 500, 2000 with h = 0.2 and at "
                        + "t = 20, 200, 500 with h = 0.1 (spec: vi:rk4 max |E - E0| = 5.62e-5 reached before t = 20; rk:rk4 +0.41 at t = 500; "
                        + "vi:euler,-1/2,1/2 max 8.2e-4 over [0, 500]; rk:euler about 2e34 by t = 500)",
                        org.geomech.study.paper000.Paper000.longTime(b, charts))));
        ENTRIES.put("vi-symplectic", new Entry("000 spec sec. 6: symplecticity defect of the variational maps and of plain RK on SP, h = 0.4 to 0.025",
                (out, b, files, charts) -> section(out, files, "vi-symplectic", "000 spec sec. 6: max |omega(Psi_* a, Psi_* b) - omega(a, b)| over a basis of "
                        + "T TQ, central differences; vi: (q-bar, mu) -> next (q-bar, mu); rk: (q, v) -> (q', v')", org.geomech.study.paper000.Paper000.symplecticity(b))));
        ENTRIES.put("vi-reversible", new Entry("000 spec sec. 6: |Phi_-h(Phi_h(w)) - w| per bias on SP, h = 0.4 to 0.025",
                (out, b, files, charts) -> section(out, files, "vi-reversible", "000 spec sec. 6: reversibility defect, max norm of (q, v); the self-adjoint "
                        + "bias (-1/2, 1/2) is reversible to round-off", org.geomech.study.paper000.Paper000.reversibility(b))));
        ENTRIES.put("vi-chord", new Entry("000 sec. 4.4: chord iteration (corrected, one typo fixed, as printed) against Newton, one step of vi:rk4 on SP and DP; its contraction factor and limit in h",
                (out, b, files, charts) -> section(out, files, "vi-chord", "000 spec sec. 3.5-3.6, 6: iterations of one step from the initial state "
                        + "(tolerance 1e-14 on the step); chord with the corrected approximates converges to Newton's solution, as printed it diverges; "
                        + "with one of the two typos corrected it converges slower (S4.6a' fixed) or diverges (S4.7a' fixed)",
                        org.geomech.study.paper000.Paper000.chordIterations(b))
                        + section(out, files, "vi-chord-contraction", "000 spec sec. 6: the chord iteration's contraction factor on SP, the spectral radius of "
                        + "I - M^-1 dF/dx at the step's solution (above 1: it diverges), and the step size where the corrected one stops converging",
                        org.geomech.study.paper000.Paper000.chordContraction())));
    }

    private Reproductions() {}

    /** The reproduction names, in a fixed order. */
    public static List<String> names() { return new ArrayList<>(ENTRIES.keySet()); }

    /** One line: what the reproduction regenerates. */
    public static String describe(String name) { return entry(name).summary(); }

    /** Runs a reproduction on the reference backend. */
    public static Result run(String name, Path outDir) { return run(name, outDir, new ReferenceBackend()); }

    /** Runs a reproduction on the given backend, writing its CSV files into outDir and returning its charts unwritten. */
    public static Result run(String name, Path outDir, Backend backend) {
        Entry e = entry(name);
        List<Path> files = new ArrayList<>();
        Map<String, Chart> charts = new LinkedHashMap<>();
        String text = e.body().run(outDir, backend, files, charts);
        return new Result(name, text, List.copyOf(files), charts);
    }

    private static Entry entry(String name) {
        Entry e = ENTRIES.get(name);
        if (e == null) throw new InputException("unknown reproduction '" + name + "' (reproductions: " + String.join(", ", names()) + ")");
        return e;
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from + 1];
        for (int i = 0; i < r.length; i++) r[i] = from + i;
        return r;
    }

    /** 001 Fig. 8 to t = 200: the table, and the chart as lie-turntable-integrals. */
    private static TextTable turntable(Map<String, Chart> charts, Backend backend) {
        org.geomech.study.paper001lie.Paper001Lie.Turntable t = org.geomech.study.paper001lie.Paper001Lie.turntable(200, backend);
        charts.put("lie-turntable-integrals", t.chart());
        return t.table();
    }

    /** 001 spec R.5 orders on the turntable: the table, and the charts as lie-turntable-orders-error_q, _v, _lambda. */
    private static TextTable turntableOrders(Map<String, Chart> charts, Backend backend) {
        org.geomech.study.paper001lie.Paper001Lie.TurntableOrders t = org.geomech.study.paper001lie.Paper001Lie.turntableOrders(backend);
        charts.putAll(t.charts());
        return t.table();
    }

    private static String hbvm(Path out, List<Path> files, String name, String title, List<HbvmTables.Row> rows) {
        return section(out, files, name, title, HbvmTables.format(rows));
    }

    private static String section(Path out, List<Path> files, String name, String title, TextTable table) {
        files.add(table.writeCsv(out.resolve(name + ".csv")));
        return title + "\n\n" + table.format() + "\n";
    }
}
