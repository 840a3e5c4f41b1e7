package org.geomech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM that crashes leaves its evidence where the user looks. The launcher (./geomech, with jvm.sh) passes
 * -XX:ErrorFile and -XX:ReplayDataFile naming ${XDG_CACHE_HOME}/geomech/crash/, which it creates; a JVM started with those
 * options that dies of SIGSEGV writes hs_err_pid<pid>.log there.
 */
class LauncherCrashTest {
    @TempDir
    Path dir;

    @Test
    void theLauncherPassesTheCrashFolder() throws Exception {
        // the launcher, jvm.sh and jvm.options in a copy of the project whose jar is newer than its sources (so nothing is built),
        // run with GEOMECH_JAVA naming a script that prints its arguments instead of starting a JVM
        Path cache = dir.resolve("cache");
        List<String> args = LauncherCopy.javaArguments(LauncherCopy.of(dir), dir, cache);
        Path crash = cache.resolve("geomech").resolve("crash");
        assertTrue(args.contains("-XX:ErrorFile=" + crash.resolve("hs_err_pid%p.log")), String.join(" ", args));
        assertTrue(args.contains("-XX:ReplayDataFile=" + crash.resolve("replay_pid%p.log")), String.join(" ", args));
        assertTrue(Files.isDirectory(crash), "the launcher creates the crash folder");
    }

    @Test
    void aCrashedJvmLeavesItsReportInTheCrashFolder() throws Exception {
        Path cache = dir.resolve("cache");
        List<String> options = LauncherCopy.run(List.of("bash", "-c", "source jvm.sh && printf '%s\\n' \"${crash_options[@]}\""), null, cache);
        Path crash = cache.resolve("geomech").resolve("crash");
        assertEquals(List.of("-XX:ErrorFile=" + crash.resolve("hs_err_pid%p.log"), "-XX:ReplayDataFile=" + crash.resolve("replay_pid%p.log")), options);

        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(options);
        cmd.addAll(List.of("-XX:-CreateCoredumpOnCrash", "-cp", System.getProperty("java.class.path"), Crash.class.getName()));
        Process jvm = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("jvm.out").toFile()).start();
        assertTrue(jvm.waitFor(2, TimeUnit.MINUTES), "the JVM ended");
        String said = Files.readString(dir.resolve("jvm.out"));
        Path report = crash.resolve("hs_err_pid" + jvm.pid() + ".log");
        assertTrue(said.contains("# A fatal error has been detected by the Java Runtime Environment") && said.contains(report.toString()), said);
        assertTrue(Files.readString(report).contains("SIGSEGV"), "the report names the signal");
    }

    /** A JVM that dies of SIGSEGV: a write to address 0 through Unsafe. */
    static final class Crash {
        public static void main(String[] args) throws ReflectiveOperationException {
            Class<?> unsafe = Class.forName("sun.misc.Unsafe");
            java.lang.reflect.Field the = unsafe.getDeclaredField("theUnsafe");
            the.setAccessible(true);
            unsafe.getMethod("putAddress", long.class, long.class).invoke(the.get(null), 0L, 0L);
        }
    }
}
