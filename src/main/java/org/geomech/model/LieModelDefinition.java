package org.geomech.model;

import org.geomech.InputException;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.lie.ProductGroup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A system on a Lie group as text (a scenario file's model with a group:, or the built-in library), checked and
 * turned into a LieGroupSystem. factors names each factor of the group (its entries are then R11..R33 for SO(3) named
 * R, x1, x2 for R^2 named x); velocities names the algebra coordinates in order (default xi_NAMEk per factor); the
 * hamiltonian, if given, is in the entries, the momenta p(v) of the velocities v, and the parameters. The initial
 * element lists every stored entry in order; the initial velocity every algebra coordinate. frame says whether the
 * velocities are body (left-trivialised, 001) or spatial (right-trivialised, 003) ones; the methods check it.
 */
public record LieModelDefinition(String name, String reference, String group, List<String> factors, List<String> velocities,
                                 Map<String, Double> parameters, String lagrangian, String hamiltonian, List<String> nonholonomic,
                                 List<String> initialElement, List<String> initialVelocity, LieGroupSystem.Velocities frame) implements Definition {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** How far the initial element may be from the group (||R^T R - I||, largest entry). */
    public static final double GROUP_TOLERANCE = 1e-12;

    /** A system in body velocities (001's convention). */
    public LieModelDefinition(String name, String reference, String group, List<String> factors, List<String> velocities, Map<String, Double> parameters,
                              String lagrangian, String hamiltonian, List<String> nonholonomic, List<String> initialElement, List<String> initialVelocity) {
        this(name, reference, group, factors, velocities, parameters, lagrangian, hamiltonian, nonholonomic, initialElement, initialVelocity, LieGroupSystem.Velocities.BODY);
    }

    /** Takes body velocities where no frame is given. */
    public LieModelDefinition {
        if (frame == null) frame = LieGroupSystem.Velocities.BODY;
        factors = List.copyOf(factors);
        velocities = velocities == null ? List.of() : List.copyOf(velocities);
        parameters = new LinkedHashMap<>(parameters);
        nonholonomic = nonholonomic == null ? List.of() : List.copyOf(nonholonomic);
        initialElement = List.copyOf(initialElement);
        initialVelocity = List.copyOf(initialVelocity);
    }

    /** Default velocity names: xi_NAME1.. per factor (xi_NAME for a one-dimensional factor). */
    public static List<String> defaultVelocities(ProductGroup g, List<String> factors) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            int d = g.factors().get(i).dimension();
            for (int k = 1; k <= d; k++) out.add("xi_" + factors.get(i) + (d == 1 ? "" : String.valueOf(k)));
        }
        return out;
    }

    /** The stored entries of every factor (R11..R33 for SO(3) named R). */
    @Override public List<String> positionNames() { return LieGroupSystem.entryNames(ProductGroup.parse(group), factors); }

    @Override public List<String> velocityNames() { return velocities.isEmpty() ? defaultVelocities(ProductGroup.parse(group), factors) : velocities; }

    @Override
    public LieModelDefinition withParameters(Map<String, Double> values) {
        return new LieModelDefinition(name, reference, group, factors, velocities, values, lagrangian, hamiltonian, nonholonomic, initialElement, initialVelocity, frame);
    }

    /** In body velocities lobatto-lie-nh:2 with nonholonomic constraints (001 sec. 6.4), else lobatto-lie:2 (001 Thm 6.1); in spatial ones vrkmk:gauss2,2 (003 eq. 16). */
    @Override
    public String defaultMethod() {
        if (!nonholonomic.isEmpty()) return "lobatto-lie-nh:2";
        return frame == LieGroupSystem.Velocities.SPATIAL ? "vrkmk:gauss2,2" : "lobatto-lie:2";
    }

    @Override
    public LieGroupSystem build() {
        if (name == null || name.isBlank()) throw new InputException("model: a name is required");
        ProductGroup g = ProductGroup.parse(group);
        if (factors.size() != g.factors().size())
            throw new InputException("model " + name + ": group " + g.name() + " has " + g.factors().size() + " factor(s), " + factors.size() + " factor name(s) given");
        List<String> vel = velocities.isEmpty() ? defaultVelocities(g, factors) : velocities;
        if (vel.size() != g.dimension())
            throw new InputException("model " + name + ": group " + g.name() + " has " + g.dimension() + " velocities, " + vel.size() + " names given");
        List<String> entries = LieGroupSystem.entryNames(g, factors);
        Set<String> seen = new HashSet<>();
        for (String f : factors) checkName("factor", f, new HashSet<>());
        for (String e : entries) checkName("group entry", e, seen);
        for (String v : vel) checkName("velocity", v, seen);
        for (Map.Entry<String, Double> p : parameters.entrySet()) {
            checkName("parameter", p.getKey(), seen);
            if (p.getValue() == null || !Double.isFinite(p.getValue()))
                throw new InputException("model " + name + ": parameter " + p.getKey() + " has no finite default value");
        }
        Map<String, Expr> known = new HashMap<>();
        for (String e : entries) known.put(e, Expr.sym(e));
        for (String p : parameters.keySet()) known.put(p, Expr.sym(p));
        Map<String, Expr> withVelocities = new HashMap<>(known);
        for (String v : vel) withVelocities.put(v, Expr.sym(v));
        if (lagrangian == null || lagrangian.isBlank()) throw new InputException("model " + name + ": a lagrangian is required");
        String velocityList = " (velocities of " + g.name() + ": " + String.join(", ", vel) + ")";
        Expr l = parse("lagrangian", lagrangian, withVelocities, velocityList);
        Set<Expr> xi = new HashSet<>();
        for (String v : vel) xi.add(Expr.sym(v));
        if (!Exprs.dependsOn(l, xi)) throw new InputException("model " + name + ": the lagrangian does not depend on any velocity" + velocityList);
        Expr h = null;
        if (hamiltonian != null && !hamiltonian.isBlank()) {
            Map<String, Expr> withMomenta = new HashMap<>(known);
            for (Expr m : LieGroupSystem.muSymbols(vel)) withMomenta.put(m.name(), m);
            h = parse("hamiltonian", hamiltonian, withMomenta, " (momenta: p(v) for each velocity v)");
        }
        List<Expr> nh = new ArrayList<>();
        for (int i = 0; i < nonholonomic.size(); i++) {
            Expr phi = parse("nonholonomic constraint " + (i + 1), nonholonomic.get(i), withVelocities, velocityList);
            for (Expr v : xi)
                if (Exprs.dependsOn(org.geomech.expr.Derivative.of(phi, v), xi))
                    throw new InputException("model " + name + ": nonholonomic constraint " + (i + 1) + " is not affine in the velocities: " + nonholonomic.get(i));
            nh.add(phi);
        }
        double[] params = parameters.values().stream().mapToDouble(Double::doubleValue).toArray();
        double[] g0 = constants("initial element", initialElement, entries, params);
        double[] v0 = constants("initial velocity", initialVelocity, vel, params);
        List<Expr> gSym = new ArrayList<>();
        for (String e : entries) gSym.add(Expr.sym(e));
        List<Expr> defect = g.defect(gSym);
        if (!defect.isEmpty()) {
            double[] d = new double[defect.size()];
            Tape.compile(gSym, defect).eval(g0, d);
            double worst = 0;
            for (double x : d) worst = Math.max(worst, Math.abs(x));
            if (!(worst <= GROUP_TOLERANCE))
                throw new InputException("model " + name + ": the initial element is not on " + g.name() + ": |R^T R - I| = " + String.format("%.3g", worst)
                        + " (tolerance " + GROUP_TOLERANCE + "; give an orthogonal rotation to full precision)");
        }
        return new LieGroupSystem(name, reference, g, factors, vel, parameters, l, h, nh, g0, v0, frame);
    }

    private double[] constants(String what, List<String> texts, List<String> names, double[] params) {
        if (texts.size() != names.size())
            throw new InputException("model " + name + ": " + what + " has " + texts.size() + " entries, expected " + names.size() + " (" + String.join(", ", names) + ")");
        Map<String, Expr> known = new HashMap<>();
        List<Expr> ps = new ArrayList<>();
        for (String p : parameters.keySet()) { known.put(p, Expr.sym(p)); ps.add(Expr.sym(p)); }
        List<Expr> values = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) values.add(parse(what + " " + names.get(i), texts.get(i), known, " (only parameters and numbers)"));
        double[] out = new double[values.size()];
        Tape.compile(ps, values).eval(params, out);
        for (int i = 0; i < out.length; i++)
            if (!Double.isFinite(out[i])) throw new InputException("model " + name + ": " + what + " " + names.get(i) + " is not finite: " + texts.get(i));
        return out;
    }

    private void checkName(String kind, String n, Set<String> seen) {
        if (n == null || !IDENTIFIER.matcher(n).matches()) throw new InputException("model " + name + ": " + kind + " name '" + n + "' is not an identifier");
        String clash = ModelDefinition.reservedFor(n);
        if (clash != null) throw new InputException("model " + name + ": " + kind + " name '" + n + "' is reserved (" + clash + ")");
        if (!seen.add(n)) throw new InputException("model " + name + ": name '" + n + "' is declared twice");
    }

    private Expr parse(String what, String text, Map<String, Expr> known, String hint) {
        if (text == null || text.isBlank()) throw new InputException("model " + name + ": " + what + " is empty");
        try {
            return Parser.parse(text, known::get);
        } catch (ParseException | ArithmeticException e) {
            throw new InputException("model " + name + ", " + what + ": " + e.getMessage() + hint, e);
        }
    }
}
