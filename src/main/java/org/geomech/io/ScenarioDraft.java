package org.geomech.io;

import org.geomech.engine.Scenario;
import org.geomech.engine.Retries;
import org.geomech.engine.Backends;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.MemberStepSizes;
import org.geomech.ensemble.TimeGrid;
import org.geomech.ensemble.Variation;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.ensemble.Statistic;
import org.geomech.model.Library;
import org.geomech.model.LieModelDefinition;
import org.geomech.model.Definition;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A scenario as given (a scenario file, then command-line flags on top), every field null or empty where
 * not given. resolve() applies the defaults and checks everything, with one-line InputExceptions that
 * name the scenario key.
 */
public final class ScenarioDraft {
    /** The standard deviation of the draw --members adds when nothing else gives initial conditions (seed Scenario.DEFAULT_SEED). */
    public static final double DEFAULT_SIGMA = 1e-3;
    private static final Set<String> STANDARD_OBSERVERS = Set.of("energy", "energy_error", "g_pos", "g_vel", "group_defect");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The name of a built-in model (null: an inline one). */
    public String modelName;
    /** An inline model's definition (null: a built-in one). */
    public Definition inlineModel;
    /** The structure options of a built-in model (particle counts, say). */
    public final Map<String, Integer> structure = new LinkedHashMap<>();
    /** Parameter values in Variation's text forms: a number, a list (a sweep axis), an expression of j and N, a draw. */
    public final Map<String, String> parameters = new LinkedHashMap<>();
    /** The method's name (null: the model's default). */
    public String method;
    /** Step sizes, one run each; null where h varies per member (hPerMember). */
    public List<Double> h;
    /** h per member in Variation's text forms (an expression of j, N and J, or a draw); null where h is shared (the list h). */
    public String hPerMember;
    /** The final time. */
    public Double tEnd;
    /** The time between output rows (null: t_end/100). */
    public Double outputInterval;
    /** Initial positions, one expression of j and N per coordinate in order (null: not given as a list). */
    public List<String> qValues;
    /** Initial velocities, one expression of j and N per coordinate in order (null: not given as a list). */
    public List<String> vValues;
    /** Initial positions by coordinate name, expressions of j and N. */
    public final Map<String, String> qByName = new LinkedHashMap<>();
    /** Initial velocities by coordinate name, expressions of j and N. */
    public final Map<String, String> vByName = new LinkedHashMap<>();
    /** The members per sweep point (null: one). */
    public Integer members;
    /** The seed of the initial perturbation and of parameter draws that name none. */
    public Long seed;
    /** The standard deviation of the perturbation of every component. */
    public Double sigma;
    /** The standard deviation of the perturbation by position coordinate. */
    public final Map<String, Double> sigmaQ = new LinkedHashMap<>();
    /** The standard deviation of the perturbation by velocity component. */
    public final Map<String, Double> sigmaV = new LinkedHashMap<>();
    /** Extra observers: name to expression. */
    public final Map<String, String> observers = new LinkedHashMap<>();
    /** The statistics per observer (null: mean, max, msd). */
    public List<String> statistics;
    /** The backend's name (null: reference). */
    public String backend;
    /** The Newton tolerance (null: NewtonOptions' default). */
    public Double newtonTolerance;
    /** full or simplified (default simplified). */
    public String newtonJacobian;
    /** newton (default), chord, chord-as-printed, chord-only-s4.6a-fixed, chord-only-s4.7a-fixed or fixed-point (org.geomech.solve.Iteration). */
    public String iteration;
    /** The most Newton iterations per step (null: NewtonOptions' default). */
    public Integer newtonMaxIterations;
    /** Halvings of h a failed member is run again with (run --retry-failed, retry_failed:). */
    public Long retryFailed;
    /** The output folder (null: a fresh default). */
    public String out;

    /** A built-in model and its default initial conditions, or an inline one with zeros. */
    private record Model(Definition definition, List<String> q0, List<String> v0) {}

    /**
     * h as written in a scenario file or --h: numbers (comma separated, or a list [a, b]: one run each), or per member an
     * expression of j, N and J or a seeded draw; what names it in messages.
     */
    public void stepSizes(String what, String text) {
        String t = text.trim();
        boolean numbers = t.contains(",") && !t.startsWith("[") && !Variation.DRAW.matcher(t).matches();
        Variation v = Variation.parse(what, numbers ? "[" + t + "]" : t);
        h = v instanceof Variation.Values list ? list.values() : v instanceof Variation.Fixed f ? List.of(f.value()) : null;
        hPerMember = h == null ? v.describe() : null;
    }

    /** Replaces the model by a built-in one (the --model flag). */
    public void builtIn(String name) {
        modelName = name;
        inlineModel = null;
    }

    /** The member count from --members; where nothing gave initial conditions or a member count, the default seeded draw too. */
    public void membersFromCommandLine(int count) {
        if (!givesInitialConditions()) {
            seed = Scenario.DEFAULT_SEED;
            sigma = DEFAULT_SIGMA;
        }
        members = count;
    }

    /**
     * run's ensemble where no member count is given: count members, each the initial values plus the default seeded
     * draw (seed Scenario.DEFAULT_SEED, sigma DEFAULT_SIGMA) unless a draw is given; true where the count was taken so.
     */
    public boolean defaultEnsemble(int count) {
        if (members != null) return false;
        if (seed == null && sigma == null && sigmaQ.isEmpty() && sigmaV.isEmpty()) {
            seed = Scenario.DEFAULT_SEED;
            sigma = DEFAULT_SIGMA;
        }
        members = count;
        return true;
    }

    private boolean givesInitialConditions() {
        return members != null || qValues != null || vValues != null || !qByName.isEmpty() || !vByName.isEmpty() || seed != null || sigma != null
                || !sigmaQ.isEmpty() || !sigmaV.isEmpty();
    }

    /** Defaults applied, every value checked. */
    public Scenario resolve() {
        Model m = model();
        Map<String, String> variations = new LinkedHashMap<>();
        Definition def = withParameters(m.definition(), variations);
        String methodName = method != null ? method : def.defaultMethod();
        for (String name : org.geomech.method.MethodList.split(methodName)) Methods.parse(name);
        if ((h == null || h.isEmpty()) && hPerMember == null) throw new InputException("no step size: give h in the scenario or --h");
        if (tEnd == null) throw new InputException("no final time: give t_end in the scenario or --t-end");
        double interval = outputInterval != null ? outputInterval : tEnd / 100;
        if (!(interval > 0) || !Double.isFinite(interval)) throw new InputException("output_interval must be a positive number, got " + interval);
        if (hPerMember != null) new MemberStepSizes(Variation.parse("h", hPerMember), interval).ticks(tEnd);
        else for (double step : h) TimeGrid.of(step, tEnd, interval);
        int count = members == null ? 1 : members;
        if (count < 1) throw new InputException("initial.members must be at least 1, got " + count);
        for (String name : observers.keySet()) {
            if (!IDENTIFIER.matcher(name).matches()) throw new InputException("observers: name '" + name + "' is not an identifier");
            if (STANDARD_OBSERVERS.contains(name)) throw new InputException("observers: '" + name + "' is a standard observer already");
        }
        String backendName = backend == null ? "reference" : backend;
        if (!Backends.names().contains(backendName))
            throw new InputException("unknown backend '" + backendName + "' (backends: " + String.join(", ", Backends.names()) + ")");
        NewtonOptions newton = new NewtonOptions(newtonTolerance == null ? NewtonOptions.DEFAULT.tolerance() : newtonTolerance,
                newtonMaxIterations == null ? NewtonOptions.DEFAULT.maxIterations() : newtonMaxIterations,
                newtonJacobian == null ? NewtonOptions.DEFAULT.jacobian() : NewtonOptions.Jacobian.of(newtonJacobian),
                iteration == null ? Iteration.NEWTON : Iteration.of(iteration));
        return new Scenario(def, methodName, hPerMember != null ? List.of() : h, tEnd, interval,
                components("initial.q", def, def.positionNames(), m.q0(), qValues, qByName),
                components("initial.v", def, def.velocityNames(), m.v0(), vValues, vByName),
                count, perturbation(def), observers, statistics(), backendName, newton, out, variations, hPerMember,
                retryFailed == null ? null : Retries.halvings("retry_failed (--retry-failed)", retryFailed));
    }

    private Model model() {
        if (modelName != null) {
            Library.BuiltIn b = Library.builtIn(modelName, structure);
            return new Model(b.definition(), b.q0(), b.v0());
        }
        if (inlineModel == null) throw new InputException("no model: give model in the scenario or --model");
        if (!structure.isEmpty()) throw new InputException("structure: only built-in models have structure options");
        if (inlineModel instanceof LieModelDefinition lie) return new Model(lie, lie.initialElement(), lie.initialVelocity());
        return new Model(inlineModel, Collections.nCopies(inlineModel.positionNames().size(), "0"), Collections.nCopies(inlineModel.velocityNames().size(), "0"));
    }

    // Values the same for every member go into the model; the others (lists, expressions, draws) into variations as text
    private Definition withParameters(Definition def, Map<String, String> variations) {
        Map<String, Double> merged = new LinkedHashMap<>(def.parameters());
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            if (!merged.containsKey(p.getKey()))
                throw new InputException("parameters: model " + def.name() + " has no parameter '" + p.getKey() + "'"
                        + (merged.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", merged.keySet()) + ")"));
            Variation v = Variation.parse("parameters." + p.getKey(), p.getValue());
            if (v instanceof Variation.Fixed f) merged.put(p.getKey(), f.value());
            else if (v instanceof Variation.Values list && list.values().size() == 1) merged.put(p.getKey(), list.values().get(0));
            else variations.put(p.getKey(), v.describe());
        }
        return def.withParameters(merged);
    }

    // The defaults, replaced by a full list if given, then single components by name
    private static List<String> components(String key, Definition def, List<String> names, List<String> defaults, List<String> list, Map<String, String> byName) {
        List<String> out = new ArrayList<>(list != null ? list : defaults);
        if (out.size() != names.size())
            throw new InputException(key + ": model " + def.name() + " has " + names.size() + " " + noun(def, key)[1] + " (" + String.join(", ", names)
                    + "), " + out.size() + " values given");
        for (Map.Entry<String, String> e : byName.entrySet()) out.set(index(key, def, names, e.getKey()), e.getValue());
        return out;
    }

    // what the initial positions or velocities of a model are called in messages: {singular, plural}
    private static String[] noun(Definition def, String key) {
        if (!(def instanceof LieModelDefinition)) return new String[]{"coordinate", "coordinates"};
        return key.endsWith("q") ? new String[]{"group entry", "group entries"} : new String[]{"algebra velocity", "algebra velocities"};
    }

    private static int index(String key, Definition def, List<String> names, String component) {
        int i = names.indexOf(component);
        String[] noun = noun(def, key);
        if (i < 0) throw new InputException(key + ": model " + def.name() + " has no " + noun[0] + " '" + component + "' (" + noun[1] + ": "
                + String.join(", ", names) + ")");
        return i;
    }

    // On a Lie group system only the algebra velocities are drawn: a drawn group element would leave the group
    private InitialStates.Perturbation perturbation(Definition def) {
        if (seed == null && sigma == null && sigmaQ.isEmpty() && sigmaV.isEmpty()) return null;
        boolean lie = def instanceof LieModelDefinition;
        if (lie && !sigmaQ.isEmpty())
            throw new InputException("initial.random.q: model " + def.name() + " lives on a Lie group; draw its velocities (initial.random.v), not the group entries");
        double[] q = sigmas("initial.random.q", def, def.positionNames(), sigmaQ), v = sigmas("initial.random.v", def, def.velocityNames(), sigmaV);
        if (sigma != null) {
            if (!(sigma >= 0) || !Double.isFinite(sigma)) throw new InputException("sigma must be a finite number >= 0, got " + sigma);
            if (!lie) Arrays.fill(q, sigma);
            Arrays.fill(v, sigma);
        }
        return new InitialStates.Perturbation(seed == null ? Scenario.DEFAULT_SEED : seed, q, v);
    }

    private static double[] sigmas(String key, Definition def, List<String> names, Map<String, Double> byName) {
        double[] out = new double[names.size()];
        for (Map.Entry<String, Double> e : byName.entrySet()) {
            double s = e.getValue();
            if (!(s >= 0) || !Double.isFinite(s)) throw new InputException(key + "." + e.getKey() + ": standard deviation must be a finite number >= 0, got " + s);
            out[index(key, def, names, e.getKey())] = s;
        }
        return out;
    }

    private List<String> statistics() {
        if (statistics == null) return List.of("mean", "max", "msd");
        if (statistics.isEmpty()) throw new InputException("statistics: at least one of " + Statistic.KNOWN + " is required");
        return Statistic.parse(statistics).stream().map(Statistic::name).toList();
    }
}
