package org.geomech.lie;

import org.geomech.expr.Expr;

import java.util.List;

/**
 * A Lie group as the step equations see it: an element is the list of its stored entries (the matrix entries that
 * vary, e.g. the 9 of a rotation), an algebra element a vector in a fixed basis E_1..E_d (hat/vee), and every map
 * symbolic. Right-trivialised tangents follow 003 sec. 2.3 (d/dt tau(x) = (dtau_x x')^ tau(x)); left-trivialised
 * ones 001 sec. 4.5 (d/dt tau(x) = tau(x) (d^L tau_x x')^), and d^L tau_x = dtau_{-x} for exp and cay.
 */
public interface LieGroup {
    /** The name users write, e.g. SO(3), SE(2), R^2, SO(3) x R^2. */
    String name();

    /** Dimension of the algebra. */
    int dimension();

    /** Number of stored entries of an element. */
    int size();

    /** Names of the stored entries of a factor called prefix (e.g. R11..R33). */
    List<String> entryNames(String prefix);

    /** The stored entries of the identity. */
    double[] identity();

    /** Entries of a b. */
    List<Expr> multiply(List<Expr> a, List<Expr> b);

    /** Entries of a^-1. */
    List<Expr> inverse(List<Expr> a);

    /** Entries of E_k g (right: the generator of g -> exp(t E_k) g at t = 0). */
    List<Expr> generatorRight(int k, List<Expr> g);

    /** Entries of g E_k. */
    List<Expr> generatorLeft(int k, List<Expr> g);

    /** ad_x as a d x d matrix: ad_x y = [x, y]. */
    Expr[][] ad(List<Expr> x);

    /** Ad_g as a d x d matrix: Ad_g y = g y g^-1. Ad*_g is its transpose. */
    Expr[][] adjoint(List<Expr> g);

    /** True when exp and its tangents have closed forms here. */
    boolean hasExp();

    /** Entries of tau(xi); InputException when exp is asked where it has no closed form. */
    List<Expr> retract(RetractionKind tau, List<Expr> xi);

    /** The right-trivialised tangent dtau_xi (d x d). */
    Expr[][] dRight(RetractionKind tau, List<Expr> xi);

    /** Its inverse dtau_xi^-1. */
    Expr[][] dRightInverse(RetractionKind tau, List<Expr> xi);

    /** The left-trivialised tangent d^L tau_xi = dtau_{-xi}. */
    default Expr[][] dLeft(RetractionKind tau, List<Expr> xi) { return dRight(tau, Matrices.negate(xi)); }

    /** (d^L tau_xi)^-1 = dtau_{-xi}^-1. */
    default Expr[][] dLeftInverse(RetractionKind tau, List<Expr> xi) { return dRightInverse(tau, Matrices.negate(xi)); }

    /** Expressions that vanish exactly on the group (entries of R^T R - I for the rotation parts); empty where every entry set is an element. */
    List<Expr> defect(List<Expr> g);
}
