package org.geomech.backend.opencl;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.CrossCheck;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 002 and 004 methods are step systems, so the OpenCL backend runs them as the reference does. */
class OpenClPaperMethodsTest {
    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @ParameterizedTest(name = "{1} on {0}")
    @CsvSource(delimiter = ';', value = {"planar-pendulum; hbvm:2,2", "conical-pendulum; hbvm:3,3", "spherical-pendulum; ggl-vi-s", "spherical-pendulum; ggl-vi-a",
            "spherical-pendulum; ggl-vi-b", "spherical-pendulum; ggl-em", "four-particle; gonzalez-em", "heavy-top; bs99"})
    void agreesWithTheReference(String model, String method) {
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-3);
        double[] params = sys.parameterValues();
        Simulation sim = new Simulation(sys, Methods.parse(method), params, InitialStates.defaults(sys),
                new InitialStates.Perturbation(3, sigma, sigma), 13);
        List<CrossCheck.Comparison> c = CrossCheck.run(sim, 0.01, 50, new ReferenceBackend(), List.of(new OpenClBackend()), new NewtonOptions(1e-12, 50));
        assertEquals(0, c.get(1).failed());
        assertTrue(c.get(1).worst() <= 1e-12, "worst relative difference " + c.get(1).worst());
    }
}
