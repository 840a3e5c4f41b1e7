package org.geomech.backend.opencl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** auto looks for an OpenCL GPU only where a GPU driver's device file exists (GpuDeviceFiles), and misses none that OpenCL lists. */
class GpuDeviceFilesTest {
    @Test
    void aGpuDriversDeviceFileAloneSaysAGpuMayExist(@TempDir Path dev) throws IOException {
        for (String file : List.of("null", "nvidiactl", "tty0", "dri/card0")) touch(dev.resolve(file));
        assertFalse(GpuDeviceFiles.mayHaveGpu(dev, "Linux"), "a display-only card (card0) and NVIDIA's control file alone");
        assertTrue(GpuDeviceFiles.mayHaveGpu(dev, "Mac OS X"), "elsewhere than Linux no device file tells");
        for (String file : List.of("nvidia0", "nvidia3", "kfd", "dri/renderD128", "dxg", "mali0", "kgsl-3d0", "galcore")) {
            touch(dev.resolve(file));
            assertTrue(GpuDeviceFiles.mayHaveGpu(dev, "Linux"), file);
            Files.delete(dev.resolve(file));
        }
        assertFalse(GpuDeviceFiles.mayHaveGpu(dev.resolve("missing"), "Linux"), "no device folder");
    }

    @Test
    void noGpuDeviceFileMeansOpenClListsNoGpu() {
        assumeFalse(GpuDeviceFiles.mayHaveGpu(), "a GPU's device file here: auto asks OpenCL itself");
        OpenClRequirement.device();
        List<OpenClDevices.Device> devices = OpenClDevices.list();
        assertTrue(devices.stream().noneMatch(d -> d.type().equals("GPU")), "OpenCL lists a GPU that /dev has no file of: " + devices);
    }

    private static void touch(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "");
    }
}
