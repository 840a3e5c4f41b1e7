package org.geomech.io;

import org.geomech.ensemble.InitialStates;
import org.geomech.model.ModelDefinition;
import org.geomech.solve.NewtonOptions;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run needs, resolved and checked (ScenarioDraft.resolve): the model as text, the method
 * name, step sizes, final time and output interval, initial q and v as expressions of j and N (one per
 * coordinate), the member count and optional seeded draw, extra observers by name, the statistics
 * written per observer, the backend, the Newton options and the output folder (null: a fresh default).
 */
public record Scenario(ModelDefinition model, String method, List<Double> h, double tEnd, double outputInterval,
                       List<String> q0, List<String> v0, int members, InitialStates.Perturbation perturbation,
                       Map<String, String> observers, List<String> statistics, String backend, NewtonOptions newton,
                       String out) {
    /** The statistics an observer can report, in column order. */
    public static final List<String> STATISTICS = List.of("mean", "max", "msd");

    public Scenario {
        h = List.copyOf(h);
        q0 = List.copyOf(q0);
        v0 = List.copyOf(v0);
        observers = Collections.unmodifiableMap(new LinkedHashMap<>(observers));
        statistics = List.copyOf(statistics);
    }
}
