package org.geomech.ensemble;

import java.util.Locale;

/**
 * What an ensemble costs in the JVM heap, estimated before allocating it: 8 bytes per state component and
 * OVERHEAD_BYTES per member; whether it fits in the heap left, and how many members a slab may hold.
 */
public record HeapBudget(long available) {
    /** Bytes per member beyond its state: status, failure step, and room for observers' initial values and reductions. */
    public static final long OVERHEAD_BYTES = 64;

    /** The share of the heap left that one slab may take (the rest: the backend's scratch, garbage awaiting collection). */
    private static final double SLAB_SHARE = 0.5;

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

    public boolean fits(int components, long members) { return bytes(components, members) <= available; }

    /**
     * The most members of components components that one slab may hold, in whole Reduction blocks, when reserved
     * bytes stay taken besides; 0 when not even one block fits.
     */
    public long slabMembers(int components, long reserved) {
        long room = (long) ((available - reserved) * SLAB_SHARE);
        long blocks = room / bytes(components, Reduction.BLOCK);
        return Math.max(0, Math.min(blocks, Integer.MAX_VALUE / Reduction.BLOCK)) * Reduction.BLOCK;
    }

    /** bytes in GiB with one decimal (MiB below one GiB), for messages. */
    public static String size(long bytes) {
        double mib = bytes / (1024.0 * 1024);
        return mib < 1024 ? String.format(Locale.ROOT, "%.0f MiB", mib) : String.format(Locale.ROOT, "%.1f GiB", mib / 1024);
    }
}
