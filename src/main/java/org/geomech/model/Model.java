package org.geomech.model;

import org.geomech.expr.Expr;

import java.util.List;
import java.util.Map;

/**
 * What every system a method can be built on has: a name, its source, and parameters with defaults. A
 * {@link MechanicalSystem} lives on R^n; a {@link LieGroupSystem} on a product of matrix Lie groups and R^n.
 */
public interface Model {
    /** The system's name. */
    String name();

    /** Paper and section the system comes from (empty for user systems). */
    String reference();

    /** Parameter names with their default values, in declaration order. */
    Map<String, Double> parameters();

    /** The parameter symbols in declaration order. */
    List<Expr> parameterSymbols();

    /** The parameter values in declaration order (the order of parameterSymbols()). */
    default double[] parameterValues() { return parameters().values().stream().mapToDouble(Double::doubleValue).toArray(); }
}
