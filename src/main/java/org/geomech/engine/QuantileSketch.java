package org.geomech.engine;

import java.util.Arrays;

/**
 * A deterministic quantile summary of values added one at a time (a compactor hierarchy, as in Manku, Rajagopalan and
 * Lindsay 1998 and the KLL sketch, with the coin flips replaced by alternation): level h holds up to k values of weight
 * 2^h; a full level is sorted and every other value (the even positions, then the odd ones at its next compaction) goes
 * up to level h + 1 with twice the weight. Fed the same values in the same order it is bitwise the same, so an ensemble
 * fed in member order gives the same summary whichever slabs made the values.
 * <p>
 * Rank error: one compaction at level h moves any value's rank by at most 2^h, and level h is compacted at most
 * n / (k 2^h) times, so the rank of a value returned for level p is within {@link #rankError()} = n L / k of p (n - 1),
 * L the number of levels that compacted. While n is at most k nothing is compacted and the quantiles are exact, bitwise
 * those of Spread.of (type 7 over the sorted values). The least and the greatest value are kept exactly (levels 0 and 1).
 */
public final class QuantileSketch {
    private final int k;
    private double[][] levels = new double[1][];
    private int[] sizes = new int[1];
    private boolean[] odd = new boolean[1];
    private long count;
    private double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;

    /** A summary keeping at most k (even, at least 2) values per level. */
    public QuantileSketch(int k) {
        if (k < 2 || k % 2 != 0) throw new IllegalArgumentException("k must be even and at least 2, got " + k);
        this.k = k;
        levels[0] = new double[k];
    }

    /** Adds one value. */
    public void add(double x) {
        count++;
        min = Math.min(min, x);
        max = Math.max(max, x);
        put(0, x);
    }

    /**
     * What a sketch holds, to be kept and taken up again (a checkpoint): k, each level's values (as many as it holds,
     * in the order held), whether its next compaction starts at the odd positions, the count, least and greatest value.
     */
    public record State(int k, double[][] levels, boolean[] odd, long count, double min, double max) {}

    /** A copy of what this sketch holds. */
    public State state() {
        double[][] held = new double[levels.length][];
        for (int h = 0; h < levels.length; h++) held[h] = Arrays.copyOf(levels[h], sizes[h]);
        return new State(k, held, odd.clone(), count, min, max);
    }

    /** The sketch that held state: fed the same values after it, it is bitwise the sketch that went on. */
    public static QuantileSketch of(State state) {
        QuantileSketch s = new QuantileSketch(state.k());
        int n = state.levels().length;
        if (n < 1 || state.odd().length != n) throw new IllegalArgumentException("a sketch has at least one level and a flag per level");
        s.levels = new double[n][];
        s.sizes = new int[n];
        for (int h = 0; h < n; h++) {
            if (state.levels()[h].length >= s.k) throw new IllegalArgumentException("level " + h + " holds " + state.levels()[h].length + " values, k is " + s.k);
            s.levels[h] = Arrays.copyOf(state.levels()[h], s.k);
            s.sizes[h] = state.levels()[h].length;
        }
        s.odd = state.odd().clone();
        s.count = state.count();
        s.min = state.min();
        s.max = state.max();
        return s;
    }

    /** The values added so far. */
    public long count() { return count; }

    /** The most the rank of a returned quantile can be off, in values: count times the levels compacted over k. */
    public double rankError() { return (double) count * compacted() / k; }

    // the levels that have been compacted: every level below the highest
    private int compacted() { return levels.length - 1; }

    private void put(int h, double x) {
        levels[h][sizes[h]++] = x;
        if (sizes[h] == k) compact(h);
    }

    // every other value of full level h, sorted, up to level h + 1; the level starts empty again
    private void compact(int h) {
        if (h + 1 == levels.length) {
            levels = Arrays.copyOf(levels, h + 2);
            levels[h + 1] = new double[k];
            sizes = Arrays.copyOf(sizes, h + 2);
            odd = Arrays.copyOf(odd, h + 2);
        }
        double[] level = levels[h];
        Arrays.sort(level, 0, k);
        sizes[h] = 0;
        for (int i = odd[h] ? 1 : 0; i < k; i += 2) put(h + 1, level[i]);
        odd[h] = !odd[h];
    }

    /**
     * The quantiles at levels in [0, 1] (NaN where nothing was added): type 7 (position p (n - 1), linear between
     * neighbours) over the values, each standing for as many of the n as its weight.
     */
    public double[] quantiles(double[] levels) {
        double[] out = new double[levels.length];
        if (count == 0) {
            Arrays.fill(out, Double.NaN);
            return out;
        }
        int items = 0;
        for (int size : sizes) items += size;
        double[] values = new double[items];
        long[] weights = new long[items];
        int n = 0;
        for (int h = 0; h < this.levels.length; h++)
            for (int i = 0; i < sizes[h]; i++) {
                values[n] = this.levels[h][i];
                weights[n++] = 1L << h;
            }
        Integer[] order = new Integer[items];
        for (int i = 0; i < items; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        double[] sorted = new double[items];
        long[] upTo = new long[items];   // the virtual ranks 0 .. upTo[i] - 1 covered by sorted[0..i]
        long total = 0;
        for (int i = 0; i < items; i++) {
            sorted[i] = values[order[i]];
            total += weights[order[i]];
            upTo[i] = total;
        }
        for (int q = 0; q < levels.length; q++) {
            double position = levels[q] * (count - 1);
            long below = (long) Math.floor(position);
            long above = Math.min(below + 1, count - 1);
            double lo = at(sorted, upTo, below), hi = at(sorted, upTo, above);
            out[q] = lo + (position - below) * (hi - lo);
        }
        return out;
    }

    // the value at virtual rank r of the values expanded by their weights; the least and the greatest added are kept exactly
    private double at(double[] sorted, long[] upTo, long r) {
        if (r == 0) return min;
        if (r == count - 1) return max;
        int i = Arrays.binarySearch(upTo, r + 1);
        return sorted[i >= 0 ? i : -i - 1];
    }
}
