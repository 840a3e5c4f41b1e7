package org.geomech.ensemble;


/**
 * Statistics of one observer across the ok members at one time: mean, max, and the mean-square
 * deviation from each member's initial value, mu = 1/J sum_j (O_j(t) - O_j(0))^2 (001 eq. 33), all
 * reduced on the backend; where asked for, also the spread (Spread): min, standard deviation and
 * quantiles at the levels the run names (NaN and empty where not asked for), and the histogram (null where not asked for).
 */
public record Statistics(double mean, double max, double msd, double min, double std, double[] quantiles, Histogram histogram) {
    /** The reduced statistics alone (mean, max, msd), the spread not asked for. */
    public Statistics(double mean, double max, double msd) { this(mean, max, msd, Double.NaN, Double.NaN, new double[0], null); }

    /** The reduced statistics and the spread without a histogram. */
    public Statistics(double mean, double max, double msd, double min, double std, double[] quantiles) { this(mean, max, msd, min, std, quantiles, null); }

    /** Equal when every statistic is bitwise equal (the quantiles compared by value). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Statistics s && Double.compare(mean, s.mean) == 0 && Double.compare(max, s.max) == 0 && Double.compare(msd, s.msd) == 0
                && Double.compare(min, s.min) == 0 && Double.compare(std, s.std) == 0 && java.util.Arrays.equals(quantiles, s.quantiles)
                && java.util.Objects.equals(histogram, s.histogram);
    }

    @Override
    public int hashCode() { return java.util.Objects.hash(mean, max, msd, min, std, java.util.Arrays.hashCode(quantiles), histogram); }

    /**
     * These statistics with the spread Spread gives an observer: min, standard deviation, the quantiles at levels
     * levels, then the histogram where one was asked for (Histogram.flat).
     */
    public Statistics withSpread(double[] spread, int levels) {
        return new Statistics(mean, max, msd, spread[0], spread[1], java.util.Arrays.copyOfRange(spread, 2, 2 + levels),
                spread.length > 2 + levels ? Histogram.of(spread, 2 + levels) : null);
    }
}
