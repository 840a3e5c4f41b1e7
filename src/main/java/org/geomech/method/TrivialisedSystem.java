package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.RetractionTangents;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Model;

import java.util.List;
import java.util.Optional;

/**
 * What the Lie group Lobatto methods of 001 sec. 6 need of a system on G x R^n, left-trivialised (001 sec. 6.1):
 * the reduced Lagrangian l(g, eta)'s momentum D2 l and trivialised force L*_g D1 l, nonholonomic constraints
 * phi(g, eta) = A(g) eta + a(g) with A = D2 phi, holonomic constraints Phi(g) with trivialised gradients
 * L*_g DPhi, and the retraction's action g tau(xi) on the stored representation of g. All take expressions
 * for g (the representation) and eta, mu (algebra coordinates) and return expressions.
 */
public interface TrivialisedSystem {
    /** The system the step equations are written for. */
    Model model();
    /** The system's name. */
    String name();
    /** Dimension of the algebra (the velocity). */
    int dimension();
    /** The number of holonomic constraints Phi(g). */
    int holonomicCount();
    /** The number of nonholonomic constraints phi(g, eta). */
    int nonholonomicCount();
    /** The state layout with the given number of carried multipliers: g, eta, mu, then lambda. */
    StateLayout layout(int multipliers);
    /** The symbols of the stored entries of g in the layout. */
    List<Expr> element();
    /** The symbols of the algebra velocity eta in the layout. */
    List<Expr> velocity();
    /** The symbols of the momentum mu in the layout. */
    List<Expr> momentum();
    /** The tangents of the retraction of this name (cay, exp); InputException if the group has no closed form of it. */
    RetractionTangents retraction(String kind);
    /** The representation of g tau(xi). */
    List<Expr> compose(List<Expr> g, List<Expr> xi, RetractionTangents tau);
    /** mu = D2 l(g, eta). */
    List<Expr> momentum(List<Expr> g, List<Expr> eta);
    /** L*_g D1 l(g, eta): zeta -> d/de l(g exp(e zeta), eta) at e = 0. */
    List<Expr> force(List<Expr> g, List<Expr> eta);
    /** eta with D2 l(g, eta) = mu in closed form, or empty (the methods then solve for it). */
    Optional<List<Expr>> velocity(List<Expr> g, List<Expr> mu);
    /** phi(g, eta). */
    List<Expr> nonholonomic(List<Expr> g, List<Expr> eta);
    /** D2 phi(g, eta), nonholonomicCount x dimension. */
    Expr[][] nonholonomicMatrix(List<Expr> g, List<Expr> eta);
    /** Phi(g). */
    List<Expr> holonomic(List<Expr> g);
    /** Rows L*_g DPhi_a(g), holonomicCount x dimension. */
    Expr[][] holonomicGradient(List<Expr> g);

    /** A system on a Lie group with body velocities (001 sec. 6.1). */
    static TrivialisedSystem of(LieGroupSystem sys) { return new LieGroupTerms(sys); }

    /** A system on R^n seen as a Lie group (the additive group, tau = identity): the vector-space limit of 001 sec. 6. */
    static TrivialisedSystem vectorSpace(MechanicalSystem sys) {
        return new TrivialisedSystem() {
            @Override public Model model() { return sys; }
            @Override public String name() { return sys.name(); }
            @Override public int dimension() { return sys.dimension(); }
            @Override public int holonomicCount() { return sys.holonomicCount(); }
            @Override public int nonholonomicCount() { return sys.nonholonomicCount(); }
            @Override public StateLayout layout(int multipliers) { return new StateLayout(sys, multipliers); }
            @Override public List<Expr> element() { return sys.q(); }
            @Override public List<Expr> velocity() { return sys.v(); }
            @Override public List<Expr> momentum() { return new StateLayout(sys, 0).p(); }
            @Override public RetractionTangents retraction(String kind) { return RetractionTangents.vectorSpace(sys.dimension()); }
            @Override public List<Expr> compose(List<Expr> g, List<Expr> xi, RetractionTangents tau) { return Vec.plus(g, xi); }
            @Override public List<Expr> momentum(List<Expr> g, List<Expr> eta) { return sys.at(sys.momenta(), g, eta); }
            @Override public List<Expr> force(List<Expr> g, List<Expr> eta) { return sys.at(sys.force(), g, eta); }
            @Override public Optional<List<Expr>> velocity(List<Expr> g, List<Expr> mu) { return sys.velocityFromMomentum(g, mu); }
            @Override public List<Expr> nonholonomic(List<Expr> g, List<Expr> eta) { return sys.at(sys.nonholonomic(), g, eta); }
            @Override public Expr[][] nonholonomicMatrix(List<Expr> g, List<Expr> eta) { return sys.at(sys.nonholonomicMatrix(), g, eta); }
            @Override public List<Expr> holonomic(List<Expr> g) { return sys.at(sys.holonomic(), g, null); }
            @Override public Expr[][] holonomicGradient(List<Expr> g) { return sys.at(sys.holonomicJacobian(), g, null); }
        };
    }
}
