package org.geomech.ensemble;

import org.geomech.method.StateLayout;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reduction.block: every backend's statistics come from it (or, on OpenCL, from the same order), so its order is the contract. */
class ReductionTest {
    @Test
    void blockPartialsAreEachObserversSequentialSumsOverTheOkMembers() {
        // 2500 members (three blocks, the last partial), members 3, 1030 and 2499 failed, a NaN, an infinity and both
        // zeros among the values: for 0 to 5 observers (pairs and a single one), each field bitwise the member-order loop
        int members = 2500;
        EnsembleState state = new EnsembleState(new StateLayout(Library.system("planar-pendulum"), 1), members);
        for (int j : new int[]{3, 1030, 2499}) state.fail(j, 7, EnsembleState.Status.NON_FINITE);
        Random random = new Random(11);
        for (int observers = 0; observers <= 5; observers++) {
            double[] values = new double[observers * members], initial = new double[observers * members];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextGaussian() * 1e3;
                initial[i] = random.nextGaussian();
            }
            if (observers > 1) {
                values[members + 5] = Double.NaN;
                values[members + 1500] = Double.POSITIVE_INFINITY;
                values[7] = -0.0;
                values[8] = 0.0;
            }
            int blocks = Reduction.blocks(members), stride = 1 + Reduction.FIELDS * observers;
            double[] out = new double[blocks * stride], expected = new double[blocks * stride];
            for (int b = 0; b < blocks; b++) {
                Reduction.block(b, values, initial, members, observers, state, out);
                int from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK), count = 0;
                for (int j = from; j < to; j++) if (state.ok(j)) count++;
                expected[b * stride] = count;
                for (int o = 0; o < observers; o++) {
                    double sum = 0, max = Double.NEGATIVE_INFINITY, sq = 0;
                    for (int j = from; j < to; j++) {
                        if (!state.ok(j)) continue;
                        double x = values[o * members + j], d = x - initial[o * members + j];
                        sum += x;
                        max = Math.max(max, x);
                        sq += d * d;
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
}
