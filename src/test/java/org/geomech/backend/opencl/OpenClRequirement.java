package org.geomech.backend.opencl;

import org.geomech.InputException;
import org.junit.jupiter.api.Assumptions;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Whether the OpenCL tests can run: with no usable OpenCL device they are skipped with a message on stderr
 * (once), except where GEOMECH_REQUIRE_OPENCL=1 (CI sets it), where they fail.
 */
public final class OpenClRequirement {
    private static final String PROBLEM = problem();
    private static boolean reported;

    private OpenClRequirement() {}

    private static String problem() {
        try {
            OpenClDevices.choose(OpenClDevices.list(), OptionalInt.empty());
            return null;
        } catch (InputException e) {
            return e.getMessage();
        }
    }

    /** Call in @BeforeAll of every test class that needs a device. */
    public static synchronized void device() {
        if (PROBLEM == null) return;
        if ("1".equals(System.getenv("GEOMECH_REQUIRE_OPENCL"))) fail("GEOMECH_REQUIRE_OPENCL=1 but OpenCL is unusable: " + PROBLEM);
        if (!reported) System.err.println("SKIPPED: OpenCL tests (no usable OpenCL device: " + PROBLEM + ")");
        reported = true;
        Assumptions.assumeTrue(false, "no usable OpenCL device: " + PROBLEM);
    }
}
