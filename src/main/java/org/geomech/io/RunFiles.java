package org.geomech.io;

import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Statistic;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.ensemble.SweepPlan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The files and summary of {@code geomech run}, written from what the engine hears (an Engine.Listener): the time series
 * row by row as the rows come (timeseries.csv; timeseries.npy at the end), and as each step size's launch ends its
 * results and failures into the summary, its trajectories and final states (named by step size and sweep point where the
 * run has several, so a run killed later keeps them) and, where a histogram is asked for, its outputs' counts (appended to
 * hist.csv); in slabs, the final states as each slab hands them on (FinalStateFile). It keeps no step size's states: with
 * an engine that drops them once heard (Run.resultsHoldStates(false)), memory holds one step size's at a time (in slabs, one
 * slab's final states). The summary names the files at the end, in that order.
 */
public final class RunFiles implements Engine.Listener {
    /**
     * One step size's run (of one sweep point, with its index and parameter values, in a sweep): its counters and each observer's
     * statistics at the final time; where h varies per member, h is left out, hPerMember says how, and steps counts output intervals.
     */
    public record StepSizeResult(Double h, String hPerMember, long steps, int ok, int failed, long memberSteps,
                                 double steppingSeconds, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations,
                                 Map<String, Statistics> atEnd, Integer point, Map<String, Double> parameters) implements Json.Members {
        /** Member-steps per second of stepping. */
        public double memberStepsPerSecond() { return memberSteps / steppingSeconds; }

        /** Its components (the null ones left out), then member_steps_per_second. */
        @Override
        public void members(Json.Fields out) {
            Json.components(this, out);
            out.put("member_steps_per_second", memberStepsPerSecond());
        }
    }

    /** A launch's result (of one sweep point), its step size, and the time of its last row. */
    public record Reported(StepSize stepSize, StepSizeResult result, double t) {}

    /** The h column of timeseries.csv where h varies per member (timeseries.npy, all numbers, has NaN there). */
    public static final String VARIES = "varies";

    /**
     * How the run's files are laid out: npy or csv, the statistics' columns, the trajectory members, whether final states are
     * saved, and how many step sizes the run has (more than one: each step size's files are named by it).
     */
    public record Layout(String format, List<String> statistics, double[] levels, List<Integer> trajectoryMembers, boolean finalStates, int stepSizes) {}

    private final Supplier<Path> folder;
    private final RunSummary summary;
    private final Layout layout;
    private final SweepPlan plan;
    /** The statistics that are one number a row (the columns of timeseries), and whether a histogram is asked for. */
    private final List<Statistic> statistics;
    private final boolean histograms;
    private final List<String> header = new ArrayList<>();
    /** The rows of timeseries.npy, kept until the end (csv rows go to the file as they come and are not kept). */
    private final List<List<Object>> rows = new ArrayList<>();
    private final List<StepSizeResult> results = new ArrayList<>();
    private final List<Reported> reported = new ArrayList<>();
    /** The stems of the trajectory and final-state files written, each once, in the order first written. */
    private final Set<String> trajectories = new LinkedHashSet<>(), finalStates = new LinkedHashSet<>();
    private List<String> observers, components;
    private boolean started;
    private SeriesFile seriesFile, histogramFile;
    /** The final states of the step size under way in slabs, written as its slabs hand them on (null: none open). */
    private FinalStateFile slabStates;

    /** folder: the output folder, created on first use; the summary names the files and holds the results. */
    public RunFiles(Supplier<Path> folder, RunSummary summary, Layout layout, SweepPlan plan) {
        this.folder = folder;
        this.summary = summary;
        this.layout = layout;
        this.plan = plan;
        List<Statistic> all = Statistic.parse(layout.statistics());
        this.statistics = all.stream().filter(Statistic::scalar).toList();
        this.histograms = all.size() > statistics.size();
        summary.results(results);
    }

    @Override
    public void columns(List<String> observers, List<String> components) {
        this.observers = observers;
        this.components = components;
        header.addAll(List.of("h", "t", "step", "ok"));
        if (swept()) header.add(1, "point");
        for (String o : observers) for (Statistic s : statistics) header.add(o + "_" + s.name());
    }

    @Override
    public void started(InitialStates.Report consistency, long[] flops) {
        if (!started) summary.consistency(consistency).flopsPerStep(flops);
        started = true;
        if (seriesFile == null && layout.format().equals("csv")) {
            Path f = folder.get();
            summary.file("timeseries.csv").write(f);   // the summary names the file before its first row
            seriesFile = SeriesFile.create(f.resolve("timeseries.csv"), header);
        }
    }

    @Override
    public void output(StepSize stepSize, int point, EnsembleRun.Row row, double[][] spread) {
        List<Object> cells = new ArrayList<>(List.of(column(stepSize), row.t(), row.step(), row.ok()));
        if (swept()) cells.add(1, point);
        for (Statistics st : row.withSpread(spread, layout.levels().length).stats()) for (Statistic s : statistics) cells.add(s.of(st, layout.levels()));
        if (seriesFile != null) seriesFile.append(cells);
        if (layout.format().equals("npy")) rows.add(cells);
    }

    /**
     * Appends a slab's final states to the step size's final-states file, created by its first slab (resumed: after the rows
     * before it); the summary names the file once the step size finishes (a run stopped before then leaves it part written).
     */
    @Override
    public void finalStates(StepSize stepSize, long first, int count, double[] states) {
        if (!layout.finalStates()) return;
        if (slabStates == null) {
            boolean npy = layout.format().equals("npy");
            slabStates = FinalStateFile.open(folder.get().resolve(finalStateStem(stepSize) + (npy ? ".npy" : ".csv")), npy, components, plan, first);
        }
        slabStates.append(first, count, states);
    }

    /**
     * Writes the step size's trajectories, final states and histograms (a launch a stop signal ended, as far as it went); a
     * step size heard again on resume without its states (null), or whose slabs handed them on, keeps the files written then.
     */
    @Override
    public void finished(Engine.StageResult stage, boolean complete) {
        closeSlabStates();
        StepSize h = stage.stepSize();
        Path out = folder.get();
        for (SweepRun.Point p : stage.points())
            if (layout.trajectoryMembers() != null) writeTrajectories(out, trajectoryStem(h, p.index()), stage, p.index());
        if (layout.finalStates()) writeFinalStates(out, finalStateStem(h), stage);
        if (histograms) writeHistograms(out, stage);
        if (!complete) return;   // a stop signal ended it: its rows so far are in the time series, its results are not final
        long memberSteps = 0;
        double seconds = 0;
        EnsembleRun.Result run = stage.run();
        for (SweepRun.Point p : stage.points()) {
            List<EnsembleRun.Row> pointRows = stage.rows(p.index(), layout.levels().length);
            EnsembleRun.Row last = pointRows.get(pointRows.size() - 1);
            memberSteps += p.memberSteps();
            seconds = run.seconds();
            Map<String, Statistics> atEnd = new LinkedHashMap<>();
            for (int o = 0; o < observers.size(); o++) atEnd.put(observers.get(o), last.stats().get(o));
            StepSizeResult result = new StepSizeResult(label(h), plan.stepSizes() == null ? null : plan.stepSizes().describe(), last.step(), last.ok(),
                    plan.members() - last.ok(), p.memberSteps(), run.seconds(), run.newtonIterations(), run.maxNewtonIterations(),
                    run.jacobianFactorisations(), atEnd, swept() ? p.index() : null, swept() ? p.values() : null);
            results.add(result);
            reported.add(new Reported(h, result, last.t()));
        }
        for (MemberFailure f : stage.failures()) summary.failures(1, label(h), f);
        for (Retries.Retried r : stage.retried()) summary.retried(label(h), r);
        summary.work(memberSteps, seconds).newtonIterations(run.newtonIterations());
    }

    /** Every finished step size's result (one per sweep point) with the time of its last row, in the order they finished. */
    public List<Reported> reported() { return List.copyOf(reported); }

    /**
     * Writes timeseries.npy, closes timeseries.csv and hist.csv, and names the files in the summary: the time series, the
     * trajectories, the final states, hist.csv.
     */
    public void close() {
        closeSlabStates();
        Path f = folder.get();
        if (layout.format().equals("npy")) {
            double[] flat = new double[rows.size() * header.size()];
            for (int i = 0; i < rows.size(); i++)
                for (int c = 0; c < header.size(); c++) flat[i * header.size() + c] = rows.get(i).get(c) instanceof Number x ? x.doubleValue() : Double.NaN;
            NpyWriter.write(f.resolve("timeseries.npy"), flat, rows.size(), header.size());
            summary.file("timeseries.npy").columns("timeseries.npy", header);
        } else if (seriesFile != null) {
            seriesFile.close();
        }
        for (String stem : trajectories) named(stem);
        for (String stem : finalStates) named(stem);
        if (histogramFile != null) {
            histogramFile.close();
            summary.file("hist.csv");
        }
    }

    private void closeSlabStates() {
        if (slabStates == null) return;
        slabStates.close();
        slabStates = null;
    }

    // a file of states in the summary: csv, or npy with its last axis's meaning (the state components)
    private void named(String stem) {
        if (layout.format().equals("npy")) summary.file(stem + ".npy").columns(stem + ".npy", components);
        else summary.file(stem + ".csv");
    }

    private boolean swept() { return plan.points() > 1; }

    // trajectories, prefixed where the run has several step sizes or sweep points: h0.1-, then point0- in a sweep
    private String trajectoryStem(StepSize h, int point) {
        return (swept() ? prefix(h) + "point" + point + "-" : layout.stepSizes() > 1 ? prefix(h) : "") + "trajectories";
    }

    // final-states, prefixed h0.1- where the run has several step sizes
    private String finalStateStem(StepSize h) { return (layout.stepSizes() > 1 ? prefix(h) : "") + "final-states"; }

    // a step size as the summary gives it: null where h varies per member
    private static Double label(StepSize h) { return h.h().isPresent() ? h.h().getAsDouble() : null; }

    // a step size in the h column: the shared h, or VARIES
    private static Object column(StepSize h) { return h.h().isPresent() ? (Object) h.h().getAsDouble() : VARIES; }

    // the start of the name of a launch's files where there are several: h0.1- (h per member is its run's only launch)
    private static String prefix(StepSize h) { return h.h().isPresent() ? "h" + h.label() + "-" : ""; }

    // trajectories.npy (times x members x components) or trajectories.csv (t, member, components); one per step size and sweep point
    private void writeTrajectories(Path folder, String stem, Engine.StageResult stage, int point) {
        trajectories.add(stem);
        if (stage.trajectories() == null) return;   // heard again without them: written when the step size first finished
        double[][][] states = stage.trajectories().point(point, plan.points());
        List<EnsembleRun.Row> pointRows = stage.points().get(point).rows();
        List<Integer> members = layout.trajectoryMembers();
        int times = states.length, count = members.size(), n = components.size();
        if (layout.format().equals("npy")) {
            double[] flat = new double[times * count * n];
            for (int k = 0; k < times; k++) for (int i = 0; i < count; i++) System.arraycopy(states[k][i], 0, flat, (k * count + i) * n, n);
            NpyWriter.write(folder.resolve(stem + ".npy"), flat, times, count, n);
        } else {
            List<String> columns = new ArrayList<>(List.of("t", "member"));
            columns.addAll(components);
            List<List<Object>> out = new ArrayList<>();
            for (int k = 0; k < times; k++)
                for (int i = 0; i < count; i++) {
                    List<Object> row = new ArrayList<>(List.of(pointRows.get(k).t(), members.get(i)));
                    for (double x : states[k][i]) row.add(x);
                    out.add(row);
                }
            CsvWriter.write(folder.resolve(stem + ".csv"), columns, out);
        }
    }

    // final-states.csv (point, member, components; written row by row) or final-states.npy (members x components, points one after
    // another); one per step size
    private void writeFinalStates(Path folder, String stem, Engine.StageResult stage) {
        finalStates.add(stem);
        if (stage.finalStates() == null) return;   // heard again without them, or handed on by its slabs: written then
        int n = components.size();
        double[][][] last = stage.finalStates();
        if (layout.format().equals("npy")) {
            int members = 0;
            for (SweepRun.Point p : stage.points()) members += last[p.index()].length;
            double[] flat = new double[members * n];
            int at = 0;
            for (SweepRun.Point p : stage.points())
                for (double[] x : last[p.index()]) {
                    System.arraycopy(x, 0, flat, at, n);
                    at += n;
                }
            NpyWriter.write(folder.resolve(stem + ".npy"), flat, members, n);
        } else {
            List<String> columns = new ArrayList<>(List.of("point", "member"));
            columns.addAll(components);
            try (SeriesFile csv = SeriesFile.create(folder.resolve(stem + ".csv"), columns)) {
                for (SweepRun.Point p : stage.points())
                    for (int j = 0; j < last[p.index()].length; j++) {
                        List<Object> row = new ArrayList<>(List.of(p.index(), j));
                        for (double x : last[p.index()][j]) row.add(x);
                        csv.append(row);
                    }
            }
        }
    }

    /**
     * hist.csv: every histogram of every output, one row per bin (h, the sweep point where there are several, t, observer,
     * bin 0.. with its edges bin_lo, bin_hi, and count), then the members below the bins (bin "below", -Infinity to the
     * lowest edge), above them ("above", the highest edge to Infinity) and not finite ("non_finite", NaN edges); a step
     * size's rows appended as it finishes (the first one heard creates the file).
     */
    private void writeHistograms(Path folder, Engine.StageResult stage) {
        if (histogramFile == null) {
            List<String> columns = new ArrayList<>(List.of("h", "t", "observer", "bin", "bin_lo", "bin_hi", "count"));
            if (swept()) columns.add(1, "point");
            histogramFile = SeriesFile.create(folder.resolve("hist.csv"), columns);
        }
        for (SweepRun.Point p : stage.points())
            for (EnsembleRun.Row row : stage.rows(p.index(), layout.levels().length))
                for (int o = 0; o < observers.size(); o++) {
                    Histogram h = row.stats().get(o).histogram();
                    List<Object> lead = new ArrayList<>(List.of(column(stage.stepSize()), row.t(), observers.get(o)));
                    if (swept()) lead.add(1, p.index());
                    for (int k = 0; k < h.counts().length; k++) histogramFile.append(with(lead, k, h.edge(k), h.edge(k + 1), h.counts()[k]));
                    histogramFile.append(with(lead, "below", Double.NEGATIVE_INFINITY, h.lo(), h.below()));
                    histogramFile.append(with(lead, "above", h.hi(), Double.POSITIVE_INFINITY, h.above()));
                    histogramFile.append(with(lead, "non_finite", Double.NaN, Double.NaN, h.nonFinite()));
                }
    }

    private static List<Object> with(List<Object> lead, Object bin, double lo, double hi, long count) {
        List<Object> row = new ArrayList<>(lead);
        row.addAll(List.of(bin, lo, hi, count));
        return row;
    }
}
