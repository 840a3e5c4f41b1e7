package org.geomech.method;

import org.geomech.engine.Simulation;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.Diagnostics;
import org.geomech.study.Trajectory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HBVM(k,s) of 002 sec. 4 against the one-step golden values and structural checks of the 002 spec sec. 7 B-C. */
class HbvmTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-15, 50);

    /** One step of size h from the library's initial state: the state at t = h. */
    static double[] oneStep(String model, Method method, double h, int steps) {
        MechanicalSystem sys = Library.system(model);
        Trajectory t = new Trajectory(method.build(sys), new ReferenceBackend(), TIGHT);
        Trajectory.Result r = t.run(sys.parameterValues(), InitialStates.defaults(sys), h, steps, 1);
        assertTrue(r.ok());
        return r.x()[steps];
    }

    private static void assertState(double[] x, int n, double[] q, double[] p, double lambdaPaper) {
        for (int i = 0; i < n; i++) {
            assertEquals(q[i], x[i], 1e-14, "q" + i);
            assertEquals(p[i], x[2 * n + i], 1e-14, "p" + i);
        }
        assertEquals(-lambdaPaper, x[3 * n], 1e-14, "lambda (002 sign flipped)");
    }

    @Test
    void pendulumOneStep() {
        // 002 spec sec. 7 B, pendulum h = 0.1
        assertState(oneStep("planar-pendulum", new Hbvm(1, 1), 0.1, 1), 2, new double[]{0.099503104819449, -0.9950372516299527},
                new double[]{0.9900620963889802, 0.0992549674009467}, 0.9987531172069827);
        assertState(oneStep("planar-pendulum", new Hbvm(2, 2), 0.1, 1), 2, new double[]{0.0996673612208354, -0.995020812399055},
                new double[]{0.9900291352840833, 0.0994179867366076}, 0.9987489661551526);
        assertState(oneStep("planar-pendulum", new Hbvm(3, 3), 0.1, 1), 2, new double[]{0.0996674160123286, -0.995020806910803},
                new double[]{0.9900291242799425, 0.0994180411147596}, 0.9987489647692973);
    }

    @Test
    void conicalAndModifiedOneStep() {
        // 002 spec sec. 7 B: conical h = T/10, modified pendulum h = 0.1
        double h = Math.pow(2, 0.75) * Math.PI / 10;
        assertState(oneStep("conical-pendulum", new Hbvm(1, 1), h, 1), 3, new double[]{0.5800677472757332, 0.4043778042505006, -0.7071067811865476},
                new double[]{-0.4808889619638729, 0.6898206922439021, 0}, 0.7071067811865475);
        assertState(oneStep("conical-pendulum", new Hbvm(2, 2), h, 1), 3, new double[]{0.5721165991853491, 0.4155509558845831, -0.7071067811865476},
                new double[]{-0.4941761533841281, 0.680365130362377, 0}, 0.7071067811865475);
        assertState(oneStep("modified-pendulum", new Hbvm(3, 1), 0.1, 1), 3, new double[]{0.7104778967860184, 0.0840915090897126, -0.7045079836752609},
                new double[]{0.0674223119894148, 0.8409337665405384, 0.0519759502257336}, -0.6281294122072613);
        assertState(oneStep("modified-pendulum", new Hbvm(6, 2), 0.1, 1), 3, new double[]{0.7104707219693249, 0.0840903928774466, -0.704513516338859},
                new double[]{0.0675465135201416, 0.8409339831931463, 0.0516613460327599}, -0.6318064440349735);
        assertEquals(0.631806395101842, oneStep("modified-pendulum", new Hbvm(9, 3), 0.1, 1)[9], 1e-14);
    }

    @Test
    void tetheredOneStep() {
        // 002 spec sec. 7 B, tethered satellites h = 0.1 (v0 = +0.5517822421601886)
        double[] x = oneStep("tethered-satellites", new Hbvm(6, 2), 0.1, 1);
        double[] lambda = {-0.0338829620776619, 0.0677034817691164, 0.0677034817691164};
        for (int a = 0; a < 3; a++) assertEquals(-lambda[a], x[27 + a], 1e-15);
        assertEquals(1.2450416523293318e-05, x[0], 1e-15);
        assertEquals(0.5, x[1], 1e-14);
        assertEquals(19.999401380584491, x[2], 1e-13);
        double[] y = oneStep("tethered-satellites", new Hbvm(6, 1), 0.1, 1);
        double[] lambda1 = {-0.0338829391000103, 0.0677034339481219, 0.0677034339481218};
        for (int a = 0; a < 3; a++) assertEquals(-lambda1[a], y[27 + a], 1e-15);
        assertEquals(0.055140884900490877, y[6], 1e-14);
        assertEquals(19.135132408940976, y[8], 1e-13);
    }

    @Test
    void midpointLineIntegral() {
        // 002 spec sec. 3.4.2 item 4: HBVM(1,1) makes grad g((q0+q1)/2)'(q1 - q0) = 0
        double[] x = oneStep("planar-pendulum", new Hbvm(1, 1), 0.1, 1);
        double x0 = 0, y0 = -1, x1 = x[0], y1 = x[1];
        assertEquals(0, 2 * (x0 + x1) / 2 * (x1 - x0) + 2 * (y0 + y1) / 2 * (y1 - y0), 1e-16);
    }

    @Test
    void symmetric() {
        // 002 Theorem 8: the method is symmetric; step +h then -h returns (q, p) with the same lambda (002 spec 3.4.2 item 5)
        for (String model : new String[]{"planar-pendulum", "modified-pendulum", "tethered-satellites"}) {
            MechanicalSystem sys = Library.system(model);
            Method method = model.equals("planar-pendulum") ? new Hbvm(2, 2) : new Hbvm(6, 2);
            Trajectory t = new Trajectory(method.build(sys), new ReferenceBackend(), TIGHT);
            EnsembleState state = t.initialState(sys.parameterValues(), InitialStates.defaults(sys));
            double[] start = new double[state.components()];
            state.gather(0, start);
            Trajectory.Result forward = t.run(state, sys.parameterValues(), 0.1, 1, 1);
            Trajectory.Result back = t.run(state, sys.parameterValues(), -0.1, 1, 1);
            int n = sys.dimension(), m = sys.holonomicCount();
            double[] end = back.last();
            for (int i = 0; i < n; i++) {
                assertEquals(start[i], end[i], 2e-15 * (1 + Math.abs(start[i])), model + " q" + i);
                assertEquals(start[2 * n + i], end[2 * n + i], 2e-15, model + " p" + i);
            }
            for (int a = 0; a < m; a++) assertEquals(forward.last()[3 * n + a], end[3 * n + a], 1e-14, model + " lambda" + a);
        }
    }

    @Test
    void energyExactWhenOnlyThePotentialIsIntegratedExactly() {
        // 002 spec sec. 3.4.2 item 3 / P7: HBVM(2,1) on the modified pendulum: deg U = 4 <= 2k/s, deg g = 6 > 2k/s,
        // so H is conserved to round-off while e_g = 1.666e-06 at h = 0.1 over [0, 10]
        MechanicalSystem sys = Library.system("modified-pendulum");
        StepSystem step = new Hbvm(2, 1).build(sys);
        Trajectory.Result r = new Trajectory(step, new ReferenceBackend(), TIGHT).run(sys.parameterValues(), InitialStates.defaults(sys), 0.1, 100, 1);
        Diagnostics d = new Diagnostics(sys, step.layout(), sys.parameterValues());
        double h0 = d.hamiltonian(r.x()[0]), eH = 0, eg = 0;
        for (double[] x : r.x()) {
            eH = Math.max(eH, Math.abs(d.hamiltonian(x) - h0));
            eg = Math.max(eg, Math.abs(d.constraint(x)[0]));
        }
        assertTrue(eH < 1e-14, "e_H = " + eH);
        assertEquals(1.666e-06, eg, 0.001e-06);
    }

    @Test
    void runsThroughTheStandardSimulationPath() {
        // what `geomech simulate` does: Simulation + the standard observers; HBVM(2,2) keeps g and H (quadratic) exact
        MechanicalSystem sys = Library.system("spherical-pendulum");
        org.geomech.engine.Simulation sim = new org.geomech.engine.Simulation(sys, Methods.parse("hbvm:2,2"), sys.parameterValues(), InitialStates.defaults(sys), null, 4);
        EnsembleState state = sim.initialState(null);
        org.geomech.engine.EnsembleRun.Result r = sim.run(new ReferenceBackend(), TIGHT, org.geomech.ensemble.Observers.standard(sys),
                org.geomech.ensemble.TimeGrid.of(0.05, 5, 0.5), state, null);
        assertEquals(4, state.okCount());
        double e0 = r.rows().get(0).stats().get(0).mean();
        for (org.geomech.engine.EnsembleRun.Row row : r.rows()) {
            assertEquals(e0, row.stats().get(0).mean(), 1e-13);
            assertTrue(row.stats().get(1).max() <= 1e-14, "g = " + row.stats().get(1).max());
        }
    }

    @Test
    void names() {
        assertEquals("hbvm:6,2", Methods.parse("hbvm:6,2").name());
        assertEquals(2, ((Hbvm) Methods.parse("hbvm:6, 2")).coefficients());
        assertThrows(InputException.class, () -> Methods.parse("hbvm:1,2"));
        assertThrows(InputException.class, () -> Methods.parse("hbvm:2"));
        assertThrows(InputException.class, () -> Methods.parse("hbvm"));
        assertThrows(InputException.class, () -> Methods.parse("hbvm:a,b"));
        assertThrows(InputException.class, () -> new Hbvm(2, 2).build(Library.system("nh-particle")));
    }
}
