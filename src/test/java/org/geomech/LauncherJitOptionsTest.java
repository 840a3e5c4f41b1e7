package org.geomech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher keeps C2 off the Vector API's own methods (jvm.sh: jit_options, the compiler directives of
 * jvm.directives beside it): it passes the file, the launcher's JDK accepts it, and the JVM's report of loading it goes
 * to stderr, so that a command's results on stdout stay its own.
 */
class LauncherJitOptionsTest {
    @TempDir
    Path dir;

    @Test
    void theLauncherPassesTheDirectives() throws Exception {
        Path root = LauncherCopy.of(dir);
        List<String> args = LauncherCopy.javaArguments(root, dir, dir.resolve("cache"));
        assertTrue(args.contains("-XX:CompilerDirectivesFile=" + root.resolve("jvm.directives")), String.join(" ", args));
        assertTrue(args.contains("-XX:+DisplayVMOutputToStderr"), String.join(" ", args));
    }

    @Test
    void theLaunchersJdkLoadsThemWithNothingOnStdout() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(LaunchersJava.path()));
        cmd.addAll(LaunchersJava.jitOptions());
        cmd.add("-version");
        Process jvm = new ProcessBuilder(cmd).redirectError(dir.resolve("err").toFile()).start();
        String out = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(jvm.waitFor(1, TimeUnit.MINUTES));
        String err = Files.readString(dir.resolve("err"));
        assertEquals(0, jvm.exitValue(), err);
        assertEquals("", out, "stdout");
        assertTrue(err.contains("1 compiler directives added"), err);
    }
}
