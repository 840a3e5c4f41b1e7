package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run with --no-plots needs no java.desktop: the small runtime carried to a GPU machine has none (benchmarks/gpu). */
class HeadlessRuntimeTest {
    @Test
    void runWithoutPlotsNeedsNoDesktopModule(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--limit-modules", "java.base,jdk.incubator.vector,java.logging,jdk.unsupported,java.compiler,jdk.compiler,java.management,java.xml",
                "--add-modules", "jdk.incubator.vector", "-Dgeomech.cache=" + dir.resolve("kernels"), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--model", "chaotic-nh", "--members", "64", "--t-end", "1", "--h", "0.05", "--backend", "simd",
                "--no-plots", "--quiet", "--out", out.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the run finishes");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("log")));
        assertTrue(Files.readAllLines(out.resolve("timeseries.csv")).size() > 20, "timeseries.csv holds the rows");
    }
}
