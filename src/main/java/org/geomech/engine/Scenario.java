package org.geomech.engine;

import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Statistic;
import org.geomech.ensemble.StepSizes;
import org.geomech.ensemble.MemberStepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.Variation;
import org.geomech.model.Definition;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run needs, resolved and checked (ScenarioDraft.resolve): the model as text, the method
 * name, step sizes, final time and output interval, initial q and v as expressions of j and N (one per
 * coordinate), the member count and optional seeded draw, extra observers by name, the statistics
 * written per observer, the backend, the Newton options, the output folder (null: a fresh default),
 * the parameters that vary across the ensemble, in Variation's text forms (the others are in the model), and
 * h per member in those forms (null where h is the list of step sizes, which is then empty), and how many halvings of
 * h a failed member is run again with (null: not given, none; engine.Retries).
 */
public record Scenario(Definition model, String method, List<Double> h, double tEnd, double outputInterval,
                       List<String> q0, List<String> v0, int members, InitialStates.Perturbation perturbation,
                       Map<String, String> observers, List<String> statistics, String backend, NewtonOptions newton,
                       String out, Map<String, String> variations, String hPerMember,
                       Integer retryFailed) {
    /** The statistics asked for, in column order. */
    public List<Statistic> statisticsByName() { return Statistic.parse(statistics); }

    /** The quantile levels in [0, 1] of the statistics asked for, in column order. */
    public double[] quantileLevels() { return Statistic.levels(statisticsByName()); }

    /** The statistics asked for that are one number per output (every one but the histogram), in column order. */
    public List<Statistic> scalarStatistics() { return statisticsByName().stream().filter(Statistic::scalar).toList(); }

    /** The bins of the histogram asked for (null: none). */
    public org.geomech.ensemble.Bins bins() { return Statistic.bins(statisticsByName()); }

    /** True when min, std, a quantile or a histogram is asked for (computed by Spread at every output time). */
    public boolean needsSpread() { return Statistic.needSpread(statisticsByName()); }

    /** Keeps unmodifiable copies of the lists and maps. */
    public Scenario {
        h = List.copyOf(h);
        q0 = List.copyOf(q0);
        v0 = List.copyOf(v0);
        observers = Collections.unmodifiableMap(new LinkedHashMap<>(observers));
        statistics = List.copyOf(statistics);
        variations = Collections.unmodifiableMap(new LinkedHashMap<>(variations));
    }

    /** The sweep plan of this scenario on its built system: its parameter variations, members per point, h per member. */
    public SweepPlan plan(Model system) {
        Map<String, Variation> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : variations.entrySet()) parsed.put(e.getKey(), Variation.parse("parameters." + e.getKey(), e.getValue()));
        return new SweepPlan(system, parsed, members, stepSizes());
    }

    /** The step size per member (MemberStepSizes), or null where h is the list of step sizes. */
    public MemberStepSizes stepSizes() {
        return hPerMember == null ? null : new MemberStepSizes(Variation.parse("h", hPerMember), outputInterval);
    }

    /** The run's step sizes: the list h, or one per member. */
    public StepSizes steps() { return hPerMember == null ? StepSizes.of(h) : StepSizes.perMember(stepSizes()); }

    /** The step sizes of a command that runs each in turn; a one-line error where h varies per member (only run takes that). */
    public List<Double> stepSizes(String command) {
        if (hPerMember != null) throw new InputException(command + " runs at shared step sizes; h varies per member (" + hPerMember + ") only in run");
        return h;
    }

    /** The model built, for a command that runs on systems in coordinates only; a one-line error on a Lie group system. */
    public MechanicalSystem mechanical(String command) {
        Model m = model.build();
        if (m instanceof MechanicalSystem sys) return sys;
        throw new InputException(command + " runs on systems in coordinates; " + m.name() + " lives on a Lie group (run, crosscheck and order take it)");
    }

    /** The seed of the default draw of initial states and of parameter draws that name none. */
    public static final long DEFAULT_SEED = 1;

    /** Halvings of h a failed member is run again with (0: none). */
    public int retries() { return retryFailed == null ? 0 : retryFailed; }

    /** The seed of per-member parameter draws that name none: the initial draw's seed, else the default. */
    public long drawSeed() { return perturbation != null ? perturbation.seed() : DEFAULT_SEED; }
}
