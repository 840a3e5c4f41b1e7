package org.geomech.backend;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/** Turns a step system and observers into code that advances and observes an ensemble. */
public interface Backend {
    String name();

    Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options);

    /** A step system compiled for one backend. Params are h followed by the model parameters. */
    interface Compiled {
        /** Advances every ok member by steps steps; failures are marked with their absolute step number. */
        void advance(EnsembleState state, double[] params, int steps, long firstStep);

        /** Observer values of every member into out[o * members + j] (failed members included, not to be used). */
        void observe(EnsembleState state, double[] params, double[] out);

        /** Newton iterations summed over all members and steps so far. */
        long newtonIterations();

        /** Most Newton iterations any member needed in one step so far. */
        int maxNewtonIterations();

        /** Floating-point operations of one step without Newton (update) and per Newton iteration (residual + Jacobian). */
        long[] flopsPerStep();
    }
}
