package org.geomech.io.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An axis as drawn: its range and its ticks. The labelled range starts and ends at a labelled tick and holds the data;
 * the drawn range reaches a little beyond it. A log axis has a tick at every decade, labelled 10^k (every decade where the
 * labels fit, else every second, third, ... decade); where the data span at most two decades 2x10^k and 5x10^k are
 * labelled too and the range ends at the nearest such values around the data; unlabelled ticks
 * at 2..9 x 10^k; a linear axis labels the multiples of the finest step 1, 2 or 5 x 10^k whose labels fit, scaled by
 * a power of ten written in the axis title where the values are tiny or huge.
 */
public record Scale(boolean log, double lo, double hi, List<Tick> ticks, String titleSuffix) {
    /** A tick at a value; label null for an unlabelled (minor) tick. */
    public record Tick(double value, RichText label) {}

    /** Space between neighbouring labels: across (side by side on a horizontal axis) and along (stacked on a vertical one). */
    static final double GAP_ACROSS = 12, GAP_ALONG = 6;
    /** Up to this many decades a log axis has a tick at each (beyond, at the labelled ones only: no solid bar of ticks). */
    static final int EVERY_DECADE = 60;
    /** At most this many labels on a linear axis, horizontal and vertical: round steps, not crowded ones. */
    static final int LINEAR_LABELS_ACROSS = 11, LINEAR_LABELS_ALONG = 9;
    /** The drawn range reaches this fraction of the labelled range beyond it at each end, so that markers there show whole. */
    static final double PAD = 0.025;

    /** Where a value lies between lo (0) and hi (1). */
    public double fraction(double v) {
        return log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
    }

    /** The labelled ticks. */
    public List<Tick> labelled() {
        List<Tick> out = new ArrayList<>();
        for (Tick t : ticks) if (t.label() != null) out.add(t);
        return out;
    }

    /**
     * The scale for data from dataLo to dataHi (both positive on a log axis; NaN when there are none) on an axis
     * pixels long, horizontal or vertical, with labels that do not overlap.
     */
    public static Scale fit(boolean log, double dataLo, double dataHi, double pixels, boolean horizontal) {
        if (!(dataLo <= dataHi)) { dataLo = log ? 0.1 : 0; dataHi = 1; }
        return log ? logarithmic(dataLo, dataHi, pixels, horizontal) : linear(dataLo, dataHi, pixels, horizontal);
    }

    private static Scale logarithmic(double dataLo, double dataHi, double pixels, boolean horizontal) {
        int kLo = (int) Math.floor(Math.log10(dataLo) + 1e-9), kHi = (int) Math.ceil(Math.log10(dataHi) - 1e-9);
        if (kHi <= kLo) kHi = kLo + 1;
        for (int stride = 1; ; stride++) {
            int lo = Math.floorDiv(kLo, stride) * stride, hi = -Math.floorDiv(-kHi, stride) * stride;
            List<Tick> ticks = new ArrayList<>();
            for (int k = lo; k <= hi; k++) {
                boolean labelled = (k - lo) % stride == 0;
                if (labelled || hi - lo <= EVERY_DECADE) ticks.add(new Tick(Math.pow(10, k), labelled ? RichText.power(k) : null));
                if (k == hi || hi - lo > 12) continue;
                for (int m = 2; m <= 9; m++) ticks.add(new Tick(m * Math.pow(10, k), null));
            }
            Scale decades = new Scale(true, Math.pow(10, lo), Math.pow(10, hi), ticks, "").padded();
            if (hi - lo <= 2) {
                List<Tick> finer = new ArrayList<>();
                for (Tick t : ticks) {
                    int k = (int) Math.floor(Math.log10(t.value()) + 1e-9), m = (int) Math.round(t.value() / Math.pow(10, k));
                    finer.add(t.label() == null && (m == 2 || m == 5) ? new Tick(t.value(), RichText.multiple(m, k)) : t);
                }
                double tightLo = Math.pow(10, lo), tightHi = Math.pow(10, hi);
                for (Tick t : finer) {
                    if (t.label() == null) continue;
                    if (t.value() <= dataLo * (1 + 1e-12)) tightLo = t.value();
                    if (t.value() >= dataHi * (1 - 1e-12) && t.value() < tightHi) tightHi = t.value();
                }
                List<Tick> inside = new ArrayList<>();
                for (Tick t : finer) if (t.value() >= tightLo && t.value() <= tightHi) inside.add(t);
                Scale tight = new Scale(true, tightLo, tightHi, inside, "").padded();
                if (tightHi > tightLo && tight.fits(pixels, horizontal)) return tight;
            }
            if (decades.fits(pixels, horizontal) || stride > kHi - kLo) return decades;
        }
    }

    private static Scale linear(double dataLo, double dataHi, double pixels, boolean horizontal) {
        if (dataHi == dataLo) {
            double pad = dataLo == 0 ? 1 : Math.abs(dataLo) * 0.1;
            dataLo -= pad;
            dataHi += pad;
        }
        int decade = (int) Math.floor(Math.log10((dataHi - dataLo) / 12));
        for (int d = decade; ; d++) {
            for (int m : new int[]{1, 2, 5}) {
                Scale s = multiples(dataLo, dataHi, m, d);
                boolean few = s.labelled().size() <= (horizontal ? LINEAR_LABELS_ACROSS : LINEAR_LABELS_ALONG);
                if ((few && s.fits(pixels, horizontal)) || d > decade + 20) return s;
            }
        }
    }

    /** Ticks at the multiples of m x 10^d covering [dataLo, dataHi], labelled with one number format. */
    private static Scale multiples(double dataLo, double dataHi, int m, int d) {
        double step = m * Math.pow(10, d);
        long a = (long) Math.floor(dataLo / step + 1e-9), b = (long) Math.ceil(dataHi / step - 1e-9);
        if (b == a) b++;
        double maxAbs = Math.max(Math.abs(a * step), Math.abs(b * step));
        int e = step >= 1e-3 && maxAbs < 1e5 ? 0 : (int) Math.floor(Math.log10(maxAbs));
        int decimals = Math.max(0, e - d);
        List<Tick> ticks = new ArrayList<>();
        for (long i = a; i <= b; i++) {
            String text = String.format(Locale.ROOT, "%." + decimals + "f", i * step / Math.pow(10, e));
            if (text.matches("-0(\\.0*)?")) text = text.substring(1);
            ticks.add(new Tick(i * step, RichText.of(text.replace('-', '\u2212'))));
        }
        return new Scale(false, a * step, b * step, ticks, e == 0 ? "" : " (\u00d710^{" + e + "})").padded();
    }

    /** The same ticks on a range PAD wider at each end (in log10 on a log axis). */
    private Scale padded() {
        if (log) {
            double span = Math.log10(hi) - Math.log10(lo);
            return new Scale(true, lo * Math.pow(10, -PAD * span), hi * Math.pow(10, PAD * span), ticks, titleSuffix);
        }
        double span = hi - lo;
        return new Scale(false, lo - PAD * span, hi + PAD * span, ticks, titleSuffix);
    }

    /** The smallest and the largest labelled value: the range that holds the data. */
    public double[] labelledRange() {
        List<Tick> l = labelled();
        return new double[]{l.get(0).value(), l.get(l.size() - 1).value()};
    }

    /** True when neighbouring labels keep their gap: side by side on a horizontal axis, stacked on a vertical one. */
    boolean fits(double pixels, boolean horizontal) {
        List<Tick> l = labelled();
        if (l.size() > (horizontal ? 16 : 30)) return false;
        for (int i = 1; i < l.size(); i++) {
            Typeface.Extent a = Typeface.TICK.measure(l.get(i - 1).label()), b = Typeface.TICK.measure(l.get(i).label());
            double distance = pixels * Math.abs(fraction(l.get(i).value()) - fraction(l.get(i - 1).value()));
            double needed = horizontal ? (a.width() + b.width()) / 2 + GAP_ACROSS : (a.height() + b.height()) / 2 + GAP_ALONG;
            if (distance < needed) return false;
        }
        return true;
    }
}
