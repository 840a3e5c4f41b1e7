package org.geomech.ensemble;


/**
 * Statistics of one observer across the ok members at one time: mean, max, and the mean-square
 * deviation from each member's initial value, mu = 1/J sum_j (O_j(t) - O_j(0))^2 (001 eq. 33), all
 * reduced on the backend; where asked for, also the spread (Spread): min, standard deviation and
 * quantiles at the levels the run names (NaN and empty where not asked for).
 */
public record Statistics(double mean, double max, double msd, double min, double std, double[] quantiles) {
    /** The reduced statistics alone (mean, max, msd), the spread not asked for. */
    public Statistics(double mean, double max, double msd) { this(mean, max, msd, Double.NaN, Double.NaN, new double[0]); }

    /** Equal when every statistic is bitwise equal (the quantiles compared by value). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Statistics s && Double.compare(mean, s.mean) == 0 && Double.compare(max, s.max) == 0 && Double.compare(msd, s.msd) == 0
                && Double.compare(min, s.min) == 0 && Double.compare(std, s.std) == 0 && java.util.Arrays.equals(quantiles, s.quantiles);
    }

    @Override
    public int hashCode() { return java.util.Objects.hash(mean, max, msd, min, std, java.util.Arrays.hashCode(quantiles)); }

    /** These statistics with the spread: min, standard deviation, quantiles. */
    public Statistics withSpread(double[] spread) {
        return new Statistics(mean, max, msd, spread[0], spread[1], java.util.Arrays.copyOfRange(spread, 2, spread.length));
    }
}
