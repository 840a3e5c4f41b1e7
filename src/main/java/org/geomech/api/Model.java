package org.geomech.api;

import org.geomech.model.Definition;
import org.geomech.model.Library;
import org.geomech.model.ModelDefinition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mechanical system: a built-in one by name (with optional structure options), or one written down
 * as a Lagrangian L(q, dot(q)) with holonomic constraints g(q) = 0 and nonholonomic constraints
 * A(q) dot(q) + a(q) = 0. Immutable.
 */
public final class Model {
    private final String builtIn;
    private final Map<String, Integer> structure;
    private final ModelDefinition definition;

    private Model(String builtIn, Map<String, Integer> structure, ModelDefinition definition) {
        this.builtIn = builtIn;
        this.structure = Map.copyOf(structure);
        this.definition = definition;
    }

    /**
     * A built-in model ({@code geomech list} names them), for example "cvt" or "chaotic-nh".
     *
     * @param name the model's name
     * @return the model at its default structure
     */
    public static Model builtIn(String name) {
        Library.builtIn(name, Map.of());
        return new Model(name, Map.of(), null);
    }

    /**
     * A model of your own.
     *
     * @param name         a name for messages and outputs
     * @param coordinates  the generalized coordinates q
     * @param parameters   parameter names and default values
     * @param lagrangian   L as an expression of the coordinates, their velocities dot(x) and the parameters
     * @param holonomic    holonomic constraints g(q) = 0 (expressions of q and the parameters)
     * @param nonholonomic nonholonomic constraints, linear in the velocities
     * @return the model (checked when a run starts)
     */
    public static Model define(String name, List<String> coordinates, Map<String, Double> parameters, String lagrangian,
                               List<String> holonomic, List<String> nonholonomic) {
        return new Model(null, Map.of(), new ModelDefinition(name, "", coordinates, new LinkedHashMap<>(parameters), lagrangian, holonomic, nonholonomic));
    }

    /**
     * This built-in model with a structure option set, for example {@code structure("m", 3)} of chaotic-nh.
     *
     * @param option the option's name
     * @param value  its value
     * @return a new model
     */
    public Model structure(String option, int value) {
        if (builtIn == null) throw new IllegalStateException("only built-in models have structure options");
        Map<String, Integer> s = new LinkedHashMap<>(structure);
        s.put(option, value);
        Library.builtIn(builtIn, s);
        return new Model(builtIn, s, null);
    }

    /** @return the built-in model's name, or null for a defined model */
    String builtInName() { return builtIn; }

    /** @return the structure options set */
    Map<String, Integer> structureOptions() { return structure; }

    /** @return the definition of a defined model, or null */
    ModelDefinition definition() { return definition; }

    /** @return the model's name */
    public String name() { return builtIn != null ? builtIn : definition.name(); }

    /** @return the coordinate names in order (on a Lie group: the stored entries of the group element, R11..R33) */
    public List<String> coordinates() { return resolved().positionNames(); }

    /** @return the parameters with their default values, in declaration order */
    public Map<String, Double> parameters() { return resolved().parameters(); }

    private Definition resolved() { return builtIn != null ? Library.builtIn(builtIn, structure).definition() : definition; }
}
