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

/** 001 spec sec. 8 K: on R^n (tau = identity) the Lie group Lobatto methods are the vector-space ones. */
class LieVectorSpaceLimitTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @ParameterizedTest(name = "lobatto-lie-nh:{0} = lobatto-nh:{0} on {1}")
    @CsvSource({"2, nh-particle", "3, nh-particle", "4, nh-particle", "3, cvt", "3, chaotic-nh"})
    void nonholonomicEqualsLobattoNh(int s, String model) {
        // sum_j b_j (1 - a_ji/b_i) = aHat_ij turns eq. (26) into (14): the same map to round-off, 20 steps of h = 0.1
        MechanicalSystem sys = Library.system(model);
        assertSame(advance(sys, new LobattoNonholonomic(s), 20), advance(sys, new LobattoLieNonholonomic(s, "cay"), 20));
    }

    @ParameterizedTest(name = "lobatto-lie:{0} = lobatto-holonomic:{0} on {1}")
    @CsvSource({"2, spherical-pendulum", "3, spherical-pendulum", "3, planar-pendulum"})
    void holonomicEqualsLobattoHolonomic(int s, String model) {
        MechanicalSystem sys = Library.system(model);
        assertSame(advance(sys, new LobattoHolonomic(s), 20), advance(sys, new LobattoLie(s, "exp"), 20));
    }

    private static void assertSame(double[] expected, double[] actual) {
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual[i], 1e-13 * (1 + Math.abs(expected[i])), "component " + i);
    }

    private static double[] advance(MechanicalSystem sys, Method method, int steps) {
        StepSystem step = method.build(sys);
        EnsembleState state = new EnsembleState(step.layout(), 1);
        InitialStates.defaults(sys).fill(state, sys.parameterValues(), null);
        double[] p = new double[1 + sys.parameters().size()];
        p[0] = 0.1;
        System.arraycopy(sys.parameterValues(), 0, p, 1, p.length - 1);
        try (Backend.Run run = new ReferenceBackend().compile(step, List.of(), TIGHT).start(state, p)) {
            run.advance(steps);
            run.finish();
        }
        assertTrue(state.ok(0));
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }
}
