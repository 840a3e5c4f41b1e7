package org.geomech.backend.opencl;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the JVM runs with the JDK's libjsig.so preloaded. OpenCL compilers built on LLVM (POCL's, NVIDIA's) install
 * their own SIGSEGV, SIGBUS and SIGFPE handlers over the JVM's, on which its safepoint polls and implicit null checks rely:
 * the next such signal kills the JVM without a crash report. libjsig keeps the JVM's handlers first and chains the
 * others. The geomech launcher preloads it (jvm.sh); a JVM started otherwise is warned once, when OpenCL is first used.
 */
final class SignalChaining {
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private SignalChaining() {}

    /** True when LD_PRELOAD (its value, null when unset) names a libjsig.so. */
    static boolean preloaded(String ldPreload) {
        if (ldPreload == null) return false;
        for (String library : ldPreload.split("[:\\s]+"))
            if (!library.isEmpty() && Path.of(library).getFileName().toString().equals("libjsig.so")) return true;
        return false;
    }

    /** The warning for a JVM without signal chaining, once per JVM; none on a JVM with it or off Linux. */
    static void warnIfMissing() {
        if (!System.getProperty("os.name", "").startsWith("Linux") || preloaded(System.getenv("LD_PRELOAD"))) return;
        if (WARNED.compareAndSet(false, true))
            System.err.println("geomech: warning: this JVM runs without signal chaining, and OpenCL's compiler may take its signal"
                    + " handlers and crash it; start java with LD_PRELOAD=" + Path.of(System.getProperty("java.home"), "lib", "libjsig.so")
                    + " (the geomech launcher does)");
    }
}
