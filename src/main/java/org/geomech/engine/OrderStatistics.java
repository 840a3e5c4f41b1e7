package org.geomech.engine;

import java.util.Arrays;

/**
 * The elements of given ranks of an array in ascending order, the order Arrays.sort(double[]) puts them in
 * (Double.compare's: -0.0 before 0.0, NaN last), found by selection instead of a sort: a spread's minimum and
 * quantiles need a few ranks of each output's values, and the sort of every value was most of a default run's
 * statistics (10^5 members, three observers, a hundred outputs; RESULTS.md).
 */
final class OrderStatistics {
    private OrderStatistics() {}

    /**
     * The elements of values at these ranks (each 0 .. length - 1) of its ascending order, bitwise what a sort puts
     * there but for a NaN's payload (each NaN is Double.NaN); values is left as it was.
     */
    static double[] at(double[] values, int[] ranks) {
        long[] keys = new long[values.length];
        for (int i = 0; i < keys.length; i++) keys[i] = key(values[i]);
        int[] wanted = ranks.clone();
        Arrays.sort(wanted);
        for (int r : wanted) if (r < 0 || r >= keys.length) throw new IndexOutOfBoundsException("rank " + r + " of " + keys.length + " values");
        // beyond this depth of partitions the data defeats the pivot: the rest of the range is sorted instead
        select(keys, 0, keys.length - 1, wanted, 0, wanted.length - 1, 2 * (64 - Long.numberOfLeadingZeros(keys.length)) + 8);
        double[] out = new double[ranks.length];
        for (int i = 0; i < ranks.length; i++) out[i] = value(keys[ranks[i]]);
        return out;
    }

    // Double.compare's order as the order of signed longs: NaN made canonical (doubleToLongBits), a negative's magnitude bits flipped
    private static long key(double x) {
        long bits = Double.doubleToLongBits(x);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    private static double value(long key) { return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE)); }

    /**
     * Rearranges keys[lo..hi] so that each rank of ranks[rlo..rhi] (ascending, within lo..hi) holds the key a sort of
     * the range would put there: three-way partitions around the median of three, into the side that holds ranks.
     */
    private static void select(long[] keys, int lo, int hi, int[] ranks, int rlo, int rhi, int depth) {
        while (lo < hi && rlo <= rhi) {
            if (depth-- == 0) {
                Arrays.sort(keys, lo, hi + 1);
                return;
            }
            long pivot = median(keys[lo], keys[(lo + hi) >>> 1], keys[hi]);
            int lt = lo, i = lo, gt = hi;
            while (i <= gt) {
                long k = keys[i];
                if (k < pivot) swap(keys, lt++, i++);
                else if (k > pivot) swap(keys, i, gt--);
                else i++;
            }
            // keys[lo..lt-1] < pivot, keys[lt..gt] == pivot (ranks there are in place), keys[gt+1..hi] > pivot
            int below = rlo;
            while (below <= rhi && ranks[below] < lt) below++;
            int above = below;
            while (above <= rhi && ranks[above] <= gt) above++;
            if (below > rlo) select(keys, lo, lt - 1, ranks, rlo, below - 1, depth);
            lo = gt + 1;
            rlo = above;
        }
    }

    private static long median(long a, long b, long c) {
        return a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
    }

    private static void swap(long[] keys, int i, int j) {
        long t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
    }
}
