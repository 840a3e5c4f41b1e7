package org.geomech.backend.opencl;

import org.geomech.ensemble.BatchCheck;
import org.geomech.ensemble.Reduction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

/**
 * Opencl's batches of outputs (an explicit step's outputs in one launch with their observers and
 * statuses, their reductions in one launch; a Newton step's launches back to back) bitwise one output at a time.
 */
class OpenClBatchedOutputsTest {
    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @Test
    void explicitStepInBatchesIsBitwiseOneOutputAtATime() {
        // lobatto-nh:2 on chaotic-nh, 2100 members (3 blocks, the last partial): one chunk, then chunks of one block
        // (each chunk through every output of a batch before the next), with and without steps per tick 1, 2, 3
        for (int chunk : new int[]{0, Reduction.BLOCK})
            for (boolean perMember : new boolean[]{false, true})
                BatchCheck.assertBatchesBitwise(new OpenClBackend(OptionalInt.empty(), 0, chunk), "chaotic-nh", "lobatto-nh:2", 2100, 50, perMember, 3, 2, 4, 1);
    }

    @Test
    void batchSplitIntoLaunchesIsBitwiseOneOutputAtATime() {
        // 700 ticks of up to 3 steps: 2^24 member-steps per launch allow 3 outputs of the 2100 members, so the batch
        // of 4 goes in launches of 3 and 1; member 501 (q5 14 times out) fails at step 842, in the batch's second output
        BatchCheck.assertBatchesBitwise(new OpenClBackend(OptionalInt.empty(), 0), "chaotic-nh", "lobatto-nh:2", 2100, 14, true, 700, 4, 1);
    }

    @Test
    void newtonStepInBatchesIsBitwiseOneOutputAtATime() {
        // lobatto-nh:3 (Newton, one member per work-item): one output per launch, the outputs back to back, one chunk and chunks of one block
        for (int chunk : new int[]{0, Reduction.BLOCK})
            BatchCheck.assertBatchesBitwise(new OpenClBackend(OptionalInt.empty(), 0, chunk), "chaotic-nh", "lobatto-nh:3", 2100, 50, true, 3, 3, 4);
    }
}
