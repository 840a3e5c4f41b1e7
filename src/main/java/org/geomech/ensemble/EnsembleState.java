package org.geomech.ensemble;

import org.geomech.method.StateLayout;
import org.geomech.InputException;

import java.util.concurrent.atomic.AtomicInteger;


/**
 * The states of all members in structure-of-arrays layout, component-major with the member index
 * fastest (x[c * stride + j]), and each member's status: ok, or failed at a step for a reason. The stride is the
 * member count rounded up to an odd multiple of 8 (stride): with the member count itself, 2^20 members put the
 * components of a lane-block 8 MiB apart, in one set of the L1 and L2 caches, and simd ran at 0.4 of its padded speed
 * (RESULTS.md, code measurements).
 */
public final class EnsembleState {
    /** Why a member stopped; EXCLUDED: never part of the ensemble (padding of a sweep point to a reduction block). */
    public enum Status {
        /** Running. */
        OK,
        /** Newton did not converge within its iterations. */
        NEWTON_ITERATION_LIMIT,
        /** The Newton matrix was singular. */
        SINGULAR_JACOBIAN,
        /** A state component became NaN or infinite. */
        NON_FINITE,
        /** Never part of the ensemble (padding). */
        EXCLUDED
    }

    private final StateLayout layout;
    private final int members, stride;
    private final double[] x;
    private final Status[] status;
    private final long[] failedStep;
    /** Members not ok (fail may run on several threads at once, each on its own members). */
    private final AtomicInteger failed = new AtomicInteger();

    /** An ensemble of members, every component 0 and every member ok. */
    public EnsembleState(StateLayout layout, int members) {
        this.layout = layout;
        this.members = members;
        checkFits(layout.size(), members);
        this.stride = (int) stride(members);
        this.x = new double[layout.size() * stride];
        this.status = new Status[members];
        java.util.Arrays.fill(status, Status.OK);
        this.failedStep = new long[members];
    }

    /**
     * Refuses, before allocating, an ensemble larger than one Java array or than the heap the JVM has
     * left (HeapBudget's estimate), with a one-line message.
     */
    public static void checkFits(int components, int members) {
        long values = (long) components * stride(members);
        if (values > Integer.MAX_VALUE - 8)
            throw new InputException("--members " + members + ": " + components + " state components each make " + values
                    + " values, more than one array holds (" + (Integer.MAX_VALUE - 8) + "); use fewer members, or run --members-in-memory M");
        HeapBudget heap = HeapBudget.left(HeapBudget.bytes(components, members));
        if (!heap.fits(components, members))
            throw new InputException("--members " + members + ": the ensemble needs about " + HeapBudget.size(HeapBudget.bytes(components, members))
                    + " (" + components + " doubles per member), the JVM has " + HeapBudget.size(heap.available()) + " of heap left; raise it"
                    + " with JAVA_TOOL_OPTIONS=-Xmx<size>, or stream the members through memory in slabs (run --members-in-memory M)");
    }

    /** The state layout. */
    public StateLayout layout() { return layout; }
    /** The number of members. */
    public int members() { return members; }
    /** The number of state components per member. */
    public int components() { return layout.size(); }
    /** The distance between two components of a member in data(): at least members, an odd multiple of 8. */
    public int stride() { return stride; }

    /**
     * members rounded up to 8 m with m odd, so that a lane-block's components fall in distinct sets of a cache whose
     * sets repeat every 512 doubles.
     */
    public static long stride(long members) {
        long blocks = (members + 7) / 8;
        return 8 * (blocks | 1);
    }

    /** The SoA buffer, x[c * stride() + j]; the entries from members to stride of each component are unused. */
    public double[] data() { return x; }
    /** Component component of member member. */
    public double get(int component, int member) { return x[component * stride + member]; }
    /** Sets component component of member member. */
    public void set(int component, int member, double value) { x[component * stride + member] = value; }

    /** Copies member member's state into into. */
    public void gather(int member, double[] into) {
        for (int c = 0; c < into.length; c++) into[c] = x[c * stride + member];
    }

    /** Sets member member's state from from. */
    public void scatter(int member, double[] from) {
        for (int c = 0; c < from.length; c++) x[c * stride + member] = from[c];
    }

    /** True while member member is ok. */
    public boolean ok(int member) { return status[member] == Status.OK; }
    /** Member member's status. */
    public Status status(int member) { return status[member]; }
    /** The step at which member member failed. */
    public long failedStep(int member) { return failedStep[member]; }

    /** Marks a member failed at a step; its state stays as it was before that step. */
    public void fail(int member, long step, Status why) {
        if (status[member] == Status.OK) failed.incrementAndGet();
        status[member] = why;
        failedStep[member] = step;
    }

    /** Whether members from .. to-1 are all ok: at once while no member has failed. */
    public boolean allOk(int from, int to) {
        if (failed.get() == 0) return true;
        for (int j = from; j < to; j++) if (status[j] != Status.OK) return false;
        return true;
    }

    /** The number of ok members. */
    public int okCount() {
        int k = 0;
        for (Status s : status) if (s == Status.OK) k++;
        return k;
    }
}
