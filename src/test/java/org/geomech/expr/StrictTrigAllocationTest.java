package org.geomech.expr;

import org.geomech.LaunchersJava;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In a JVM of the launcher's JDK and options, StrictMath's sin and cos (what every program computes sin and cos with,
 * for bitwise agreement) allocate nothing once compiled (StrictTrigAllocationProbe): jvm.options inlines JDK 21+'s
 * FdLibm reduction, whose two-double array C2 otherwise leaves on the heap (32 bytes a call on JDK 25, and a page fault
 * for each new page of a fresh JVM's young generation while it fills 10^6 initial states). JDK 17's are native.
 */
class StrictTrigAllocationTest {
    @Test
    void theLaunchersJvmComputesSinAndCosWithoutAllocating() throws IOException, InterruptedException {
        String java = LaunchersJava.path();
        Process probe = new ProcessBuilder(java, "@jvm.options", "-cp", System.getProperty("java.class.path"), StrictTrigAllocationProbe.class.getName())
                .redirectErrorStream(true).start();
        String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(probe.waitFor(2, TimeUnit.MINUTES), "the probe ended");
        assertEquals(0, probe.exitValue(), said);
        Matcher m = Pattern.compile("bytes a call ([0-9.]+)").matcher(said);
        assertTrue(m.find(), said);
        assertEquals(0.0, Double.parseDouble(m.group(1)), 0.01, java + ": StrictMath's sin and cos allocate: " + said);
    }
}
