package org.geomech.backend.simd;

import org.geomech.LaunchersJava;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jvm.options has the Vector API's methods profiled early, so that C2 compiles an explicit step kernel with their
 * receiver types and keeps its vectors in registers: in a JVM of the launcher's JDK and options with 3 compiler threads,
 * one stepping call of lobatto-nh:2's kernel on chaotic-nh allocates nothing (KernelBoxingProbe). Without those two
 * options, JDK 25's C2 left vectors boxed through the step loop's phis (11856 bytes a call) in 9 of 12 such JVMs, and
 * fresh runs stepped at a third of their speed (benchmarks/RESULTS.md).
 */
class KernelProfilesTest {
    @Test
    void theLaunchersJvmCompilesTheStepKernelWithItsVectorsInRegisters() throws IOException, InterruptedException {
        String said = LaunchersJava.probe(KernelBoxingProbe.class, "-XX:CICompilerCount=3");
        Matcher m = Pattern.compile("bytes a call (\\d+) observing (\\d+)").matcher(said);
        assertTrue(m.find(), said);
        assertEquals(0, Long.parseLong(m.group(1)), LaunchersJava.path() + ": a stepping call of the C2-compiled kernel allocates (boxed vectors): " + said);
    }
}
