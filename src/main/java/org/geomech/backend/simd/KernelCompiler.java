package org.geomech.backend.simd;

import org.geomech.InputException;
import org.geomech.ensemble.BlockConsistency;

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
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiles generated kernels in memory with the JDK's javac (or takes their class files from KernelCache), loads each
 * with a fresh class loader, and keeps the instances by their source's KernelCache key.
 */
final class KernelCompiler {
    private static final Map<String, Object> CACHE = new ConcurrentHashMap<>();

    private KernelCompiler() {}

    /** The kernel of this source, compiled once per JVM. */
    static SimdKernel load(KernelSource source) { return (SimdKernel) load(source.text(), KernelSource.CLASS); }

    /** The straight-line step kernel of this source, compiled once per JVM. */
    static SimdStepKernel load(StepKernelSource source) { return (SimdStepKernel) load(source.key(), source.text(), source.className()); }

    /** The unrolled Newton kernel of this source, compiled once per JVM. */
    static SimdNewtonKernel load(NewtonKernelSource source) { return (SimdNewtonKernel) load(source.text(), source.className()); }

    /** The projection of initial states of this source, compiled once per JVM. */
    static SimdProjectionKernel load(ProjectionKernelSource source) { return (SimdProjectionKernel) load(source.text(), source.className()); }

    /** The block program of this source, compiled once per JVM. */
    static BlockConsistency.Program load(ProgramKernelSource source) { return (BlockConsistency.Program) load(source.text(), source.className()); }

    /**
     * The step kernel of the source of this key (KernelCache.key) whose class file KernelCache holds, loaded before its
     * source is generated (KernelForecast): the instance load gives once the source is; null where the cache has none.
     */
    static SimdStepKernel preload(String key, String className) {
        return (SimdStepKernel) CACHE.computeIfAbsent(key, k -> KernelCache.read(k).map(classFile -> define(classFile, className)).orElse(null));
    }

    // The instance of className defined by source, once per JVM and source (by KernelCache.key): its class file from
    // KernelCache, or compiled with javac and cached
    private static Object load(String source, String className) { return load(KernelCache.key(source), source, className); }

    // As above, with the source's key (KernelCache.key) already taken
    private static Object load(String key, String source, String className) {
        return CACHE.computeIfAbsent(key, k -> define(KernelCache.read(k).orElseGet(() -> {
            byte[] compiled = javac(source, className);
            KernelCache.put(source, compiled);
            return compiled;
        }), className));
    }

    /** An instance of className from its class file, in a class loader of its own. */
    private static Object define(byte[] classFile, String className) {
        ClassLoader loader = new ClassLoader(SimdKernel.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (!name.equals(className)) throw new ClassNotFoundException(name);
                return defineClass(name, classFile, 0, classFile.length);
            }
        };
        try {
            Class<?> kernel = loader.loadClass(className);
            implementsEveryMethod(kernel);
            return kernel.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("generated SIMD kernel cannot be instantiated", e);
        }
    }

    /**
     * Throws where a method of the kernel's interfaces is abstract in it: a class file of an earlier build, whose interface
     * had other methods (a forecast names a cached class file by the source its last run generated), would otherwise
     * load and throw AbstractMethodError at its first call.
     */
    private static void implementsEveryMethod(Class<?> kernel) throws NoSuchMethodException {
        for (Class<?> i : kernel.getInterfaces())
            for (Method m : i.getMethods())
                if (Modifier.isAbstract(kernel.getMethod(m.getName(), m.getParameterTypes()).getModifiers()))
                    throw new IllegalStateException("generated kernel " + kernel.getName() + " has no " + m.getName()
                            + " of this build's " + i.getSimpleName() + ": a class file of another build");
    }

    /** The class file of className compiled from source in memory (the generated source declares that one class only). */
    private static byte[] javac(String source, String className) {
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
        if (classes.size() != 1 || !classes.containsKey(className))
            throw new IllegalStateException("generated SIMD kernel compiled to " + classes.keySet() + ", expected " + className + " alone");
        return classes.get(className).toByteArray();
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
