package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The OpenCL backend against the oracle (DESIGN.md principle 2): every spine method on the papers' small systems. */
class OpenClAgreementTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);
    private static final int MEMBERS = 13, STEPS = 100;

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @Test
    void initialStatesAreProjectedOnTheHostOverLanesAsSimdProjectsThem() {
        // LaneConsistencyTest holds that path bitwise to the member-by-member ConsistentState; member by member it was
        // 2.3-2.5 s to the first step of 10^6 chaotic-nh members on POCL here, 1.8-2.0 s over lanes
        assertSame(SimdBackend.LANE_PROJECTIONS, new OpenClBackend().initialStates());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"rattle, planar-pendulum", "lobatto-holonomic:2, planar-pendulum", "lobatto-holonomic:3, planar-pendulum",
            "rattle, spherical-pendulum", "lobatto-holonomic:2, spherical-pendulum", "lobatto-holonomic:3, spherical-pendulum",
            "lobatto-nh:2, nh-particle", "lobatto-nh:3, nh-particle", "lobatto-nh:4, nh-particle",
            "lobatto-nh:2, cvt", "lobatto-nh:3, cvt", "lobatto-nh:4, cvt"})
    void finalStatesAgreeWithReference(String method, String model) {
        MechanicalSystem sys = Library.system(model);
        EnsembleState reference = run(sys, method, new ReferenceBackend());
        EnsembleState opencl = run(sys, method, new OpenClBackend());
        // every member stays ok on both backends (small perturbations of the papers' initial values, h = 0.05)
        assertEquals(MEMBERS, reference.okCount(), "reference ok members");
        assertEquals(MEMBERS, opencl.okCount(), "opencl ok members");
        // same equations, same operation order (emitter = tape, LU = EJML's): round-off agreement, 1e-12 relative
        for (int c = 0; c < reference.components(); c++)
            for (int j = 0; j < MEMBERS; j++) {
                double a = opencl.get(c, j), b = reference.get(c, j);
                assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)),
                        "component " + c + " of member " + j + ": opencl " + a + ", reference " + b);
            }
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:3, chaotic-nh", "lobatto-holonomic:3, spherical-pendulum"})
    void simplifiedNewtonStepForStepAsTheReference(String method, String model) {
        // Each work-item refreshes its Jacobian where the reference does: equal counts, round-off agreement
        MechanicalSystem sys = Library.system(model);
        NewtonOptions simplified = TIGHT.with(NewtonOptions.Jacobian.SIMPLIFIED);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(7, sigma, sigma), MEMBERS);
        EnsembleState reference = sim.initialState(null), opencl = sim.initialState(null);
        TimeGrid grid = TimeGrid.of(0.1, 3, 1);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), simplified, Observers.standard(sys), grid, reference, null);
        EnsembleRun.Result o = sim.run(new OpenClBackend(), simplified, Observers.standard(sys), grid, opencl, null);
        assertEquals(MEMBERS, opencl.okCount(), "opencl ok members");
        assertTrue(r.jacobianFactorisations() < r.newtonIterations(), "the reference reuses factorisations");
        assertEquals(r.newtonIterations(), o.newtonIterations(), "Newton iterations");
        assertEquals(r.jacobianFactorisations(), o.jacobianFactorisations(), "Jacobian factorisations");
        for (int c = 0; c < reference.components(); c++)
            for (int j = 0; j < MEMBERS; j++) {
                double a = opencl.get(c, j), b = reference.get(c, j);
                assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)),
                        "component " + c + " of member " + j + ": opencl " + a + ", reference " + b);
            }
    }

    /** 13 members: the Library defaults with seeded normal perturbations of 1e-2 in q and v, 100 steps of h = 0.05. */
    static EnsembleState run(MechanicalSystem sys, String method, Backend backend) {
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        double[] params = sys.parameterValues();
        Simulation sim = new Simulation(sys, Methods.parse(method), params, InitialStates.defaults(sys),
                new InitialStates.Perturbation(7, sigma, sigma), MEMBERS);
        EnsembleState state = sim.initialState(null);
        sim.run(backend, TIGHT, Observers.standard(sys), TimeGrid.of(0.05, STEPS * 0.05, 1), state, null);
        return state;
    }
}
