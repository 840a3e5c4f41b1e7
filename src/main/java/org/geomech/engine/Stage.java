package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;

import java.util.ArrayList;
import java.util.List;

/**
 * A finished step size: its result, its failed members (launch indices), its trajectories (null if none were saved),
 * its spread at every output time ([time][point][observer][min, std, quantiles...]; null if not asked for) and
 * its final states ([point][member][component]).
 */
public record Stage(double h, EnsembleRun.Result result, List<Failure> failures, Trajectories trajectories, List<double[][][]> spread,
                    double[][][] finalStates) {
    /** A failed member of the launch: its index, the step it failed at and why. */
    public record Failure(int member, long step, EnsembleState.Status status) {}

    /** Keeps copies of the lists. */
    public Stage {
        failures = List.copyOf(failures);
        spread = spread == null ? null : List.copyOf(spread);
    }

    /** The failed members of an ensemble, in member order. */
    public static List<Failure> failures(EnsembleState state) {
        List<Failure> out = new ArrayList<>();
        for (int j = 0; j < state.members(); j++) if (!state.ok(j)) out.add(new Failure(j, state.failedStep(j), state.status(j)));
        return out;
    }
}
