package org.geomech.method;

import org.geomech.InputException;
import org.geomech.expr.Expr;
import org.geomech.method.tableau.LobattoIIIAIIIB;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.method.StepSystem.H;

/**
 * The Hamiltonian form of the s-stage nonholonomic Lobatto IIIA-IIIB method, 001 eq. (15) and App. E: stage velocities
 * V^i = D2H(Q^i, P^i), forces W^i = D1H(Q^i, P^i) - Lambda^i flat_H(D2Psi)(Q^i, P^i), momenta P^i = p_k - h sum_j â_ij W^j
 * (IIIB), constraint Psi(Q^i, p^i) = 0 on the IIIA momenta p^i = p_k - h sum_j a_ij W^j, Lambda^1 = lambda_k carried.
 * The same step as lobatto-nh:s (W of opposite sign, 001 spec P11), with the stage momenta instead of the stage
 * velocities as unknowns; H derived from L (HamiltonianForm).
 */
public final class LobattoNonholonomicHamiltonian implements Method {
    private final int s;

    public LobattoNonholonomicHamiltonian(int s) {
        if (s < 2) throw new InputException("lobatto-nh-hamiltonian needs s >= 2 stages, got " + s);
        this.s = s;
    }

    // the Lagrangian form's claims (001 sec. 5, spec R.1): the same map, written in stage momenta
    @Override
    public Claims claims() {
        return Claims.by("001 eq. 15, App. G", "nh-particle", s > 2 ? 0.2 : 0.1).symmetricMap().constraints(false, true);
    }

    @Override public String name() { return "lobatto-nh-hamiltonian:" + s; }
    @Override public String summary() { return s + "-stage nonholonomic Lobatto IIIA-IIIB, Hamiltonian form (001 eq. 15, App. E)"; }
    @Override public int order() { return 2 * s - 2; }
    // 001 Cor. 5.2.1: lambda order s for s even, s - 1 for s odd
    @Override public int multiplierOrder() { return s % 2 == 0 ? s : s - 1; }

    @Override
    public String conserves() {
        return "as lobatto-nh:s (the same step): the nonholonomic constraint at every node (to the Newton tolerance); symmetric in (q, p, lambda); "
                + "not symplectic; energy only approximately";
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        LobattoNonholonomic.requireNonholonomic(name(), sys);
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        int n = sys.dimension(), m = sys.nonholonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), v = layout.v(), p = layout.p(), lambda = layout.lambda();
        HamiltonianForm ham = new HamiltonianForm(sys, p, name());
        double[] c = t.c();

        StepEquations eq = new StepEquations();
        List<List<Expr>> Q = eq.stages("Q", List.of(q), s, n, i -> Vec.plus(q, Vec.times(Expr.mul(H, Expr.num(c[i])), v)));   // Q^1 = q_k (a_1j = 0)
        List<List<Expr>> P = eq.stages("P", List.of(), s, n, i -> p), Lam = LobattoNonholonomic.multipliers(eq, s, lambda);
        List<List<Expr>> V = new ArrayList<>(), W = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            V.add(ham.d2(Q.get(i), P.get(i)));                                     // V^i = D2H(Q^i, P^i)
            W.add(Vec.minus(ham.d1(Q.get(i), P.get(i)), Vec.transposeTimes(ham.flatPsi(Q.get(i), P.get(i)), Lam.get(i), n)));   // W^i
        }
        for (int i = 1; i < s; i++) eq.determine(Vec.minus(Q.get(i), Vec.combine(q, H, t.a()[i], V)), Q.get(i));        // Q^i = q_k + h sum_j a_ij V^j
        for (int i = 0; i < s; i++) eq.determine(Vec.minus(P.get(i), Vec.combine(p, Expr.neg(H), t.aHat()[i], W)), P.get(i));   // P^i = p_k - h sum_j â_ij W^j
        List<Expr> pNew = null;
        for (int i = 1; i < s; i++) {                                              // Psi(Q^i, p^i) = 0, p^i = p_k - h sum_j a_ij W^j (IIIA)
            List<Expr> pi = Vec.combine(p, Expr.neg(H), t.a()[i], W);
            eq.determine(ham.psi(Q.get(i), pi), Lam.get(i));
            if (i == s - 1) pNew = pi;
        }
        List<Expr> update = new ArrayList<>(Q.get(s - 1));                        // q_{k+1} = Q^s (H3)
        update.addAll(ham.d2(Q.get(s - 1), pNew));                                 // v_{k+1} = D2H(q_{k+1}, p_{k+1})
        update.addAll(pNew);                                                       // p_{k+1} = p^s = p_k - h sum_j b_j W^j (H3)
        update.addAll(Lam.get(s - 1));                                             // lambda_{k+1} = Lambda^s
        return eq.system(name(), sys, layout, update);
    }
}
