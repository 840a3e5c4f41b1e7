package org.geomech.ensemble;

import java.util.Arrays;

/**
 * The members of one observer per bin at one output time (Bins): count equal bins over [lo, hi] (NaN where no member had a
 * finite value under an automatic range), the finite values below lo and above hi, and the non-finite ones (NaN, infinite).
 * Every running member is in exactly one of them.
 *
 * @param lo        the lower edge of the first bin
 * @param hi        the upper edge of the last bin
 * @param below     finite values below lo
 * @param above     finite values above hi
 * @param nonFinite NaN and infinite values
 * @param counts    the values in each bin, first to last
 */
public record Histogram(double lo, double hi, long below, long above, long nonFinite, long[] counts) {
    /** The numbers before the counts in flat(). */
    public static final int HEAD = 5;

    /** Every member counted: below + above + nonFinite + the bins. */
    public long total() {
        long n = below + above + nonFinite;
        for (long c : counts) n += c;
        return n;
    }

    /** The edge below bin k (k = counts.length: hi). */
    public double edge(int k) { return k == counts.length ? hi : lo + k * ((hi - lo) / counts.length); }

    /** As numbers: lo, hi, below, above, nonFinite, then the counts (exact in doubles below 2^53). */
    public double[] flat() {
        double[] out = new double[HEAD + counts.length];
        out[0] = lo;
        out[1] = hi;
        out[2] = below;
        out[3] = above;
        out[4] = nonFinite;
        for (int k = 0; k < counts.length; k++) out[HEAD + k] = counts[k];
        return out;
    }

    /** The histogram flat() wrote into numbers from offset on. */
    public static Histogram of(double[] flat, int offset) {
        long[] counts = new long[flat.length - offset - HEAD];
        for (int k = 0; k < counts.length; k++) counts[k] = (long) flat[offset + HEAD + k];
        return new Histogram(flat[offset], flat[offset + 1], (long) flat[offset + 2], (long) flat[offset + 3], (long) flat[offset + 4], counts);
    }

    /** Equal when the edges are bitwise equal and every count is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Histogram h && Double.compare(lo, h.lo) == 0 && Double.compare(hi, h.hi) == 0 && below == h.below && above == h.above
                && nonFinite == h.nonFinite && Arrays.equals(counts, h.counts);
    }

    @Override
    public int hashCode() { return java.util.Objects.hash(lo, hi, below, above, nonFinite, Arrays.hashCode(counts)); }

    @Override
    public String toString() {
        return "Histogram[" + lo + ", " + hi + ", below " + below + ", above " + above + ", non-finite " + nonFinite + ", " + Arrays.toString(counts) + "]";
    }

    /**
     * Counts values one at a time into count bins over [lo, hi] by Bins.of's rule; fed in any order it counts the same, so
     * slabs fed one after another count what the whole launch does. (A NaN range, an automatic one without finite values,
     * only ever sees non-finite values.)
     */
    public static final class Counter {
        private final double lo, hi;
        private final long[] counts;
        private long below, above, nonFinite;

        /** An empty counter of count bins over [lo, hi]. */
        public Counter(double lo, double hi, int count) {
            this.lo = lo;
            this.hi = hi;
            this.counts = new long[count];
        }

        /** A counter that goes on from what counted histogram (a checkpoint's). */
        public Counter(Histogram counted) {
            this(counted.lo(), counted.hi(), counted.counts().length);
            System.arraycopy(counted.counts(), 0, counts, 0, counts.length);
            below = counted.below();
            above = counted.above();
            nonFinite = counted.nonFinite();
        }

        /** Counts x in its bin, or as below, above or non-finite. */
        public void add(double x) {
            if (!Double.isFinite(x)) nonFinite++;
            else if (x < lo) below++;
            else if (x > hi) above++;
            else counts[hi == lo ? 0 : Math.min(counts.length - 1, (int) Math.floor((x - lo) / (hi - lo) * counts.length))]++;
        }

        /** The counts so far. */
        public Histogram histogram() { return new Histogram(lo, hi, below, above, nonFinite, counts.clone()); }
    }
}
