package org.geomech.model;

import org.geomech.InputException;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.lie.LieGroup;
import org.geomech.lie.ProductGroup;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.geomech.expr.Expr.*;

/**
 * A system on a Lie group G (a product of SO(3), SE(2), SE(3) and R^n factors), written once symbolically: the group
 * element g by its stored entries (symbols named after each factor, e.g. R11..R33), the algebra velocity xi, the
 * reduced Lagrangian l(g, xi), optionally the reduced Hamiltonian h(g, mu), and nonholonomic constraints
 * phi(g, xi) = 0 affine in xi. Whether xi is the body (left-trivialised, 001) or spatial (right-trivialised, 003)
 * velocity is the model's convention; the derived quantities come in both trivialisations:
 * mu = D2 l, the trivialised configuration gradients sum_e dl/dg_e (E_k g)_e (right) and (g E_k)_e (left), and the
 * energy E = mu . xi - l.
 */
public final class LieGroupSystem implements Model {
    /** What the algebra coordinates xi are: body velocities (left-trivialised, g' = g xi: 001) or spatial ones (right-trivialised, g' = xi g: 003). */
    public enum Velocities {
        /** Body velocities: g' = g xi. */
        BODY,
        /** Spatial velocities: g' = xi g. */
        SPATIAL;

        /** The scenario file's word for it: body or spatial. */
        public String word() { return name().toLowerCase(java.util.Locale.ROOT); }

        /** body or spatial, else a one-line InputException. */
        public static Velocities of(String word) {
            for (Velocities v : values()) if (v.word().equals(word)) return v;
            throw new InputException("frame must be body or spatial, got '" + word + "'");
        }
    }

    private final String name;
    private final String reference;
    private final ProductGroup group;
    private final List<String> factorNames;
    private final List<String> entryNames;
    private final List<String> velocityNames;
    private final List<Expr> g;
    private final List<Expr> xi;
    private final List<Expr> mu;
    private final Map<String, Double> parameters;
    private final List<Expr> parameterSymbols;
    private final Expr lagrangian;
    private final Expr hamiltonian;
    private final List<Expr> nonholonomic;
    private final double[] initialElement;
    private final double[] initialVelocity;
    private final Velocities kind;

    private final List<Expr> momentum;
    private final Expr energy;

    /**
     * The parts of a system: entries g and velocities xi as symbols named entryNames and velocityNames, the
     * Lagrangian and constraints in them and the parameters, the Hamiltonian (or null) in g, the symbols muSymbols() (p(v))
     * and the parameters, and a default initial state (element entries, algebra velocity).
     */
    public LieGroupSystem(String name, String reference, ProductGroup group, List<String> factorNames, List<String> velocityNames,
                          Map<String, Double> parameters, Expr lagrangian, Expr hamiltonian, List<Expr> nonholonomic,
                          double[] initialElement, double[] initialVelocity) {
        this(name, reference, group, factorNames, velocityNames, parameters, lagrangian, hamiltonian, nonholonomic, initialElement, initialVelocity, Velocities.BODY);
    }

    /** As above, with the algebra velocities body or spatial ones. */
    public LieGroupSystem(String name, String reference, ProductGroup group, List<String> factorNames, List<String> velocityNames,
                          Map<String, Double> parameters, Expr lagrangian, Expr hamiltonian, List<Expr> nonholonomic,
                          double[] initialElement, double[] initialVelocity, Velocities kind) {
        this.kind = kind;
        this.name = name;
        this.reference = reference == null ? "" : reference;
        this.group = group;
        this.factorNames = List.copyOf(factorNames);
        this.entryNames = entryNames(group, factorNames);
        this.velocityNames = List.copyOf(velocityNames);
        if (velocityNames.size() != group.dimension())
            throw new InputException("model " + name + ": " + velocityNames.size() + " velocity names for the " + group.dimension() + " of " + group.name());
        this.g = new ArrayList<>();
        for (String e : entryNames) g.add(sym(e));
        this.xi = new ArrayList<>();
        for (String v : velocityNames) xi.add(sym(v));
        this.mu = muSymbols(velocityNames);
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        this.parameterSymbols = new ArrayList<>();
        for (String p : parameters.keySet()) parameterSymbols.add(sym(p));
        this.lagrangian = lagrangian;
        this.hamiltonian = hamiltonian;
        this.nonholonomic = List.copyOf(nonholonomic);
        if (initialElement.length != group.size() || initialVelocity.length != group.dimension())
            throw new InputException("model " + name + ": the initial state needs " + group.size() + " entries and " + group.dimension() + " velocities");
        this.initialElement = initialElement.clone();
        this.initialVelocity = initialVelocity.clone();
        this.momentum = Derivative.gradient(lagrangian, xi);
        this.energy = sub(dot(xi, momentum), lagrangian);
    }

    /** The stored-entry names of each factor named by factorNames (R11..R33 for SO(3) named R; x1, x2 for R^2 named x). */
    public static List<String> entryNames(ProductGroup group, List<String> factorNames) {
        if (factorNames.size() != group.factors().size())
            throw new InputException("group " + group.name() + ": " + factorNames.size() + " factor names for " + group.factors().size() + " factors");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < factorNames.size(); i++) out.addAll(group.factors().get(i).entryNames(factorNames.get(i)));
        return List.copyOf(out);
    }

    /** The momentum symbol of each velocity v: p(v), the component of mu = D2 l conjugate to v. */
    public static List<Expr> muSymbols(List<String> velocityNames) {
        List<Expr> out = new ArrayList<>();
        for (String v : velocityNames) out.add(sym("p(" + v + ")"));
        return out;
    }

    @Override public String name() { return name; }
    @Override public String reference() { return reference; }
    @Override public Map<String, Double> parameters() { return parameters; }
    @Override public List<Expr> parameterSymbols() { return Collections.unmodifiableList(parameterSymbols); }

    /** The group G, a product of matrix groups and R^n. */
    public ProductGroup group() { return group; }
    /** The names of the group's factors. */
    public List<String> factorNames() { return factorNames; }
    /** The names of the stored entries of g. */
    public List<String> entryNames() { return entryNames; }
    /** The names of the algebra velocities. */
    public List<String> velocityNames() { return velocityNames; }
    /** The symbols of the stored entries of g. */
    public List<Expr> g() { return Collections.unmodifiableList(g); }
    /** The algebra velocity symbols. */
    public List<Expr> xi() { return Collections.unmodifiableList(xi); }
    /** The momentum symbols p(v) of a Hamiltonian. */
    public List<Expr> mu() { return mu; }
    /** The dimension of the group (and of its algebra). */
    public int dimension() { return group.dimension(); }
    /** The reduced Lagrangian l(g, xi). */
    public Expr lagrangian() { return lagrangian; }
    /** The Hamiltonian, where the model gives one. */
    public Optional<Expr> hamiltonian() { return Optional.ofNullable(hamiltonian); }
    /** The nonholonomic constraints phi(g, xi). */
    public List<Expr> nonholonomic() { return nonholonomic; }
    /** The number of nonholonomic constraints. */
    public int nonholonomicCount() { return nonholonomic.size(); }
    /** The default initial element's stored entries. */
    public double[] initialElement() { return initialElement.clone(); }
    /** The default initial algebra velocity. */
    public double[] initialVelocity() { return initialVelocity.clone(); }

    /** Whether the algebra velocities are body or spatial ones. */
    public Velocities velocityKind() { return kind; }

    /**
     * This system, for a method written in the given velocities; a one-line InputException when the model's are the
     * other kind (the same l read with the other trivialisation would be another system).
     */
    public LieGroupSystem requireVelocities(Velocities wanted, String method) {
        if (kind == wanted || group.factors().stream().allMatch(f -> f instanceof org.geomech.lie.Rn)) return this;
        throw new InputException("method " + method + " is written in " + wanted.word() + " velocities (" + (wanted == Velocities.BODY ? "001, g' = g xi" : "003, g' = xi g")
                + "); model " + name + " gives " + kind.word() + " ones (frame: " + kind.word() + ")");
    }

    /** mu = D2 l(g, xi). */
    public List<Expr> momentum() { return momentum; }

    /** E = mu . xi - l. */
    public Expr energy() { return energy; }

    /** The right-trivialised gradient (D1 f) g^-1 of an expression f of g: component k = sum_e df/dg_e (E_k g)_e (003 sec. 2.1). */
    public List<Expr> gradientRight(Expr f) { return trivialisedGradient(f, true); }

    /** The left-trivialised gradient L*_g D1 f: component k = sum_e df/dg_e (g E_k)_e (001 sec. 2.2). */
    public List<Expr> gradientLeft(Expr f) { return trivialisedGradient(f, false); }

    private List<Expr> trivialisedGradient(Expr f, boolean right) {
        List<Expr> d = Derivative.gradient(f, g);
        List<Expr> out = new ArrayList<>();
        for (int k = 0; k < group.dimension(); k++) out.add(dot(d, right ? group.generatorRight(k, g) : group.generatorLeft(k, g)));
        return out;
    }

    /** The expressions with g and xi replaced (stage values of a method); either may be null to keep it. */
    public List<Expr> at(List<Expr> exprs, List<Expr> gAt, List<Expr> xiAt) {
        Map<Expr, Expr> m = new HashMap<>();
        if (gAt != null) for (int i = 0; i < g.size(); i++) m.put(g.get(i), gAt.get(i));
        if (xiAt != null) for (int i = 0; i < xi.size(); i++) m.put(xi.get(i), xiAt.get(i));
        return Exprs.substitute(exprs, m);
    }

    /** The Hamiltonian's expressions with g and mu replaced. */
    public List<Expr> atMomentum(List<Expr> exprs, List<Expr> gAt, List<Expr> muAt) {
        Map<Expr, Expr> m = new HashMap<>();
        for (int i = 0; i < g.size(); i++) m.put(g.get(i), gAt.get(i));
        for (int i = 0; i < mu.size(); i++) m.put(mu.get(i), muAt.get(i));
        return Exprs.substitute(exprs, m);
    }

    /** The group: e.g. "SO(3) x R^2 (R, x)". */
    public String describeGroup() { return group.name() + " (" + String.join(", ", factorNames) + ")"; }

    /** The factor of the group with this index. */
    public LieGroup factor(int i) { return group.factors().get(i); }
}
