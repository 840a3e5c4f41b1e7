package org.geomech.model;

import org.geomech.InputException;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** A system as text (from a scenario file or the built-in library), checked and turned into a MechanicalSystem. */
public record ModelDefinition(String name, String reference, List<String> coordinates, Map<String, Double> parameters,
                              String lagrangian, List<String> holonomic, List<String> nonholonomic) implements Definition {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Names the expression language, the ensemble generators or the methods already use, with what they name. */
    public static final Map<String, String> RESERVED = reserved();
    /** Multipliers in observers: lambda1, lambda2, ... */
    private static final Pattern MULTIPLIER = Pattern.compile("lambda[0-9]+");
    /** The most coordinates of a model (every backend's code grows with their square or more). */
    public static final int MAX_COORDINATES = 200;

    /** What a reserved name already names (e.g. "the time" for t), or null when the name is free. */
    public static String reservedFor(String n) {
        if (RESERVED.containsKey(n)) return RESERVED.get(n);
        return MULTIPLIER.matcher(n).matches() ? "the multipliers lambda1, lambda2, ..." : null;
    }

    private static Map<String, String> reserved() {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("pi", "the constant pi");
        r.put("dot", "the velocity dot(x)");
        for (String f : List.of("sqrt", "sin", "cos", "tan", "exp", "log", "atan2")) r.put(f, "a function");
        r.put("j", "the member index in initial values");
        r.put("N", "the member count in initial values");
        r.put("t", "the time");
        r.put("h", "the step size");
        return java.util.Collections.unmodifiableMap(r);
    }

    /** Keeps copies of the lists and maps. */
    public ModelDefinition {
        coordinates = List.copyOf(coordinates);
        parameters = new LinkedHashMap<>(parameters);
        holonomic = List.copyOf(holonomic);
        nonholonomic = List.copyOf(nonholonomic);
    }

    @Override public List<String> positionNames() { return coordinates; }
    @Override public List<String> velocityNames() { return coordinates; }

    @Override
    public ModelDefinition withParameters(Map<String, Double> values) {
        return new ModelDefinition(name, reference, coordinates, values, lagrangian, holonomic, nonholonomic);
    }

    /** lobatto-nh:2, or lobatto-holonomic:2 with holonomic constraints (001 sec. 5, 002). */
    @Override public String defaultMethod() { return holonomic.isEmpty() ? "lobatto-nh:2" : "lobatto-holonomic:2"; }

    @Override
    public MechanicalSystem build() {
        if (name == null || name.isBlank()) throw new InputException("model: a name is required");
        if (coordinates.isEmpty()) throw new InputException("model " + name + ": at least one coordinate is required");
        if (coordinates.size() > MAX_COORDINATES)
            throw new InputException("model " + name + ": " + coordinates.size() + " coordinates; at most " + MAX_COORDINATES);
        Set<String> seen = new HashSet<>();
        for (String c : coordinates) checkName("coordinate", c, seen);
        for (Map.Entry<String, Double> p : parameters.entrySet()) {
            checkName("parameter", p.getKey(), seen);
            if (p.getValue() == null || !Double.isFinite(p.getValue()))
                throw new InputException("model " + name + ": parameter " + p.getKey() + " has no finite default value");
        }
        if (lagrangian == null || lagrangian.isBlank()) throw new InputException("model " + name + ": a lagrangian is required");

        Map<String, Expr> known = new HashMap<>();
        for (String c : coordinates) { known.put(c, Expr.sym(c)); known.put("dot(" + c + ")", MechanicalSystem.velocitySymbol(c)); }
        for (String p : parameters.keySet()) known.put(p, Expr.sym(p));
        Set<Expr> velocities = new HashSet<>();
        for (String c : coordinates) velocities.add(MechanicalSystem.velocitySymbol(c));

        Expr l = parse("lagrangian", lagrangian, known);
        if (!Exprs.dependsOn(l, velocities)) throw new InputException("model " + name + ": the lagrangian does not depend on any velocity dot(...)");
        List<Expr> hol = new ArrayList<>();
        for (int i = 0; i < holonomic.size(); i++) {
            Expr g = parse("holonomic constraint " + (i + 1), holonomic.get(i), known);
            if (Exprs.dependsOn(g, velocities))
                throw new InputException("model " + name + ": holonomic constraint " + (i + 1) + " depends on velocities: " + holonomic.get(i));
            hol.add(g);
        }
        List<Expr> nh = new ArrayList<>();
        for (int i = 0; i < nonholonomic.size(); i++) nh.add(parse("nonholonomic constraint " + (i + 1), nonholonomic.get(i), known));
        if (hol.size() + nh.size() >= coordinates.size())
            throw new InputException("model " + name + ": " + (hol.size() + nh.size()) + " constraints leave no freedom to " + coordinates.size() + " coordinates");

        MechanicalSystem sys = new MechanicalSystem(name, reference == null ? "" : reference, coordinates, parameters, l, hol, nh);
        Expr[][] mass = sys.kineticMetric();
        for (int i = 0; i < mass.length; i++) {
            if (java.util.Arrays.stream(mass[i]).allMatch(e -> e.isConst(0)))
                throw new InputException("model " + name + ": the mass matrix d2L/dv2 is singular: the lagrangian has no kinetic term in dot("
                        + coordinates.get(i) + ")");
        }
        Expr[][] a = sys.nonholonomicMatrix();
        for (int i = 0; i < nh.size(); i++) {
            boolean anyVelocity = false;
            for (Expr e : a[i]) {
                if (Exprs.dependsOn(e, velocities))
                    throw new InputException("model " + name + ": nonholonomic constraint " + (i + 1) + " is not linear in the velocities: " + nonholonomic.get(i));
                anyVelocity |= !e.isConst(0);
            }
            if (!anyVelocity) throw new InputException("model " + name + ": nonholonomic constraint " + (i + 1) + " does not depend on any velocity: " + nonholonomic.get(i));
        }
        return sys;
    }

    private void checkName(String kind, String n, Set<String> seen) {
        if (n == null || !IDENTIFIER.matcher(n).matches()) throw new InputException("model " + name + ": " + kind + " name '" + n + "' is not an identifier");
        String clash = reservedFor(n);
        if (clash != null) throw new InputException("model " + name + ": " + kind + " name '" + n + "' is reserved (" + clash + ")");
        if (!seen.add(n)) throw new InputException("model " + name + ": name '" + n + "' is declared twice");
    }

    private Expr parse(String what, String text, Map<String, Expr> known) {
        if (text == null || text.isBlank()) throw new InputException("model " + name + ": " + what + " is empty");
        try {
            return Parser.parse(text, known::get);
        } catch (ParseException | ArithmeticException e) {
            throw new InputException("model " + name + ", " + what + ": " + e.getMessage(), e);
        }
    }
}
