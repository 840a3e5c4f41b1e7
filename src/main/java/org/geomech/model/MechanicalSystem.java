package org.geomech.model;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.geomech.expr.Expr.*;

/**
 * A constrained Lagrangian system, written once symbolically: coordinates q, velocities v = dot(q),
 * parameters with defaults, a Lagrangian L(q, v), holonomic constraints g(q) = 0 and nonholonomic
 * constraints A(q) v + a(q) = 0. Sign convention of the multipliers (001 eqs 2-3):
 * d/dt(dL/dv) - dL/dq = G^T lambda_hol + A^T lambda_nh.
 */
public final class MechanicalSystem implements Model {
    private final String name;
    private final String reference;
    private final List<String> coordinateNames;
    private final List<Expr> q;
    private final List<Expr> v;
    private final Map<String, Double> parameters;
    private final List<Expr> parameterSymbols;
    private final Expr lagrangian;
    private final List<Expr> holonomic;
    private final List<Expr> nonholonomic;

    private final List<Expr> momenta;
    private final List<Expr> force;
    private final Expr energy;
    private final Expr[][] kineticMetric;
    private final Expr[][] holonomicJacobian;
    private final Expr[][] nonholonomicMatrix;
    private final List<Expr> nonholonomicOffset;

    MechanicalSystem(String name, String reference, List<String> coordinateNames, Map<String, Double> parameters,
                     Expr lagrangian, List<Expr> holonomic, List<Expr> nonholonomic) {
        this.name = name;
        this.reference = reference;
        this.coordinateNames = List.copyOf(coordinateNames);
        this.q = new ArrayList<>();
        this.v = new ArrayList<>();
        for (String c : coordinateNames) { q.add(sym(c)); v.add(velocitySymbol(c)); }
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        this.parameterSymbols = new ArrayList<>();
        for (String p : parameters.keySet()) parameterSymbols.add(sym(p));
        this.lagrangian = lagrangian;
        this.holonomic = List.copyOf(holonomic);
        this.nonholonomic = List.copyOf(nonholonomic);

        this.momenta = Derivative.gradient(lagrangian, v);
        this.force = Derivative.gradient(lagrangian, q);
        this.energy = sub(dot(v, momenta), lagrangian);
        this.kineticMetric = Derivative.jacobian(momenta, v);
        this.holonomicJacobian = Derivative.jacobian(this.holonomic, q);
        this.nonholonomicMatrix = Derivative.jacobian(this.nonholonomic, v);
        Map<Expr, Expr> atRest = new HashMap<>();
        for (Expr vi : v) atRest.put(vi, ZERO);
        this.nonholonomicOffset = Exprs.substitute(this.nonholonomic, atRest);
    }

    /** The symbol of the velocity of coordinate c, written dot(c) in model text. */
    public static Expr velocitySymbol(String coordinate) { return sym("dot(" + coordinate + ")"); }

    @Override public String name() { return name; }
    @Override public String reference() { return reference; }
    /** The number of coordinates n. */
    public int dimension() { return q.size(); }
    /** The coordinates' names. */
    public List<String> coordinateNames() { return coordinateNames; }
    /** The position symbols q. */
    public List<Expr> q() { return Collections.unmodifiableList(q); }
    /** The velocity symbols v = dot(q). */
    public List<Expr> v() { return Collections.unmodifiableList(v); }
    @Override public Map<String, Double> parameters() { return parameters; }
    @Override public List<Expr> parameterSymbols() { return Collections.unmodifiableList(parameterSymbols); }
    /** The Lagrangian L(q, v). */
    public Expr lagrangian() { return lagrangian; }
    /** The holonomic constraints g(q). */
    public List<Expr> holonomic() { return holonomic; }
    /** The nonholonomic constraints Phi(q, v) = A(q) v + a(q). */
    public List<Expr> nonholonomic() { return nonholonomic; }
    /** The number of holonomic constraints. */
    public int holonomicCount() { return holonomic.size(); }
    /** The number of nonholonomic constraints. */
    public int nonholonomicCount() { return nonholonomic.size(); }

    /** p = D2L(q, v), the Legendre map. */
    public List<Expr> momenta() { return momenta; }
    /** D1L(q, v) = dL/dq. */
    public List<Expr> force() { return force; }
    /** E = v . D2L - L. */
    public Expr energy() { return energy; }
    /** g_L = d^2L/dv^2. */
    public Expr[][] kineticMetric() { return kineticMetric; }
    /** G(q) = dg/dq, holonomicCount x n. */
    public Expr[][] holonomicJacobian() { return holonomicJacobian; }
    /** A(q) = dPhi/dv, nonholonomicCount x n. */
    public Expr[][] nonholonomicMatrix() { return nonholonomicMatrix; }
    /** a(q) = Phi(q, 0). */
    public List<Expr> nonholonomicOffset() { return nonholonomicOffset; }

    /** Replaces q and v in expressions by the given ones (for stage values of a method). */
    public List<Expr> at(List<Expr> exprs, List<Expr> qAt, List<Expr> vAt) {
        Map<Expr, Expr> m = new HashMap<>();
        for (int i = 0; i < q.size(); i++) { m.put(q.get(i), qAt.get(i)); if (vAt != null) m.put(v.get(i), vAt.get(i)); }
        return Exprs.substitute(exprs, m);
    }

    /** Replaces q and v in one expression by the given ones. */
    public Expr at(Expr e, List<Expr> qAt, List<Expr> vAt) { return at(List.of(e), qAt, vAt).get(0); }

    /** Rows of a matrix evaluated at (qAt, vAt). */
    public Expr[][] at(Expr[][] matrix, List<Expr> qAt, List<Expr> vAt) {
        Expr[][] out = new Expr[matrix.length][];
        for (int i = 0; i < matrix.length; i++) out[i] = at(List.of(matrix[i]), qAt, vAt).toArray(new Expr[0]);
        return out;
    }

    /**
     * The mechanical form L = 1/2 v^T M v - U(q) with M free of q and v: returns M, or empty.
     */
    public Optional<Expr[][]> constantMassMatrix() {
        Set<Expr> qv = new java.util.HashSet<>(q);
        qv.addAll(v);
        for (Expr[] row : kineticMetric) for (Expr e : row) if (Exprs.dependsOn(e, qv)) return Optional.empty();
        for (Expr pi : at(momenta, q, zeros())) if (!pi.isConst(0)) return Optional.empty();
        return Optional.of(kineticMetric);
    }

    /** E = 1/2 v^T M v + U(q) for the mechanical form L = 1/2 v^T M v - U(q): the energy v . D2L - L written shorter; empty for another L. */
    public Optional<Expr> mechanicalEnergy() {
        return constantMassMatrix().map(m -> {
            List<Expr> terms = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) for (int j = 0; j < v.size(); j++) terms.add(mul(m[i][j], mul(v.get(i), v.get(j))));
            return add(mul(HALF, sum(terms)), potential());
        });
    }

    /** U(q) = -L(q, 0) for the mechanical form. */
    public Expr potential() { return neg(at(lagrangian, q, zeros())); }

    /**
     * v = FL^{-1}(q, p) in closed form when L is quadratic in v with a diagonal kinetic metric
     * (v_i = (p_i - b_i(q)) / M_ii(q)); empty otherwise (methods then solve for v).
     */
    public Optional<List<Expr>> velocityFromMomentum(List<Expr> qAt, List<Expr> pAt) {
        Set<Expr> vs = new java.util.HashSet<>(v);
        int n = dimension();
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            Expr e = kineticMetric[i][j];
            if (Exprs.dependsOn(e, vs) || (i != j && !e.isConst(0))) return Optional.empty();
        }
        List<Expr> b = at(at(momenta, q, zeros()), qAt, null);
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(div(sub(pAt.get(i), b.get(i)), at(kineticMetric[i][i], qAt, null)));
        return Optional.of(out);
    }

    private List<Expr> zeros() { return Collections.nCopies(q.size(), ZERO); }
}
