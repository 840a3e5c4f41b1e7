package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.method.tableau.GaussLegendre;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.StepSystem.H;

/**
 * HBVM(k,s), the line-integral method of 002 sec. 4 (eqs. 49-52) for H = 1/2 p'M^-1 p + U(q) with g(q) = 0:
 * the multiplier is frozen on each step and fixed by the nu x nu equation (51); velocity and force are expanded
 * in s shifted Legendre polynomials whose coefficients are computed with the k-node Gauss-Legendre rule.
 *
 * <p>Unknowns: the Legendre coefficients gamma_0..gamma_{s-1} of the velocity (s n) and the multiplier (nu).
 * Residuals: gamma_j - M^-1 (delta_j0 p_n - h sum_i (X_s)_ji f_i) with f_i = psi_i - rho_i^T lambda (eq. 50 through
 * Phat^T Omega Ihat = X_s, 002 spec sec. 3.4.1 step 6) and eq. (51). The paper solves them by fixed-point
 * iteration; the backends solve the same equations by Newton, which has the same solution.
 *
 * <p>Sign: 002 writes the constraint force -grad g lambda; geomech's multiplier is +G^T lambda, so lambda here is
 * the paper's with the sign flipped. The reported multiplier (state slot lambda) is the step's frozen value
 * lambda_n, the paper's approximation of lambda(t_n), carried by the state at t_{n+1}.
 */
public final class Hbvm implements Method {
    private final int k, s;

    public Hbvm(int k, int s) {
        if (s < 1 || k < s) throw new InputException("hbvm:k,s needs k >= s >= 1, got k = " + k + ", s = " + s);
        if (k > 100) throw new InputException("hbvm:k,s: k = " + k + " nodes; at most 100 are supported");
        this.k = k;
        this.s = s;
    }

    public int nodes() { return k; }
    public int coefficients() { return s; }

    @Override public String name() { return "hbvm:" + k + "," + s; }
    @Override public String summary() { return "HBVM(" + k + "," + s + ") line-integral method, frozen multiplier per step (002 sec. 4, eqs. 49-52)"; }
    @Override public int order() { return 2; }
    @Override public String conserves() { return "H and g exactly when they are polynomials of degree <= 2k/s (002 Theorem 8), else to O(h^2k); symmetric; the hidden constraint only to O(h^2)"; }

    @Override public int multiplierOrder() { return 1; }

    // 002 Theorem 8: symmetric, H conserved exactly for polynomials of low degree and to O(h^2k) otherwise; not symplectic (spec sec. 4)
    @Override
    public Claims claims() {
        return Claims.by("002 sec. 4, Theorem 8", "planar-pendulum", 0.1).symmetricMap().energyError(Claims.Energy.BOUNDED);
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException(name() + " handles holonomic constraints only; model " + sys.name() + " has nonholonomic constraints");
        if (sys.constantMassMatrix().isEmpty() || sys.velocityFromMomentum(sys.q(), sys.q()).isEmpty())
            throw new InputException(name() + " needs H = 1/2 p'M^-1 p + U(q) with a constant diagonal M (002 eq. 1); model "
                    + sys.name() + " is not of that form");
        GaussLegendre rule = GaussLegendre.of(k);
        double[][] x = GaussLegendre.x(s);
        int n = sys.dimension(), m = sys.holonomicCount();
        StateLayout layout = new StateLayout(sys, m);
        List<Expr> q = layout.q(), p = layout.p(), lambdaState = layout.lambda();
        List<Expr> gradU = Derivative.gradient(sys.potential(), sys.q());
        Expr[][] gradG = sys.holonomicJacobian();

        List<List<Expr>> gamma = new ArrayList<>();
        StepEquations eq = new StepEquations();
        for (int j = 0; j < s; j++) {
            gamma.add(StepSystem.unknownVector("gamma" + j, n));
            eq.unknowns(gamma.get(j), j == 0 ? minv(sys, p) : java.util.Collections.nCopies(n, ZERO));   // 002 spec 3.4.1: gamma_0 = M^-1 p_n
        }
        List<Expr> lambda = eq.unknowns("lambda", m, lambdaState);

        // stage positions Q_l = q_n + h sum_j Ihat_lj gamma_j and the discrete coefficients (49)
        List<List<Expr>> psi = new ArrayList<>();
        List<Expr[][]> rho = new ArrayList<>();
        for (int j = 0; j < s; j++) {
            psi.add(new ArrayList<>(java.util.Collections.nCopies(n, ZERO)));
            Expr[][] r = new Expr[m][n];
            for (Expr[] row : r) java.util.Arrays.fill(row, ZERO);
            rho.add(r);
        }
        for (int l = 0; l < k; l++) {
            double[] w = new double[s];
            for (int j = 0; j < s; j++) w[j] = rule.integral(l, j);
            List<Expr> ql = Vec.combine(q, H, w, gamma);
            List<Expr> du = sys.at(gradU, ql, null);
            Expr[][] dg = sys.at(gradG, ql, null);
            for (int j = 0; j < s; j++) {
                Expr wl = num(rule.b(l) * rule.p(l, j));
                for (int c = 0; c < n; c++) {
                    psi.get(j).set(c, add(psi.get(j).get(c), mul(wl, du.get(c))));
                    for (int a = 0; a < m; a++) rho.get(j)[a][c] = add(rho.get(j)[a][c], mul(wl, dg[a][c]));
                }
            }
        }
        // f_i = psi_i + rho_i lambda_paper = psi_i - rho_i^T lambda
        List<List<Expr>> f = new ArrayList<>();
        for (int i = 0; i < s; i++) f.add(Vec.minus(psi.get(i), Vec.transposeTimes(rho.get(i), lambda, n)));

        for (int j = 0; j < s; j++) {                                            // (50) via Phat^T Omega Ihat = X_s
            List<Expr> rhs = j == 0 ? new ArrayList<>(p) : new ArrayList<>(java.util.Collections.nCopies(n, ZERO));
            for (int i = 0; i < s; i++) if (x[j][i] != 0) rhs = Vec.minus(rhs, Vec.times(mul(H, num(x[j][i])), f.get(i)));
            eq.determine(Vec.minus(gamma.get(j), minv(sys, rhs)), gamma.get(j));
        }
        // (51): h A lambda_paper = rhs, lambda_paper = -lambda
        Expr[][] a = new Expr[m][m];
        List<Expr> rhs = new ArrayList<>();
        List<Expr> p0 = Vec.minus(p, Vec.times(mul(H, num(GaussLegendre.xi(0))), psi.get(0)));
        for (int r = 0; r < m; r++) {
            rhs.add(dot(List.of(rho.get(0)[r]), minv(sys, p0)));
            for (int c = 0; c < m; c++) a[r][c] = mul(num(GaussLegendre.xi(0)), dot(List.of(rho.get(0)[r]), minv(sys, List.of(rho.get(0)[c]))));
        }
        for (int j = 1; j < s; j++) {
            Expr xij = num(GaussLegendre.xi(j));
            for (int r = 0; r < m; r++) {
                Expr t = sub(dot(List.of(rho.get(j)[r]), minv(sys, psi.get(j - 1))), dot(List.of(rho.get(j - 1)[r]), minv(sys, psi.get(j))));
                rhs.set(r, sub(rhs.get(r), mul(mul(H, xij), t)));
                for (int c = 0; c < m; c++) {
                    Expr u = sub(dot(List.of(rho.get(j)[r]), minv(sys, List.of(rho.get(j - 1)[c]))),
                            dot(List.of(rho.get(j - 1)[r]), minv(sys, List.of(rho.get(j)[c]))));
                    a[r][c] = add(a[r][c], mul(xij, u));
                }
            }
        }
        List<Expr> multiplierResidual = new ArrayList<>();
        for (int r = 0; r < m; r++) {
            Expr al = ZERO;
            for (int c = 0; c < m; c++) al = add(al, mul(a[r][c], lambda.get(c)));
            multiplierResidual.add(sub(neg(mul(H, al)), rhs.get(r)));
        }
        eq.determine(multiplierResidual, lambda);

        List<Expr> qNew = Vec.plus(q, Vec.times(H, gamma.get(0)));             // (52)
        List<Expr> pNew = Vec.minus(p, Vec.times(H, f.get(0)));
        List<Expr> update = new ArrayList<>(qNew);
        update.addAll(minv(sys, pNew));
        update.addAll(pNew);
        update.addAll(lambda);
        return eq.system(name(), sys, layout, update);
    }

    /** M^-1 w for the constant diagonal mass matrix. */
    static List<Expr> minv(MechanicalSystem sys, List<Expr> w) {
        return sys.velocityFromMomentum(sys.q(), w).orElseThrow();
    }
}
