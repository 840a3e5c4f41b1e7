package org.geomech.model;

import org.geomech.InputException;
import java.util.List;
import java.util.Map;

/**
 * A system as text, before it is checked and built: a {@link ModelDefinition} in coordinates or a
 * {@link LieModelDefinition} on a Lie group. What a scenario, the ensemble layer and every command need of it
 * whichever kind it is: its parameters, the names its initial values are given by, and the built {@link Model}.
 */
public sealed interface Definition permits ModelDefinition, LieModelDefinition {
    /** The system's name. */
    String name();

    /** Where the system comes from (paper and section). */
    String reference();

    /** Parameter names with their default values, in declaration order. */
    Map<String, Double> parameters();

    /** The names initial positions are given by: the coordinates, or the stored entries of the group element (R11..R33). */
    List<String> positionNames();

    /** The names initial velocities are given by: the coordinates (for dot(x)), or the algebra velocities. */
    List<String> velocityNames();

    /** The same system with these parameter defaults. */
    Definition withParameters(Map<String, Double> parameters);

    /** The method a scenario that names none runs. */
    String defaultMethod();

    /** Parses and checks everything; every problem is an InputException with a one-line message. */
    Model build();
}
