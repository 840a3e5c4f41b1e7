package org.geomech.ensemble;

/**
 * Statistics of one observer across the ok members at one time: mean, max, and the mean-square
 * deviation from each member's initial value, mu = 1/J sum_j (O_j(t) - O_j(0))^2 (001 eq. 33), all
 * reduced on the backend; where asked for, also the spread (Spread): min, standard deviation and
 * quantiles at the levels the run names (NaN and empty where not asked for).
 */
public record Statistics(double mean, double max, double msd, double min, double std, double[] quantiles) {
    public Statistics(double mean, double max, double msd) { this(mean, max, msd, Double.NaN, Double.NaN, new double[0]); }

    /** These statistics with the spread: min, standard deviation, quantiles. */
    public Statistics withSpread(double[] spread) {
        return new Statistics(mean, max, msd, spread[0], spread[1], java.util.Arrays.copyOfRange(spread, 2, spread.length));
    }
}
