package org.geomech.ensemble;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

/** On the CPU backends: stopped at a checkpoint and resumed, a run is bitwise the one that never stopped. */
class ResumeTest {
    // RATTLE on the planar pendulum, 40 members, h = 0.1 to t = 2 with rows every 3 steps; member 5 fails at step 5
    static final TimeGrid GRID = TimeGrid.of(0.1, 2, 0.3);

    static Simulation pendulum(int members) {
        MechanicalSystem sys = Library.system("planar-pendulum");
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        return new Simulation(sys, Methods.parse("rattle"), sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(7, sigma, sigma), members);
    }

    @Test
    void referenceResumesBitwise() {
        Simulation sim = pendulum(40);
        // stops before the failure mid-stride, at a row, and after the failure
        ResumeCheck.assertResumesBitwise(new ReferenceBackend(), sim, Observers.standard(sim.step().system()), GRID,
                ResumeCheck.withFailingMember(sim), 4, 6, 11);
    }

    @Test
    void simdResumesBitwise() {
        Simulation sim = pendulum(40);
        ResumeCheck.assertResumesBitwise(new SimdBackend(2, 16), sim, Observers.standard(sim.step().system()), GRID,
                ResumeCheck.withFailingMember(sim), 4, 6, 11);
    }
}
