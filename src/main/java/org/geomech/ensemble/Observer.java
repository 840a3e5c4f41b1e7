package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.method.StepSystem;

import java.util.List;

/**
 * A quantity evaluated per member at every output time: an expression of the state and parameters, and of the member's
 * values at t = 0 that it names (initial: each symbol with the expression whose value at t = 0 it stands for, which a
 * step carries through StepSystem.withInitialValues).
 */
public record Observer(String name, Expr expression, String description, List<StepSystem.Definition> initial) {
    /** Keeps a copy of the initial values named. */
    public Observer {
        initial = List.copyOf(initial);
    }

    /** An observer of the current state alone. */
    public Observer(String name, Expr expression, String description) {
        this(name, expression, description, List.of());
    }
}
