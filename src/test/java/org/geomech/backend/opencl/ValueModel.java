package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Expr;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;

import java.util.List;
import java.util.Map;

/** A model with no parameters, for step systems that only evaluate expressions on every backend. */
record ValueModel(String name) implements Model {
    @Override public String reference() { return ""; }
    @Override public Map<String, Double> parameters() { return Map.of(); }
    @Override public List<Expr> parameterSymbols() { return List.of(); }

    /** One step of step (its update: the values of its first component) on backend, member j starting from x[j]. */
    static EnsembleState values(Backend backend, StepSystem step, double[] x) {
        EnsembleState state = new EnsembleState(step.layout(), x.length);
        for (int j = 0; j < x.length; j++) state.set(0, j, x[j]);
        try (Backend.Run run = backend.compile(step, List.of(), new NewtonOptions(1e-14, 5)).start(state, new double[]{0.1})) {
            run.advance(1);
            run.finish();
        }
        return state;
    }
}
