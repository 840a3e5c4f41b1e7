package org.geomech.ensemble;

import org.geomech.InputException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One statistic of an observer over the members, by name: mean, max and msd (reduced in blocks on the backend), min,
 * std and the quantiles qP (P in percent; computed from every member's value by Spread), and the histogram hist:BINS or
 * hist:LO,HI,BINS (Bins: the members per bin, also from every value by Spread; not one number, so not a column of the
 * time series). Every place that names, orders, parses or reads a statistic goes through this type, so a new statistic is
 * added here once.
 *
 * @param name  its name: "mean", "max", "msd", "min", "std", "qP" or "hist:..."
 * @param kind  what it is
 * @param level the quantile level in [0, 1] (NaN for the others)
 */
public record Statistic(String name, Kind kind, double level) {
    /** What a statistic is, in column order (the quantiles by level, then the histogram). */
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
        QUANTILE,
        /** The counts of members in bins (Bins) at each output. */
        HIST
    }

    /** The names of the statistics other than the quantiles, in column order. */
    public static final List<String> NAMES = List.of("mean", "max", "msd", "min", "std");

    /** What names every statistic in messages. */
    public static final String KNOWN = String.join(", ", NAMES) + ", a quantile qP (P in percent: q5, q50, q99.9) or a histogram hist:BINS or"
            + " hist:LO,HI,BINS";

    /** The statistic of this name; InputException (exit 2) naming the known ones where there is none. */
    public static Statistic parse(String name) {
        int k = NAMES.indexOf(name);
        if (k >= 0) return new Statistic(name, Kind.values()[k], Double.NaN);
        if (name.startsWith(Bins.PREFIX)) {
            Bins.parse(name);
            return new Statistic(name, Kind.HIST, Double.NaN);
        }
        if (name.matches("q[0-9]+(\\.[0-9]+)?")) {
            double p = Double.parseDouble(name.substring(1));
            if (p <= 100) return new Statistic(name, Kind.QUANTILE, p / 100);
        }
        throw new InputException("statistics: unknown statistic '" + name + "' (statistics: " + KNOWN + ")");
    }

    /**
     * The statistics of these names without repeats, in column order: the others as NAMES lists them, then the quantiles by
     * level, then the histogram. A name that is a number continues a histogram before it (hist:LO,HI,BINS split at its
     * commas, as a comma-separated flag splits it). At most one histogram.
     */
    public static List<Statistic> parse(List<String> names) { return PARSED.computeIfAbsent(List.copyOf(names), Statistic::parseAll); }

    /**
     * The lists parsed in this JVM: a run asks for its statistics at every output row (Scenario.scalarStatistics), between
     * batches while the workers wait, and a fresh JVM parsed them in its slow tiers each time.
     */
    private static final Map<List<String>, List<Statistic>> PARSED = new ConcurrentHashMap<>();

    private static List<Statistic> parseAll(List<String> names) {
        List<String> joined = new ArrayList<>();
        for (String n : names) {
            String last = joined.isEmpty() ? "" : joined.get(joined.size() - 1);
            if (last.startsWith(Bins.PREFIX) && n.strip().matches("[-+]?[0-9.][0-9.eE+-]*")) joined.set(joined.size() - 1, last + "," + n.strip());
            else joined.add(n.strip());
        }
        List<Statistic> out = new ArrayList<>();
        for (String n : joined) {
            Statistic s = parse(n);
            if (out.stream().noneMatch(o -> o.name.equals(s.name))) out.add(s);
        }
        List<String> histograms = out.stream().filter(s -> s.kind == Kind.HIST).map(Statistic::name).toList();
        if (histograms.size() > 1) throw new InputException("statistics: one histogram per run, got " + String.join(" and ", histograms));
        out.sort(Comparator.comparing(Statistic::kind).thenComparingDouble(Statistic::level));
        return List.copyOf(out);
    }

    /** The bins of the histogram among these statistics (null: none asked for). */
    public static Bins bins(List<Statistic> statistics) {
        return statistics.stream().filter(s -> s.kind == Kind.HIST).findFirst().map(s -> Bins.parse(s.name)).orElse(null);
    }

    /** Whether this statistic is one number per output (a column of the time series): all but the histogram. */
    public boolean scalar() { return kind != Kind.HIST; }

    /** The quantile levels among these statistics, in column order. */
    public static double[] levels(List<Statistic> statistics) {
        return statistics.stream().filter(s -> s.kind == Kind.QUANTILE).mapToDouble(Statistic::level).toArray();
    }

    /** Whether any of these needs every member's value at each output (Spread), not only the block reductions. */
    public static boolean needSpread(List<Statistic> statistics) { return statistics.stream().anyMatch(Statistic::spread); }

    /** Whether this statistic is computed from every member's value (min, std, quantiles, histogram) rather than by block reduction. */
    public boolean spread() { return kind == Kind.MIN || kind == Kind.STD || kind == Kind.QUANTILE || kind == Kind.HIST; }

    /**
     * Its value among an observer's statistics at one output, whose quantiles are at levels (NaN where it was not computed);
     * IllegalArgumentException for the histogram, which is not one number (Statistics.histogram).
     */
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
            case HIST -> throw new IllegalArgumentException(name + " is a histogram, not one number");
        };
    }
}
