package org.geomech.engine;

import org.geomech.ensemble.Bins;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.SweepPlan;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The spread of each observer across each sweep point's running members at every output time: the
 * minimum, the standard deviation (two passes: the mean, then the mean square about it; population
 * form, divided by the count) and exact quantiles (the sorted values, linearly interpolated between
 * order statistics at position p (n - 1), Hyndman and Fan's type 7, as NumPy's default). The observers
 * are evaluated on the host from the states the backend brings back at each output time, member by
 * member, so the result is the same function of the states on every backend, whatever the threads.
 * <p>
 * Where every output's values of every member are more than a run should keep (slabs of 10^8 members), the spread is
 * summarised instead (sketch k > 0): the members' values are fed in member order to one QuantileSketch per output,
 * point and observer (quantiles within its stated rank error), with the exact minimum and the standard deviation by
 * Welford's recurrence, and the histogram counted as the values come (a fixed range only: an automatic one needs every
 * value first); fed in the same order, a run in memory and the same run in slabs give bitwise the same.
 * <p>
 * Where failed members are run again (Retries), a retrying spread holds what their values enter: exact, each output's
 * values of every point that has a member not running there; sketched, every output's summaries open. merge then puts
 * each retried member's values in from its first output that no longer held it: exact, in its own place among its
 * point's members (so min, std, quantiles and histogram are those of the point's members with its values, as if it had
 * run in the launch); sketched, fed after the launch's members (sketches and histogram counts), the retried members in
 * member order.
 */
public final class Spread implements EnsembleRun.Recorder {
    /** Members of a point from which its observers' spreads are computed in parallel (spread). */
    private static final int PARALLEL_MEMBERS = 4 * Reduction.BLOCK;

    private final Tape tape;
    private final double[] params, levels;
    private final Bins bins;
    private final SweepPlan plan;
    private final int observers, sketch;
    private final boolean retrying;
    /** Exact and retrying: the values of the points with a member not running, per output time recorded. */
    private final List<Held> held = new ArrayList<>();
    /** Per output time, per point, per observer: min, std, the quantiles, then the histogram where asked for (Histogram.flat). */
    private final List<double[][][]> times = new ArrayList<>();
    /** Sketch mode: per output time fed and not yet summarised, per point and observer. */
    private final List<Summary[][]> open = new ArrayList<>();
    private double rankError;

    /**
     * One output's running summary of one point and observer: the sketch, the minimum, Welford's count, mean and sum of
     * squares, and the histogram's counts (null: none asked for).
     */
    private static final class Summary {
        final QuantileSketch quantiles;
        final Histogram.Counter histogram;
        double min = Double.POSITIVE_INFINITY, mean, squares;
        long n;

        Summary(int k, Bins bins) {
            quantiles = new QuantileSketch(k);
            histogram = bins == null ? null : new Histogram.Counter(bins.lo(), bins.hi(), bins.count());
        }

        Summary(Partial p) {
            quantiles = QuantileSketch.of(p.quantiles());
            histogram = p.histogram() == null ? null : new Histogram.Counter(p.histogram());
            min = p.min();
            mean = p.mean();
            squares = p.squares();
            n = p.n();
        }

        Partial partial() { return new Partial(quantiles.state(), min, mean, squares, n, histogram == null ? null : histogram.histogram()); }

        void add(double x) {
            quantiles.add(x);
            if (histogram != null) histogram.add(x);
            min = Math.min(min, x);
            n++;
            double d = x - mean;
            mean += d / n;
            squares += d * (x - mean);
        }

        double[] spread(double[] levels) {
            double[] out = new double[2 + levels.length];
            if (n == 0) Arrays.fill(out, Double.NaN);
            else {
                out[0] = min;
                out[1] = Math.sqrt(squares / n);
                System.arraycopy(quantiles.quantiles(levels), 0, out, 2, levels.length);
            }
            return histogram == null ? out : join(out, histogram.histogram());
        }
    }

    /**
     * One output's running summary of one point and observer, as a checkpoint keeps it: its sketch, minimum, Welford's
     * count, mean and sum of squares, and the histogram counted so far (null: none asked for).
     */
    public record Partial(QuantileSketch.State quantiles, double min, double mean, double squares, long n, Histogram histogram) {}

    /**
     * The summaries of a spread fed slab by slab and not summarised yet (a checkpoint of slabs keeps them): sketches of k
     * values per level, per output row fed so far, per point and observer.
     */
    public record Sketches(int k, List<Partial[][]> rows) {
        /** Keeps a copy of the rows. */
        public Sketches {
            rows = List.copyOf(rows);
        }
    }

    /** A point's values (observer-major over its members) and running members at an output row, held for retried members. */
    public record Held(int row, int point, double[] values, boolean[] ok) {}

    /** levels: quantile levels in [0, 1]; params: the step's parameter values (h first, as the backend gets them); exact quantiles, no histogram. */
    public Spread(StepSystem step, List<Observer> observers, double[] params, SweepPlan plan, double[] levels) {
        this(step, observers, params, plan, levels, null, 0, false);
    }

    /**
     * As above, with the histogram of bins (null: none), summarised by sketches of k values per level (k even), or exact
     * where k is 0; retrying: holding what merge needs to take retried members in. IllegalArgumentException for sketches
     * with an automatic histogram range, which needs every value first.
     */
    public Spread(StepSystem step, List<Observer> observers, double[] params, SweepPlan plan, double[] levels, Bins bins, int k, boolean retrying) {
        if (k > 0 && bins != null && bins.automatic()) throw new IllegalArgumentException("an automatic histogram range is not sketched");
        List<Expr> inputs = new ArrayList<>(step.state());
        inputs.addAll(step.params());
        this.tape = Tape.compile(inputs, observers.stream().map(Observer::expression).toList());
        this.params = params.clone();
        this.plan = plan;
        this.observers = observers.size();
        this.levels = levels.clone();
        this.bins = bins;
        this.sketch = k;
        this.retrying = retrying;
    }

    @Override
    public void record(double t, EnsembleState state) {
        if (sketch == 0) add(values(state), ok(state));
        else {
            feed(times.size() + open.size(), values(state), ok(state), 0);
            if (!retrying) close(times.size() + 1);
        }
    }

    /** Whether this spread holds what merge needs (its summaries stay open until merge closes them). */
    public boolean retrying() { return retrying; }

    /**
     * A retrying spread with the retried members that reached t_end taken in at every output from their first that no
     * longer held them (values: [row][observer]), as the class says; rows: the launch's output rows. Its every output's spread.
     */
    public List<double[][][]> merge(List<Retries.Retried> retried, int rows) {
        if (!retrying) throw new IllegalStateException("only a retrying spread takes retried members in");
        List<Retries.Retried> ok = retried.stream().filter(Retries.Retried::ok)
                .sorted(java.util.Comparator.comparingInt(Retries.Retried::point).thenComparingInt(Retries.Retried::member)).toList();
        if (sketch > 0) {
            for (Retries.Retried r : ok)
                for (int i = r.from(); i < rows; i++)
                    for (int o = 0; o < observers; o++) open.get(i - times.size())[r.point()][o].add(r.values()[i][o]);
            close(rows);
            return recordedTimes();
        }
        for (Held k : held) {
            List<Retries.Retried> here = ok.stream().filter(r -> r.point() == k.point() && r.from() <= k.row()).toList();
            if (here.isEmpty()) continue;
            int members = k.ok().length;
            double[] values = k.values().clone();
            boolean[] running = k.ok().clone();
            for (Retries.Retried r : here) {
                running[r.member()] = true;
                for (int o = 0; o < observers; o++) values[o * members + r.member()] = r.values()[k.row()][o];
            }
            double[][][] row = times.get(k.row()).clone();
            row[k.point()] = spread(values, running);
            times.set(k.row(), row);
        }
        held.clear();
        return recordedTimes();
    }

    /** Whether this spread summarises by sketches (fed output by output, slab by slab) rather than keeping every value. */
    public boolean sketched() { return sketch > 0; }

    /**
     * Sketch mode: feeds output row's values of a slab of the launch (values(state) and ok(state) of launch members
     * first ..) in member order; slabs are fed in launch order, each through all its outputs.
     */
    public void feed(int row, double[] values, boolean[] ok, long first) {
        while (open.size() <= row - times.size()) {
            Summary[][] at = new Summary[plan.points()][observers];
            for (Summary[] point : at) for (int o = 0; o < observers; o++) point[o] = new Summary(sketch, bins);
            open.add(at);
        }
        Summary[][] at = open.get(row - times.size());
        int members = ok.length;
        for (int j = 0; j < members; j++) {
            int g = Math.toIntExact(first + j);
            if (!ok[j] || plan.padding(g)) continue;
            for (int o = 0; o < observers; o++) at[plan.point(g)][o].add(values[o * members + j]);
        }
    }

    /** Sketch mode: summarises every output fed so far up to row rows - 1 (every member of them has been fed). */
    public void close(int rows) {
        while (times.size() < rows) {
            Summary[][] at = open.remove(0);
            double[][][] row = new double[plan.points()][observers][];
            for (int p = 0; p < at.length; p++) for (int o = 0; o < observers; o++) row[p][o] = at[p][o].spread(levels);
            times.add(row);
            rankError = Math.max(rankError, rankError(at));
        }
    }

    // the largest relative rank error of an output's sketches
    private static double rankError(Summary[][] at) {
        double worst = 0;
        for (Summary[] point : at) for (Summary s : point) if (s.n > 0) worst = Math.max(worst, s.quantiles.rankError() / s.n);
        return worst;
    }

    /** Sketch mode, before any output is summarised: a copy of the summaries fed so far. */
    public Sketches sketches() {
        if (sketch == 0 || !times.isEmpty()) throw new IllegalStateException("only a sketched spread fed slab by slab keeps its summaries");
        List<Partial[][]> rows = new ArrayList<>();
        for (Summary[][] at : open) {
            Partial[][] row = new Partial[at.length][observers];
            for (int p = 0; p < at.length; p++) for (int o = 0; o < observers; o++) row[p][o] = at[p][o].partial();
            rows.add(row);
        }
        return new Sketches(sketch, rows);
    }

    /** Takes up the summaries a checkpoint of slabs kept (sketches of this spread's k), before the slabs after them feed it. */
    public void restore(Sketches kept) {
        if (!times.isEmpty() || !open.isEmpty()) throw new IllegalStateException("summaries are restored before the spread is fed");
        if (kept.k() != sketch) throw new IllegalArgumentException("summaries of sketches of " + kept.k() + " values per level, this spread's have " + sketch);
        for (Partial[][] row : kept.rows()) {
            if (row.length != plan.points()) throw new IllegalArgumentException("summaries of " + row.length + " sweep points, the run has " + plan.points());
            Summary[][] at = new Summary[row.length][observers];
            for (int p = 0; p < row.length; p++) {
                if (row[p].length != observers) throw new IllegalArgumentException("summaries of " + row[p].length + " observers, the run has " + observers);
                for (int o = 0; o < observers; o++) {
                    if ((row[p][o].histogram() == null) != (bins == null))
                        throw new IllegalArgumentException("summaries " + (bins == null ? "with" : "without") + " a histogram, the run asks for " + (bins == null ? "none" : "one"));
                    at[p][o] = new Summary(row[p][o]);
                }
            }
            open.add(at);
        }
    }

    /** The largest rank error of a quantile summarised so far, as a fraction of the members (0: exact). */
    public double rankError() { return rankError; }

    /**
     * The observer values of every member of a state (observer-major, o * members + j; 0 where a member is not ok),
     * evaluated in parallel blocks: a function of each member's state alone, so a slab of members gives its members'
     * values bitwise as the whole launch does.
     */
    public double[] values(EnsembleState state) {
        int members = state.members(), components = state.components();
        double[] values = new double[observers * members];
        int blocks = Reduction.blocks(members);
        ThreadLocal<Tape> tapes = ThreadLocal.withInitial(tape::copy);
        IntStream.range(0, blocks).parallel().forEach(b -> {
            Tape own = tapes.get();
            double[] in = new double[components + params.length], out = new double[observers];
            System.arraycopy(params, 0, in, components, params.length);
            for (int j = b * Reduction.BLOCK; j < Math.min(members, (b + 1) * Reduction.BLOCK); j++) {
                if (!state.ok(j)) continue;
                for (int c = 0; c < components; c++) in[c] = state.get(c, j);
                own.eval(in, out);
                for (int o = 0; o < observers; o++) values[o * members + j] = out[o];
            }
        });
        return values;
    }

    /** Which members of a state are running (the members whose values count). */
    public static boolean[] ok(EnsembleState state) {
        boolean[] ok = new boolean[state.members()];
        for (int j = 0; j < ok.length; j++) ok[j] = state.ok(j);
        return ok;
    }

    /** Records one output time from the values and running members of the whole launch (values(state) and ok(state), or their slabs joined). */
    public void add(double[] values, boolean[] ok) {
        int members = ok.length, m = plan.members();
        double[][][] at = new double[plan.points()][][];
        for (int p = 0; p < plan.points(); p++) {
            int first = plan.first(p);
            double[] own = new double[observers * m];
            for (int o = 0; o < observers; o++) System.arraycopy(values, o * members + first, own, o * m, m);
            boolean[] running = Arrays.copyOfRange(ok, first, first + m);
            at[p] = spread(own, running);
            boolean all = true;
            for (boolean r : running) all &= r;
            if (retrying && !all) held.add(new Held(times.size(), p, own, running));
        }
        times.add(at);
    }

    // [observer][min, std, quantiles..., histogram...] of one point's running members (values observer-major over its
    // members), the observers in parallel where the point has PARALLEL_MEMBERS or more (each its own: the same values
    // whatever the threads; below that a fork-join costs about what the selections do)
    private double[][] spread(double[] values, boolean[] ok) {
        int members = ok.length;
        double[][] out = new double[observers][];
        IntStream each = IntStream.range(0, observers);
        (members >= PARALLEL_MEMBERS ? each.parallel() : each).forEach(o -> {
            double[] x = new double[members];
            int n = 0;
            for (int j = 0; j < members; j++) if (ok[j]) x[n++] = values[o * members + j];
            out[o] = of(Arrays.copyOf(x, n), levels, bins);
        });
        return out;
    }

    /** The number of observers whose values values() gives per member. */
    public int observers() { return observers; }

    /** min, std, the quantiles at the levels, then the histogram of bins (none where null; Histogram.flat), of values. */
    public static double[] of(double[] values, double[] levels, Bins bins) {
        double[] out = of(values, levels);
        return bins == null ? out : join(out, bins.of(values));
    }

    // a spread with the histogram after it
    private static double[] join(double[] spread, Histogram histogram) {
        double[] flat = histogram.flat(), out = Arrays.copyOf(spread, spread.length + flat.length);
        System.arraycopy(flat, 0, out, spread.length, flat.length);
        return out;
    }

    /** min, std, then the quantiles at the levels, of values (NaN for none). */
    public static double[] of(double[] values, double[] levels) {
        double[] out = new double[2 + levels.length];
        int n = values.length;
        if (n == 0) {
            Arrays.fill(out, Double.NaN);
            return out;
        }
        // the ranks read: the smallest, and each level's two neighbours in ascending order (OrderStatistics: no sort)
        int[] ranks = new int[1 + 2 * levels.length];
        double[] positions = new double[levels.length];
        for (int k = 0; k < levels.length; k++) {
            positions[k] = levels[k] * (n - 1);
            int below = (int) Math.floor(positions[k]);
            ranks[1 + 2 * k] = below;
            ranks[2 + 2 * k] = Math.min(below + 1, n - 1);
        }
        double[] at = OrderStatistics.at(values, ranks);
        double mean = 0;
        for (double x : values) mean += x;
        mean /= n;
        double square = 0;
        for (double x : values) square += (x - mean) * (x - mean);
        out[0] = at[0];
        out[1] = Math.sqrt(square / n);
        for (int k = 0; k < levels.length; k++) {
            double below = at[1 + 2 * k], above = at[2 + 2 * k];
            out[2 + k] = below + (positions[k] - ranks[1 + 2 * k]) * (above - below);
        }
        return out;
    }

    /** The spread at output time index i of a point: [observer][min, std, quantiles..., histogram...]. */
    public double[][] at(int i, int point) { return times.get(i)[point]; }

    /** The output times recorded so far. */
    public int recorded() { return times.size(); }

    /** Every output time's spread so far, [time][point][observer][min, std, quantiles...] (what a checkpoint keeps). */
    public List<double[][][]> recordedTimes() { return List.copyOf(times); }

    /** Takes up the spread of the output times a checkpoint recorded, before the run goes on from it. */
    public void restore(List<double[][][]> earlier) { restore(earlier, List.of()); }

    /** As above, with the values a retrying exact spread held for those output times. */
    public void restore(List<double[][][]> earlier, List<Held> kept) {
        if (!times.isEmpty()) throw new IllegalStateException("a spread is restored before it records");
        if (!kept.isEmpty() && (!retrying || sketch > 0)) throw new IllegalArgumentException("values held for retried members, but this spread is not exact and retrying");
        times.addAll(earlier);
        held.addAll(kept);
    }

    /** The values an exact retrying spread holds so far for retried members (what a checkpoint keeps beside recordedTimes). */
    public List<Held> held() { return List.copyOf(held); }
}
