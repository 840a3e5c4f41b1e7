package org.geomech.lie;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/**
 * A retraction tau: g -> G in algebra coordinates, as the Lie group Lobatto methods of 001 sec. 6 use it: the
 * left-trivialised tangent d^L tau_xi, its inverse, Ad_{tau(xi)}, and the adjoint of the second left-trivialised
 * tangent (dd^L tau_xi)^*(eta, Pi) (001 spec sec. 4.5), each a matrix of expressions acting on algebra coordinates.
 * Ad*_g is the transpose of Ad_g (001 pitfall P12).
 */
public abstract class RetractionTangents {
    private final String name;
    private final int dimension;
    private final List<Expr> xi;
    private final List<Expr> eta;
    private Expr[][] dLeft, dLeftInverse, adjoint, secondTangent;

    /** The tangents of a retraction named name on an algebra of that dimension. */
    protected RetractionTangents(String name, int dimension) {
        this.name = name;
        this.dimension = dimension;
        this.xi = Expr.symbols("$xi", dimension);
        this.eta = Expr.symbols("$eta", dimension);
    }

    /** d^L tau_xi at the algebra element with coordinates xi (symbols). */
    protected abstract Expr[][] dLeftAt(List<Expr> xi);
    /** (d^L tau_xi)^{-1} at xi (symbols). */
    protected abstract Expr[][] dLeftInverseAt(List<Expr> xi);
    /** Ad_{tau(xi)} at xi (symbols). */
    protected abstract Expr[][] adjointAt(List<Expr> xi);

    /** cay, exp or identity. */
    public String name() { return name; }
    /** Dimension of the algebra. */
    public int dimension() { return dimension; }

    /** d^L tau_x (001 spec sec. 4.5). */
    public Expr[][] dLeft(List<Expr> x) { return at(dLeftSymbolic(), x); }
    /** (d^L tau_x)^{-1}. */
    public Expr[][] dLeftInverse(List<Expr> x) { return at(dLeftInverseSymbolic(), x); }
    /** Ad_{tau(x)}. */
    public Expr[][] adjoint(List<Expr> x) { return at(adjointSymbolic(), x); }

    /**
     * (dd^L tau_x)^*(eta, pi): by the definition d/dx (d^L tau_x eta) delta = d^L tau_x dd^L tau_x(eta, delta)
     * (001 spec sec. 4.5), its k-th component is pi . (d^L tau_x)^{-1} d(d^L tau_x eta)/dx_k.
     */
    public List<Expr> secondTangentAdjoint(List<Expr> x, List<Expr> etaAt, List<Expr> pi) {
        Map<Expr, Expr> sub = new HashMap<>();
        for (int i = 0; i < dimension; i++) { sub.put(xi.get(i), x.get(i)); sub.put(eta.get(i), etaAt.get(i)); }
        Expr[][] dd = secondTangentSymbolic();
        List<Expr> out = new ArrayList<>(dimension);
        for (int k = 0; k < dimension; k++) out.add(dot(pi, Exprs.substitute(List.of(dd[k]), sub)));
        return out;
    }

    // row k: dd^L tau_xi(eta, e_k) = (d^L tau_xi)^{-1} d(d^L tau_xi eta)/dxi_k
    private synchronized Expr[][] secondTangentSymbolic() {
        if (secondTangent != null) return secondTangent;
        Expr[][] jac = Derivative.jacobian(times(dLeftSymbolic(), eta), xi);
        secondTangent = new Expr[dimension][];
        for (int k = 0; k < dimension; k++) {
            List<Expr> column = new ArrayList<>();
            for (Expr[] row : jac) column.add(row[k]);
            secondTangent[k] = times(dLeftInverseSymbolic(), column).toArray(new Expr[0]);
        }
        return secondTangent;
    }

    private synchronized Expr[][] dLeftSymbolic() { if (dLeft == null) dLeft = dLeftAt(xi); return dLeft; }
    private synchronized Expr[][] dLeftInverseSymbolic() { if (dLeftInverse == null) dLeftInverse = dLeftInverseAt(xi); return dLeftInverse; }
    private synchronized Expr[][] adjointSymbolic() { if (adjoint == null) adjoint = adjointAt(xi); return adjoint; }

    private Expr[][] at(Expr[][] m, List<Expr> x) {
        if (x.size() != dimension) throw new IllegalArgumentException(name + ": algebra element of dimension " + x.size() + ", expected " + dimension);
        Map<Expr, Expr> sub = new HashMap<>();
        for (int i = 0; i < dimension; i++) sub.put(xi.get(i), x.get(i));
        Expr[][] out = new Expr[m.length][];
        for (int r = 0; r < m.length; r++) out[r] = Exprs.substitute(List.of(m[r]), sub).toArray(new Expr[0]);
        return out;
    }

    /** M y for a matrix given by rows. */
    public static List<Expr> times(Expr[][] m, List<Expr> y) {
        List<Expr> out = new ArrayList<>(m.length);
        for (Expr[] row : m) out.add(dot(List.of(row), y));
        return out;
    }

    /** M^T y for a square matrix given by rows. */
    public static List<Expr> transposeTimes(Expr[][] m, List<Expr> y) {
        List<Expr> out = new ArrayList<>(m.length == 0 ? 0 : m[0].length);
        for (int c = 0; c < (m.length == 0 ? 0 : m[0].length); c++) {
            Expr s = ZERO;
            for (int r = 0; r < m.length; r++) s = add(s, mul(m[r][c], y.get(r)));
            out.add(s);
        }
        return out;
    }

    /** The identity matrix of size d. */
    public static Expr[][] identity(int d) {
        Expr[][] m = new Expr[d][d];
        for (int i = 0; i < d; i++) for (int j = 0; j < d; j++) m[i][j] = i == j ? ONE : ZERO;
        return m;
    }

    /** The tangents of tau on a group from its closed forms (lie/LieGroup): d^L tau, (d^L tau)^{-1}, Ad_{tau(xi)} = Ad of the element tau(xi). */
    public static RetractionTangents of(LieGroup group, RetractionKind tau) {
        if (tau == RetractionKind.EXP && !group.hasExp())
            throw new InputException("retraction exp has no closed form on " + group.name() + " here; use cay");
        return new RetractionTangents(tau.label(), group.dimension()) {
            @Override protected Expr[][] dLeftAt(List<Expr> x) { return group.dLeft(tau, x); }
            @Override protected Expr[][] dLeftInverseAt(List<Expr> x) { return group.dLeftInverse(tau, x); }
            @Override protected Expr[][] adjointAt(List<Expr> x) { return group.adjoint(group.retract(tau, x)); }
        };
    }

    /** tau = identity on R^d (a vector-space factor): every tangent is the identity and dd^L tau = 0. */
    public static RetractionTangents vectorSpace(int d) {
        return new RetractionTangents("identity", d) {
            @Override protected Expr[][] dLeftAt(List<Expr> x) { return identity(d); }
            @Override protected Expr[][] dLeftInverseAt(List<Expr> x) { return identity(d); }
            @Override protected Expr[][] adjointAt(List<Expr> x) { return identity(d); }
        };
    }
}
