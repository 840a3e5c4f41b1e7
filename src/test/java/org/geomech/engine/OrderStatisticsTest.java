package org.geomech.engine;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * OrderStatistics.at gives bitwise the elements a sort puts at each rank (Arrays.sort's order: -0.0 before 0.0, NaN
 * last), on random values with duplicates, signed zeros, infinities and NaN, and on sorted, reversed, constant and
 * organ-pipe inputs (the patterns that defeat a simple pivot); the values are left as they were.
 */
class OrderStatisticsTest {
    private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1, -1};

    @Test
    void ranksAreWhereASortPutsThem() {
        Random r = new Random(17);
        for (int trial = 0; trial < 400; trial++) {
            int n = 1 + r.nextInt(trial < 300 ? 300 : 20_000);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                int kind = r.nextInt(10);
                x[i] = kind == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : kind < 4 ? r.nextInt(5) : r.nextGaussian();
            }
            check(x, r);
        }
        for (int n : new int[]{1, 2, 3, 1000, 30_001}) {
            double[] sorted = new double[n], reversed = new double[n], constant = new double[n], pipe = new double[n];
            for (int i = 0; i < n; i++) {
                sorted[i] = i;
                reversed[i] = n - i;
                constant[i] = 2.5;
                pipe[i] = Math.min(i, n - 1 - i);
            }
            for (double[] x : new double[][]{sorted, reversed, constant, pipe}) check(x, r);
        }
    }

    @Test
    void aRankOutsideTheValuesIsRefused() {
        assertThrows(IndexOutOfBoundsException.class, () -> OrderStatistics.at(new double[]{1, 2}, new int[]{2}));
    }

    // every rank once, then a few random ones (repeated, in any order), against a sorted copy
    private static void check(double[] x, Random r) {
        double[] before = x.clone(), sorted = x.clone();
        Arrays.sort(sorted);
        int n = x.length;
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        int[] some = new int[1 + r.nextInt(7)];
        for (int i = 0; i < some.length; i++) some[i] = r.nextInt(n);
        for (int[] ranks : new int[][]{all, some}) {
            double[] at = OrderStatistics.at(x, ranks);
            for (int i = 0; i < ranks.length; i++)
                assertEquals(Double.doubleToLongBits(sorted[ranks[i]]), Double.doubleToLongBits(at[i]), n + " values, rank " + ranks[i]);
        }
        assertArrayEquals(before, x, "the values are left as they were");
    }
}
