package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stage positions as unknowns (StagePositions): a smaller Newton system, the same step. */
class StagePositionsTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @ParameterizedTest(name = "{0} on {1}: {2} unknowns with the stage velocities, {3} with the stage positions")
    @CsvSource({"lobatto-nh:3, chaotic-nh, 23, 9", "lobatto-nh:4, chaotic-nh, 31, 17", "lobatto-nh:3, nh-particle, 8, 4",
            "lobatto-holonomic:3, spherical-pendulum, 12, 6", "lobatto-holonomic:3, double-pendulum, 18, 10",
            "lobatto-holonomic:4, spherical-pendulum, 16, 10"})
    void onlyTheInteriorStagePositionsAndTheMultipliersStayImplicit(String method, String model, int velocityForm, int positionForm) {
        // lobatto-nh:s keeps s n + (s-1) m unknowns as written (001 eq. 14), (s-2) n + (s-1) m with the interior stage
        // positions Q^2..Q^{s-1} (n = 7, m = 1 on chaotic-nh: 23 -> 9 for s = 3, 31 -> 17 for s = 4; nh-particle
        // velocity form already makes V^i_z explicit: 8); lobatto-holonomic:s keeps s n + s m, (s-2) n + s m
        MechanicalSystem sys = Library.system(model);
        assertEquals(velocityForm, form(method, sys, false).reduced().unknowns().size());
        assertEquals(positionForm, form(method, sys, true).reduced().unknowns().size());
        assertEquals(positionForm, Methods.parse(method).build(sys).unknowns().size(), "what every backend runs");
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:3, chaotic-nh", "lobatto-nh:4, chaotic-nh", "lobatto-nh:3, nh-particle", "lobatto-nh:3, cvt",
            "lobatto-holonomic:3, spherical-pendulum", "lobatto-holonomic:3, double-pendulum", "lobatto-holonomic:4, planar-pendulum"})
    void bothFormsGiveTheSameSteps(String method, String model) {
        // the two forms are one set of equations (Q^i substituted or solved for): after 20 steps of h = 0.1 q, v, p and
        // lambda agree to the Newton tolerance (1e-14 per step here; 1e-12 asserted). Measured: q, v, p within 3e-16;
        // the holonomic multipliers, fixed through h^2 G M^-1 G^T Lambda, within 3e-13 (at h = 0.05 round-off grows
        // 4x there, to 1.6e-12 on lobatto-holonomic:4)
        MechanicalSystem sys = Library.system(model);
        double[] velocities = advance(sys, form(method, sys, false).reduced().straightened()),
                positions = advance(sys, form(method, sys, true).reduced().straightened());
        for (int i = 0; i < positions.length; i++)
            assertEquals(velocities[i], positions[i], 1e-12 * (1 + Math.abs(velocities[i])), "component " + i);
    }

    /** The method's equations with the stage positions as unknowns or substituted, asked for explicitly (cvt has no constant mass matrix). */
    private static StepSystem form(String method, MechanicalSystem sys, boolean positions) {
        int s = Integer.parseInt(method.substring(method.indexOf(':') + 1));
        return method.startsWith("lobatto-nh") ? new LobattoNonholonomic(s).equations(sys, positions) : new LobattoHolonomic(s).equations(sys, positions);
    }

    private static double[] advance(MechanicalSystem sys, StepSystem step) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        InitialStates.defaults(sys).fill(state, sys.parameterValues(), null);
        try (Backend.Run run = new ReferenceBackend().compile(step, List.of(), TIGHT).start(state, step.paramValues(0.1, sys.parameterValues()))) {
            run.advance(20);
            run.finish();
        }
        assertTrue(state.ok(0));
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }
}
