package org.geomech.ensemble;

import java.util.Locale;

/**
 * The heap left, and what an ensemble's state arrays cost in it, checked before they are allocated: 8 bytes per state
 * component and OVERHEAD_BYTES per member (engine.MemoryPlan estimates a whole run).
 */
public record HeapBudget(long available) {
    /** Bytes per member beyond its state: status, failure step, and room for observers' initial values and reductions. */
    public static final long OVERHEAD_BYTES = 64;

    /** The heap this JVM has left now: its maximum less what is in use. */
    public static HeapBudget left() {
        Runtime rt = Runtime.getRuntime();
        return new HeapBudget(rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()));
    }

    /** The heap left, after a garbage collection where what is in use now (garbage included) leaves less than bytes. */
    public static HeapBudget left(long bytes) {
        HeapBudget now = left();
        if (now.available >= bytes) return now;
        System.gc();
        return left();
    }

    /** Bytes of members members of components state components each. */
    public static long bytes(int components, long members) { return (8L * components + OVERHEAD_BYTES) * members; }

    /** True where members members of components components each fit in the heap available. */
    public boolean fits(int components, long members) { return bytes(components, members) <= available; }

    /** bytes in GiB with one decimal (MiB below one GiB), for messages. */
    public static String size(long bytes) {
        double mib = bytes / (1024.0 * 1024);
        return mib < 1024 ? String.format(Locale.ROOT, "%.0f MiB", mib) : String.format(Locale.ROOT, "%.1f GiB", mib / 1024);
    }
}
