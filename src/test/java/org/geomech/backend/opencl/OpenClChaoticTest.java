package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.EnergyMseStudy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 001 sec. 7.3 / Fig. 6 on the device: mu(E, k) of the 21-member cos/sin ensemble of the chaotic system (m = 3). */
class OpenClChaoticTest {
    private static final MechanicalSystem SYS = Library.system("chaotic-nh");
    private static final InitialStates IC = InitialStates.defaults(SYS);

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @ParameterizedTest(name = "lobatto-nh:{0}")
    @ValueSource(ints = {2, 3})
    void energyMsdAgreesWithReferenceAtEveryOutput(int stages) {
        EnergyMseStudy.Curve reference = curve(stages, new ReferenceBackend());
        EnergyMseStudy.Curve opencl = curve(stages, new OpenClBackend());
        // outputs every step up to t = 10 (h = 0.1): 101 rows, no failures (ChaoticEnsembleTest runs the same ensemble)
        assertEquals(101, opencl.mu().length, "output rows");
        assertEquals(0, opencl.failed(), "failed members on the device");
        for (int i = 0; i < reference.mu().length; i++) {
            double a = opencl.mu()[i], b = reference.mu()[i];
            // mu is an average of squared energy drifts: round-off differences in the states stay below 1e-9 relative to t = 10
            assertTrue(Math.abs(a - b) <= 1e-9 * Math.abs(b), "mu(E) at t = " + reference.t()[i] + ": opencl " + a + ", reference " + b);
        }
    }

    private static EnergyMseStudy.Curve curve(int stages, Backend backend) {
        return EnergyMseStudy.run(SYS, List.of(new LobattoNonholonomic(stages)), new double[]{0.1}, 10, 0.1, new double[0], IC, 21,
                backend, new NewtonOptions(1e-14, 50)).get(0);
    }
}
