package org.geomech.method;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.ModelDefinition;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.ConvergenceStudy;
import org.geomech.study.Diagnostics;
import org.geomech.study.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 004's GGL variational integrators and energy-momentum schemes against the claims of 004 sec. 6 (004 spec sec. 5-6). */
class GglTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-13, 50);
    private static final NewtonOptions PAPER = new NewtonOptions(1e-9, 40);

    private static Trajectory.Result run(String model, String method, double h, long steps, NewtonOptions newton) {
        MechanicalSystem sys = Library.system(model);
        return new Trajectory(Methods.parse(method).build(sys), new ReferenceBackend(), newton).run(sys.parameterValues(), InitialStates.defaults(sys), h, steps, 1);
    }

    private static Diagnostics diagnostics(String model, String method) {
        MechanicalSystem sys = Library.system(model);
        return new Diagnostics(sys, Methods.parse(method).build(sys).layout(), sys.parameterValues());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ggl-vi-s, 1", "ggl-vi-a, 2", "ggl-vi-b, 1", "ggl-em, 2"})
    void fittedOrderOnSphericalPendulum(String method, int order) {
        // 004 sec. 6 / Table 1: VI-S and VI-B first order, VI-A (theta = 1/2) and EM second order; spherical pendulum
        // of 004 sec. 6.1, errors at t = 1 against lobatto-holonomic:4 at h/8
        MechanicalSystem sys = Library.system("spherical-pendulum");
        ConvergenceStudy.Result r = ConvergenceStudy.run(sys, Methods.parse(method), new LobattoHolonomic(4), new double[]{0.004, 0.002, 0.001}, 1.0, 0,
                sys.parameterValues(), InitialStates.defaults(sys), new ReferenceBackend(), TIGHT);
        assertEquals(order, r.orderQ(), 0.1, "q");
        assertEquals(order, r.orderP(), 0.1, "p");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-em"})
    void pendulumConservation(String method) {
        // 004 sec. 6.1 (h = 0.05, T = 10): all schemes conserve J3 = (q x p).e3 to round-off (Fig. 11); only EM conserves
        // the energy (Figs. 8-9); VI-S, VI-B, EM satisfy g at the nodes, VI-A violates it by design (6.5e-3, 004 spec 6.2 item 3)
        Trajectory.Result r = run("spherical-pendulum", method, 0.05, 200, PAPER);
        assertTrue(r.ok());
        Diagnostics d = diagnostics("spherical-pendulum", method);
        double h0 = d.hamiltonian(r.x()[0]), j0 = d.angularMomentum(r.x()[0])[2], dH = 0, dJ = 0, g = 0;
        for (double[] x : r.x()) {
            dH = Math.max(dH, Math.abs(d.hamiltonian(x) - h0));
            dJ = Math.max(dJ, Math.abs(d.angularMomentum(x)[2] - j0));
            g = Math.max(g, Math.abs(d.constraint(x)[0]));
        }
        assertEquals(1.0, j0, 1e-15);
        assertTrue(dJ <= 1e-14, "J3 drift " + dJ);
        if (method.equals("ggl-em")) assertTrue(dH <= 1e-13 * Math.abs(h0), "EM energy error " + dH);
        else assertTrue(dH > 0.05, method + " energy error " + dH + " should be visible");
        if (method.equals("ggl-vi-a")) assertEquals(6.5e-3, g, 0.1e-3);
        else assertTrue(g <= 1e-15, "g = " + g);
        // 004 spec sec. 5.1: final configurations of the paper's algorithm (regression values, h = 0.05, T = 10)
        double[] end = r.last();
        double[] expected = switch (method) {
            case "ggl-vi-s" -> new double[]{-2.76e-4, 0.62729, -0.77878};
            case "ggl-vi-a" -> new double[]{0.28759, -0.22855, -0.93675};
            case "ggl-vi-b" -> new double[]{0.05821, 0.46396, -0.88394};
            default -> new double[]{0.25230, -0.07883, -0.96443};
        };
        for (int i = 0; i < 3; i++) assertEquals(expected[i], end[i], 1e-5, "q" + i + "(10)");
    }

    @Test
    void fourParticleEnergyMomentum() {
        // 004 sec. 6.3 (h = 0.01): EM and EM-G conserve E = 2/1.7, J = (2, -2, 0), L = (0, 0, 2) to round-off; EM satisfies
        // the secondary constraint at the nodes, EM-G does not (1.7e-5 over T = 10 in the 004 spec, sec. 5.3)
        for (String method : new String[]{"ggl-em", "gonzalez-em"}) {
            Trajectory.Result r = run("four-particle", method, 0.01, 300, PAPER);
            assertTrue(r.ok());
            Diagnostics d = diagnostics("four-particle", method);
            double dH = 0, dJ = 0, dL = 0, hidden = 0;
            for (double[] x : r.x()) {
                dH = Math.max(dH, Math.abs(d.hamiltonian(x) - 2 / 1.7));
                double[] j = d.angularMomentum(x), l = d.linearMomentum(x);
                dJ = Math.max(dJ, Math.max(Math.abs(j[0] - 2), Math.max(Math.abs(j[1] + 2), Math.abs(j[2]))));
                dL = Math.max(dL, Math.max(Math.abs(l[0]), Math.max(Math.abs(l[1]), Math.abs(l[2] - 2))));
                hidden = Math.max(hidden, Diagnostics.normInf(d.hidden(x)));
            }
            assertTrue(dH <= 1e-14, method + " energy " + dH);
            assertTrue(dJ <= 1e-13 && dL <= 1e-13, method + " momenta " + dJ + " " + dL);
            if (method.equals("ggl-em")) assertTrue(hidden <= 1e-14, "EM hidden constraint " + hidden);
            else assertTrue(hidden > 1e-7, "EM-G hidden constraint " + hidden);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ggl-vi-s", "ggl-vi-b"})
    void fourParticleStabilityThreshold(String method) {
        // 004 sec. 6.3 / spec 5.3: VI-S and VI-B blow up at h = 0.05 (|H - H0| > 1 by t ~ 0.3, then Newton fails) while
        // h = 0.04 stays bounded (H in [0.978, 1.436] over T = 1000; here T = 40)
        double h0 = 2 / 1.7;
        Trajectory.Result stable = run("four-particle", method, 0.04, 1000, PAPER);
        assertTrue(stable.ok(), "h = 0.04 failed at step " + stable.failedStep());
        Diagnostics d = diagnostics("four-particle", method);
        double worst = 0;
        for (double[] x : stable.x()) worst = Math.max(worst, Math.abs(d.hamiltonian(x) - h0));
        assertTrue(worst < 0.3, "h = 0.04: |H - H0| up to " + worst);
        Trajectory.Result unstable = run("four-particle", method, 0.05, 200, PAPER);
        double blown = 0;
        for (double[] x : unstable.x()) blown = Math.max(blown, Math.abs(d.hamiltonian(x) - h0));
        assertTrue(!unstable.ok() || blown > 1, "h = 0.05 stayed bounded: |H - H0| <= " + blown);
    }

    @Test
    void advancedGuessSavesIterations() {
        // 004 Table 2 (qualitative): the advanced guess q^n + h v^n lowers the Newton iterations per step
        long simpleTotal = 0, advancedTotal = 0;
        for (String method : new String[]{"ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-em"}) {
            long simple = run("four-particle", method, 0.01, 100, PAPER).newtonIterations();
            long advanced = run("four-particle", method + ":advanced", 0.01, 100, PAPER).newtonIterations();
            assertTrue(advanced <= simple, method + ": " + advanced + " > " + simple);
            simpleTotal += simple;
            advancedTotal += advanced;
        }
        assertTrue(advancedTotal < simpleTotal, advancedTotal + " >= " + simpleTotal);
    }

    @Test
    void heavyTop() {
        // 004 sec. 6.2 (h = 0.002): every scheme, BS99 included, conserves J3 = 0.07106577; only EM the energy 5.669055191;
        // VI-B and EM satisfy g and G v at the nodes; VI-A violates g_int at the nodes (~1e-2)
        for (String method : new String[]{"ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-em", "bs99"}) {
            Trajectory.Result r = run("heavy-top", method, 0.002, 200, PAPER);
            assertTrue(r.ok(), method);
            Diagnostics d = diagnostics("heavy-top", method);
            double j0 = d.angularMomentum(r.x()[0])[2], dJ = 0, dH = 0, g = 0, gv = 0;
            assertEquals(0.07106577, j0, 1e-8);
            assertEquals(5.669055191, d.hamiltonian(r.x()[0]), 1e-9);
            for (double[] x : r.x()) {
                dJ = Math.max(dJ, Math.abs(d.angularMomentum(x)[2] - j0));
                dH = Math.max(dH, Math.abs(d.hamiltonian(x) - 5.669055191));
                g = Math.max(g, Diagnostics.normInf(d.constraint(x)));
                gv = Math.max(gv, Diagnostics.normInf(d.velocityLevel(x)));
            }
            // BS99 rebuilds p from m^{n+1} (exact in exact arithmetic): round-off of |m| ~ 0.1 there
            assertTrue(dJ <= (method.equals("bs99") ? 1e-13 : 1e-15), method + " J3 drift " + dJ);
            if (method.equals("ggl-em")) assertTrue(dH <= 1e-9, "EM energy " + dH);
            if (method.equals("ggl-vi-b") || method.equals("ggl-em")) assertTrue(g <= 1e-14 && gv <= 1e-12, method + " constraints " + g + " " + gv);
            if (method.equals("ggl-vi-a")) assertTrue(g > 1e-3, "VI-A g at the nodes " + g);
        }
    }

    // ---------------------------------------------------------------- structure

    /** Coupled linear oscillators, M = diag(1, 2), no constraints. */
    private static MechanicalSystem linear() {
        return new ModelDefinition("linear", "", List.of("x", "y"), Map.of(), "0.5*(dot(x)^2 + 2*dot(y)^2) - 0.5*(x^2 + 3*y^2 + x*y)",
                List.of(), List.of()).build();
    }

    /** One step of the method from (q, p) for every column; returns (q1, p1). */
    private static double[][] stepMap(MechanicalSystem sys, Method method, double h, double[][] z) {
        StepSystem step = method.build(sys);
        int n = sys.dimension();
        EnsembleState state = new EnsembleState(step.layout(), z.length);
        for (int j = 0; j < z.length; j++)
            for (int i = 0; i < n; i++) {
                state.set(i, j, z[j][i]);
                state.set(n + i, j, 0);
                state.set(2 * n + i, j, z[j][n + i]);
            }
        org.geomech.backend.Backend.Run run = new ReferenceBackend().compile(step, List.of(), TIGHT).start(state, new double[]{h});
        run.advance(1);
        run.finish();
        double[][] out = new double[z.length][2 * n];
        for (int j = 0; j < z.length; j++) {
            assertTrue(state.ok(j));
            for (int i = 0; i < n; i++) { out[j][i] = state.get(i, j); out[j][n + i] = state.get(2 * n + i, j); }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ggl-vi-s", "ggl-vi-a", "ggl-vi-b"})
    void symplecticOnLinearProblem(String method) {
        // 004 App. A.6-A.7 (lost in the text) / spec 7 item 14: the VIs are symplectic; on a linear problem the one-step
        // map is linear, so its Jacobian from unit perturbations is exact and must satisfy D' J D = J to 1e-12
        MechanicalSystem sys = linear();
        double[] base = {0.3, -0.2, 0.5, 0.1};
        double[][] z = new double[5][];
        z[0] = base;
        for (int k = 0; k < 4; k++) { z[k + 1] = base.clone(); z[k + 1][k] += 1; }
        double[][] out = stepMap(sys, Methods.parse(method), 0.3, z);
        double[][] dphi = new double[4][4];                          // dphi[row][col] = d out_row / d z_col
        for (int k = 0; k < 4; k++) for (int r = 0; r < 4; r++) dphi[r][k] = out[k + 1][r] - out[0][r];
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++) {
                double w = 0;                                      // (D' J D)_ab, J = [[0, I], [-I, 0]]
                for (int i = 0; i < 2; i++) w += dphi[i][a] * dphi[2 + i][b] - dphi[2 + i][a] * dphi[i][b];
                double expected = (a < 2 && b == a + 2) ? 1 : (b < 2 && a == b + 2) ? -1 : 0;
                assertEquals(expected, w, 1e-12, method + " omega(" + a + "," + b + ")");
            }
    }

    @Test
    void unconstrainedReductions() {
        // 004 spec 6.2 item 1: with no constraints VI-S is symplectic Euler (p first), VI-A the implicit midpoint rule,
        // VI-B symplectic Euler (q first), EM the midpoint discrete gradient (= implicit midpoint for quadratic V)
        MechanicalSystem sys = new ModelDefinition("osc", "", List.of("x"), Map.of(), "0.5*dot(x)^2 - 0.5*4*x^2", List.of(), List.of()).build();
        double h = 0.1, q = 0.7, p = -0.3, k = 4;
        double[] vis = stepMap(sys, Methods.parse("ggl-vi-s"), h, new double[][]{{q, p}})[0];
        double pS = p - h * k * q;
        assertEquals(pS, vis[1], 1e-15);
        assertEquals(q + h * pS, vis[0], 1e-15);
        double[] vib = stepMap(sys, Methods.parse("ggl-vi-b"), h, new double[][]{{q, p}})[0];
        double qB = q + h * p;
        assertEquals(qB, vib[0], 1e-15);
        assertEquals(p - h * k * qB, vib[1], 1e-15);
        double det = 1 + h * h * k / 4;                              // midpoint: [1, -h/2; h k/2, 1] z1 = [1, h/2; -h k/2, 1] z0
        double qM = ((1 - h * h * k / 4) * q + h * p) / det, pM = (-h * k * q + (1 - h * h * k / 4) * p) / det;
        for (String m : new String[]{"ggl-vi-a", "ggl-em"}) {
            double[] z = stepMap(sys, Methods.parse(m), h, new double[][]{{q, p}})[0];
            assertEquals(qM, z[0], 1e-15, m);
            assertEquals(pM, z[1], 1e-15, m);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ggl-em", "ggl-vi-a", "gonzalez-em"})
    void symmetric(String method) {
        // EM, EM-G and VI-A (theta = 1/2) are symmetric: a step with h then -h returns (q, p) on the spherical pendulum
        MechanicalSystem sys = Library.system("four-particle");
        Trajectory t = new Trajectory(Methods.parse(method).build(sys), new ReferenceBackend(), TIGHT);
        EnsembleState state = t.initialState(sys.parameterValues(), InitialStates.defaults(sys));
        double[] start = new double[state.components()];
        state.gather(0, start);
        t.run(state, sys.parameterValues(), 0.05, 1, 1);
        double[] end = t.run(state, sys.parameterValues(), -0.05, 1, 1).last();
        int n = sys.dimension();
        for (int i = 0; i < n; i++) {
            assertEquals(start[i], end[i], 1e-14, "q" + i);
            assertEquals(start[2 * n + i], end[2 * n + i], 1e-14, "p" + i);
        }
    }

    @ParameterizedTest(name = "theta = {0}: {1}")
    @CsvSource({"0.25, q, 3", "0.4, q, 1.5", "0.6, p, 1.5", "0.75, p, 3"})
    void optionAAwayFromOneHalfAmplifiesANormalComponent(double theta, String block, double factor) {
        // Option A (79) puts q_theta on the constraint (79d) and v^{n+1} on its tangent space (79e), with
        // M v^{n+1} = theta p^n + (1 - theta) p^{n+1} (79c). On the normal line of the sphere this leaves
        // q1_n = -(1 - theta)/theta q0_n and p1_n = -theta/(1 - theta) p0_n: for theta != 1/2 one of the two grows by
        // max((1 - theta)/theta, theta/(1 - theta)) a step, fed by the sphere's curvature, whatever h. 004 states
        // option A for theta in (0, 1) but runs only theta = 1/2 (VI-A), where both factors are -1.
        MechanicalSystem sys = Library.system("spherical-pendulum");
        StateLayout layout = Methods.parse("ggl-theta-a:" + theta).build(sys).layout();
        Trajectory.Result r = run("spherical-pendulum", "ggl-theta-a:" + theta, 0.002, 60, PAPER);
        double[] normal = new double[r.rows()];
        int last = 0;
        for (int k = 0; k < r.rows(); k++) {
            double[] x = r.x()[k];
            double[] q = java.util.Arrays.copyOfRange(x, layout.qOffset(), layout.qOffset() + 3);
            double[] p = java.util.Arrays.copyOfRange(x, layout.pOffset(), layout.pOffset() + 3);
            double radius = Diagnostics.norm2(q);
            normal[k] = block.equals("q") ? radius - 1 : (q[0] * p[0] + q[1] * p[1] + q[2] * p[2]) / radius;
            // p's normal component stays linear at any size; q's leaves the linear regime as |q| departs from 1
            if (block.equals("p") || Math.abs(normal[k]) < 0.1) last = k;
        }
        int span = 5;
        assertTrue(last >= 2 * span, "the q-normal component left the linear regime at step " + last);
        double growth = Math.pow(Math.abs(normal[last] / normal[last - span]), 1.0 / span);
        assertEquals(factor, growth, 0.02 * factor, block + "-normal growth a step over steps " + (last - span) + "-" + last);
        assertTrue(normal[last] * normal[last - 1] < 0, "the growth alternates in sign");
    }

    @Test
    void namesAndRefusals() {
        assertEquals("ggl-vi-a", Methods.parse("ggl-vi-a").name());
        assertEquals("ggl-vi-b", Methods.parse("ggl-theta-b:1,0.5").name());
        assertEquals("ggl-theta-a:0.25", Methods.parse("ggl-theta-a:0.25").name());
        assertEquals("ggl-em:advanced", Methods.parse("ggl-em:advanced").name());
        assertEquals("ggl-theta-b:0.5,0.5,advanced", Methods.parse("ggl-theta-b:0.5,0.5,advanced").name());
        assertThrows(InputException.class, () -> Methods.parse("ggl-theta-a:0"));
        assertThrows(InputException.class, () -> Methods.parse("ggl-theta-b:1"));
        assertThrows(InputException.class, () -> Methods.parse("ggl-vi-s:0.5"));
        assertThrows(InputException.class, () -> Methods.parse("ggl-foo"));
        assertThrows(InputException.class, () -> Methods.parse("bs99").build(Library.system("spherical-pendulum")));
        // non-quadratic constraints: 004 gives no discrete derivative of g for them
        assertThrows(InputException.class, () -> Methods.parse("ggl-em").build(Library.system("modified-pendulum")));
        // a potential that is no polynomial of one quadratic invariant
        assertThrows(InputException.class, () -> Methods.parse("ggl-em").build(Library.system("tethered-satellites")));
        assertFalse(Methods.parse("ggl-vi-s").build(Library.system("tethered-satellites")).unknowns().isEmpty());
    }
}
