package org.geomech.ensemble;

import org.geomech.expr.Expr;

/** A quantity evaluated per member at every output time: an expression of the state and parameters. */
public record Observer(String name, Expr expression, String description) {}
