package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.backend.opencl.GpuDeviceFiles;
import org.geomech.backend.opencl.OpenClBackend;
import org.geomech.backend.opencl.OpenClDevices;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Backend names to backends, and the choice of `auto`: an OpenCL GPU with fp64, else simd (OpenCL is not loaded where the
 * machine has no GPU's device file: GpuDeviceFiles).
 */
public final class Backends {
    private Backends() {}

    /** The simd backend's class: a JIT-compiled Vector API kernel per step system, lanes over members. */
    private static final String SIMD = "org.geomech.backend.simd.SimdBackend";

    /** The backend names a run takes. */
    public static List<String> names() { return List.of("reference", "simd", "opencl", "auto"); }

    /** The backends that can run on this machine (auto excluded). */
    public static List<String> available() {
        List<String> out = new ArrayList<>(List.of("reference"));
        if (simdAvailable()) out.add("simd");
        if (OpenClDevices.available()) out.add("opencl");
        return out;
    }

    /** The backend of that name (auto: an OpenCL GPU with fp64, else simd) on the default device. */
    public static Backend named(String name) { return named(name, OptionalInt.empty()); }

    /** device: an OpenCL device index (geomech devices), for opencl and auto. */
    public static Backend named(String name, OptionalInt device) {
        switch (name == null ? "" : name) {
            case "reference": return new ReferenceBackend();
            case "simd": return simd();
            case "opencl": return new OpenClBackend(device, 0);
            case "auto": return auto(device);
            default: throw new InputException("unknown backend '" + name + "' (backends: " + String.join(", ", names()) + ")");
        }
    }

    /**
     * Whether the backend of that name (auto included) runs on an OpenCL device, told without opening one (a device's
     * context took the H100's host 0.17 s).
     */
    public static boolean onOpenCl(String name, OptionalInt device) {
        return "opencl".equals(name) || "auto".equals(name) && autoDevice(device).isPresent();
    }

    // An OpenCL GPU (or the device asked for), else simd (POCL on the CPU is slower than simd)
    private static Backend auto(OptionalInt device) {
        OptionalInt chosen = autoDevice(device);
        if (chosen.isPresent()) return new OpenClBackend(chosen, 0);
        return simdAvailable() ? newSimd() : new ReferenceBackend();
    }

    // auto's OpenCL device: the one asked for, else the first GPU with fp64; none where OpenCL has no usable device, or
    // where no device is asked for and the machine has no GPU (told without loading OpenCL)
    private static OptionalInt autoDevice(OptionalInt device) {
        if (device.isEmpty() && !GpuDeviceFiles.mayHaveGpu()) return OptionalInt.empty();
        if (!OpenClDevices.available()) return OptionalInt.empty();
        if (device.isPresent()) return device;
        for (OpenClDevices.Device d : OpenClDevices.list()) if (d.fp64() && d.type().equals("GPU")) return OptionalInt.of(d.index());
        return OptionalInt.empty();
    }

    /**
     * A command that will run backend (a name; auto included) on inputs named by key: where that can be simd, its step
     * kernel from the last run of that key is loaded and warmed up from now, before the step is built (SimdBackend.anticipate).
     * Nothing computed depends on it. Returns what to run when the command ends.
     */
    public static Runnable anticipate(String backend, String key) {
        if (!"simd".equals(backend) && !"auto".equals(backend) || ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) return () -> { };
        try {
            return (Runnable) Class.forName(SIMD).getMethod("anticipate", String.class).invoke(null, key);
        } catch (ReflectiveOperationException | LinkageError e) {
            return () -> { };   // no forecast: the run builds and warms its kernel as it would without one
        }
    }

    /** simd needs the incubating Vector API module and a JDK's compiler (it compiles generated Java at run time). */
    static boolean simdAvailable() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() && javax.tools.ToolProvider.getSystemJavaCompiler() != null;
    }

    private static Backend simd() {
        if (!simdAvailable())
            throw new InputException("the simd backend needs a JDK (not a JRE) started with --add-modules jdk.incubator.vector (./geomech does that)");
        return newSimd();
    }

    // backend.simd's SimdBackend, found by name: its package uses the incubating Vector API, so nothing outside it names its
    // types, and javadoc documents the library without that module (JavadocTest)
    private static Backend newSimd() {
        try {
            return Class.forName(SIMD).asSubclass(Backend.class).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the simd backend " + SIMD, e);
        }
    }
}
