package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.expr.Expr;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/**
 * The one place where a step system becomes a backend's code (docs/architecture.md): every run of an ensemble, in
 * memory, slab by slab, resumed or on Spark, and every study that steps members, compiles its step here, so that what
 * a compiled step may be asked (its state layout, its observers, its solver options) is checked in one place: the values
 * at t = 0 that observers name must be carried in the step's state.
 */
public final class Engine {
    private Engine() {}

    /** The step and its observers compiled for a backend; InputException (exit 2) when the backend cannot run here. */
    public static Backend.Compiled compile(Backend backend, StepSystem step, List<Observer> observers, NewtonOptions newton) {
        List<Expr> missing = Observers.missingInitialValues(step, observers);
        if (!missing.isEmpty()) throw new IllegalStateException("the observers name " + missing + ", which the step does not carry (Observers.carrying)");
        return backend.compile(step, observers, newton);
    }
}
