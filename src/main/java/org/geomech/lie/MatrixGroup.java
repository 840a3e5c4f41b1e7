package org.geomech.lie;

import org.geomech.expr.Expr;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * A matrix Lie group given by its matrix of stored entries, hat and vee: products, inverses, ad, Ad and the Cayley
 * map with its trivialised tangents (001 sec. 4.5: dcay_X(Y) = (I - X/2)^-1 Y (I + X/2)^-1 right-trivialised,
 * dcay_X^-1(Y) = (I - X/2) Y (I + X/2)) follow from them. Groups with closed forms override.
 */
public abstract class MatrixGroup implements LieGroup {
    /** The n x n matrix of an element from its stored entries. */
    public abstract Expr[][] matrix(List<Expr> entries);

    /** The stored entries of a matrix (of the group, or of a product with an algebra element). */
    public abstract List<Expr> entries(Expr[][] matrix);

    /** The algebra element as a matrix. */
    public abstract Expr[][] hat(List<Expr> xi);

    /** The coordinates of an algebra matrix. */
    public abstract List<Expr> vee(Expr[][] x);

    /** The basis element E_k. */
    public Expr[][] basis(int k) {
        List<Expr> e = new ArrayList<>(Collections.nCopies(dimension(), ZERO));
        e.set(k, ONE);
        return hat(e);
    }

    @Override public List<Expr> multiply(List<Expr> a, List<Expr> b) { return entries(Matrices.times(matrix(a), matrix(b))); }

    @Override public List<Expr> inverse(List<Expr> a) { return entries(Matrices.inverse(matrix(a))); }

    @Override public List<Expr> generatorRight(int k, List<Expr> g) { return entries(Matrices.times(basis(k), matrix(g))); }

    @Override public List<Expr> generatorLeft(int k, List<Expr> g) { return entries(Matrices.times(matrix(g), basis(k))); }

    @Override
    public Expr[][] ad(List<Expr> x) {
        Expr[][] hx = hat(x);
        return Matrices.fromColumns(dimension(), dimension(), k -> vee(Matrices.commutator(hx, basis(k))));
    }

    @Override
    public Expr[][] adjoint(List<Expr> g) {
        Expr[][] m = matrix(g), inv = matrix(inverse(g));
        return Matrices.fromColumns(dimension(), dimension(), k -> vee(Matrices.times(Matrices.times(m, basis(k)), inv)));
    }

    @Override public boolean hasExp() { return false; }

    @Override
    public List<Expr> retract(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) return exp(xi);
        Expr[][] x = Matrices.scale(HALF, hat(xi)), id = Matrices.identity(x.length);
        return entries(Matrices.times(Matrices.inverse(Matrices.minus(id, x)), Matrices.plus(id, x)));
    }

    @Override
    public Expr[][] dRight(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) return dexp(xi);
        Expr[][] x = Matrices.scale(HALF, hat(xi)), id = Matrices.identity(x.length);
        Expr[][] left = Matrices.inverse(Matrices.minus(id, x)), right = Matrices.inverse(Matrices.plus(id, x));
        return Matrices.fromColumns(dimension(), dimension(), k -> vee(Matrices.times(Matrices.times(left, basis(k)), right)));
    }

    @Override
    public Expr[][] dRightInverse(RetractionKind tau, List<Expr> xi) {
        if (tau == RetractionKind.EXP) return dexpInverse(xi);
        Expr[][] x = Matrices.scale(HALF, hat(xi)), id = Matrices.identity(x.length);
        Expr[][] left = Matrices.minus(id, x), right = Matrices.plus(id, x);
        return Matrices.fromColumns(dimension(), dimension(), k -> vee(Matrices.times(Matrices.times(left, basis(k)), right)));
    }

    /** exp(xi) where a closed form exists. */
    protected List<Expr> exp(List<Expr> xi) { throw noExp(); }

    /** Right-trivialised dexp_xi (003 sec. 2.3). */
    protected Expr[][] dexp(List<Expr> xi) { throw noExp(); }

    /** dexp_xi^-1. */
    protected Expr[][] dexpInverse(List<Expr> xi) { throw noExp(); }

    private InputException noExp() {
        return new InputException("retraction exp has no closed form on " + name() + " here; use cay");
    }

    @Override public List<Expr> defect(List<Expr> g) { return List.of(); }

    /** Entries of R^T R - I (upper triangle) for the d x d rotation block of a matrix. */
    static List<Expr> orthogonalityDefect(Expr[][] m, int d) {
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < d; i++)
            for (int j = i; j < d; j++) {
                Expr s = i == j ? MINUS_ONE : ZERO;
                for (int k = 0; k < d; k++) s = add(s, mul(m[k][i], m[k][j]));
                out.add(s);
            }
        return out;
    }

    @Override public String toString() { return name(); }
}
