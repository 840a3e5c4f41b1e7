package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A simd run's first observation goes through LaneObservers (plain loops), the later ones through the kernel: observing the
 * same state twice gives bitwise the same observer values and block partials, on an explicit step, a Newton step and a Lie
 * group step, with the run's observers (energy_error reads the carried initial(energy)).
 */
class LaneObserversTest {
    @ParameterizedTest(name = "{1} on {0}")
    @CsvSource({"chaotic-nh, lobatto-nh:2", "spherical-pendulum, rattle", "turntable-ball, lobatto-lie-nh:2"})
    void theFirstObservationIsBitwiseTheKernels(String model, String method) {
        Library.BuiltIn b = Library.builtIn(model, Map.of());
        Model sys = b.definition().build();
        StepSystem built = Methods.parse(method).build(sys);
        List<Observer> observers = Observers.ofRun(built, Map.of());
        StepSystem step = Observers.carrying(built, observers);
        int members = 3000;   // three reduction blocks, the last one partial
        EnsembleState state = new EnsembleState(step.layout(), members);
        double[] sigma = new double[b.v0().size()];
        Arrays.fill(sigma, 0.05);
        new InitialStates(sys, b.q0(), b.v0()).fill(state, sys.parameterValues(), new InitialStates.Perturbation(5, new double[b.q0().size()], sigma));
        Backend.Compiled compiled = new SimdBackend(2, 256).compile(step, observers, NewtonOptions.DEFAULT);
        try (Backend.Run run = compiled.start(state, step.paramValues(0.01, sys.parameterValues()), null)) {
            double[] first = run.observeBlocks(), initial = run.initialValues();
            double[] second = run.observeBlocks();
            assertArrayEquals(first, second, "block partials of the first (plain loops) and second (kernel) observation");
            assertEquals(observers.size() * members, initial.length);
            assertEquals(Arrays.stream(initial).filter(Double::isFinite).count(), initial.length, "every observer value finite");
        }
    }
}
