package org.geomech.ensemble;

import org.geomech.method.StepSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where every member of one launch comes from: the Cartesian product of the parameters given as value
 * lists (the sweep points, the last listed parameter fastest), each point an ensemble of the same M
 * members (member j of M, as in a run of that point alone), and the parameters that vary per member
 * (expressions of j and N, seeded draws). With more than one point, each point starts on a reduction
 * block boundary (Reduction.BLOCK members); the padding members up to it are excluded from the run, so
 * each point's statistics combine its own blocks only and are bitwise those of the point run alone. The step size
 * may vary per member too (MemberStepSizes): it is then carried first, as StepSystem.H.
 */
public final class SweepPlan {
    private final Model system;
    private final Map<String, Variation> variations;
    private final MemberStepSizes stepSizes;
    private final int members, stride, points;
    private final List<String> axes = new ArrayList<>(), perMember = new ArrayList<>();
    private final double[] shared;

    /** variations by parameter name (every name a parameter of the system); members per point. */
    public SweepPlan(Model system, Map<String, Variation> variations, int members) { this(system, variations, members, null); }

    /** As above, with the step size per member (null: h shared, given to the run). */
    public SweepPlan(Model system, Map<String, Variation> variations, int members, MemberStepSizes stepSizes) {
        if (members < 1) throw new IllegalArgumentException("members " + members);
        this.system = system;
        this.variations = Collections.unmodifiableMap(new LinkedHashMap<>(variations));
        this.stepSizes = stepSizes;
        if (stepSizes != null) perMember.add(StepSystem.H.name());
        for (String name : variations.keySet())
            if (!system.parameters().containsKey(name)) throw new IllegalArgumentException(system.name() + " has no parameter " + name);
        int count = 1, k = 0;
        this.shared = system.parameterValues();
        for (String name : system.parameters().keySet()) {
            Variation v = variations.get(name);
            if (v != null && v.isFixed()) shared[k] = new Variation.Sampler(name, v, 0).value(0, 1);
            k++;
            if (v == null || v.isFixed()) continue;
            if (v instanceof Variation.Values values) {
                axes.add(name);
                count = Math.multiplyExact(count, values.values().size());
            }
            perMember.add(name);
        }
        this.points = count;
        this.members = members;
        this.stride = points == 1 ? members : Math.multiplyExact(Reduction.blocks(members), Reduction.BLOCK);
    }

    /** One launch of members sharing the given parameter values (every model parameter, in declaration order). */
    public static SweepPlan of(Model system, double[] parameterValues, int members) {
        Map<String, Variation> fixed = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(system.parameters().keySet());
        for (int i = 0; i < names.size(); i++) fixed.put(names.get(i), new Variation.Fixed(parameterValues[i]));
        return new SweepPlan(system, fixed, members);
    }

    /** One launch of members copies of the same parameters. */
    public static SweepPlan uniform(Model system, int members) { return new SweepPlan(system, Map.of(), members); }

    /** The system whose parameters vary. */
    public Model system() { return system; }
    /** The parameters' variations by name. */
    public Map<String, Variation> variations() { return variations; }
    /** Members per sweep point (M). */
    public int members() { return members; }
    /** The number of sweep points. */
    public int points() { return points; }
    /** Members in the launch, padding included. */
    public int launchMembers() { return Math.multiplyExact(points, stride); }
    /** The parameters given as lists of several values, in declaration order. */
    public List<String> axes() { return Collections.unmodifiableList(axes); }
    /** The step size per member, or null where every member runs the run's h. */
    public MemberStepSizes stepSizes() { return stepSizes; }
    /** The parameters carried per member in the step: StepSystem.H where h varies per member, then axes, expressions, draws in declaration order. */
    public List<String> perMember() { return Collections.unmodifiableList(perMember); }

    /** The sweep point of a launch member. */
    public int point(int member) { return member / stride; }
    /** The member's index within its point, 0..members()-1 (or beyond for padding). */
    public int local(int member) { return member % stride; }
    /** True for a launch member that pads its point to whole reduction blocks. */
    public boolean padding(int member) { return local(member) >= members; }
    /** The first launch member of a point. */
    public int first(int point) { return point * stride; }
    /** The reduction blocks of a point: from, to (exclusive). */
    public int[] blocks(int point) {
        int per = stride / Reduction.BLOCK;
        return points == 1 ? new int[]{0, Reduction.blocks(members)} : new int[]{point * per, (point + 1) * per};
    }

    /** The value of each axis at a point (the first axis slowest). */
    public Map<String, Double> pointValues(int point) {
        Map<String, Double> out = new LinkedHashMap<>();
        int rest = point;
        for (int a = axes.size() - 1; a >= 0; a--) {
            List<Double> values = ((Variation.Values) variations.get(axes.get(a))).values();
            out.put(axes.get(a), values.get(rest % values.size()));
            rest /= values.size();
        }
        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String name : axes) ordered.put(name, out.get(name));
        return ordered;
    }

    /** The model parameter values shared by every member (the per-member ones at their model value). */
    public double[] shared() { return shared.clone(); }

    /** Per-member parameter values of one thread: fills the model parameters of launch members (padding: as the point's member 0). */
    public final class Members {
        private final int[] index;
        private final double[][] axisValues;
        private final Variation.Sampler[] samplers;
        private final Variation.Sampler stepSize;

        /** The per-member values of one thread; draws that name no seed use defaultSeed. */
        public Members(long defaultSeed) {
            stepSize = stepSizes == null ? null : new Variation.Sampler(MemberStepSizes.NAME, stepSizes.variation(), defaultSeed);
            index = new int[perMember.size()];
            samplers = new Variation.Sampler[perMember.size()];
            List<String> names = new ArrayList<>(system.parameters().keySet());
            for (int k = 0; k < perMember.size(); k++) {
                String name = perMember.get(k);
                index[k] = names.indexOf(name);
                if (index[k] >= 0 && !axes.contains(name)) samplers[k] = new Variation.Sampler(name, variations.get(name), defaultSeed);
            }
            axisValues = new double[points][perMember.size()];
            for (int p = 0; p < points; p++) {
                Map<String, Double> at = pointValues(p);
                for (int k = 0; k < perMember.size(); k++) if (samplers[k] == null && index[k] >= 0) axisValues[p][k] = at.get(perMember.get(k));
            }
        }

        /** The model parameters of launch member g into params (declaration order). */
        public void parameters(int g, double[] params) {
            System.arraycopy(shared, 0, params, 0, shared.length);
            int j = padding(g) ? 0 : local(g), p = point(g);
            for (int k = 0; k < index.length; k++) if (index[k] >= 0) params[index[k]] = samplers[k] == null ? axisValues[p][k] : samplers[k].value(j, members);
        }

        /** The step size of launch member g (padding: as the point's member 0); IllegalStateException where h is shared. */
        public double stepSize(int g) {
            if (stepSize == null) throw new IllegalStateException("h is shared by every member");
            int j = padding(g) ? 0 : local(g);
            return stepSizes.snapped(stepSize.value(j, members), j);
        }
    }
}
