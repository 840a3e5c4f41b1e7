package org.geomech.engine;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sketch's quantiles: exact below k values, within its stated rank error above, and a function of the values' order alone. */
class QuantileSketchTest {
    private static final double[] LEVELS = {0, 0.001, 0.05, 0.25, 0.5, 0.75, 0.95, 0.999, 1};

    // n draws of a heavy-tailed law (a normal's exponential), in a fixed order
    private static double[] draws(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = Math.exp(2 * (random.nextDouble() + random.nextDouble() + random.nextDouble() - 1.5));
        return x;
    }

    private static QuantileSketch fed(double[] x, int k) {
        QuantileSketch s = new QuantileSketch(k);
        for (double v : x) s.add(v);
        return s;
    }

    @Test
    void belowKValuesTheQuantilesAreSpreadsExactOnes() {
        double[] x = draws(1000, 1);
        double[] exact = Spread.of(x, LEVELS);
        QuantileSketch s = fed(x, 1024);
        assertArrayEquals(Arrays.copyOfRange(exact, 2, exact.length), s.quantiles(LEVELS), 0.0, "type 7 over the sorted values, bitwise");
        assertEquals(0, s.rankError());
    }

    @Test
    void aboveKEachQuantileIsWithinTheStatedRankError() {
        int n = 300_000, k = 256;
        double[] x = draws(n, 2);
        QuantileSketch s = fed(x, k);
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        // 300000 values through levels of 256: 11 levels compacted, so at most 300000 * 11 / 256 = 12891 ranks off (4.3 %)
        assertEquals(n * 11.0 / k, s.rankError(), 1e-9);
        double[] q = s.quantiles(LEVELS);
        double worst = 0;
        for (int i = 0; i < LEVELS.length; i++) {
            // the ranks of the values equal to the returned one, against the exact position p (n - 1)
            int lo = lowerBound(sorted, q[i]), hi = lowerBound(sorted, Math.nextUp(q[i])) - 1;
            double position = LEVELS[i] * (n - 1);
            double off = position < lo ? lo - position : position > hi + 1 ? position - hi - 1 : 0;
            worst = Math.max(worst, off);
            assertTrue(off <= s.rankError(), "level " + LEVELS[i] + ": rank " + lo + ".." + hi + " against " + position + ", bound " + s.rankError());
        }
        // the worst case needs every compaction to err the same way; here the largest error measured 1826 ranks (0.6 % of n), 14 % of the bound
        assertTrue(worst < 0.25 * s.rankError(), "largest rank error " + worst + " of the bound " + s.rankError());
        assertEquals(sorted[0], q[0], "the minimum is kept");
        assertEquals(sorted[n - 1], q[LEVELS.length - 1], "the maximum is kept");
    }

    @Test
    void theSameValuesInTheSameOrderGiveBitwiseTheSameSummary() {
        double[] x = draws(50_000, 3);
        assertArrayEquals(fed(x, 128).quantiles(LEVELS), fed(x, 128).quantiles(LEVELS), 0.0);
    }

    @Test
    void aSketchTakenUpFromItsStateGoesOnBitwise() {
        // 20000 values through levels of 64, the state taken after 7777: mid-level, with odd and even parities
        double[] x = draws(20_000, 4);
        QuantileSketch whole = fed(x, 64), first = fed(Arrays.copyOf(x, 7777), 64);
        QuantileSketch.State state = first.state();
        for (int i = 7777; i < x.length; i++) first.add(x[i]);   // the state is a copy: the sketch going on leaves it as it was
        QuantileSketch resumed = QuantileSketch.of(state);
        assertEquals(7777, resumed.count());
        for (int i = 7777; i < x.length; i++) resumed.add(x[i]);
        assertArrayEquals(whole.quantiles(LEVELS), resumed.quantiles(LEVELS), 0.0, "bitwise the sketch fed without a break");
        assertEquals(whole.rankError(), resumed.rankError());
        // about 20000, 10000, ..., 156, 78 values reach levels 0 to 8: each fills and compacts at least once
        assertEquals(9 * 20_000 / 64.0, resumed.rankError(), 1e-9, "9 levels compacted");
    }

    private static int lowerBound(double[] sorted, double v) {
        int i = Arrays.binarySearch(sorted, v);
        if (i < 0) return -i - 1;
        while (i > 0 && sorted[i - 1] == v) i--;
        return i;
    }
}
