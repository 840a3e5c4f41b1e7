package org.geomech.ensemble;

import java.util.ArrayList;
import java.util.List;

/**
 * Deterministic statistics across members: per observer the count, sum, max and sum of squared
 * deviations from the initial values over the ok members, accumulated in a fixed order inside fixed
 * blocks of BLOCK members (block) and then block by block in order. Every backend reduces this way (the
 * OpenCL kernel per block on the device), so a backend's statistics are bitwise independent of how
 * its members were scheduled.
 */
public final class Reduction {
    /** Members per reduction block. */
    public static final int BLOCK = 1024;

    /** Partial sums of one block: count, then per observer sum, max, squared deviation. */
    public static final int FIELDS = 3;

    /** Interleaved lanes in which block accumulates each field. */
    public static final int LANES = 8;

    /**
     * The statistics of every observer and the number of ok members they cover, with the block partials
     * they were combined from (null where not kept), so a run of several sweep points, each starting on a
     * block boundary, gives every point its own statistics, bitwise those of the point run alone.
     */
    public record Result(int ok, List<Statistics> stats, double[] partials, int observers) {
        /** A result without its block partials. */
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
     * Partials of block b into out[b * (1 + FIELDS * observers) ...]; values and initial are observer-major. Each field
     * of an observer is accumulated in LANES interleaved lanes, lane l taking the block's ok members from + l,
     * from + l + LANES, ... in member order, and the lanes' partials are then added in lane order: a vector backend
     * accumulates a lane-block's members side by side, four or eight additions at once instead of a chain of 1024
     * (the SIMD backend's LaneReduction, bitwise this), where one chain per field took a tenth of lobatto-nh:2's time
     * on chaotic-nh at 10^4 members.
     */
    public static void block(int b, double[] values, double[] initial, int members, int observers, EnsembleState state, double[] out) {
        block(b, values, 0, members, initial, members, observers, state, out);
    }

    /**
     * As above, observer o of member j at offset + o * stride + j in values (offset may be negative where values hold
     * only some members, as a block's own buffer does).
     */
    public static void block(int b, double[] values, int offset, int stride, double[] initial, int members, int observers, EnsembleState state,
                             double[] out) {
        int base = b * (1 + FIELDS * observers), from = b * BLOCK, to = Math.min(members, from + BLOCK);
        int count = 0;
        for (int j = from; j < to; j++) if (state.ok(j)) count++;
        out[base] = count;
        double[] sum = new double[LANES], max = new double[LANES], sq = new double[LANES];
        for (int o = 0; o < observers; o++) {
            java.util.Arrays.fill(sum, 0.0);
            java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
            java.util.Arrays.fill(sq, 0.0);
            for (int j = from, a = o * members, v = offset + o * stride; j < to; j++) {
                if (!state.ok(j)) continue;
                int l = (j - from) % LANES;
                double x = values[v + j], d = x - initial[a + j];
                sum[l] += x;
                max[l] = Math.max(max[l], x);
                sq[l] += d * d;
            }
            store(out, base, o, inLaneOrder(sum), largest(max), inLaneOrder(sq));
        }
    }

    /** The lanes' partial sums added in lane order (a lane's sum starts at +0.0 and so is never -0.0). */
    public static double inLaneOrder(double[] lanes) {
        double s = lanes[0];
        for (int l = 1; l < LANES; l++) s += lanes[l];
        return s;
    }

    /** The largest of the lanes' maxima (Math.max: NaN wins, +0.0 over -0.0; its order does not matter). */
    public static double largest(double[] lanes) {
        double m = lanes[0];
        for (int l = 1; l < LANES; l++) m = Math.max(m, lanes[l]);
        return m;
    }

    /** Writes observer o's sum, max and squared deviation into the block partials from base. */
    public static void store(double[] out, int base, int o, double sum, double max, double sq) {
        out[base + 1 + FIELDS * o] = sum;
        out[base + 2 + FIELDS * o] = max;
        out[base + 3 + FIELDS * o] = sq;
    }

    /** The number of blocks covering members members. */
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
