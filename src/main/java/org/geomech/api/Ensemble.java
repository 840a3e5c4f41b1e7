package org.geomech.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The members of a run: how many, their initial positions and velocities (expressions of the member
 * index j, the count N, J = max(N - 1, 1) and the parameters; a built-in model's defaults otherwise),
 * an optional seeded normal perturbation, and the parameters that vary across members. Every initial
 * state is made consistent with the constraints before the run. Immutable: every method returns a
 * new ensemble.
 *
 * <p>A parameter varies in one of the forms of {@code --param NAME=...}: a list of values
 * "[0.25, 0.5, 1]" (a sweep axis: every value is one sweep point of {@link #members()} members, and
 * several lists give their Cartesian product), an expression of j and N ("1 + 0.1*j/N"), or a draw
 * per member, "uniform(lo, hi)", "normal(mu, sigma)", "lognormal(mu, sigma)", the last two with
 * optional bounds "normal(1, 0.1, 0.5, 2)", each with an optional "seed=S".
 */
public final class Ensemble {
    private final int members;
    private final Map<String, String> q, v, parameters;
    private final Long seed;
    private final double sigma;

    private Ensemble(int members, Map<String, String> q, Map<String, String> v, Map<String, String> parameters, Long seed, double sigma) {
        this.members = members;
        this.q = Map.copyOf(q);
        this.v = Map.copyOf(v);
        this.parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        this.seed = seed;
        this.sigma = sigma;
    }

    /**
     * An ensemble of copies of the model's default initial state.
     *
     * @param members the member count (per sweep point)
     * @return the ensemble
     */
    public static Ensemble of(int members) { return new Ensemble(members, Map.of(), Map.of(), Map.of(), null, 0); }

    /**
     * Sets the initial position of one coordinate.
     *
     * @param coordinate the coordinate's name
     * @param expression an expression of j, N, J and the parameters, e.g. "cos(j*pi/(2*J))"
     * @return a new ensemble
     */
    public Ensemble q(String coordinate, String expression) { return new Ensemble(members, with(q, coordinate, expression), v, parameters, seed, sigma); }

    /**
     * Sets the initial velocity of one coordinate.
     *
     * @param coordinate the coordinate's name
     * @param expression an expression of j, N, J and the parameters
     * @return a new ensemble
     */
    public Ensemble v(String coordinate, String expression) { return new Ensemble(members, q, with(v, coordinate, expression), parameters, seed, sigma); }

    /**
     * Adds a seeded normal draw to every initial position and velocity component; member j draws from
     * its own stream, so the ensemble does not depend on threads. The seed also seeds parameter draws
     * that name none.
     *
     * @param seed  the seed
     * @param sigma the standard deviation (0: no perturbation, only the seed)
     * @return a new ensemble
     */
    public Ensemble perturbed(long seed, double sigma) { return new Ensemble(members, q, v, parameters, seed, sigma); }

    /**
     * Sets a model parameter: a number, a sweep list, an expression of j and N or a draw (see the class comment).
     *
     * @param name      the parameter's name
     * @param variation the value in one of the text forms, e.g. "[0.25, 0.5, 1]"
     * @return a new ensemble
     */
    public Ensemble parameter(String name, String variation) {
        return new Ensemble(members, q, v, with(parameters, name, variation), seed, sigma);
    }

    /** @return the member count per sweep point */
    public int members() { return members; }

    Map<String, String> qByName() { return q; }
    Map<String, String> vByName() { return v; }
    Map<String, String> parameters() { return parameters; }
    Long seed() { return seed; }
    double sigma() { return sigma; }

    private static Map<String, String> with(Map<String, String> map, String key, String value) {
        Map<String, String> out = new LinkedHashMap<>(map);
        out.put(key, value);
        return out;
    }
}
