package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.lie.RetractionKind;
import org.geomech.lie.RetractionTangents;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.geomech.expr.Expr.*;

/**
 * A LieGroupSystem with left-trivialised (body) velocities as the Lie group Lobatto methods of 001 sec. 6 see it:
 * g tau(xi) by the group's product and retraction, mu = D2 l, the trivialised force L*_g D1 l (001 spec sec. 2.2),
 * phi and D2 phi. State blocks: g (the stored entries), xi, mu, lambda.
 */
final class LieGroupTerms implements TrivialisedSystem {
    /** The state blocks of a step on a Lie group system. */
    static final String G = "g", XI = "xi", MU = "mu";

    private final LieGroupSystem sys;
    private final List<Expr> force;
    private final Expr[][] constraintMatrix, metric;

    LieGroupTerms(LieGroupSystem sys) {
        this.sys = sys;
        this.force = sys.gradientLeft(sys.lagrangian());
        this.constraintMatrix = Derivative.jacobian(sys.nonholonomic(), sys.xi());
        this.metric = Derivative.jacobian(sys.momentum(), sys.xi());
    }

    @Override public Model model() { return sys; }
    @Override public String name() { return sys.name(); }
    @Override public int dimension() { return sys.dimension(); }
    @Override public int holonomicCount() { return 0; }
    @Override public int nonholonomicCount() { return sys.nonholonomicCount(); }

    @Override
    public StateLayout layout(int multipliers) {
        List<String> mus = new ArrayList<>(), lambdaNames = new ArrayList<>();
        List<Expr> lambda = new ArrayList<>();
        for (Expr m : sys.mu()) mus.add(m.name());
        for (int a = 1; a <= multipliers; a++) { lambda.add(StateLayout.multiplierSymbol(a)); lambdaNames.add("lambda" + a); }
        return new StateLayout(List.of(new StateLayout.Block(G, sys.g(), sys.entryNames()), new StateLayout.Block(XI, sys.xi(), sys.velocityNames()),
                new StateLayout.Block(MU, sys.mu(), mus), new StateLayout.Block(StateLayout.LAMBDA, lambda, lambdaNames)));
    }

    @Override public List<Expr> element() { return sys.g(); }
    @Override public List<Expr> velocity() { return sys.xi(); }
    @Override public List<Expr> momentum() { return sys.mu(); }
    @Override public RetractionTangents retraction(String kind) { return RetractionTangents.of(sys.group(), RetractionKind.parse(kind)); }

    @Override
    public List<Expr> compose(List<Expr> g, List<Expr> xi, RetractionTangents tau) {
        return sys.group().multiply(g, sys.group().retract(RetractionKind.parse(tau.name()), xi));
    }

    @Override public List<Expr> momentum(List<Expr> g, List<Expr> eta) { return sys.at(sys.momentum(), g, eta); }
    @Override public List<Expr> force(List<Expr> g, List<Expr> eta) { return sys.at(force, g, eta); }
    @Override public List<Expr> nonholonomic(List<Expr> g, List<Expr> eta) { return sys.at(sys.nonholonomic(), g, eta); }

    @Override
    public Expr[][] nonholonomicMatrix(List<Expr> g, List<Expr> eta) {
        Expr[][] out = new Expr[constraintMatrix.length][];
        for (int a = 0; a < out.length; a++) out[a] = sys.at(List.of(constraintMatrix[a]), g, eta).toArray(new Expr[0]);
        return out;
    }

    @Override public List<Expr> holonomic(List<Expr> g) { return List.of(); }
    @Override public Expr[][] holonomicGradient(List<Expr> g) { return new Expr[0][]; }

    /** eta_i = (mu_i - b_i(g)) / K_ii(g) when l is quadratic in xi with a diagonal metric K = D2^2 l; empty otherwise. */
    @Override
    public Optional<List<Expr>> velocity(List<Expr> g, List<Expr> mu) {
        Set<Expr> xi = new HashSet<>(sys.xi());
        int d = dimension();
        for (int i = 0; i < d; i++) for (int j = 0; j < d; j++)
            if (Exprs.dependsOn(metric[i][j], xi) || (i != j && !metric[i][j].isConst(0))) return Optional.empty();
        List<Expr> offset = sys.at(sys.momentum(), g, Collections.nCopies(d, ZERO));
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < d; i++) out.add(div(sub(mu.get(i), offset.get(i)), sys.at(List.of(metric[i][i]), g, null).get(0)));
        return Optional.of(out);
    }
}
