package org.geomech.backend.opencl;

import org.geomech.LauncherCopy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Signal chaining (SignalChaining, jvm.sh): OpenCL's LLVM takes the JVM's SIGSEGV handler, and a JDK 17 JVM crosschecking
 * lobatto-nh:3 on POCL died of it every time, without a crash report; with the JDK's libjsig.so preloaded, as the launcher
 * does, it runs to its end.
 */
class SignalChainingTest {
    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

    @TempDir
    Path dir;

    @Test
    void libjsigIsRecognisedInLdPreloadByItsFileName() {
        assertTrue(SignalChaining.preloaded("/usr/lib/jvm/jdk/lib/libjsig.so"));
        assertTrue(SignalChaining.preloaded("/opt/libother.so:/usr/lib/jvm/jdk/lib/libjsig.so"));
        assertTrue(SignalChaining.preloaded("libjsig.so /opt/libother.so"));
        assertFalse(SignalChaining.preloaded(null));
        assertFalse(SignalChaining.preloaded(""));
        assertFalse(SignalChaining.preloaded("/opt/libjsig.so.old:/opt/notlibjsig.so"));
    }

    @Test
    void jvmShPreloadsTheChosenJdksLibjsigAheadOfWhatWasPreloaded() throws Exception {
        String java = JAVA_HOME.resolve("bin").resolve("java").toString();
        String jsig = JAVA_HOME.resolve("lib").resolve("libjsig.so").toString();
        assertTrue(Files.isRegularFile(Path.of(jsig)), "this JDK ships " + jsig);
        assertEquals(jsig, bash("source jvm.sh && printf '%s' \"$signal_chaining\"", Map.of("GEOMECH_JAVA", java)));
        assertEquals(jsig + ":/opt/libother.so",
                bash("source jvm.sh && printf '%s' \"$signal_chaining\"", Map.of("GEOMECH_JAVA", java, "LD_PRELOAD", "/opt/libother.so")));
    }

    @Test
    void theLauncherStartsItsJvmWithSignalChaining() throws Exception {
        // the launcher with a JDK whose java prints LD_PRELOAD
        Path root = LauncherCopy.of(dir);
        Path jdk = dir.resolve("jdk");
        Path java = Files.writeString(Files.createDirectories(jdk.resolve("bin")).resolve("java"), "#!/usr/bin/env bash\nprintf '%s' \"$LD_PRELOAD\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jsig = Files.createSymbolicLink(Files.createDirectories(jdk.resolve("lib")).resolve("libjsig.so"), JAVA_HOME.resolve("lib").resolve("libjsig.so"));
        assertEquals(jsig.toString(), bash(root.resolve("geomech") + " list",
                Map.of("GEOMECH_JAVA", java.toString(), "GEOMECH_CDS", "off", "XDG_CACHE_HOME", dir.resolve("cache").toString())));
    }

    @Test
    void aCrosscheckOnOpenClRunsToItsEndWithTheLaunchersSignalChaining() throws Exception {
        OpenClRequirement.device();
        String chaining = bash("source jvm.sh && printf '%s' \"$signal_chaining\"",
                Map.of("GEOMECH_JAVA", JAVA_HOME.resolve("bin").resolve("java").toString()));
        ProcessBuilder pb = new ProcessBuilder(JAVA_HOME.resolve("bin").resolve("java").toString(), "--add-modules", "jdk.incubator.vector",
                "-XX:-CreateCoredumpOnCrash", "-cp", System.getProperty("java.class.path"), "org.geomech.cli.Main", "crosscheck",
                "--model", "chaotic-nh", "--method", "lobatto-nh:3", "--backends", "opencl", "--members", "4096", "--no-plots",
                "--quiet", "--out", dir.resolve("crosscheck").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().put("LD_PRELOAD", chaining);
        Process jvm = pb.start();
        assertTrue(jvm.waitFor(5, TimeUnit.MINUTES), "the crosscheck ended");
        String said = Files.readString(dir.resolve("out.txt"));
        assertEquals(0, jvm.exitValue(), said);
        assertTrue(said.contains("every backend agrees with the reference to 1.0E-12"), said);
        assertFalse(said.contains("without signal chaining"), said);
    }

    // bash -c command in the project folder with these variables (and no LD_PRELOAD of its own); its standard output, after exit 0
    private static String bash(String command, Map<String, String> env) throws IOException, InterruptedException {
        Path err = Files.createTempFile("bash", ".err");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectError(err.toFile());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), out + Files.readString(err));
        Files.delete(err);
        return out;
    }
}
