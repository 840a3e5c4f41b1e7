package org.geomech.ensemble;

import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state's component stride: an odd multiple of 8 at least the member count, so a lane-block's components fall in distinct cache sets. */
class EnsembleStateTest {
    @Test
    void strideIsTheMemberCountRoundedUpToAnOddMultipleOfEight() {
        assertEquals(8, EnsembleState.stride(1));
        assertEquals(8, EnsembleState.stride(8));
        assertEquals(24, EnsembleState.stride(9));
        assertEquals(40, EnsembleState.stride(37));
        assertEquals(10008, EnsembleState.stride(10000));
        // a power of two: 8192 members would put the components 64 KiB apart, in one set of L1 and L2
        assertEquals(8200, EnsembleState.stride(8192));
        assertEquals(1048584, EnsembleState.stride(1 << 20));
        for (int members = 1; members < 5000; members++) {
            long stride = EnsembleState.stride(members);
            assertTrue(stride >= members && stride < members + 16 && stride % 16 == 8, members + " members: stride " + stride);
        }
    }

    @Test
    void aLaneBlocksComponentsFallInDistinctCacheSets() {
        // 64-byte lines, sets repeating every 4 KiB (this machine's L1: 64 sets; the L2's 2048 sets likewise): the 22
        // components of chaotic-nh's lane-block at member j, c * stride + j, take 22 distinct sets at every size
        for (int members : new int[]{8192, 1 << 16, 1 << 20, 10_000, 100_000, 1_000_000, 10_240}) {
            long stride = EnsembleState.stride(members);
            Set<Long> sets = new HashSet<>();
            for (int c = 0; c < 22; c++) sets.add(c * stride * Double.BYTES / 64 % 64);
            assertEquals(22, sets.size(), members + " members (stride " + stride + ")");
        }
    }

    @Test
    void componentsOfAMemberLieOneStrideApartInTheData() {
        EnsembleState s = new EnsembleState(Methods.parse("rattle").build(Library.system("planar-pendulum")).layout(), 8192);
        assertEquals(8200, s.stride());
        assertEquals(s.components() * 8200, s.data().length);
        s.scatter(8191, new double[]{1, 2, 3});
        assertEquals(2.0, s.data()[8200 + 8191]);
        assertEquals(3.0, s.get(2, 8191));
        double[] back = new double[3];
        s.gather(8191, back);
        assertEquals(1.0, back[0]);
    }
}
