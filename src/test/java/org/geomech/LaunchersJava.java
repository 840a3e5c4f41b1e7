package org.geomech;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The java the launcher runs (jvm.sh: GEOMECH_JAVA, else the newest JDK under /usr/lib/jvm, else java on the PATH), for probes in a JVM of its options. */
public final class LaunchersJava {
    private LaunchersJava() {}

    public static String path() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "source jvm.sh && printf '%s' \"$java\"").redirectErrorStream(true).start();
        String java = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), java);
        return java;
    }

    /** The JIT's options the launcher adds to jvm.options (jvm.sh: jit_options, the compiler directives). */
    public static List<String> jitOptions() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "source jvm.sh && printf '%s\\n' ${jit_options[@]+\"${jit_options[@]}\"}").redirectErrorStream(true).start();
        String options = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), options);
        return options.lines().filter(line -> !line.isEmpty()).toList();
    }
}
