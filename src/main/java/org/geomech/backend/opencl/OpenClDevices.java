package org.geomech.backend.opencl;

import org.geomech.InputException;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.jocl.CL.*;

/** The OpenCL platforms and devices of this machine, numbered globally across platforms (for --device N). */
public final class OpenClDevices {
    /** One device: global index, platform, name, vendor, type, fp64 (cl_khr_fp64), memory in bytes, compute units. */
    public record Device(int index, String platform, String name, String vendor, String type, boolean fp64,
                         long globalMemory, long maxAllocation, int computeUnits, long maxWorkGroupSize) {}

    /** A device with its JOCL handles. */
    record Handle(cl_platform_id platform, cl_device_id id, Device info) {}

    private OpenClDevices() {}

    /** All devices; InputException (one line) when the OpenCL library cannot be loaded or no platform exists. */
    public static List<Device> list() {
        List<Device> out = new ArrayList<>();
        for (Handle h : handles()) out.add(h.info());
        return out;
    }

    /** True when some device can run geomech (has fp64); never throws. */
    public static boolean available() {
        try {
            choose(list(), OptionalInt.empty());
            return true;
        } catch (InputException e) {
            return false;
        }
    }

    /** The device with this global index, else the first GPU with fp64, else the first device with fp64. */
    static Device choose(List<Device> devices, OptionalInt index) {
        if (index.isPresent()) {
            int i = index.getAsInt();
            if (i < 0 || i >= devices.size())
                throw new InputException("no OpenCL device " + i + " (devices are numbered 0 to " + (devices.size() - 1) + "; see geomech devices)");
            Device d = devices.get(i);
            if (!d.fp64()) throw new InputException("OpenCL device " + i + " (" + d.name() + ") has no fp64 support (cl_khr_fp64); geomech computes in double precision");
            return d;
        }
        for (Device d : devices) if (d.fp64() && d.type().equals("GPU")) return d;
        for (Device d : devices) if (d.fp64()) return d;
        List<String> names = new ArrayList<>();
        for (Device d : devices) names.add(d.index() + " " + d.name());
        throw new InputException("no OpenCL device with fp64 support (cl_khr_fp64); geomech computes in double precision (devices: "
                + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
    }

    /** Every device with its handles, in global index order. */
    static List<Handle> handles() {
        SignalChaining.warnIfMissing();
        try {
            CL.setExceptionsEnabled(true);
            int[] count = new int[1];
            clGetPlatformIDs(0, null, count);
            cl_platform_id[] platforms = new cl_platform_id[count[0]];
            clGetPlatformIDs(platforms.length, platforms, null);
            List<Handle> out = new ArrayList<>();
            for (cl_platform_id platform : platforms) {
                String platformName = platformString(platform, CL_PLATFORM_NAME);
                int[] n = new int[1];
                try {
                    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
                } catch (CLException e) {
                    if (e.getStatus() == CL_DEVICE_NOT_FOUND) continue;
                    throw e;
                }
                cl_device_id[] ids = new cl_device_id[n[0]];
                clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, ids.length, ids, null);
                for (cl_device_id id : ids) out.add(new Handle(platform, id, describe(out.size(), platformName, id)));
            }
            return out;
        } catch (CLException e) {
            if (e.getStatus() == CL_PLATFORM_NOT_FOUND_KHR)
                throw new InputException("no OpenCL platform found (install an OpenCL driver, e.g. POCL for CPUs)", e);
            throw new InputException("OpenCL could not list its devices: " + oneLine(e.getMessage()), e);
        } catch (LinkageError e) {
            throw new InputException("OpenCL is not available: the OpenCL library could not be loaded (" + oneLine(e.getMessage()) + ")", e);
        }
    }

    static String oneLine(String message) {
        return message == null ? "no detail" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }

    private static Device describe(int index, String platform, cl_device_id id) {
        long type = deviceLong(id, CL_DEVICE_TYPE);
        String typeName = (type & CL_DEVICE_TYPE_GPU) != 0 ? "GPU" : (type & CL_DEVICE_TYPE_CPU) != 0 ? "CPU"
                : (type & CL_DEVICE_TYPE_ACCELERATOR) != 0 ? "accelerator" : "other";
        boolean fp64 = List.of(deviceString(id, CL_DEVICE_EXTENSIONS).split("\\s+")).contains("cl_khr_fp64");
        int[] units = new int[1];
        clGetDeviceInfo(id, CL_DEVICE_MAX_COMPUTE_UNITS, Integer.BYTES, Pointer.to(units), null);
        return new Device(index, platform, deviceString(id, CL_DEVICE_NAME), deviceString(id, CL_DEVICE_VENDOR), typeName, fp64,
                deviceLong(id, CL_DEVICE_GLOBAL_MEM_SIZE), deviceLong(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE), units[0],
                deviceSize(id, CL_DEVICE_MAX_WORK_GROUP_SIZE));
    }

    private static long deviceLong(cl_device_id id, int what) {
        long[] v = new long[1];
        clGetDeviceInfo(id, what, Long.BYTES, Pointer.to(v), null);
        return v[0];
    }

    /** A size_t query (8 bytes on the 64-bit platforms JOCL ships for). */
    private static long deviceSize(cl_device_id id, int what) {
        long[] v = new long[1];
        clGetDeviceInfo(id, what, Sizeof.size_t, Pointer.to(v), null);
        return v[0];
    }

    private static String deviceString(cl_device_id id, int what) {
        long[] size = new long[1];
        clGetDeviceInfo(id, what, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(id, what, b.length, Pointer.to(b), null);
        return text(b);
    }

    private static String platformString(cl_platform_id id, int what) {
        long[] size = new long[1];
        clGetPlatformInfo(id, what, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(id, what, b.length, Pointer.to(b), null);
        return text(b);
    }

    /** A NUL-terminated OpenCL string. */
    private static String text(byte[] b) {
        int n = b.length;
        while (n > 0 && b[n - 1] == 0) n--;
        return new String(b, 0, n, StandardCharsets.UTF_8).strip();
    }
}
