package org.geomech.backend.opencl;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a machine without OpenCL the default test command passes, every OpenCL test skipped with a message. The
 * suite's OpenCL tests run in a child JVM whose ICD loader finds no vendor (an empty OCL_ICD_VENDORS folder), without
 * GEOMECH_REQUIRE_OPENCL.
 */
class OpenClSkipTest {
    @Test
    void withoutAPlatformEveryOpenClTestIsSkipped() throws Exception {
        Path empty = Files.createTempDirectory("no-icd");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules", "jdk.incubator.vector",
                "-Xss8m", "-cp", System.getProperty("java.class.path"), OpenClSkipProbe.class.getName());
        pb.environment().put("OCL_ICD_VENDORS", empty + File.separator);
        pb.environment().remove("GEOMECH_REQUIRE_OPENCL");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "probe finished");
        Files.delete(empty);
        List<String> counts = out.lines().filter(l -> l.matches("(classes outside \\S+|succeeded|skipped|failed) \\d+")).toList();
        assertEquals(4, counts.size(), out);
        // the classes outside the package that name the opencl backend today: ChordIterationTest, VariationalBackendsTest,
        // SweepAndSpreadResumeTest, StepSizePerMemberTest, CrossCheckCommandTest, KillAndResumeTest, SpreadStatisticsTest
        assertTrue(count(counts, "classes outside") >= 7, out);
        assertEquals(0, count(counts, "failed"), out);
        assertTrue(count(counts, "skipped") > 0, out);
        assertTrue(out.contains("SKIPPED: OpenCL tests (no usable OpenCL device: no OpenCL platform found"), out);
    }

    private static long count(List<String> lines, String what) {
        return lines.stream().filter(l -> l.startsWith(what + " ")).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).findFirst().orElseThrow();
    }
}
