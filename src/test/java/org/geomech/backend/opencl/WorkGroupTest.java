package org.geomech.backend.opencl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The default work-group size from a kernel's preferred multiple and limit. */
class WorkGroupTest {
    @Test
    void wholeWarpsAndWavefrontsUpToTheTarget() {
        assertEquals(64, WorkGroup.size(32, 1024), "NVIDIA: two warps of 32");
        assertEquals(64, WorkGroup.size(64, 256), "AMD: one wavefront of 64");
        assertEquals(64, WorkGroup.size(8, 4096), "POCL on AVX-512: eight vectors of 8 doubles");
        assertEquals(60, WorkGroup.size(12, 4096), "the largest multiple of 12 not above 64");
        assertEquals(64, WorkGroup.size(0, 4096), "an unreported multiple counts as 1");
    }

    @Test
    void oneMultipleWhenItExceedsTheTargetButNeverBeyondTheKernelLimit() {
        assertEquals(128, WorkGroup.size(128, 1024), "one multiple of 128, though above 64");
        assertEquals(48, WorkGroup.size(32, 48), "the kernel allows only 48");
        assertEquals(16, WorkGroup.size(64, 16), "the kernel's limit wins over the multiple");
    }

    @Test
    void aTargetOfOneIsOneMultiple() {
        assertEquals(8, WorkGroup.size(8, 4096, 1), "POCL: 98 reductions at 10^5 members in 13 groups, not 2 of 64");
        assertEquals(32, WorkGroup.size(32, 1024, 1), "NVIDIA: one warp");
        assertEquals(1, WorkGroup.size(0, 4096, 1), "an unreported multiple counts as 1");
    }
}
