package org.geomech.method;

import org.geomech.InputException;
import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Simulation;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** lobatto-nh-hamiltonian:s, the Hamiltonian form of the nonholonomic Lobatto IIIA-IIIB method (001 eq. 15, App. E). */
class LobattoNonholonomicHamiltonianTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @ParameterizedTest(name = "s = {0} on {1}, {2}")
    @CsvSource({"2, nh-particle, reference", "3, nh-particle, reference", "4, nh-particle, reference", "2, cvt, reference", "3, cvt, reference",
            "3, chaotic-nh, reference", "2, nh-particle, simd", "3, nh-particle, simd", "3, cvt, simd", "3, chaotic-nh, simd"})
    void equalsTheLagrangianForm(int s, String model, String backend) {
        // 001 sec. 5 and App. D-E: eqs. (14) and (15) are the same scheme (W of opposite sign, spec P11): the same
        // (q, v, p, lambda) after 50 steps of h = 0.1 from perturbed defaults, 4 members, to round-off
        MechanicalSystem sys = Library.system(model);
        Backend b = backend.equals("simd") ? new SimdBackend() : new ReferenceBackend();
        EnsembleState hamiltonian = advance(sys, new LobattoNonholonomicHamiltonian(s), b), lagrangian = advance(sys, new LobattoNonholonomic(s), b);
        assertEquals(4, hamiltonian.okCount());
        for (int c = 0; c < lagrangian.components(); c++)
            for (int j = 0; j < 4; j++) {
                double l = lagrangian.get(c, j);
                assertEquals(l, hamiltonian.get(c, j), 1e-12 * (1 + Math.abs(l)), lagrangian.layout().names().get(c) + " of member " + j);
            }
    }

    @Test
    void refusesHolonomicSystemsAndParses() {
        // nonholonomic constraints only, as lobatto-nh:s; bad input is one line
        String message = assertThrows(InputException.class, () -> new LobattoNonholonomicHamiltonian(3).build(Library.system("planar-pendulum"))).getMessage();
        assertTrue(message.contains("holonomic"), message);
        assertEquals("lobatto-nh-hamiltonian:3", Methods.parse("lobatto-nh-hamiltonian:3").name());
        assertEquals(4, Methods.parse("lobatto-nh-hamiltonian:3").order());
    }

    private static EnsembleState advance(MechanicalSystem sys, Method method, Backend backend) {
        double[] sigma = new double[sys.dimension()];
        java.util.Arrays.fill(sigma, 1e-2);
        Simulation sim = new Simulation(sys, method, sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(5, sigma, sigma), 4);
        EnsembleState state = sim.initialState(null);
        EnsembleRun.Result r = sim.run(backend, TIGHT, List.of(), TimeGrid.of(0.1, 5, 5), state, null);
        assertEquals(4, state.okCount(), method.name() + " on " + sys.name());
        return state;
    }
}
