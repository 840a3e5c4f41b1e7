package org.geomech.engine;

import java.util.List;

/**
 * A finished step size: its result, its failed members, its trajectories (null if none were saved), its spread at every
 * output time ([time][point][observer][min, std, quantiles...]; null if not asked for) and its final states
 * ([point][member][component]).
 */
public record Stage(double h, EnsembleRun.Result result, List<MemberFailure> failures, Trajectories trajectories, List<double[][][]> spread,
                    double[][][] finalStates) {
    public Stage {
        failures = List.copyOf(failures);
        spread = spread == null ? null : List.copyOf(spread);
    }
}
