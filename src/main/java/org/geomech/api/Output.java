package org.geomech.api;

import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.StepSize;

import java.util.OptionalDouble;

/**
 * One output row as soon as it exists, for a {@link Run.Listener}: the statistics of every observer
 * (in the order of {@link Results#observers()}) over one sweep point's running members at one time.
 *
 * @param stepSize the step size of its launch: shared by every member, or per member
 * @param point the sweep point (0 when the run is not a sweep)
 * @param t     the time
 * @param step  the step number (where h varies per member: the number of output intervals)
 * @param ok    the members still running
 * @param mean  each observer's mean
 * @param max   each observer's maximum
 * @param msd   each observer's mean-square deviation from the members' initial values
 * @param min   each observer's minimum (NaN unless min, std or a quantile is asked for)
 * @param std   each observer's standard deviation (NaN unless asked for likewise)
 * @param quantiles each observer's quantiles at the run's levels, [observer][level] (empty unless asked for)
 * @param histograms each observer's histogram, the running members per bin (null entries unless hist:... is asked for)
 */
public record Output(StepSize stepSize, int point, double t, long step, int ok, double[] mean, double[] max, double[] msd,
                     double[] min, double[] std, double[][] quantiles, Histogram[] histograms) {
    /** @return the step size shared by every member; empty where h varies per member */
    public OptionalDouble h() { return stepSize.h(); }
}
