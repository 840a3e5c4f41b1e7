package org.geomech.backend.opencl;

import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Run in a child JVM by OpenClSkipTest: the OpenCL tests of the suite (every test of this package, and elsewhere each test of a
 * class whose class file mentions opencl, a backend name or this package, whose name or backend values mention opencl, a device
 * or every backend), with the counts printed.
 */
public final class OpenClSkipProbe {
    private static final String PACKAGE = OpenClSkipProbe.class.getPackageName();
    /** In a class file's constant pool: the string "opencl" of a backend, or a class of this package. */
    private static final String MENTION = "opencl";

    private OpenClSkipProbe() {}

    public static void main(String[] args) {
        List<String> classes = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator))
            if (Files.isDirectory(Path.of(entry, "org", "geomech"))) classes.addAll(usingOpenCl(Path.of(entry)));
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request().selectors(DiscoverySelectors.selectPackage(PACKAGE));
        for (String c : classes) request.selectors(DiscoverySelectors.selectClass(c));
        request.filters((PostDiscoveryFilter) d -> FilterResult.includedIf(
                d.getSource().filter(MethodSource.class::isInstance).map(s -> needsOpenCl((MethodSource) s)).orElse(true)));
        LauncherDiscoveryRequest built = request.build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(built, listener);
        TestExecutionSummary s = listener.getSummary();
        System.out.println("classes outside " + PACKAGE + " " + classes.size());
        System.out.println("succeeded " + s.getTestsSucceededCount());
        System.out.println("skipped " + (s.getTestsAbortedCount() + s.getTestsSkippedCount() + s.getContainersAbortedCount()));
        System.out.println("failed " + (s.getTestsFailedCount() + s.getContainersFailedCount()));
        for (TestExecutionSummary.Failure f : s.getFailures())
            System.out.println("failure " + f.getTestIdentifier().getUniqueId() + ": " + String.valueOf(f.getException()).lines().findFirst().orElse(""));
    }

    private static boolean needsOpenCl(MethodSource s) {
        if (s.getClassName().startsWith(PACKAGE + ".")) return !s.getClassName().equals(OpenClSkipTest.class.getName());
        if (s.getMethodName().matches("(?i).*(opencl|device|everybackend).*")) return true;
        Method m = s.getJavaMethod();
        Stream<String> values = Stream.concat(
                m.isAnnotationPresent(ValueSource.class) ? Arrays.stream(m.getAnnotation(ValueSource.class).strings()) : Stream.empty(),
                m.isAnnotationPresent(CsvSource.class) ? Arrays.stream(m.getAnnotation(CsvSource.class).value()) : Stream.empty());
        return values.anyMatch(v -> v.toLowerCase().contains("opencl"));
    }

    /** Test classes outside this package whose class file mentions opencl. */
    private static List<String> usingOpenCl(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("$")).filter(f -> {
                try {
                    return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(MENTION);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).map(f -> root.relativize(f).toString().replaceFirst("\\.class$", "").replace(java.io.File.separatorChar, '.'))
                    .filter(c -> !c.startsWith(PACKAGE + ".")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
