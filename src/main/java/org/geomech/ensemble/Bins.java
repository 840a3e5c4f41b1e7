package org.geomech.ensemble;

import org.geomech.InputException;

/**
 * The bins of a histogram statistic, hist:BINS or hist:LO,HI,BINS: count equal bins over [lo, hi], or, where lo and hi are
 * NaN (hist:BINS), over each output's own range: the least and the greatest finite value of the running members at that
 * output (where they are one value v, the range [v, v] of zero width, every such member in the first bin). Either is a function of the
 * output's values alone, so a run in memory, in slabs or on Spark counts bitwise the same; a fixed range is also
 * additive over members, which lets sketched runs (fed slab by slab) count it, where an automatic range is refused.
 *
 * @param lo    the lower edge (NaN: automatic)
 * @param hi    the upper edge (NaN: automatic)
 * @param count the number of bins, at least 1
 */
public record Bins(double lo, double hi, int count) {
    /** The prefix of a histogram statistic's name. */
    public static final String PREFIX = "hist:";

    /** Whether the range is each output's own (hist:BINS) rather than fixed. */
    public boolean automatic() { return Double.isNaN(lo); }

    /** The bins of hist:BINS or hist:LO,HI,BINS; InputException (exit 2) naming what is wrong. */
    public static Bins parse(String name) {
        String[] parts = name.substring(PREFIX.length()).split(",", -1);
        if (parts.length != 1 && parts.length != 3)
            throw new InputException("statistics: '" + name + "' is not hist:BINS or hist:LO,HI,BINS");
        int count = count(name, parts[parts.length - 1]);
        if (parts.length == 1) return new Bins(Double.NaN, Double.NaN, count);
        double lo = number(name, "LO", parts[0]), hi = number(name, "HI", parts[1]);
        if (!(lo < hi)) throw new InputException("statistics: '" + name + "': LO must be below HI, got " + parts[0] + " and " + parts[1]);
        return new Bins(lo, hi, count);
    }

    private static int count(String name, String text) {
        int n;
        try {
            n = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new InputException("statistics: '" + name + "': BINS must be a whole number, got '" + text + "'");
        }
        if (n < 1) throw new InputException("statistics: '" + name + "': BINS must be at least 1, got " + n);
        return n;
    }

    private static double number(String name, String what, String text) {
        double x;
        try {
            x = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new InputException("statistics: '" + name + "': " + what + " must be a number, got '" + text + "'");
        }
        if (!Double.isFinite(x)) throw new InputException("statistics: '" + name + "': " + what + " must be finite, got '" + text + "'");
        return x;
    }

    /**
     * The histogram of values (the running members' values at one output): bin k of [lo, hi] holds the finite x with
     * floor(count (x - lo) / (hi - lo)) = k (hi itself in the last bin), x below lo and above hi are counted apart, and so
     * are NaN and infinite values, so below + above + nonFinite + the counts is values.length. A range [v, v] of zero width
     * puts v in the first bin.
     */
    public Histogram of(double[] values) {
        double a = lo, b = hi;
        if (automatic()) {
            a = Double.POSITIVE_INFINITY;
            b = Double.NEGATIVE_INFINITY;
            for (double x : values)
                if (Double.isFinite(x)) {
                    a = Math.min(a, x);
                    b = Math.max(b, x);
                }
            if (a > b) a = b = Double.NaN;
        }
        Histogram.Counter counter = new Histogram.Counter(a, b, count);
        for (double x : values) counter.add(x);
        return counter.histogram();
    }
}
