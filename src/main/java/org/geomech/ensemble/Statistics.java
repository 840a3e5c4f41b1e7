package org.geomech.ensemble;

/**
 * Statistics of one observer across the ok members at one time: mean, max, and the mean-square
 * deviation from each member's initial value, mu = 1/J sum_j (O_j(t) - O_j(0))^2 (001 eq. 33).
 * Sums run in member order, so the result does not depend on how members were scheduled.
 */
public record Statistics(double mean, double max, double msd) {
    public static Statistics of(double[] values, double[] initial, int offset, EnsembleState state) {
        double sum = 0, max = Double.NEGATIVE_INFINITY, sq = 0;
        int count = 0;
        for (int j = 0; j < state.members(); j++) {
            if (!state.ok(j)) continue;
            double x = values[offset + j], d = x - initial[offset + j];
            sum += x;
            sq += d * d;
            max = Math.max(max, x);
            count++;
        }
        return count == 0 ? new Statistics(Double.NaN, Double.NaN, Double.NaN) : new Statistics(sum / count, max, sq / count);
    }
}
