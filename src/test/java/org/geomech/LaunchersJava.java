package org.geomech;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The java the launcher runs (jvm.sh: GEOMECH_JAVA, else the newest JDK under /usr/lib/jvm, else java on the PATH), for probes in a JVM of its options. */
public final class LaunchersJava {
    private LaunchersJava() {}

    public static String path() throws IOException, InterruptedException { return String.join("", jvmSh("printf '%s' \"$java\"")); }

    /** The JIT's options the launcher adds to jvm.options (jvm.sh: jit_options, the compiler directives). */
    public static List<String> jitOptions() throws IOException, InterruptedException {
        return jvmSh("printf '%s\\n' ${jit_options[@]+\"${jit_options[@]}\"}");
    }

    /**
     * What a probe (main, a class on this JVM's class path) prints in a JVM of the launcher's JDK and options
     * (jvm.options, then jitOptions, then options), stdout and stderr together, after exit 0 within two minutes.
     */
    public static String probe(Class<?> main, String... options) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(path(), "@jvm.options"));
        cmd.addAll(jitOptions());
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the probe ended");
        assertEquals(0, p.exitValue(), said);
        return said;
    }

    /** The non-empty lines a bash script prints after sourcing jvm.sh (in the current folder), after exit 0. */
    public static List<String> jvmSh(String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "source jvm.sh && " + script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), out);
        return out.lines().filter(line -> !line.isEmpty()).toList();
    }
}
