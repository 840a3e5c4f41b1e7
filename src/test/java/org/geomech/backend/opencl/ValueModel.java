package org.geomech.backend.opencl;

import org.geomech.expr.Expr;
import org.geomech.model.Model;

import java.util.List;
import java.util.Map;

/** A model with no parameters, for step systems that only evaluate expressions on every backend. */
record ValueModel(String name) implements Model {
    @Override public String reference() { return ""; }
    @Override public Map<String, Double> parameters() { return Map.of(); }
    @Override public List<Expr> parameterSymbols() { return List.of(); }
}
