package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.SweepPlan;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A member that stopped before the final time (DESIGN.md principle 4), the one record of a failure everywhere (engine,
 * checkpoints, the Java API, summaries): its sweep point (0 when the run is not a sweep), its index within the point, the
 * step it failed at (counted in its own steps) and why. Its statistics leave the ensemble's from then on.
 */
public record MemberFailure(int point, int member, long step, EnsembleState.Status status) implements Serializable {
    /** Why, as the summary and the API name it: "newton_iteration_limit", "singular_jacobian" or "non_finite". */
    public String reason() { return reason(status); }

    /** A status as a reason: its name in lower case. */
    public static String reason(EnsembleState.Status status) { return status.name().toLowerCase(Locale.ROOT); }

    /** The failed members of a launch's state, point by point in member order (padding members left out). */
    public static List<MemberFailure> of(SweepPlan plan, EnsembleState state) {
        List<MemberFailure> failures = new ArrayList<>();
        for (int p = 0; p < plan.points(); p++)
            for (int j = 0; j < plan.members(); j++) {
                int g = plan.first(p) + j;
                if (!state.ok(g)) failures.add(new MemberFailure(p, j, state.failedStep(g), state.status(g)));
            }
        return failures;
    }
}
