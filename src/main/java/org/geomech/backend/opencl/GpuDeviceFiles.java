package org.geomech.backend.opencl;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whether this machine may have a GPU that OpenCL could list, told from the device files GPU drivers make, without
 * loading OpenCL: the backend auto looks for an OpenCL GPU only where one may exist (the OpenCL library and POCL's
 * start took 0.12 s of a fresh run's main thread on a machine without a GPU; benchmarks/RESULTS.md).
 */
public final class GpuDeviceFiles {
    private GpuDeviceFiles() {}

    /** Whether this machine may have a GPU (always true outside Linux, where no device files tell). */
    public static boolean mayHaveGpu() {
        return mayHaveGpu(Path.of("/dev"), System.getProperty("os.name", ""));
    }

    /**
     * On Linux, whether dev (the device folder) holds a GPU driver's file: nvidia0, nvidia1, ... (NVIDIA), kfd (AMD's
     * ROCm), dri/renderD* (the render nodes of AMD's, Intel's and Mesa's drivers; a display-only card has card* alone),
     * dxg (WSL's GPU), mali*, kgsl* (Adreno) or galcore (Vivante); elsewhere true.
     */
    static boolean mayHaveGpu(Path dev, String osName) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) return true;
        return has(dev, "nvidia[0-9]*") || has(dev, "kfd") || has(dev.resolve("dri"), "renderD*") || has(dev, "dxg")
                || has(dev, "mali*") || has(dev, "kgsl*") || has(dev, "galcore");
    }

    // Whether folder holds an entry matching the glob: none where it does not exist; one may where it cannot be read
    private static boolean has(Path folder, String glob) {
        if (!Files.isDirectory(folder)) return false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, glob)) {
            return entries.iterator().hasNext();
        } catch (IOException | SecurityException e) {
            return true;
        }
    }
}
