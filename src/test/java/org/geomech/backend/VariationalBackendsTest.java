package org.geomech.backend;

import org.geomech.backend.opencl.OpenClBackend;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.CrossCheck;
import org.geomech.engine.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * vi: is a step system like every method: simd and opencl agree with the reference to 1e-12 after 100 steps,
 * under Newton and under the chord iteration (its matrix is generated like a Jacobian).
 * vi:rk4 on SP and DP as issue 10 asks (DP's opencl kernel takes about 20 s to build on an idle 2-core machine, once per
 * kernel cache), and the Euler standard layer under both iterations.
 */
class VariationalBackendsTest {
    @ParameterizedTest(name = "{2} on {0}, {3}")
    @CsvSource(delimiter = ';', value = {"spherical-pendulum; 0.02; vi:euler,-1/2,1/2; newton", "spherical-pendulum; 0.02; vi:rk4; newton", "double-pendulum; 0.02; vi:rk4; newton",
            "double-pendulum; 0.05; vi:euler; newton",
            "double-pendulum; 0.05; vi:euler; chord"})
    void simdAndOpenClAgreeWithTheReference(String model, double h, String method, String iteration) {
        OpenClRequirement.device();
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-3);
        // 3 members: a partly filled simd vector and three work-items
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(5, sigma, sigma), 3);
        List<CrossCheck.Comparison> c = CrossCheck.run(sim, h, 100, new ReferenceBackend(), List.of(new SimdBackend(1, 4), new OpenClBackend()),
                new NewtonOptions(1e-12, 50).with(Iteration.of(iteration)));
        for (CrossCheck.Comparison k : c.subList(1, c.size())) {
            assertEquals(0, k.failed(), k.backend());
            assertTrue(k.worst() <= 1e-12, k.backend() + ": worst relative difference " + k.worst());
        }
    }
}
