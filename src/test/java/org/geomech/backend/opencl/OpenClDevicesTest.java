package org.geomech.backend.opencl;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.Observers;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Device listing and choice, and the one-line messages for devices geomech cannot use (DESIGN.md principle 4). */
class OpenClDevicesTest {
    private static OpenClDevices.Device device(int index, String type, boolean fp64) {
        return new OpenClDevices.Device(index, "platform", "device" + index, "vendor", type, fp64, 1L << 30, 1L << 28, 4, 256);
    }

    @Test
    void defaultIsTheFirstGpuWithFp64ElseTheFirstDeviceWithFp64() {
        // Default device = first GPU with fp64, else first device with fp64
        List<OpenClDevices.Device> mixed = List.of(device(0, "CPU", true), device(1, "GPU", false), device(2, "GPU", true));
        assertEquals(2, OpenClDevices.choose(mixed, OptionalInt.empty()).index(), "GPU with fp64 first");
        assertEquals(0, OpenClDevices.choose(mixed.subList(0, 2), OptionalInt.empty()).index(), "no GPU with fp64: the CPU");
        assertEquals(0, OpenClDevices.choose(mixed, OptionalInt.of(0)).index(), "an explicit index wins");
    }

    @Test
    void deviceWithoutFp64IsRefusedInOneLine() {
        List<OpenClDevices.Device> noFp64 = List.of(device(0, "GPU", false));
        InputException chosen = assertThrows(InputException.class, () -> OpenClDevices.choose(noFp64, OptionalInt.of(0)));
        // geomech computes in double precision: the message names the device and cl_khr_fp64, on one line
        assertTrue(chosen.getMessage().contains("device0") && chosen.getMessage().contains("cl_khr_fp64"), chosen.getMessage());
        assertFalse(chosen.getMessage().contains("\n"), chosen.getMessage());
        InputException none = assertThrows(InputException.class, () -> OpenClDevices.choose(noFp64, OptionalInt.empty()));
        assertTrue(none.getMessage().contains("cl_khr_fp64") && !none.getMessage().contains("\n"), none.getMessage());
    }

    @Test
    void badDeviceIndexIsRefusedInOneLine() {
        OpenClRequirement.device();
        int count = OpenClDevices.list().size();
        InputException e = assertThrows(InputException.class, () -> new OpenClBackend(count));
        // --device N past the last device: a one-line InputException pointing at geomech devices
        assertTrue(e.getMessage().contains("no OpenCL device " + count) && e.getMessage().contains("geomech devices"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertThrows(InputException.class, () -> new OpenClBackend(-1), "negative index");
        // a work-group size beyond the device's limit is bad input too, also on one line
        InputException w = assertThrows(InputException.class, () -> new OpenClBackend(OptionalInt.empty(), 1 << 30));
        assertTrue(w.getMessage().startsWith("work-group size") && !w.getMessage().contains("\n"), w.getMessage());
    }

    @Test
    void devicesAreListedWithTheirCapabilities() {
        OpenClRequirement.device();
        List<OpenClDevices.Device> devices = OpenClDevices.list();
        // OpenClRequirement found a usable device, so some device has fp64, memory and compute units
        assertTrue(devices.stream().anyMatch(OpenClDevices.Device::fp64), devices.toString());
        for (int i = 0; i < devices.size(); i++) {
            OpenClDevices.Device d = devices.get(i);
            assertEquals(i, d.index(), "global numbering across platforms");
            assertTrue(d.globalMemory() > 0 && d.maxAllocation() > 0 && d.maxAllocation() <= d.globalMemory(), d.toString());
            assertTrue(d.computeUnits() > 0 && d.maxWorkGroupSize() > 0 && !d.name().isEmpty(), d.toString());
        }
        assertTrue(OpenClDevices.available(), "available() agrees with OpenClRequirement");
        assertEquals("opencl", new OpenClBackend().name());
    }

    @Test
    void flopsAreCountedFromTheGeneratedCode() {
        OpenClRequirement.device();
        MechanicalSystem sys = Library.system("chaotic-nh");
        StepSystem step = new LobattoNonholonomic(3).build(sys);
        long[] opencl = new OpenClBackend().compile(step, Observers.standard(sys), NewtonOptions.DEFAULT).flopsPerStep();
        long[] reference = new ReferenceBackend().compile(step, Observers.standard(sys), NewtonOptions.DEFAULT).flopsPerStep();
        // the emitted code performs the tape's operations (Tape.flops) except negations that are only ever subtracted
        for (int i = 0; i < 2; i++)
            assertTrue(opencl[i] <= reference[i] && opencl[i] >= 0.95 * reference[i], "flops " + i + ": opencl " + opencl[i] + ", reference " + reference[i]);
        // per Newton iteration the LU of the 9 unknowns (Q^2, Lambda^2, Lambda^3: StagePositions) adds 2k^3/3 + 2k^2 = 648
        assertEquals(9, step.unknowns().size());
        assertTrue(opencl[1] > 2 * 9 * 9 * 9 / 3 + 2 * 9 * 9, "LU counted");
    }

    @Test
    void buildFailureNamesTheErrorAndCarriesTheLog() {
        OpenClRequirement.device();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> OpenClBackend.Program.build(new OpenClBackend(), "broken", "__kernel void k(__global double *x) { x[0] = undeclared; }"));
        // A kernel build failure shows the build log: one line naming the error, the whole log in the cause
        assertTrue(e.getMessage().contains("broken") && e.getMessage().contains("undeclared") && !e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getCause() != null && e.getCause().getMessage().contains("undeclared"), String.valueOf(e.getCause()));
    }

    @Test
    void missingPlatformIsOneLineAndNotAvailable() throws Exception {
        // a machine without OpenCL: an ICD loader that finds no vendor (an empty vendors directory) reports no platform
        Path empty = Files.createTempDirectory("no-icd");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OpenClNoPlatformProbe.class.getName());
        pb.environment().put("OCL_ICD_VENDORS", empty.toString() + File.separator);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe finished");
        Files.delete(empty);
        // available() says false without throwing; list() throws InputException with one line (the probe ends it with |)
        // naming the missing platform, or the missing library where there is no OpenCL at all
        List<String> lines = out.lines().filter(l -> l.startsWith("available") || l.startsWith("message")).toList();
        assertEquals(2, lines.size(), out);
        assertEquals("available false", lines.get(0), out);
        assertTrue(lines.get(1).equals("message no OpenCL platform found (install an OpenCL driver, e.g. POCL for CPUs)|")
                || lines.get(1).startsWith("message OpenCL is not available") && lines.get(1).endsWith("|"), out);
    }
}
