package org.geomech.engine;

import org.geomech.ensemble.StepSize;

import java.util.List;

/**
 * A finished launch: its step size, its result, its failed members (before any retry), its trajectories (a member
 * retried to t_end as its retry ran; null if none were saved),
 * its spread at every output time ([time][point][observer][min, std, quantiles...]; null if not asked for), its final
 * states ([point][member][component]) and its failed members run again (Retries; empty unless asked for).
 */
public record Stage(StepSize stepSize, EnsembleRun.Result result, List<MemberFailure> failures, Trajectories trajectories, List<double[][][]> spread,
                    double[][][] finalStates, List<Retries.Retried> retried) {
    /** Keeps copies of the lists. */
    public Stage {
        failures = List.copyOf(failures);
        retried = List.copyOf(retried);
        spread = spread == null ? null : List.copyOf(spread);
    }
}
