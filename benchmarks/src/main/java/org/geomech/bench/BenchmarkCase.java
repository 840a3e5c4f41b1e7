package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.method.Method;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;

import java.util.Arrays;

/** One benchmarked configuration "model/method": an ensemble of the model's defaults, perturbed, ready to step. */
final class BenchmarkCase {
    static final double H = 0.05;

    final MechanicalSystem system;
    final Method method;
    final Simulation simulation;
    final EnsembleState state;

    BenchmarkCase(String modelAndMethod, int members) {
        String[] parts = modelAndMethod.split("/");
        this.system = Library.system(parts[0]);
        this.method = Methods.parse(parts[1]);
        double[] sigma = new double[system.dimension()];
        Arrays.fill(sigma, 1e-2);
        this.simulation = new Simulation(system, method, system.parameterValues(), InitialStates.defaults(system),
                new InitialStates.Perturbation(1, sigma, sigma), members);
        this.state = simulation.initialState(null);
    }

    Backend.Compiled compile(String backend) {
        return Backends.named(backend).compile(simulation.step(), Observers.standard(system), NewtonOptions.DEFAULT);
    }
}
