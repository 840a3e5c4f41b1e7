package org.geomech.ensemble;

import org.geomech.InputException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One statistic of an observer over the members, by name: mean, max and msd (reduced in blocks on the backend), min,
 * std and the quantiles qP (P in percent; computed from every member's value by Spread). Every place that names,
 * orders, parses or reads a statistic goes through this type, so a new statistic is added here once.
 *
 * @param name  its name: "mean", "max", "msd", "min", "std" or "qP"
 * @param kind  what it is
 * @param level the quantile level in [0, 1] (NaN for the others)
 */
public record Statistic(String name, Kind kind, double level) {
    /** What a statistic is, in column order (the quantiles last, by level). */
    public enum Kind {
        /** The mean over the ok members. */
        MEAN,
        /** The maximum. */
        MAX,
        /** The mean-square deviation from each member's initial value (001 eq. 33). */
        MSD,
        /** The minimum. */
        MIN,
        /** The population standard deviation. */
        STD,
        /** A quantile at a level. */
        QUANTILE
    }

    /** The names of the statistics other than the quantiles, in column order. */
    public static final List<String> NAMES = List.of("mean", "max", "msd", "min", "std");

    /** What names every statistic in messages. */
    public static final String KNOWN = String.join(", ", NAMES) + " or a quantile qP (P in percent: q5, q50, q99.9)";

    /** The statistic of this name; InputException (exit 2) naming the known ones where there is none. */
    public static Statistic parse(String name) {
        int k = NAMES.indexOf(name);
        if (k >= 0) return new Statistic(name, Kind.values()[k], Double.NaN);
        if (name.matches("q[0-9]+(\\.[0-9]+)?")) {
            double p = Double.parseDouble(name.substring(1));
            if (p <= 100) return new Statistic(name, Kind.QUANTILE, p / 100);
        }
        throw new InputException("statistics: unknown statistic '" + name + "' (statistics: " + KNOWN + ")");
    }

    /** The statistics of these names without repeats, in column order: the others as NAMES lists them, then the quantiles by level. */
    public static List<Statistic> parse(List<String> names) {
        List<Statistic> out = new ArrayList<>();
        for (String n : names) {
            Statistic s = parse(n);
            if (out.stream().noneMatch(o -> o.name.equals(s.name))) out.add(s);
        }
        out.sort(Comparator.comparing(Statistic::kind).thenComparingDouble(Statistic::level));
        return out;
    }

    /** The quantile levels among these statistics, in column order. */
    public static double[] levels(List<Statistic> statistics) {
        return statistics.stream().filter(s -> s.kind == Kind.QUANTILE).mapToDouble(Statistic::level).toArray();
    }

    /** Whether any of these needs every member's value at each output (Spread), not only the block reductions. */
    public static boolean needSpread(List<Statistic> statistics) { return statistics.stream().anyMatch(Statistic::spread); }

    /** Whether this statistic is computed from every member's value (min, std, quantiles) rather than by block reduction. */
    public boolean spread() { return kind == Kind.MIN || kind == Kind.STD || kind == Kind.QUANTILE; }

    /** Its value among an observer's statistics at one output, whose quantiles are at levels (NaN where it was not computed). */
    public double of(Statistics s, double[] levels) {
        return switch (kind) {
            case MEAN -> s.mean();
            case MAX -> s.max();
            case MSD -> s.msd();
            case MIN -> s.min();
            case STD -> s.std();
            case QUANTILE -> {
                for (int k = 0; k < levels.length && k < s.quantiles().length; k++) if (levels[k] == level) yield s.quantiles()[k];
                yield Double.NaN;
            }
        };
    }
}
