package org.geomech.ensemble;

import java.util.ArrayList;
import java.util.List;

/**
 * Deterministic statistics across members: per observer the count, sum, max and sum of squared
 * deviations from the initial values over the ok members, accumulated sequentially inside fixed
 * blocks of BLOCK members and then block by block in order. Every backend reduces this way (the
 * OpenCL kernel per block on the device), so a backend's statistics are bitwise independent of how
 * its members were scheduled.
 */
public final class Reduction {
    public static final int BLOCK = 1024;

    /** Partial sums of one block: count, then per observer sum, max, squared deviation. */
    public static final int FIELDS = 3;

    /**
     * The statistics of every observer and the number of ok members they cover, with the block partials
     * they were combined from (null where not kept), so a run of several sweep points, each starting on a
     * block boundary, gives every point its own statistics, bitwise those of the point run alone.
     */
    public record Result(int ok, List<Statistics> stats, double[] partials, int observers) {
        public Result(int ok, List<Statistics> stats) { this(ok, stats, null, stats.size()); }

        /** Equal when counts, statistics and block partials are (bitwise). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && ok == r.ok && observers == r.observers && stats.equals(r.stats) && java.util.Arrays.equals(partials, r.partials);
        }

        @Override
        public int hashCode() { return java.util.Objects.hash(ok, stats, java.util.Arrays.hashCode(partials), observers); }

        /** The statistics of blocks from..to-1 alone (combined in block order, as combine does). */
        public Result blocks(int from, int to) {
            if (partials == null) throw new IllegalStateException("block partials were not kept");
            int stride = 1 + FIELDS * observers;
            return combine(java.util.Arrays.copyOfRange(partials, from * stride, to * stride), to - from, observers);
        }
    }

    private Reduction() {}

    /**
     * Partials of block b into out[b * (1 + FIELDS * observers) ...]; values and initial are observer-major. Each
     * field is accumulated member by member in member order, in a local (its sums were kept in out before, a store and
     * a load on every member's chain). Observers go in pairs, one pass over the members each, the count in the first:
     * each field's chain of additions is latency-bound, and two run side by side (1024 members, two observers: 1.75 us
     * against 3.1 us a block, Temurin 25, 2026-11-25; at 10^4 members a tenth of lobatto-nh:2's time on chaotic-nh).
     */
    public static void block(int b, double[] values, double[] initial, int members, int observers, EnsembleState state, double[] out) {
        int base = b * (1 + FIELDS * observers), from = b * BLOCK, to = Math.min(members, from + BLOCK);
        if (observers == 0) {
            int count = 0;
            for (int j = from; j < to; j++) if (state.ok(j)) count++;
            out[base] = count;
        }
        for (int o = 0; o < observers; o += 2) {
            if (o + 1 == observers) {
                one(o, base, from, to, values, initial, members, state, out);
                continue;
            }
            double sum = 0, max = Double.NEGATIVE_INFINITY, sq = 0, sum2 = 0, max2 = Double.NEGATIVE_INFINITY, sq2 = 0;
            int count = 0;
            for (int j = from, a = o * members, a2 = a + members; j < to; j++) {
                if (!state.ok(j)) continue;
                count++;
                double x = values[a + j], d = x - initial[a + j], x2 = values[a2 + j], d2 = x2 - initial[a2 + j];
                sum += x;
                max = Math.max(max, x);
                sq += d * d;
                sum2 += x2;
                max2 = Math.max(max2, x2);
                sq2 += d2 * d2;
            }
            if (o == 0) out[base] = count;
            store(out, base, o, sum, max, sq);
            store(out, base, o + 1, sum2, max2, sq2);
        }
    }

    /** Observer o's partials of the block from..to-1 (and the count where o is the first). */
    private static void one(int o, int base, int from, int to, double[] values, double[] initial, int members, EnsembleState state, double[] out) {
        double sum = 0, max = Double.NEGATIVE_INFINITY, sq = 0;
        int count = 0;
        for (int j = from, a = o * members; j < to; j++) {
            if (!state.ok(j)) continue;
            count++;
            double x = values[a + j], d = x - initial[a + j];
            sum += x;
            max = Math.max(max, x);
            sq += d * d;
        }
        if (o == 0) out[base] = count;
        store(out, base, o, sum, max, sq);
    }

    private static void store(double[] out, int base, int o, double sum, double max, double sq) {
        out[base + 1 + FIELDS * o] = sum;
        out[base + 2 + FIELDS * o] = max;
        out[base + 3 + FIELDS * o] = sq;
    }

    public static int blocks(int members) { return (members + BLOCK - 1) / BLOCK; }

    /** Combines block partials in block order into the statistics. */
    public static Result combine(double[] partials, int blocks, int observers) {
        int stride = 1 + FIELDS * observers;
        double count = 0;
        double[] sum = new double[observers], max = new double[observers], sq = new double[observers];
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int b = 0; b < blocks; b++) {
            count += partials[b * stride];
            for (int o = 0; o < observers; o++) {
                sum[o] += partials[b * stride + 1 + FIELDS * o];
                max[o] = Math.max(max[o], partials[b * stride + 2 + FIELDS * o]);
                sq[o] += partials[b * stride + 3 + FIELDS * o];
            }
        }
        List<Statistics> stats = new ArrayList<>();
        for (int o = 0; o < observers; o++)
            stats.add(count == 0 ? new Statistics(Double.NaN, Double.NaN, Double.NaN) : new Statistics(sum[o] / count, max[o], sq[o] / count));
        return new Result((int) count, stats, java.util.Arrays.copyOf(partials, blocks * stride), observers);
    }

    /** Host-side reduction of per-member values (reference and SIMD backends). */
    public static Result of(double[] values, double[] initial, EnsembleState state, int observers) {
        return combine(partials(values, initial, state, observers), blocks(state.members()), observers);
    }

    /** The block partials of per-member values, in block order. */
    public static double[] partials(double[] values, double[] initial, EnsembleState state, int observers) {
        int members = state.members(), blocks = blocks(members);
        double[] partials = new double[blocks * (1 + FIELDS * observers)];
        for (int b = 0; b < blocks; b++) block(b, values, initial, members, observers, state, partials);
        return partials;
    }
}
