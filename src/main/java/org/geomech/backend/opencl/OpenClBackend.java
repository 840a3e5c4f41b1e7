package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Reduction;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.solve.NewtonOptions;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_program;

import java.lang.ref.Cleaner;
import java.util.List;
import java.util.OptionalInt;

import static org.jocl.CL.*;

/**
 * OpenCL backend (DESIGN.md): the step system and observers as OpenCL C pasted into the kernels/ templates,
 * compiled at run time through JOCL on one fp64 device; a Newton step one member per work-item, an explicit one
 * a vector of members per work-item as wide as the device's preferred double vector (KernelSource), SoA buffers
 * on the device, many steps per launch, observers reduced on the device in Reduction blocks; ensembles larger than
 * the device's memory run in chunks of members.
 */
public final class OpenClBackend implements Backend {
    private static final Cleaner CLEANER = Cleaner.create();
    // backend.simd's LANE_PROJECTIONS, found by name: nothing outside backend.simd names its types, so that javadoc documents
    // the library without the Vector API's module (JavadocTest); null, member by member, where that package does not load or
    // the JVM has no javac (a JRE: simd generates the projection's Java)
    private static final BlockConsistency.Factory HOST_PROJECTIONS = hostProjections();

    private final OpenClDevices.Handle device;
    private final int workGroupSize;
    private final int chunkMembers;
    private final int lanes;
    private final Session session;

    /** The default device: the first GPU with fp64, else the first device with fp64; work-groups from WorkGroup. */
    public OpenClBackend() { this(OptionalInt.empty(), 0); }

    /** The device with this global index (as geomech devices numbers them). */
    public OpenClBackend(int device) { this(OptionalInt.of(device), 0); }

    /** workGroupSize 0: WorkGroup.size, from each kernel's preferred multiple and limit on the device. */
    public OpenClBackend(OptionalInt device, int workGroupSize) { this(device, workGroupSize, 0); }

    /** chunkMembers > 0 (a multiple of Reduction.BLOCK) caps the members on the device at once; 0: from its memory. */
    OpenClBackend(OptionalInt device, int workGroupSize, int chunkMembers) { this(device, workGroupSize, chunkMembers, 0); }

    /** lanes > 0: members per work-item of an explicit step; 0: the device's preferred double vector width. */
    OpenClBackend(OptionalInt device, int workGroupSize, int chunkMembers, int lanes) {
        List<OpenClDevices.Handle> handles = OpenClDevices.handles();
        List<OpenClDevices.Device> infos = handles.stream().map(OpenClDevices.Handle::info).toList();
        this.device = handles.get(OpenClDevices.choose(infos, device).index());
        if (workGroupSize < 0 || workGroupSize > this.device.info().maxWorkGroupSize())
            throw new InputException("work-group size " + workGroupSize + " is not between 1 and " + this.device.info().maxWorkGroupSize()
                    + " on OpenCL device " + this.device.info().index() + " (" + this.device.info().name() + ")");
        if (chunkMembers < 0 || chunkMembers % Reduction.BLOCK != 0)
            throw new IllegalArgumentException("chunk of " + chunkMembers + " members is not a multiple of " + Reduction.BLOCK);
        if (lanes < 0 || Integer.bitCount(lanes) > 1 || lanes > 16)
            throw new IllegalArgumentException(lanes + " lanes: an OpenCL vector has 1, 2, 4, 8 or 16");
        this.workGroupSize = workGroupSize;
        this.chunkMembers = chunkMembers;
        this.lanes = lanes > 0 ? lanes : preferredLanes(this.device.id());
        this.session = new Session(this.device);
        CLEANER.register(this, session);
    }

    @Override public String name() { return "opencl"; }

    /**
     * Initial states projected on the host over blocks of members, as the simd backend projects them (bitwise
     * ConsistentState's); member by member where the Vector API's module or javac (a JRE) is missing.
     */
    @Override
    public BlockConsistency.Factory initialStates() {
        return HOST_PROJECTIONS;
    }

    private static BlockConsistency.Factory hostProjections() {
        try {
            if (javax.tools.ToolProvider.getSystemJavaCompiler() == null) return null;   // simd's projections are Java that javac compiles
            return (BlockConsistency.Factory) Class.forName("org.geomech.backend.simd.SimdBackend").getField("LANE_PROJECTIONS").get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    @Override
    public String describe() {
        OpenClDevices.Device d = device.info();
        return "opencl on " + d.name() + " (" + d.type() + ", " + d.platform() + ", device " + d.index() + ")";
    }

    /** The device this backend runs on. */
    public OpenClDevices.Device device() { return device.info(); }

    @Override
    public Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options) {
        StepSystem solved = system.solvedBy(options.iteration());
        return new Program(this, solved, observers, KernelSource.of(solved, observers, options, lanes));
    }

    /**
     * CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE as a width OpenCL C has (1, 2, 4, 8 or 16; 1 where the device gives 0):
     * the double lanes of a CPU's vector unit under POCL, 1 on GPUs.
     */
    private static int preferredLanes(cl_device_id id) {
        int[] width = new int[1];
        clGetDeviceInfo(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, Sizeof.cl_uint, Pointer.to(width), null);
        return Integer.highestOneBit(Math.max(1, Math.min(16, width[0])));
    }

    int workGroupSize() { return workGroupSize; }

    cl_device_id deviceId() { return device.id(); }

    cl_context context() { return session.context; }

    cl_command_queue queue() { return session.queue; }

    /** Members on the device at once for this per-member footprint: half its memory, within its largest allocation. */
    int chunkFor(long bytesPerMember, long largestBufferBytesPerMember) {
        if (chunkMembers > 0) return chunkMembers;
        OpenClDevices.Device d = device.info();
        long members = Math.min(Math.min(d.globalMemory() / 2 / bytesPerMember, d.maxAllocation() / largestBufferBytesPerMember), Integer.MAX_VALUE);
        return (int) Math.max(Reduction.BLOCK, members / Reduction.BLOCK * Reduction.BLOCK);
    }

    /** The context and in-order queue on the device, released when the backend is unreachable. */
    private static final class Session implements Runnable {
        final cl_context context;
        final cl_command_queue queue;

        // clCreateCommandQueue: deprecated in OpenCL 2.0, but the only choice on OpenCL 1.2 platforms (older NVIDIA drivers)
        @SuppressWarnings("deprecation")
        Session(OpenClDevices.Handle device) {
            try {
                cl_context_properties properties = new cl_context_properties();
                properties.addProperty(CL_CONTEXT_PLATFORM, device.platform());
                this.context = clCreateContext(properties, 1, new cl_device_id[]{device.id()}, null, null, null);
                this.queue = clCreateCommandQueue(context, device.id(), 0, null);
            } catch (CLException e) {
                throw new InputException("OpenCL device " + device.info().index() + " (" + device.info().name() + ") cannot be used: "
                        + OpenClDevices.oneLine(e.getMessage()), e);
            }
        }

        @Override
        public void run() {
            clReleaseCommandQueue(queue);
            clReleaseContext(context);
        }
    }

    /** The program built for the device; released when unreachable. */
    static final class Program implements Compiled {
        final OpenClBackend backend;
        final cl_program program;
        final int stateSize, observers, lanes;
        /** Whether the step has unknowns: only a Newton step changes the per-member iteration counters. */
        final boolean newton;
        private final long[] flops;

        Program(OpenClBackend backend, StepSystem system, List<Observer> observers, KernelSource source) {
            this.backend = backend;
            this.stateSize = system.state().size();
            this.observers = observers.size();
            this.flops = source.flops();
            this.lanes = source.lanes();
            this.newton = !system.unknowns().isEmpty();
            this.program = build(backend, system.method(), source.text());
            cl_program p = program;
            CLEANER.register(this, () -> clReleaseProgram(p));
        }

        /** Builds the text; a failure is an IllegalStateException naming the first error, with the build log as its cause. */
        static cl_program build(OpenClBackend backend, String method, String text) {
            cl_program p = clCreateProgramWithSource(backend.context(), 1, new String[]{text}, null, null);
            try {
                // no fast-math options: results must match the reference to round-off
                clBuildProgram(p, 1, new cl_device_id[]{backend.deviceId()}, "", null, null);
                return p;
            } catch (CLException e) {
                String log = buildLog(p, backend.deviceId());
                clReleaseProgram(p);
                String first = log.lines().filter(l -> l.contains("error")).findFirst().orElse(OpenClDevices.oneLine(e.getMessage()));
                throw new IllegalStateException("OpenCL program for " + method + " failed to build on " + backend.device.info().name()
                        + ": " + first.strip(), new IllegalStateException("build log:\n" + log));
            }
        }

        private static String buildLog(cl_program p, cl_device_id id) {
            long[] size = new long[1];
            clGetProgramBuildInfo(p, id, CL_PROGRAM_BUILD_LOG, 0, null, size);
            byte[] b = new byte[(int) size[0]];
            clGetProgramBuildInfo(p, id, CL_PROGRAM_BUILD_LOG, b.length, Pointer.to(b), null);
            return new String(b, java.nio.charset.StandardCharsets.UTF_8).replace("\0", "");
        }

        @Override
        public Run start(EnsembleState state, double[] params, int[] stepsPerTick) { return new OpenClRun(this, state, params, stepsPerTick); }

        @Override
        public long[] flopsPerStep() { return flops.clone(); }
    }
}
