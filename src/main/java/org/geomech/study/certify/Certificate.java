package org.geomech.study.certify;

import org.geomech.study.ConvergenceStudy;

import java.util.List;

/**
 * A method certificate of a method of the given (claimed) order: one line per measured property with what the method's paper claims, what was measured and whether
 * the two agree, and the data behind the plots (the convergence study, the energy error over the long run).
 */
public record Certificate(String method, int order, String model, String backend, String source, List<Line> lines, ConvergenceStudy.Result orders,
                          EnergySeries energy) {
    /**
     * agrees: the measurement bears the claim out; disagrees: it does not; not_measured: a run failed before the claim could be
     * measured; not_claimed: measured for information only.
     */
    public enum Verdict {
        /** The measurement bears the claim out. */
        AGREES,
        /** It does not. */
        DISAGREES,
        /** A run failed before the claim could be measured. */
        NOT_MEASURED,
        /** Measured for information only. */
        NOT_CLAIMED
    }

    /** One property: its name, the claim (with its source), the measurement in words and as a number, and the verdict. */
    public record Line(String property, String claim, String measured, double value, Verdict verdict) {}

    /**
     * The root-mean-square energy error over the members, sqrt(msd), against t over the long run at step h (NaN once a member failed), the least-squares
     * slope of it, and the drift ratio |slope| t_end / max error (near 0 bounded, near 1 a steady drift).
     */
    public record EnergySeries(double h, double[] t, double[] error, double slope, double driftRatio) {}

    /** True when every claim was measured and none is contradicted. */
    public boolean agrees() { return lines.stream().allMatch(l -> l.verdict() == Verdict.AGREES || l.verdict() == Verdict.NOT_CLAIMED); }

    /** The line of a property (IllegalArgumentException if none). */
    public Line line(String property) {
        return lines.stream().filter(l -> l.property().equals(property)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no line " + property + " in " + lines.stream().map(Line::property).toList()));
    }
}
