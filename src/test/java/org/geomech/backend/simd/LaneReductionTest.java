package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;
import org.geomech.method.StateLayout;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** LaneReduction.block is Reduction.block, bitwise: its vector lanes, masks and offsets change nothing in the statistics. */
class LaneReductionTest {
    @Test
    void bitwiseReductionBlockWithAndWithoutFailedMembers() {
        // member counts with a partial last block, a whole one, and fewer than a lane-block; no failed member (the
        // unmasked loop and a masked tail), then failures in the first and last blocks (every lane-block masked);
        // NaN, an infinity and both zeros among the values of observer 1; 0 to 5 observers
        Random random = new Random(3);
        for (int members : new int[]{2500, 1024, 5, 2052}) {
            for (int[] failed : new int[][]{{}, {3, members - 1}, {0, 1, 2, 3, 4}}) {
                EnsembleState state = new EnsembleState(new StateLayout(Library.system("planar-pendulum"), 1), members);
                for (int j : failed) if (j < members) state.fail(j, 2, EnsembleState.Status.NEWTON_ITERATION_LIMIT);
                for (int observers = 0; observers <= 5; observers++) {
                    double[] values = new double[observers * members], initial = new double[observers * members];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = random.nextGaussian() * 1e3;
                        initial[i] = random.nextGaussian();
                    }
                    if (observers > 1) {
                        values[members + members / 2] = Double.NaN;
                        values[members + members - 1] = Double.POSITIVE_INFINITY;
                        values[members / 3] = -0.0;
                        values[members / 4] = 0.0;
                    }
                    // the same values 13 doubles into a larger array, as a batch's later outputs lie (ExplicitRun.advanceObserved)
                    double[] shifted = new double[values.length + 20];
                    System.arraycopy(values, 0, shifted, 13, values.length);
                    int blocks = Reduction.blocks(members), stride = 1 + Reduction.FIELDS * observers;
                    double[] lanes = new double[blocks * stride], reference = new double[blocks * stride];
                    double[] lanesShifted = new double[blocks * stride], referenceShifted = new double[blocks * stride];
                    double[] lanesOwn = new double[blocks * stride], referenceOwn = new double[blocks * stride];
                    // and each block's values alone, 7 doubles into a buffer of Reduction.BLOCK members per observer, as a
                    // worker keeps a span's (ExplicitRun.advanceObserved): member j of the block at 7 + o * BLOCK + j - from
                    double[] own = new double[7 + observers * Reduction.BLOCK];
                    for (int b = 0; b < blocks; b++) {
                        LaneReduction.block(b, values, 0, members, initial, members, observers, state, lanes);
                        Reduction.block(b, values, initial, members, observers, state, reference);
                        LaneReduction.block(b, shifted, 13, members, initial, members, observers, state, lanesShifted);
                        Reduction.block(b, shifted, 13, members, initial, members, observers, state, referenceShifted);
                        int from = b * Reduction.BLOCK, count = Math.min(members, from + Reduction.BLOCK) - from;
                        Arrays.fill(own, Double.NaN);
                        for (int o = 0; o < observers; o++) System.arraycopy(values, o * members + from, own, 7 + o * Reduction.BLOCK, count);
                        LaneReduction.block(b, own, 7 - from, Reduction.BLOCK, initial, members, observers, state, lanesOwn);
                        Reduction.block(b, own, 7 - from, Reduction.BLOCK, initial, members, observers, state, referenceOwn);
                    }
                    String where = members + " members, " + failed.length + " failed, " + observers + " observers";
                    assertArrayEquals(reference, lanes, where);
                    assertArrayEquals(reference, lanesShifted, where + ", values at an offset");
                    assertArrayEquals(reference, referenceShifted, where + ", values at an offset, Reduction.block");
                    assertArrayEquals(reference, lanesOwn, where + ", a block's values alone");
                    assertArrayEquals(reference, referenceOwn, where + ", a block's values alone, Reduction.block");
                }
            }
        }
    }
}
