package org.geomech.api;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.Statistic;
import org.geomech.ensemble.StepSize;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The results of one step size and one sweep point: at every output time, each observer's mean, max
 * and mean-square deviation mu = mean_j (O_j(t) - O_j(0))^2 (001 eq. 33) over the members still
 * running; the final state of every member; the trajectories of the members asked for; the run's counters.
 */
public final class Series {
    private final StepSize stepSize;
    private final int point;
    private final Map<String, Double> parameters;
    private final List<String> observers;
    private final List<EnsembleRun.Row> rows;
    private final double[] levels;
    private final double[][] finalStates;
    private final double[][][] trajectories;
    private final long memberSteps;
    private final double steppingSeconds;
    private final long newtonIterations;
    private final int maxNewtonIterations;
    private final long jacobianFactorisations;

    Series(StepSize stepSize, int point, Map<String, Double> parameters, List<String> observers, List<EnsembleRun.Row> rows, double[] levels, double[][] finalStates,
           double[][][] trajectories, long memberSteps, double steppingSeconds, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations) {
        this.stepSize = stepSize;
        this.point = point;
        this.parameters = Map.copyOf(parameters);
        this.observers = List.copyOf(observers);
        this.rows = List.copyOf(rows);
        this.levels = levels.clone();
        this.finalStates = finalStates;
        this.trajectories = trajectories;
        this.memberSteps = memberSteps;
        this.steppingSeconds = steppingSeconds;
        this.newtonIterations = newtonIterations;
        this.maxNewtonIterations = maxNewtonIterations;
        this.jacobianFactorisations = jacobianFactorisations;
    }

    /** @return the step size shared by every member; empty where h varies per member (Run.stepSize: each member's h is in its final state) */
    public OptionalDouble h() { return stepSize.h(); }

    /**
     * @return the step size of the launch this series belongs to: its index among the run's launches, its shared h or the
     *         step sizes per member, and its name as the run was given it ({@link StepSize#label()}: the shared h "0.01", or
     *         where h varies per member how it varies, the text of Run.stepSize with a draw written out in full: "0.1/(1+j)",
     *         "uniform(0.01, 0.02)")
     */
    public StepSize stepSize() { return stepSize; }

    /** @return the sweep point's index (0 when the run is not a sweep) */
    public int point() { return point; }

    /** @return the values of the swept parameters at this point (empty when the run is not a sweep) */
    public Map<String, Double> parameters() { return parameters; }

    /** @return the output times */
    public double[] times() {
        double[] t = new double[rows.size()];
        for (int i = 0; i < t.length; i++) t[i] = rows.get(i).t();
        return t;
    }

    /** @return the step number of each output time (where h varies per member: the number of output intervals) */
    public long[] steps() {
        long[] k = new long[rows.size()];
        for (int i = 0; i < k.length; i++) k[i] = rows.get(i).step();
        return k;
    }

    /** @return the number of members still running at each output time */
    public int[] ok() {
        int[] ok = new int[rows.size()];
        for (int i = 0; i < ok.length; i++) ok[i] = rows.get(i).ok();
        return ok;
    }

    /**
     * @param observer an observer's name (energy, g_pos, g_vel or one of the run's own)
     * @return its mean over the running members at each output time
     */
    public double[] mean(String observer) { return statistic(observer, "mean"); }

    /**
     * @param observer an observer's name
     * @return its maximum over the running members at each output time
     */
    public double[] max(String observer) { return statistic(observer, "max"); }

    /**
     * @param observer an observer's name
     * @return its mean-square deviation from each member's initial value at each output time
     */
    public double[] msd(String observer) { return statistic(observer, "msd"); }

    /**
     * @param observer an observer's name
     * @return its minimum over the running members at each output time (NaN unless the run asked for min, std or a quantile)
     */
    public double[] min(String observer) { return statistic(observer, "min"); }

    /**
     * @param observer an observer's name
     * @return its standard deviation over the running members at each output time (NaN unless asked for likewise)
     */
    public double[] std(String observer) { return statistic(observer, "std"); }

    /**
     * @param observer an observer's name
     * @param level    a quantile level in [0, 1] the run asked for (q95 is 0.95)
     * @return the exact quantile over the running members at each output time
     */
    public double[] quantile(String observer, double level) {
        for (double l : levels) if (l == level) return values(observer, new Statistic("q" + level * 100, Statistic.Kind.QUANTILE, level));
        throw new IllegalArgumentException("the run kept no quantile at level " + level + " (levels: " + java.util.Arrays.toString(levels) + ")");
    }

    /**
     * @param observer an observer's name
     * @return its histogram at each output time: the running members per bin, with those below, above and not finite
     *         (the run's statistic hist:BINS or hist:LO,HI,BINS)
     */
    public List<Histogram> histograms(String observer) {
        int o = index(observer);
        List<Histogram> out = new java.util.ArrayList<>();
        for (EnsembleRun.Row row : rows) {
            Histogram h = row.stats().get(o).histogram();
            if (h == null) throw new IllegalArgumentException("the run kept no histogram (ask for the statistic hist:BINS or hist:LO,HI,BINS)");
            out.add(h);
        }
        return out;
    }

    /** @return the final state of every member, [member][component] (components as Results.components()) */
    public double[][] finalStates() {
        double[][] out = new double[finalStates.length][];
        for (int j = 0; j < out.length; j++) out[j] = finalStates[j].clone();
        return out;
    }

    /** @return the states of the members asked for by Run.trajectories, [output time][member][component]; empty if none */
    public double[][][] trajectories() { return trajectories.clone(); }

    /** @return member-steps done (failed members count up to their failure) */
    public long memberSteps() { return memberSteps; }

    /** @return seconds spent stepping the launch this series belongs to */
    public double steppingSeconds() { return steppingSeconds; }

    /** @return Newton iterations summed over the launch's members and steps */
    public long newtonIterations() { return newtonIterations; }

    /** @return the most Newton iterations one member needed in one step of the launch */
    public int maxNewtonIterations() { return maxNewtonIterations; }

    /** @return Jacobian factorisations summed over the launch's members and steps (fewer than iterations with a simplified Newton) */
    public long jacobianFactorisations() { return jacobianFactorisations; }

    /**
     * @param observer  an observer's name
     * @param statistic a statistic's name: mean, max, msd, min, std or a quantile qP the run asked for (q50); a histogram is
     *                  not one number: {@link #histograms}
     * @return its value over the running members at each output time (NaN where the run did not compute it)
     */
    public double[] statistic(String observer, String statistic) { return values(observer, Statistic.parse(statistic)); }

    private double[] values(String observer, Statistic statistic) {
        int o = index(observer);
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) out[i] = statistic.of(rows.get(i).stats().get(o), levels);
        return out;
    }

    private int index(String observer) {
        int o = observers.indexOf(observer);
        if (o < 0) throw new IllegalArgumentException("no observer '" + observer + "' (observers: " + String.join(", ", observers) + ")");
        return o;
    }
}
