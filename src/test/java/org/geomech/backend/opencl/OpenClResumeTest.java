package org.geomech.backend.opencl;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.ResumeCheck;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.OptionalInt;

/** On OpenCL: a run stopped at a checkpoint and resumed is bitwise the one that never stopped, resident or in chunks. */
class OpenClResumeTest {
    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    private static Simulation pendulum(int members) {
        MechanicalSystem sys = Library.system("planar-pendulum");
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        return new Simulation(sys, Methods.parse("rattle"), sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(7, sigma, sigma), members);
    }

    @Test
    void residentEnsembleResumesBitwise() {
        Simulation sim = pendulum(40);
        ResumeCheck.assertResumesBitwise(new OpenClBackend(), sim, Observers.standard(sim.step().system()), TimeGrid.of(0.1, 2, 0.3),
                ResumeCheck.withFailingMember(sim), 4, 11);
    }

    @Test
    void chunkedEnsembleResumesBitwise() {
        // 2500 members in chunks of 1024: the msd origins of every chunk come back from the checkpoint
        Simulation sim = pendulum(2500);
        EnsembleState start = ResumeCheck.withFailingMember(sim);
        ResumeCheck.assertResumesBitwise(new OpenClBackend(OptionalInt.empty(), 0, 1024), sim, Observers.standard(sim.step().system()),
                TimeGrid.of(0.1, 1, 0.3), start, 4, 7);
    }
}
