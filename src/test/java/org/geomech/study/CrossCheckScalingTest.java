package org.geomech.study;

import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.engine.Launch;
import org.geomech.engine.MemberFailure;
import org.geomech.ensemble.EnsembleState;
import org.geomech.method.StateLayout;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * On a nonholonomic system the multipliers of reference and opencl differed by 3e-11 at h = 0.002
 * while q, v, p agreed to 1e-15. A multiplier enters a step as h lambda, so crosscheck compares h lambda.
 */
class CrossCheckScalingTest {
    @Test
    void multipliersAreComparedAsHTimesLambda() {
        StateLayout layout = new StateLayout(Library.system("nh-particle"), 1);   // x, y, z, dot(..), p(..), lambda1
        EnsembleState ref = new EnsembleState(layout, 2), other = new EnsembleState(layout, 2);
        for (int c = 0; c < layout.size(); c++)
            for (int j = 0; j < 2; j++) {
                ref.set(c, j, 0.5 + c);
                other.set(c, j, 0.5 + c);
            }
        int lambda = layout.lambdaOffset(), x = layout.qOffset();
        other.set(lambda, 1, ref.get(lambda, 1) + 3e-11);
        other.set(x, 0, ref.get(x, 0) + 1e-15);
        double h = 0.002;
        // the launch that compare reads: its members (two, no padding) and the shared h of its grid
        Launch launch = new Launch(null, SweepPlan.uniform(Library.system("nh-particle"), 2), null, null, new TimeGrid(h, 1, 1));
        CrossCheck.Comparison c = CrossCheck.compare("opencl", other, ref, launch, new CrossCheck.Observed(List.of(), List.of(), List.of()), new CrossCheck.Observed(List.of(), List.of(), List.of()), 0);
        // |h (lambda - lambda_ref)| / max(1, |h lambda_ref|) = 0.002 * 3e-11 / 1 = 6e-14 (lambda_ref = 9.5, h lambda_ref < 1)
        assertEquals(6e-14, c.maxRelativeDifference()[lambda], 1e-16);
        assertEquals(1e-15, c.maxRelativeDifference()[x], 1e-16);   // q compared as it is: |dx| / max(1, |x|) with x = 0.5
        assertEquals(2, c.compared());
        assertEquals(0, c.failed());
        // a failed member is counted, listed and not compared
        other.fail(0, 7, EnsembleState.Status.NON_FINITE);
        CrossCheck.Comparison f = CrossCheck.compare("opencl", other, ref, launch, new CrossCheck.Observed(List.of(), List.of(), List.of()), new CrossCheck.Observed(List.of(), List.of(), List.of()), 0);
        assertEquals(1, f.compared());
        assertEquals(1, f.failed());
        assertEquals(1, f.failedOnlyHere());
        assertEquals(List.of(new MemberFailure(0, 0, 7, EnsembleState.Status.NON_FINITE)), f.firstFailures());
        assertEquals(0, f.maxRelativeDifference()[x]);
    }
}
