package org.geomech.engine;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Backends.onOpenCl tells, without opening a device, what Backends.named would run on (the memory plan asks it first). */
class BackendsTest {
    @Test
    void onOpenClAgreesWithTheBackendNamedWithoutOpeningADevice() {
        assertTrue(Backends.onOpenCl("opencl", OptionalInt.empty()));
        assertFalse(Backends.onOpenCl("simd", OptionalInt.empty()));
        assertFalse(Backends.onOpenCl("reference", OptionalInt.empty()));
        assertFalse(Backends.onOpenCl("nonsense", OptionalInt.empty()));
        // auto: an OpenCL GPU, or the device asked for, else simd; whatever this machine has, the two agree
        for (OptionalInt device : new OptionalInt[]{OptionalInt.empty(), OptionalInt.of(0)})
            assertEquals(Backends.named("auto", device).name().equals("opencl"), Backends.onOpenCl("auto", device), "auto with device " + device);
    }
}
