package org.geomech.ensemble;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MemberStreams.gaussian, the ziggurat of Marsaglia and Tsang (2000): its layers have the equal areas that define it, and
 * its draws have the standard normal's moments and two-sided tail probabilities (P(|Z| > z) = erfc(z / sqrt 2), the
 * standard normal table), within 5 standard errors of the sample.
 */
class MemberStreamsTest {
    private static final int DRAWS = 2_000_000;

    @Test
    void everyLayerOfTheZigguratHasTheAreaV() {
        double[] x = MemberStreams.Ziggurat.X, f = MemberStreams.Ziggurat.F;
        double v = MemberStreams.Ziggurat.V;
        // Marsaglia and Tsang 2000, sec. 2: layer i is the rectangle [0, x[i]] x [f(x[i]), f(x[i+1])], of area v
        int top = MemberStreams.Ziggurat.LAYERS - 1;
        for (int i = 1; i < top; i++) assertEquals(v, x[i] * (f[i + 1] - f[i]), 1e-12 * v, "layer " + i);
        // the top layer closes the recursion at f(0) = 1 to the digits of r and v the paper gives (12)
        assertEquals(v, x[top] * (f[top + 1] - f[top]), 1e-8 * v, "top layer");
        // the base: the rectangle below f(r) and the tail beyond r, together v (r, v of the paper for 256 layers)
        double r = MemberStreams.Ziggurat.R, tail = Math.sqrt(Math.PI / 2) * erfc(r / Math.sqrt(2));
        assertEquals(v, r * Math.exp(-0.5 * r * r) + tail, 1e-9 * v, "base layer and tail");
    }

    @Test
    void drawsHaveTheStandardNormalsMomentsAndTails() {
        // members' own streams, as the initial states draw them; several draws a member, as one per coordinate
        double sum = 0, squares = 0;
        double[] z = {1, 2, 3, 4};
        double[] beyond = new double[z.length];
        for (int j = 0; j < DRAWS / 10; j++) {
            long[] r = {MemberStreams.start(3, MemberStreams.INITIAL_STATE, j)};
            for (int k = 0; k < 10; k++) {
                double g = MemberStreams.gaussian(r, 0);
                sum += g;
                squares += g * g;
                for (int i = 0; i < z.length; i++) if (Math.abs(g) > z[i]) beyond[i]++;
            }
        }
        double mean = sum / DRAWS, variance = squares / DRAWS - mean * mean;
        assertEquals(0, mean, 5 / Math.sqrt(DRAWS), "mean");
        assertEquals(1, variance, 5 * Math.sqrt(2.0 / DRAWS), "variance");
        // P(|Z| > 1, 2, 3, 4) from the standard normal table: 0.3173105, 0.0455003, 0.0026998, 6.3342e-5
        double[] table = {0.31731050786291415, 0.04550026389635842, 0.0026997960632601866, 6.334248366623996e-05};
        for (int i = 0; i < z.length; i++)
            assertEquals(table[i], beyond[i] / DRAWS, 5 * Math.sqrt(table[i] * (1 - table[i]) / DRAWS), "P(|Z| > " + z[i] + ")");
    }

    @Test
    void aStreamIsSplittableRandomsNumberForNumberAndBlocksDrawAsMembersAlone() {
        // the states of a block drawn lane after lane: each member's numbers those of its own SplittableRandom, as a
        // member drawn alone (the reference path) has them
        int lanes = 8, draws = 2000;
        long[] block = new long[lanes];
        for (int l = 0; l < lanes; l++) block[l] = MemberStreams.start(7, MemberStreams.INITIAL_STATE, 100 + l);
        double[][] drawn = new double[lanes][draws];
        for (int k = 0; k < draws; k++) for (int l = 0; l < lanes; l++) drawn[l][k] = MemberStreams.gaussian(block, l);
        for (int l = 0; l < lanes; l++) {
            long start = MemberStreams.start(7, MemberStreams.INITIAL_STATE, 100 + l);
            SplittableRandom r = new SplittableRandom(start);
            long[] alone = {start};
            for (int k = 0; k < 50; k++) assertEquals(r.nextLong(), MemberStreams.nextLong(alone, 0));
            alone[0] = start;
            for (int k = 0; k < draws; k++) assertEquals(drawn[l][k], MemberStreams.gaussian(alone, 0), "member " + l + ", draw " + k);
        }
        // 2000 draws a lane reach the wedges and the tail (0.7 % of normals need more than one draw)
        long[] one = {MemberStreams.start(7, MemberStreams.INITIAL_STATE, 100)};
        long used = 0;
        for (int k = 0; k < draws; k++) {
            long state = one[0];
            MemberStreams.gaussian(one, 0);
            for (; state != one[0] && used < 10L * draws; used++) state += 0x9e3779b97f4a7c15L;
        }
        assertTrue(used > draws, "some normals took more than one draw: " + used + " draws for " + draws);
    }

    // erfc by its continued fraction (Abramowitz and Stegun 7.1.14), to round-off for x >= 2
    private static double erfc(double x) {
        double t = 0;
        for (int k = 200; k >= 1; k--) t = k / 2.0 / (x + t);
        return Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + t);
    }
}
