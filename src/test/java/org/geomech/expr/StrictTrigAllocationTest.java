package org.geomech.expr;

import org.geomech.LaunchersJava;
import org.junit.jupiter.api.Test;

import java.io.IOException;
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
        String said = LaunchersJava.probe(StrictTrigAllocationProbe.class);
        Matcher m = Pattern.compile("bytes a call ([0-9.]+)").matcher(said);
        assertTrue(m.find(), said);
        assertEquals(0.0, Double.parseDouble(m.group(1)), 0.01, LaunchersJava.path() + ": StrictMath's sin and cos allocate: " + said);
    }
}
