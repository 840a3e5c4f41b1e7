package org.geomech.method;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.ConvergenceStudy;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Holonomic methods on the planar pendulum of 002 sec. 5.1 (q0 = (0, -1), v0 = (1, 0)) and the spherical pendulum of 004 sec. 6.1. */
class HolonomicMethodsTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @ParameterizedTest(name = "{0}")
    @CsvSource({"rattle, 2", "lobatto-holonomic:2, 2", "lobatto-holonomic:3, 4"})
    void fittedOrderOnPlanarPendulum(String method, int order) {
        // 001 sec. 4.3: RATTLE and the s-stage constrained Lobatto IIIA-IIIB pair have order 2s - 2
        MechanicalSystem sys = Library.system("planar-pendulum");
        ConvergenceStudy.Result r = ConvergenceStudy.run(sys, Methods.parse(method), new LobattoHolonomic(5),
                new double[]{0.1, 0.05, 0.025}, 2.0, 0, new double[0], InitialStates.defaults(sys), new ReferenceBackend(), TIGHT);
        assertEquals(order, r.orderQ(), 0.3);
        assertEquals(order, r.orderP(), 0.3);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"rattle, planar-pendulum", "lobatto-holonomic:2, planar-pendulum", "lobatto-holonomic:3, planar-pendulum",
            "rattle, spherical-pendulum", "lobatto-holonomic:3, spherical-pendulum"})
    void constraintsHoldAtEveryStep(String method, String model) {
        // 001 eq. (13d): g(q_k) = 0 and G(q_k) v_k = 0 at every node, to the solver tolerance
        MechanicalSystem sys = Library.system(model);
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), null, 1);
        EnsembleState state = sim.initialState(null);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), TIGHT, Observers.standard(sys), TimeGrid.of(0.05, 10, 0.05), state, null);
        assertEquals(201, r.rows().size());
        for (EnsembleRun.Row row : r.rows()) {
            assertTrue(row.stats().get(1).max() <= 1e-12, "g(q) = " + row.stats().get(1).max() + " at t = " + row.t());
            assertTrue(row.stats().get(2).max() <= 1e-12, "G v = " + row.stats().get(2).max() + " at t = " + row.t());
        }
    }

    @Test
    void rattleEqualsTwoStageLobatto() {
        // 001 sec. 4.3: the 2-stage constrained Lobatto IIIA-IIIB pair is RATTLE; agreement to round-off after 200 steps
        MechanicalSystem sys = Library.system("spherical-pendulum");
        double[] a = finalState(sys, "rattle"), b = finalState(sys, "lobatto-holonomic:2");
        for (int i = 0; i < a.length; i++) assertEquals(a[i], b[i], 1e-11 * (1 + Math.abs(a[i])), "component " + i);
    }

    @Test
    void twoStageReducesToMultipliersOnly() {
        // 001 spec sec. 4.3: V^i are explicit for s = 2; RATTLE's implicit block is the 2m multipliers
        StepSystem s = new LobattoHolonomic(2).equations(Library.system("spherical-pendulum")).reduced();
        assertEquals(2, s.unknowns().size());
        assertEquals(6, s.definitions().size());
        // and on one constraint those two are solved in closed form (StepProgram): the built step is explicit
        assertEquals(0, s.straightened().unknowns().size());
    }

    private static double[] finalState(MechanicalSystem sys, String method) {
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), null, 1);
        EnsembleState state = sim.initialState(null);
        sim.run(new ReferenceBackend(), TIGHT, Observers.standard(sys), TimeGrid.of(0.05, 10, 10), state, null);
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }
}
