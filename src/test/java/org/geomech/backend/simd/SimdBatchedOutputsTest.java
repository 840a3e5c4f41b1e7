package org.geomech.backend.simd;

import org.geomech.ensemble.BatchCheck;
import org.junit.jupiter.api.Test;

/** Simd's batches of outputs (one fork-join, each block through every output) bitwise one output at a time. */
class SimdBatchedOutputsTest {
    @Test
    void explicitStepInBatchesIsBitwiseOneOutputAtATime() {
        // lobatto-nh:2 on chaotic-nh (explicit, the one-method kernel; a span of outputs in one call or one call per
        // output, SimdBackend.SPAN_CALLS), 2100 members: 3 reduction blocks, the last partial;
        // on 2 threads and chunks of 64, so that the batches' block ownership differs from the single outputs' chunks; the
        // batch of 19 outputs goes through each block in spans of 5 (ExplicitRun.SPANS), which either worker may take
        for (boolean spanCalls : new boolean[]{false, true})
            for (boolean perMember : new boolean[]{false, true})
                BatchCheck.assertBatchesBitwise(new SimdBackend(2, 64, spanCalls), "chaotic-nh", "lobatto-nh:2", 2100, 50, perMember, 3, 2, 4, 19, 1);
    }

    @Test
    void aMemberFailingWithinASpanLeavesOnlyTheOutputsAfterIt() {
        // at 2 ticks an output, member BatchCheck.BAD fails at step 6, in output 2: the third of the first span (outputs 0-4)
        // of the batch of 19, whose lane-block the kernel's outputs method rejects; outputs 0 and 1 still count
        // the member (ExplicitStepper.advanceObserving redoes such a lane-block output by output, each output reduced
        // after it)
        for (boolean perMember : new boolean[]{false, true})
            BatchCheck.assertBatchesBitwise(new SimdBackend(2, 64, true), "chaotic-nh", "lobatto-nh:2", 2100, 50, perMember, 2, 19, 2);
    }

    @Test
    void manyBlocksGoThroughABatchInOneSpanEachFromTheWorkersOwnBuffers() {
        // 34 reduction blocks (the last partial) on 2 workers, 16 or more a worker: each block goes through the batch of 19
        // in as few spans as a worker's buffer of 2^15 values allows (10 outputs of 3 observers), its values stored and
        // reduced there (ExplicitRun.advanceObserved); member BAD fails in output 2 as above; with steps per tick 1-3 the
        // lane-blocks step one by one (ExplicitStepper.block), their values into the same buffers
        for (boolean perMember : new boolean[]{false, true})
            BatchCheck.assertBatchesBitwise(new SimdBackend(2, 64, true), "chaotic-nh", "lobatto-nh:2", 33 * 1024 + 100, 50, perMember, 2, 19, 2);
    }

    @Test
    void newtonStepInBatchesIsBitwiseOneOutputAtATime() {
        // lobatto-nh:3 (Newton): the default advanceObserving, advance then observe in turn
        BatchCheck.assertBatchesBitwise(new SimdBackend(2, 64), "chaotic-nh", "lobatto-nh:3", 1100, 50, true, 3, 3, 4);
    }
}
