package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;
import org.geomech.InputException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.jocl.CL.*;

/**
 * One ensemble on the device: members in chunks of whole Reduction blocks, one chunk resident at a time (all
 * members when they fit, uploaded once); the others wait in the host's EnsembleState and status arrays. Only
 * block partials come back per observe(); states and statuses come back in finish(). A chunk's SoA rows are
 * padded to whole lane vectors (the pad members are excluded). With one chunk, the last launch of advance()
 * also evaluates the observers, so that observe() only reduces them. advanceObserving runs a batch
 * of outputs chunk by chunk (a chunk's transfers once per batch, not per output), an explicit step's outputs many to
 * a launch, with no wait until the batch's partials are all read.
 */
final class OpenClRun implements Backend.Run {
    /** Member-steps per kernel launch: many steps per launch, and a bound on one launch's work (display GPUs have watchdogs). */
    private static final long MEMBER_STEPS_PER_LAUNCH = 1L << 24;
    /**
     * The most outputs of one launch, and the most bytes of observer values and statuses kept on the
     * device for them (64 MiB: all 83 outputs of a batch of 10^4 members of chaotic-nh, 18 of 10^5). Each launch wakes
     * POCL's workers, and on two cores a launch often runs at half speed (the same 10 outputs of 10^4 members took
     * 1.22 ms or 2.45 ms): on a quiet machine, 2 MiB (10 outputs of 10^4 members) ran whole runs at 1.40e8-1.57e8
     * member-steps/s, 16 and 64 MiB at 1.63e8-2.08e8 (benchmarks/RESULTS.md).
     */
    private static final long OUTPUTS_PER_LAUNCH = 256, OUTPUT_BYTES = 1L << 26;
    private final OpenClBackend.Program program;
    private final cl_command_queue queue;
    private final EnsembleState state;
    private final int members, stateSize, observers, chunk, chunks, stride, lanes;
    private final int[] status, iterationMax, stepsPerTick;
    private final int mostPerTick;
    /** The most outputs one launch of an explicit step advances and observes (0: a Newton step, one output a launch). */
    private final int outputsPerLaunch;
    private final long[] failedStep, iterationSum, factorisationSum;
    private final double[] initial;
    private final List<cl_kernel> kernels = new ArrayList<>();
    private final List<cl_mem> buffers = new ArrayList<>();
    private final Kernel advance, observe, reduce;
    /** An explicit step's kernels for many outputs a launch and their reductions, and its statuses after each output (null for a Newton step). */
    private final Kernel advanceOutputs, reduceOutputs;
    private final cl_mem statusAt;
    private final cl_mem x, statusBuffer, perTickBuffer, failedBuffer, sumBuffer, maxBuffer, factorisationBuffer, values, initialBuffer, params, partials;
    private int resident = -1;
    private boolean dirty, observed, closed, valuesCurrent;
    /** Where advanceObserving's non-blocking reads land (null until the first). */
    private ByteBuffer batch;
    private long stepsDone;

    /** stepsPerTick: member j's steps per tick (null: one each, h shared). */
    OpenClRun(OpenClBackend.Program program, EnsembleState state, double[] params, int[] stepsPerTick) {
        this.program = program;
        this.queue = program.backend.queue();
        this.state = state;
        this.members = state.members();
        this.stateSize = program.stateSize;
        this.observers = program.observers;
        this.stride = 1 + Reduction.FIELDS * observers;
        this.lanes = program.lanes;
        long perMember = (long) Double.BYTES * (stateSize + 2 * observers) + 3 * Integer.BYTES + 3 * Long.BYTES;
        this.chunk = Math.min(members, program.backend.chunkFor(perMember, (long) Double.BYTES * Math.max(1, Math.max(stateSize, observers))));
        this.chunks = chunk == 0 ? 0 : (members + chunk - 1) / chunk;
        this.status = new int[members];
        this.failedStep = new long[members];
        this.iterationSum = new long[members];
        this.iterationMax = new int[members];
        this.factorisationSum = new long[members];
        this.stepsPerTick = stepsPerTick != null ? stepsPerTick.clone() : new int[members];
        if (stepsPerTick == null) Arrays.fill(this.stepsPerTick, 1);
        this.mostPerTick = Arrays.stream(this.stepsPerTick).max().orElse(1);
        for (int j = 0; j < members; j++) {
            status[j] = state.status(j).ordinal();
            failedStep[j] = state.failedStep(j);
        }
        this.initial = chunks > 1 ? new double[Math.multiplyExact(observers, members)] : null;
        try {
            this.advance = kernel(KernelSource.ADVANCE, WorkGroup.TARGET);
            this.observe = kernel(KernelSource.OBSERVE, WorkGroup.TARGET);
            this.reduce = kernel(KernelSource.REDUCE, 1);
            this.reduceOutputs = program.newton ? null : kernel(KernelSource.REDUCE_OUTPUTS, 1);
            this.advanceOutputs = program.newton ? null : kernel(KernelSource.ADVANCE_OUTPUTS, WorkGroup.TARGET);
            int n = padded(Math.max(1, chunk));
            outputsPerLaunch = program.newton ? 0 : (int) Math.max(1, Math.min(OUTPUTS_PER_LAUNCH, OUTPUT_BYTES / ((long) n * (Double.BYTES * observers + Integer.BYTES))));
            int outputRows = Math.max(1, outputsPerLaunch);
            this.x = buffer((long) Sizeof.cl_double * stateSize * n);
            this.statusBuffer = buffer((long) Sizeof.cl_int * n);
            this.perTickBuffer = buffer((long) Sizeof.cl_int * n);
            this.failedBuffer = buffer((long) Sizeof.cl_long * n);
            this.sumBuffer = buffer((long) Sizeof.cl_long * n);
            this.maxBuffer = buffer((long) Sizeof.cl_int * n);
            this.factorisationBuffer = buffer((long) Sizeof.cl_long * n);
            this.values = buffer(Sizeof.cl_double * Math.max(1, observers) * (long) n * outputRows);
            this.statusAt = program.newton ? null : buffer(Sizeof.cl_int * (long) n * outputRows);
            this.initialBuffer = buffer(Sizeof.cl_double * Math.max(1, observers) * (long) n);
            this.params = buffer(Sizeof.cl_double * Math.max(1, params.length));
            this.partials = buffer(Sizeof.cl_double * stride * (long) Reduction.blocks(n) * outputRows);
            if (params.length > 0) clEnqueueWriteBuffer(queue, this.params, CL_TRUE, 0, Sizeof.cl_double * params.length, Pointer.to(params), 0, null, null);
            arguments(advance, x, statusBuffer, failedBuffer, sumBuffer, maxBuffer, factorisationBuffer, this.params, perTickBuffer);
            clSetKernelArg(advance.kernel(), 11, Sizeof.cl_mem, Pointer.to(values));
            if (advanceOutputs != null) {
                arguments(advanceOutputs, x, statusBuffer, failedBuffer, this.params, perTickBuffer);
                clSetKernelArg(advanceOutputs.kernel(), 8, Sizeof.cl_mem, Pointer.to(values));
                clSetKernelArg(advanceOutputs.kernel(), 10, Sizeof.cl_mem, Pointer.to(statusAt));
                arguments(reduceOutputs, values, initialBuffer, statusAt, partials);
            }
            arguments(observe, x, this.params, values);
            arguments(reduce, values, initialBuffer, statusBuffer, partials);
            if (chunks > 0) resident(0);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A kernel and its work-group size. */
    private record Kernel(cl_kernel kernel, long local) {}

    /** The requested work-group size, or WorkGroup.size for target from the kernel's preferred multiple and limit on the device. */
    private Kernel kernel(String name, long target) {
        cl_kernel k = clCreateKernel(program.program, name, null);
        kernels.add(k);
        long[] limit = new long[1], multiple = new long[1];
        clGetKernelWorkGroupInfo(k, program.backend.deviceId(), CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(limit), null);
        clGetKernelWorkGroupInfo(k, program.backend.deviceId(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, Sizeof.size_t, Pointer.to(multiple), null);
        int requested = program.backend.workGroupSize();
        if (requested > limit[0])
            throw new InputException("work-group size " + requested + " exceeds the " + limit[0] + " that kernel " + name
                    + " allows on OpenCL device " + program.backend.device().index() + " (" + program.backend.device().name() + ")");
        return new Kernel(k, requested > 0 ? requested : WorkGroup.size(multiple[0], limit[0], target));
    }

    /** Members rounded up to whole lane vectors: the length of a chunk's SoA rows on the device. */
    private int padded(int n) { return (n + lanes - 1) / lanes * lanes; }

    private cl_mem buffer(long bytes) {
        cl_mem m = clCreateBuffer(program.backend.context(), CL_MEM_READ_WRITE, bytes, null, null);
        buffers.add(m);
        return m;
    }

    private static void arguments(Kernel k, cl_mem... mems) {
        for (int i = 0; i < mems.length; i++) clSetKernelArg(k.kernel(), i, Sizeof.cl_mem, Pointer.to(mems[i]));
    }

    private static void argument(Kernel k, int index, int value) {
        clSetKernelArg(k.kernel(), index, Sizeof.cl_int, Pointer.to(new int[]{value}));
    }

    @Override
    public void advance(int steps) {
        for (int c = 0; c < chunks; c++) {
            resident(c);
            enqueueSteps(length(c), steps, stepsDone, chunks == 1);
        }
        valuesCurrent = chunks == 1 && steps > 0;
        // no wait here: observe() and finish() read blocking, so one round trip to the device per output
        clFlush(queue);
        stepsDone += steps;
    }

    /**
     * Chunk by chunk, the outputs' launches back to back in the in-order queue: an explicit step's
     * advance_outputs for as many outputs as outputsPerLaunch and MEMBER_STEPS_PER_LAUNCH allow and reduce_outputs for
     * them (else, a Newton step, each output's steps with the observers fused into the last and its reduction), and a
     * non-blocking read of their partials; one wait at the end.
     */
    @Override
    public Reduction.Result[] advanceObserving(int outputs, int ticks) {
        if (!observed) return Backend.Run.super.advanceObserving(outputs, ticks);
        int blocks = Reduction.blocks(members);
        long perOutput = (long) blocks * stride;
        ByteBuffer host = batchBuffer(Sizeof.cl_double * perOutput * outputs);
        for (int c = 0; c < chunks; c++) {
            resident(c);
            int n = length(c);
            long together = Math.min(outputsPerLaunch, MEMBER_STEPS_PER_LAUNCH / ((long) n * mostPerTick * ticks));
            for (int r = 0; r < outputs; ) {
                int g = (int) Math.max(1, Math.min(outputs - r, together));
                if (together > 0) enqueueOutputs(n, g, ticks, stepsDone + (long) r * ticks);
                else {
                    enqueueSteps(n, ticks, stepsDone + (long) r * ticks, true);
                    enqueueReduce(n);
                }
                long rowBytes = Sizeof.cl_double * stride * (long) Reduction.blocks(n);
                long[] deviceOrigin = {0, 0, 0}, hostOrigin = {Sizeof.cl_double * stride * (long) (c * chunk / Reduction.BLOCK), r, 0};
                clEnqueueReadBufferRect(queue, partials, CL_FALSE, deviceOrigin, hostOrigin, new long[]{rowBytes, g, 1}, rowBytes, 0,
                        Sizeof.cl_double * perOutput, 0, Pointer.to(host), 0, null, null);
                r += g;
            }
        }
        clFinish(queue);
        stepsDone += (long) outputs * ticks;
        valuesCurrent = false;
        Reduction.Result[] out = new Reduction.Result[outputs];
        DoubleBuffer all = host.asDoubleBuffer();
        for (int r = 0; r < outputs; r++) {
            double[] row = new double[(int) perOutput];
            all.get((int) (perOutput * r), row, 0, row.length);
            out[r] = Reduction.combine(row, blocks, observers);
        }
        return out;
    }

    /** A direct buffer of at least bytes for non-blocking reads (JOCL reads into Java arrays only blocking), kept for the next batch. */
    private ByteBuffer batchBuffer(long bytes) {
        if (batch == null || batch.capacity() < bytes) batch = ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
        return batch;
    }

    /** The launches that advance the resident chunk of n members by ticks ticks after from ticks, the last also observing where asked. */
    private void enqueueSteps(int n, int ticks, long from, boolean observeLast) {
        int perLaunch = (int) Math.max(1, Math.min(ticks, MEMBER_STEPS_PER_LAUNCH / ((long) n * mostPerTick)));
        argument(advance, 8, padded(n));
        for (int done = 0; done < ticks; done += perLaunch) {
            int k = Math.min(perLaunch, ticks - done);
            argument(advance, 9, k);
            clSetKernelArg(advance.kernel(), 10, Sizeof.cl_long, Pointer.to(new long[]{from + done}));
            argument(advance, 12, observeLast && done + k == ticks ? 1 : 0);
            launch(advance, padded(n) / lanes, 1);
        }
        dirty = true;
    }

    /** One launch advancing the resident chunk of n members by outputs outputs of ticks ticks after from ticks, observing each, then their reductions into partials. */
    private void enqueueOutputs(int n, int outputs, int ticks, long from) {
        argument(advanceOutputs, 5, padded(n));
        argument(advanceOutputs, 6, ticks);
        clSetKernelArg(advanceOutputs.kernel(), 7, Sizeof.cl_long, Pointer.to(new long[]{from}));
        argument(advanceOutputs, 9, outputs);
        launch(advanceOutputs, padded(n) / lanes, 1);
        dirty = true;
        argument(reduceOutputs, 4, n);
        argument(reduceOutputs, 5, padded(n));
        launch(reduceOutputs, Reduction.blocks(n) * Math.max(1, observers), outputs);
    }

    /** The block reduction of the resident chunk of n members' observer values into partials. */
    private void enqueueReduce(int n) {
        argument(reduce, 4, n);
        argument(reduce, 5, padded(n));
        launch(reduce, Reduction.blocks(n) * Math.max(1, observers), 1);
    }

    @Override
    public Reduction.Result observe() { return Reduction.combine(observeBlocks(), Reduction.blocks(members), observers); }

    @Override
    public double[] observeBlocks() {
        int blocks = Reduction.blocks(members);
        double[] out = new double[blocks * stride];
        for (int c = 0; c < chunks; c++) {
            resident(c);
            int n = length(c);
            if (!valuesCurrent) {
                argument(observe, 3, padded(n));
                launch(observe, padded(n) / lanes, 1);
            }
            if (!observed && observers > 0) {
                clEnqueueCopyBuffer(queue, values, initialBuffer, 0, 0, Sizeof.cl_double * observers * (long) padded(n), 0, null, null);
                if (initial != null) rows(false, initialBuffer, initial, members, observers, c);
            }
            enqueueReduce(n);
            int firstBlock = c * chunk / Reduction.BLOCK;
            clEnqueueReadBuffer(queue, partials, CL_TRUE, 0, Sizeof.cl_double * stride * (long) Reduction.blocks(n),
                    Pointer.to(out).withByteOffset(Sizeof.cl_double * stride * (long) firstBlock), 0, null, null);
        }
        observed = true;
        return out;
    }

    @Override
    public double[] initialValues() {
        if (!observed) return null;
        if (initial != null) return initial.clone();
        double[] out = new double[observers * members];
        if (chunks == 1) rows(false, initialBuffer, out, members, observers, 0);
        return out;
    }

    @Override
    public void resume(long steps, double[] from) {
        if (from.length != observers * members)
            throw new IllegalArgumentException("initial values for " + from.length + " observer values, expected " + observers * members);
        stepsDone = steps;
        observed = true;
        if (initial != null) System.arraycopy(from, 0, initial, 0, from.length);
        if (resident >= 0) rows(true, initialBuffer, from, members, observers, resident);
    }

    @Override
    public long newtonIterations() {
        if (resident >= 0) counters(resident);
        long sum = 0;
        for (long s : iterationSum) sum += s;
        return sum;
    }

    @Override
    public long jacobianFactorisations() {
        if (resident >= 0) counters(resident);
        long sum = 0;
        for (long s : factorisationSum) sum += s;
        return sum;
    }

    @Override
    public int maxNewtonIterations() {
        if (resident >= 0) counters(resident);
        int most = 0;
        for (int m : iterationMax) most = Math.max(most, m);
        return most;
    }

    @Override
    public void finish() {
        if (resident >= 0 && dirty) download(resident);
        dirty = false;
        EnsembleState.Status[] codes = EnsembleState.Status.values();
        for (int j = 0; j < members; j++)
            if (status[j] != EnsembleState.Status.OK.ordinal() && state.ok(j)) state.fail(j, failedStep[j], codes[status[j]]);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (cl_kernel k : kernels) clReleaseKernel(k);
        for (cl_mem m : buffers) clReleaseMemObject(m);
    }

    private int length(int c) { return Math.min(chunk, members - c * chunk); }

    /** Puts chunk c on the device, bringing the one there back first if the device changed it. */
    private void resident(int c) {
        if (resident == c) return;
        if (resident >= 0 && dirty) download(resident);
        rows(true, x, state.data(), state.stride(), stateSize, c);
        perMember(true, statusBuffer, Pointer.to(status), Sizeof.cl_int, c);
        perMember(true, perTickBuffer, Pointer.to(stepsPerTick), Sizeof.cl_int, c);
        perMember(true, failedBuffer, Pointer.to(failedStep), Sizeof.cl_long, c);
        if (program.newton) {
            perMember(true, sumBuffer, Pointer.to(iterationSum), Sizeof.cl_long, c);
            perMember(true, maxBuffer, Pointer.to(iterationMax), Sizeof.cl_int, c);
            perMember(true, factorisationBuffer, Pointer.to(factorisationSum), Sizeof.cl_long, c);
        }
        if (observed && initial != null) rows(true, initialBuffer, initial, members, observers, c);
        pad(c);
        resident = c;
        dirty = false;
        valuesCurrent = false;
    }

    /** The members that pad chunk c's rows to whole lane vectors: zero states, EXCLUDED, no steps per tick, so that they never step. */
    private void pad(int c) {
        int n = length(c), pad = padded(n) - n;
        if (pad == 0) return;
        int[] excluded = new int[pad];
        Arrays.fill(excluded, EnsembleState.Status.EXCLUDED.ordinal());
        clEnqueueWriteBuffer(queue, statusBuffer, CL_TRUE, (long) Sizeof.cl_int * n, (long) Sizeof.cl_int * pad, Pointer.to(excluded), 0, null, null);
        clEnqueueWriteBuffer(queue, perTickBuffer, CL_TRUE, (long) Sizeof.cl_int * n, (long) Sizeof.cl_int * pad, Pointer.to(new int[pad]), 0, null, null);
        long[] deviceOrigin = {(long) Sizeof.cl_double * n, 0, 0}, hostOrigin = {0, 0, 0}, region = {(long) Sizeof.cl_double * pad, stateSize, 1};
        clEnqueueWriteBufferRect(queue, x, CL_TRUE, deviceOrigin, hostOrigin, region, (long) Sizeof.cl_double * padded(n), 0,
                0, 0, Pointer.to(new double[pad * stateSize]), 0, null, null);
    }

    /** Brings chunk c's states, statuses and Newton counters back to the host. */
    private void download(int c) {
        rows(false, x, state.data(), state.stride(), stateSize, c);
        perMember(false, statusBuffer, Pointer.to(status), Sizeof.cl_int, c);
        perMember(false, failedBuffer, Pointer.to(failedStep), Sizeof.cl_long, c);
        counters(c);
    }

    /** Brings chunk c's Newton counters back to the host (an explicit step leaves them as they are: no transfers). */
    private void counters(int c) {
        if (!program.newton) return;
        perMember(false, sumBuffer, Pointer.to(iterationSum), Sizeof.cl_long, c);
        perMember(false, maxBuffer, Pointer.to(iterationMax), Sizeof.cl_int, c);
        perMember(false, factorisationBuffer, Pointer.to(factorisationSum), Sizeof.cl_long, c);
    }

    /** Chunk c of a per-member host array to (write) or from the device, elements of the given bytes. */
    private void perMember(boolean write, cl_mem buffer, Pointer host, int bytes, int c) {
        long size = (long) bytes * length(c);
        Pointer at = host.withByteOffset((long) bytes * c * chunk);
        if (write) clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, at, 0, null, null);
        else clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, at, 0, null, null);
    }

    /** Chunk c of SoA rows, host[r * pitch + j] to (write) or from the device's buffer[r * padded(n) + j]. */
    private void rows(boolean write, cl_mem buffer, double[] host, int pitch, int rows, int c) {
        if (rows == 0) return;
        long n = (long) Sizeof.cl_double * length(c), devicePitch = (long) Sizeof.cl_double * padded(length(c));
        long[] deviceOrigin = {0, 0, 0}, hostOrigin = {(long) Sizeof.cl_double * c * chunk, 0, 0}, region = {n, rows, 1};
        long hostPitch = (long) Sizeof.cl_double * pitch;
        if (write) clEnqueueWriteBufferRect(queue, buffer, CL_TRUE, deviceOrigin, hostOrigin, region, devicePitch, 0, hostPitch, 0, Pointer.to(host), 0, null, null);
        else clEnqueueReadBufferRect(queue, buffer, CL_TRUE, deviceOrigin, hostOrigin, region, devicePitch, 0, hostPitch, 0, Pointer.to(host), 0, null, null);
    }

    /** One work-item per item and row, the global size rounded up to whole work-groups; a second dimension where rows > 1. */
    private void launch(Kernel k, int items, int rows) {
        long global = (items + k.local() - 1) / k.local() * k.local();
        if (rows == 1) clEnqueueNDRangeKernel(queue, k.kernel(), 1, null, new long[]{global}, new long[]{k.local()}, 0, null, null);
        else clEnqueueNDRangeKernel(queue, k.kernel(), 2, null, new long[]{global, rows}, new long[]{k.local(), 1}, 0, null, null);
    }
}
