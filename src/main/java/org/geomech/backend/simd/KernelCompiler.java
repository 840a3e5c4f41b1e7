package org.geomech.backend.simd;

import org.geomech.model.InputException;

import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Compiles generated kernels in memory with the JDK's javac, loads each with a fresh class loader, caches them by source text. */
final class KernelCompiler {
    private static final Map<String, Object> CACHE = new ConcurrentHashMap<>();

    private KernelCompiler() {}

    /** The kernel of this source, compiled once per JVM. */
    static SimdKernel load(KernelSource source) {
        return (SimdKernel) CACHE.computeIfAbsent(source.text(), text -> compile(text, KernelSource.CLASS));
    }

    /** The straight-line step kernel of this source, compiled once per JVM. */
    static SimdStepKernel load(StepKernelSource source) {
        return (SimdStepKernel) CACHE.computeIfAbsent(source.text(), text -> compile(text, source.className()));
    }

    private static Object compile(String source, String className) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new InputException("the simd backend compiles its kernels at run time and needs a JDK (javac), not a JRE");
        Map<String, ByteArrayOutputStream> classes = new ConcurrentHashMap<>();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, null)) {
            JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
                @Override
                public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
                    return new SimpleJavaFileObject(URI.create("mem:///" + name + kind.extension), kind) {
                        @Override
                        public OutputStream openOutputStream() { return classes.computeIfAbsent(name, k -> new ByteArrayOutputStream()); }
                    };
                }
            };
            JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) { return source; }
            };
            List<String> options = List.of("--add-modules", "jdk.incubator.vector", "-classpath", ownLocation(), "-proc:none", "-g:none", "-Xlint:none");
            if (!javac.getTask(null, files, diagnostics, options, null, List.of(file)).call())
                throw new IllegalStateException("generated SIMD kernel does not compile: " + diagnostics.getDiagnostics());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ClassLoader loader = new ClassLoader(SimdKernel.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream bytes = classes.get(name);
                if (bytes == null) throw new ClassNotFoundException(name);
                return defineClass(name, bytes.toByteArray(), 0, bytes.size());
            }
        };
        try {
            return loader.loadClass(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("generated SIMD kernel cannot be instantiated", e);
        }
    }

    /** The class path entry (directory or jar) holding SimdKernel, which the generated class implements. */
    private static String ownLocation() {
        try {
            return new File(SimdKernel.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
