package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.LieGroup;
import org.geomech.lie.Matrices;

import java.util.List;

import static org.geomech.expr.Expr.*;

/** The algebra maps of 003 sec. 2.3 as d x d matrices on a group: truncated dexp^-1_(r), P*_(r), truncated dexp_(r), R*_(r), and duals. */
final class LieAlgebraMaps {
    /** B_0 .. B_8. */
    private static final double[] BERNOULLI = {1, -0.5, 1.0 / 6, 0, -1.0 / 30, 0, 1.0 / 42, 0, -1.0 / 30};
    static final int MAX_CUTOFF = BERNOULLI.length - 1;

    private final LieGroup group;

    LieAlgebraMaps(LieGroup group) { this.group = group; }

    private static double factorial(int k) {
        double f = 1;
        for (int i = 2; i <= k; i++) f *= i;
        return f;
    }

    /** dexp^-1_(r),x = sum_{k=0}^r (B_k/k!) ad_x^k for r >= 1, the identity for r = 0 (003 sec. 2.3, spec pitfall P1). */
    Expr[][] dexpInverseTruncated(List<Expr> x, int r) {
        int d = group.dimension();
        Expr[][] out = Matrices.identity(d), ad = group.ad(x), power = Matrices.identity(d);
        for (int k = 1; k <= r; k++) {
            power = Matrices.times(power, ad);
            if (BERNOULLI[k] != 0) out = Matrices.plus(out, Matrices.scale(num(BERNOULLI[k] / factorial(k)), power));
        }
        return out;
    }

    /**
     * P*_(r)(x, xi), the adjoint of the x-derivative of x -> dexp^-1_(r),x xi (003 sec. 2.3):
     * 1/2 ad*_xi - sum_{k=2}^r (B_k/k!) sum_{i=0}^{k-1} ad*_{ad_x^i xi} (ad*_x)^{k-i-1}; 0 for r = 0.
     */
    Expr[][] pStar(List<Expr> x, List<Expr> xi, int r) {
        int d = group.dimension();
        if (r == 0) return Matrices.zeros(d, d);
        Expr[][] out = Matrices.scale(HALF, Matrices.transpose(group.ad(xi)));
        for (int k = 2; k <= r; k++)
            if (BERNOULLI[k] != 0) out = Matrices.minus(out, Matrices.scale(num(BERNOULLI[k] / factorial(k)), adPowerDerivativeStar(x, xi, k)));
        return out;
    }

    /** dexp_(r),x = sum_{k=0}^r ad_x^k/(k+1)!, the truncated dexp of the Pade variant (003 sec. 4.1.1). */
    Expr[][] dexpTruncated(List<Expr> x, int r) {
        Expr[][] out = Matrices.identity(group.dimension()), ad = group.ad(x), power = Matrices.identity(group.dimension());
        for (int k = 1; k <= r; k++) {
            power = Matrices.times(power, ad);
            out = Matrices.plus(out, Matrices.scale(num(1 / factorial(k + 1)), power));
        }
        return out;
    }

    /**
     * R*_(r)(x, xi), the adjoint of the x-derivative of x -> dexp_(r),x xi (003 spec sec. 6.2):
     * -sum_{k=1}^r (1/(k+1)!) sum_{i=0}^{k-1} ad*_{ad_x^i xi} (ad*_x)^{k-1-i}; 0 for r = 0.
     */
    Expr[][] rStar(List<Expr> x, List<Expr> xi, int r) {
        Expr[][] out = Matrices.zeros(group.dimension(), group.dimension());
        for (int k = 1; k <= r; k++) out = Matrices.minus(out, Matrices.scale(num(1 / factorial(k + 1)), adPowerDerivativeStar(x, xi, k)));
        return out;
    }

    /** sum_{i=0}^{k-1} ad*_{ad_x^i xi} (ad*_x)^{k-1-i}: minus the adjoint of the x-derivative of x -> ad_x^k xi. */
    private Expr[][] adPowerDerivativeStar(List<Expr> x, List<Expr> xi, int k) {
        int d = group.dimension();
        Expr[][] adStarX = Matrices.transpose(group.ad(x)), adX = group.ad(x), sum = Matrices.zeros(d, d);
        List<Expr> adPowerXi = xi;
        for (int i = 0; i < k; i++) {
            Expr[][] term = Matrices.transpose(group.ad(adPowerXi));
            for (int e = 0; e < k - i - 1; e++) term = Matrices.times(term, adStarX);
            sum = Matrices.plus(sum, term);
            adPowerXi = Matrices.times(adX, adPowerXi);
        }
        return sum;
    }

    /** Ad*_g mu = (Ad_g)^T mu. */
    List<Expr> coAdjoint(List<Expr> g, List<Expr> mu) { return Matrices.times(Matrices.transpose(group.adjoint(g)), mu); }

    /** dexp*_x mu = (dexp_x)^T mu, exact. */
    List<Expr> dexpStar(List<Expr> x, List<Expr> mu) {
        return Matrices.times(Matrices.transpose(group.dRight(org.geomech.lie.RetractionKind.EXP, x)), mu);
    }
}
