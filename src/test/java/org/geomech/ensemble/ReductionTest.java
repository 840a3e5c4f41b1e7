package org.geomech.ensemble;

import org.geomech.method.StateLayout;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reduction.block: every backend's statistics come from it (or, on OpenCL and SIMD, from the same order), so its order is the contract. */
class ReductionTest {
    /** 2500 members (three blocks, the last partial and not a whole number of lanes), members 3, 1030 and 2499 failed. */
    static EnsembleState ensemble(int members, int... failed) {
        EnsembleState state = new EnsembleState(new StateLayout(Library.system("planar-pendulum"), 1), members);
        for (int j : failed) state.fail(j, 7, EnsembleState.Status.NON_FINITE);
        return state;
    }

    /** Gaussian values (scaled by 1e3) and initial values; with two observers or more, a NaN, an infinity and both zeros. */
    static double[][] observed(int members, int observers, Random random) {
        double[] values = new double[observers * members], initial = new double[observers * members];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextGaussian() * 1e3;
            initial[i] = random.nextGaussian();
        }
        if (observers > 1) {
            values[members + 5] = Double.NaN;
            values[members + 1500 % members] = Double.POSITIVE_INFINITY;
            values[Math.min(7, members - 1)] = -0.0;
            values[Math.min(8, members - 1)] = 0.0;
        }
        return new double[][]{values, initial};
    }

    @Test
    void blockPartialsAreEightInterleavedMemberOrderSumsAddedInLaneOrder() {
        // for 0 to 5 observers, each field bitwise: lane l sums the ok members j = from + l, from + l + 8, ... in
        // order (max: the largest), then the lanes are added in lane order
        int members = 2500;
        EnsembleState state = ensemble(members, 3, 1030, 2499);
        Random random = new Random(11);
        for (int observers = 0; observers <= 5; observers++) {
            double[][] data = observed(members, observers, random);
            double[] values = data[0], initial = data[1];
            int blocks = Reduction.blocks(members), stride = 1 + Reduction.FIELDS * observers;
            double[] out = new double[blocks * stride], expected = new double[blocks * stride];
            for (int b = 0; b < blocks; b++) {
                Reduction.block(b, values, initial, members, observers, state, out);
                int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK), count = 0;
                for (int j = from; j < to; j++) if (state.ok(j)) count++;
                expected[b * stride] = count;
                for (int o = 0; o < observers; o++) {
                    double sum = 0, max = Double.NEGATIVE_INFINITY, sq = 0;
                    for (int l = 0; l < 8; l++) {
                        double laneSum = 0, laneSq = 0;
                        for (int j = from + l; j < to; j += 8) {
                            if (!state.ok(j)) continue;
                            double x = values[o * members + j], d = x - initial[o * members + j];
                            laneSum += x;
                            max = Math.max(max, x);
                            laneSq += d * d;
                        }
                        sum = l == 0 ? laneSum : sum + laneSum;
                        sq = l == 0 ? laneSq : sq + laneSq;
                    }
                    expected[b * stride + 1 + Reduction.FIELDS * o] = sum;
                    expected[b * stride + 2 + Reduction.FIELDS * o] = max;
                    expected[b * stride + 3 + Reduction.FIELDS * o] = sq;
                }
            }
            assertArrayEquals(expected, out, observers + " observers");
            assertEquals(1023, out[0], "block 0 has 1024 members, one failed");
        }
    }

    @Test
    void theOrderIsNotMemberOrder() {
        // the contract is the lanes' order: one chain in member order gives other bits for these values (so that the
        // test above, and every backend's agreement with it, tells the two apart)
        int members = 1024;
        EnsembleState state = ensemble(members);
        double[][] data = observed(members, 1, new Random(5));
        double[] out = new double[1 + Reduction.FIELDS];
        Reduction.block(0, data[0], data[1], members, 1, state, out);
        double chain = 0;
        for (double x : data[0]) chain += x;
        assertNotEquals(chain, out[1]);
        assertEquals(chain, out[1], 1e-9 * members * 1e3);
    }

    @Test
    void allOkSeesEveryFailure() {
        EnsembleState state = ensemble(3000);
        assertTrue(state.allOk(0, 3000));
        state.fail(2048, 3, EnsembleState.Status.NON_FINITE);
        assertTrue(state.allOk(0, 2048));
        assertFalse(state.allOk(1024, 2049));
        state.fail(2048, 4, EnsembleState.Status.SINGULAR_JACOBIAN);
        assertTrue(state.allOk(2049, 3000));
        assertEquals(2999, state.okCount());
    }
}
