package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.method.tableau.LobattoIIIAIIIB;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.geomech.method.StepSystem.H;

/**
 * The s-stage nonholonomic Lobatto IIIA-IIIB method of 001 sec. 5, eq. (14): IIIB stage momenta
 * matched to D2L, the constraint imposed on the IIIA-propagated momenta p^i (14d-e), the first-stage
 * multiplier carried from the previous step (Lambda^1 = lambda_k, lambda_{k+1} = Lambda^s).
 */
public final class LobattoNonholonomic implements Method {
    /** The name suffix of the negative control with the interior stage constraints on the IIIB momenta (001 spec R.1). */
    public static final String IIIB_STAGES = "iiib";

    private final int s;
    private final boolean iiibStages;

    public LobattoNonholonomic(int s) { this(s, false); }

    /**
     * With iiibStages the constraint at the interior stages i = 2..s-1 is imposed on the IIIB stage momenta P^i instead of
     * the IIIA p^i (14d), the new node's kept (on P^s, which leaves Lambda^s undetermined as a^_is = 0, the system would be
     * singular): the 001 spec R.1 negative control, which loses order for s >= 3 (spec sec. 4.3: P^i are only order s - 2
     * at the stages; pitfall P7). s = 2 has no interior stage and is the method itself.
     */
    public LobattoNonholonomic(int s, boolean iiibStages) {
        if (s < 2) throw new InputException("lobatto-nh needs s >= 2 stages, got " + s);
        this.s = s;
        this.iiibStages = iiibStages;
    }

    @Override public String name() { return "lobatto-nh:" + s + (iiibStages ? "," + IIIB_STAGES : ""); }

    @Override
    public String summary() {
        return s + "-stage nonholonomic Lobatto IIIA-IIIB (001 sec. 5, eq. 14)" + (iiibStages ? ", interior constraints on the IIIB momenta (001 spec R.1 control)" : "");
    }

    // 001 spec R.1 control: measured orders 2 (s = 3) and 4 (s = 4) in q and p, and 0 and 2 in lambda
    @Override public int order() { return iiibStages && s > 2 ? 2 * s - 4 : 2 * s - 2; }
    // 001 Cor. 5.2.1: lambda order s for s even, s - 1 for s odd
    @Override public int multiplierOrder() { return iiibStages && s > 2 ? (s % 2 == 0 ? s - 2 : 0) : s % 2 == 0 ? s : s - 1; }

    @Override
    public String conserves() {
        return "the nonholonomic constraint at every node (to the Newton tolerance); symmetric in (q, p, lambda); "
                + "not symplectic; energy only approximately (bounded error on integrable examples, a random walk on chaotic ones)";
    }

    // 001 sec. 5 and spec R.1: not symplectic (nonholonomic flows are not); symmetric in (q, p, lambda); the constraint at every node
    @Override
    public Claims claims() {
        Claims claims = Claims.by("001 sec. 5, spec R.1", "nh-particle", s > 2 ? 0.2 : 0.1).constraints(false, true);
        return iiibStages ? claims : claims.symmetricMap();   // the control (spec R.1) claims no symmetry
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        return equations(sys, StagePositions.pay(sys, t.a(), t.aHat()));
    }

    /** (14) with the stage positions as unknowns (residuals 14b) or substituted (see StagePositions). */
    StepSystem equations(MechanicalSystem sys, boolean positionUnknowns) {
        requireNonholonomic(name(), sys);
        LobattoIIIAIIIB t = LobattoIIIAIIIB.of(s);
        int n = sys.dimension(), m = sys.nonholonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), v = layout.v(), p = layout.p(), lambda = layout.lambda();

        StepEquations eq = new StepEquations();
        List<List<Expr>> V = eq.stages("V", List.of(), s, n, i -> v), Lam = multipliers(eq, s, lambda), W = new ArrayList<>();
        List<Expr> startForce = Vec.plus(sys.force(), Vec.transposeTimes(sys.nonholonomicMatrix(), lambda, n));   // W^1 = W(q, v, lambda_k)
        StagePositions positions = StagePositions.of(positionUnknowns, sys, t, q, v, p, startForce, V, eq);   // (14b) Q^i
        List<List<Expr>> Q = positions.positions();
        for (int i = 0; i < s; i++) {
            List<Expr> qi = Q.get(i);
            List<Expr> force = sys.at(sys.force(), qi, V.get(i));
            Expr[][] a = sys.at(sys.nonholonomicMatrix(), qi, V.get(i));
            W.add(Vec.plus(force, Vec.transposeTimes(a, Lam.get(i), n)));      // (14c) W^i
        }
        for (int i = 0; i < s; i++) {                                          // (14b-c) P^i = D2L(Q^i, V^i)
            List<Expr> pi = Vec.combine(p, H, t.aHat()[i], W);
            eq.determine(Vec.minus(pi, sys.at(sys.momenta(), Q.get(i), V.get(i))), V.get(i));
        }
        positions.determine(eq);
        List<Expr> vNew = null;
        for (int i = 1; i < s; i++) {                                          // (14d-e) Psi(q^i, p^i) = 0 on IIIA momenta
            List<Expr> pIIIA = Vec.combine(p, H, iiibStages && i < s - 1 ? t.aHat()[i] : t.a()[i], W);
            List<Expr> vi = velocity(sys, Q.get(i), pIIIA, "v" + (i + 1), eq, v);
            eq.determine(sys.at(sys.nonholonomic(), Q.get(i), vi), Lam.get(i));
            if (i == s - 1) vNew = vi;
        }
        List<Expr> update = new ArrayList<>(Q.get(s - 1));                    // (14a), q_{k+1} = Q^s (H3)
        update.addAll(vNew);
        update.addAll(Vec.combine(p, H, t.b(), W));                            // (14a) p_{k+1}
        update.addAll(Lam.get(s - 1));                                         // lambda_{k+1} = Lambda^s
        return eq.system(name(), sys, layout, update);
    }

    /** The step's nonholonomic constraints alone: InputException naming the method where sys has holonomic ones. */
    static void requireNonholonomic(String method, MechanicalSystem sys) {
        if (sys.holonomicCount() > 0)
            throw new InputException(method + " handles nonholonomic constraints only; model " + sys.name() + " has "
                    + sys.holonomicCount() + " holonomic constraint(s) (use lobatto-holonomic:s or rattle)");
    }

    /**
     * The stage multipliers of the nonholonomic Lobatto methods, (14), its Hamiltonian form (15) and its Lie group form (001
     * sec. 6.4): Lambda^1 = lambda_k carried from the previous step, Lambda^2..s
     * unknowns guessed lambda_k, each determined by the constraint at its stage.
     */
    static List<List<Expr>> multipliers(StepEquations eq, int s, List<Expr> lambda) {
        return eq.stages("Lambda", List.of(lambda), s, lambda.size(), i -> lambda);
    }

    /** v with D2L(q, v) = p: closed form when available, otherwise new unknowns with their residuals. */
    static List<Expr> velocity(MechanicalSystem sys, List<Expr> qAt, List<Expr> pAt, String name, StepEquations eq, List<Expr> vGuess) {
        Optional<List<Expr>> closed = sys.velocityFromMomentum(qAt, pAt);
        if (closed.isPresent()) return closed.get();
        return eq.unknowns(name, sys.dimension(), vGuess, vi -> Vec.minus(sys.at(sys.momenta(), qAt, vi), pAt));
    }
}
