package org.geomech.backend.simd;

import org.geomech.LaunchersJava;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        String java = LaunchersJava.path();
        List<String> cmd = new ArrayList<>(List.of(java, "@jvm.options"));
        cmd.addAll(LaunchersJava.jitOptions());
        cmd.addAll(List.of("-XX:CICompilerCount=3", "-cp", System.getProperty("java.class.path"), KernelBoxingProbe.class.getName()));
        Process probe = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(probe.waitFor(2, TimeUnit.MINUTES), "the probe ended");
        assertEquals(0, probe.exitValue(), said);
        Matcher m = Pattern.compile("bytes a call (\\d+) observing (\\d+)").matcher(said);
        assertTrue(m.find(), said);
        assertEquals(0, Long.parseLong(m.group(1)), java + ": a stepping call of the C2-compiled kernel allocates (boxed vectors): " + said);
    }
}
