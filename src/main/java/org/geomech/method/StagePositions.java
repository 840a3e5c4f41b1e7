package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.method.tableau.LobattoIIIAIIIB;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.geomech.method.StepSystem.H;

/**
 * The stage positions Q^i = q + h sum_j a_ij V^j of a Lobatto IIIA-IIIB step (001 eqs. 13b, 14b), either substituted as
 * expressions of the stage velocities or, where that makes the step smaller, unknowns whose residuals are (13b)/(14b)
 * themselves. With a constant mass matrix the momentum residuals M V^i = P^i are then affine in V^i
 * with the constant coefficient M, so reduced() eliminates every stage velocity, then every position that no stage
 * momentum reads (Q^1 = q, and Q^s: IIIB's last column is zero); the implicit unknowns left are the interior stage
 * positions and the multipliers (lobatto-nh:3 on chaotic-nh: 9 instead of 23).
 *
 * @param positions Q^1 .. Q^s
 * @param residuals Q^i - (q + h sum_j a_ij V^j) for the positions that are unknowns (the others: empty), to be listed after
 *                  the momentum residuals so that reduction eliminates the velocities first (determine)
 */
record StagePositions(List<List<Expr>> positions, List<List<Expr>> residuals) {

    /**
     * Whether positions as unknowns make the step smaller: on sys a constant mass matrix (L = 1/2 v'Mv - U(q)) and
     * constraint forces free of v, so every stage momentum is affine in its own stage velocity with a constant
     * coefficient; and some stage momentum reads, through aHat, a stage position that moves with the stage velocities
     * (a row of a not zero). Otherwise, as for s = 2, the velocities are explicit already and nothing is gained.
     */
    static boolean pay(MechanicalSystem sys, double[][] a, double[][] aHat) {
        if (sys.constantMassMatrix().isEmpty()) return false;
        for (Expr[] row : sys.nonholonomicMatrix()) for (Expr e : row) if (Exprs.dependsOn(e, sys.v())) return false;
        for (double[] row : aHat)
            for (int j = 0; j < row.length; j++)
                if (row[j] != 0 && Arrays.stream(a[j]).anyMatch(w -> w != 0)) return true;
        return false;
    }

    /**
     * The stage positions of tableau t over the stage velocities V from (q, v, p); as unknowns of eq, declared with their
     * guess, when asUnknowns, else as expressions of V. The guess of Q^i is q + h sum_j a_ij V~^j with the stage velocities
     * predicted from the stage momenta with every stage force frozen at startForce (W at the start of the step):
     * V~^j = FL^-1(q, p + h (sum_k aHat_jk) startForce), or v where FL^-1 has no closed form; an O(h^3) guess where
     * q + h c_i v is O(h^2), one simplified-Newton iteration fewer.
     */
    static StagePositions of(boolean asUnknowns, MechanicalSystem sys, LobattoIIIAIIIB t, List<Expr> q, List<Expr> v, List<Expr> p,
                             List<Expr> startForce, List<List<Expr>> V, StepEquations eq) {
        double[][] a = t.a();
        List<List<Expr>> positions = new ArrayList<>(), predicted = new ArrayList<>();
        List<List<Expr>> residuals = new ArrayList<>();
        for (double[] row : t.aHat())
            predicted.add(sys.velocityFromMomentum(q, Vec.combine(p, H, new double[]{Arrays.stream(row).sum()}, List.of(startForce))).orElse(v));
        for (int i = 0; i < a.length; i++) {
            List<Expr> qi = Vec.combine(q, H, a[i], V);
            if (asUnknowns) {
                List<Expr> unknown = StepSystem.unknownVector("Q" + (i + 1), q.size());
                eq.unknowns(unknown, Vec.combine(q, H, a[i], predicted));
                residuals.add(Vec.minus(unknown, qi));
                qi = unknown;
            } else residuals.add(List.of());
            positions.add(qi);
        }
        return new StagePositions(positions, residuals);
    }

    /** Lists (13b)/(14b), the residual of each stage position that is an unknown, in eq. */
    void determine(StepEquations eq) {
        for (int i = 0; i < positions.size(); i++) if (!residuals.get(i).isEmpty()) eq.determine(residuals.get(i), positions.get(i));
    }
}
