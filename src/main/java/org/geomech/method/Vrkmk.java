package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.LieGroup;
import org.geomech.lie.Matrices;
import org.geomech.lie.RetractionKind;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.model.LieGroupSystem;
import org.geomech.solve.Iteration;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.StepSystem.H;

/**
 * Variational Runge-Kutta-Munthe-Kaas, 003 eq. (16): a tableau (A, b), all b_i != 0, and the cut-off r of the truncated
 * dexp^-1_(r); right-trivialised, state (g, mu). Unknowns X_i, M_i, lambda_i per stage, each residual written as
 * unknown minus its fixed-point map (spec sec. 5.5), so a Jacobi fixed-point sweep is Newton with the identity.
 */
public final class Vrkmk implements LieMethod {
    /** The name suffix of the negative control without the P*_(r) terms (003 spec sec. 12.3). */
    public static final String WITHOUT_P_STAR = "no-pstar";

    private final ButcherTableau t;
    private final int r;
    private final boolean pStar;

    public Vrkmk(ButcherTableau t, int r) { this(t, r, true); }

    /**
     * With pStar false the P*_(r) terms of the lambda_i equation are dropped: 003 spec sec. 12.3's negative control,
     * first order and not symplectic (defect 3.8e-3 at h = 0.05 on the dipole for Gauss2 r2); for r = 0 P* is zero anyway.
     */
    public Vrkmk(ButcherTableau t, int r, boolean pStar) {
        RightTrivialised.requireCutOff("vrkmk", r);
        RightTrivialised.requireNonzeroWeights("vrkmk", t);
        this.t = t;
        this.r = r;
        this.pStar = pStar;
    }

    @Override public String name() { return "vrkmk:" + t.name() + "," + r + (pStar ? "" : "," + WITHOUT_P_STAR); }

    @Override
    public String summary() {
        return "variational RKMK on " + t.name() + ", cut-off r = " + r + " (003 eq. 16)" + (pStar ? "" : ", P* terms dropped: not symplectic (003 spec sec. 12.3 control)");
    }

    // 003 Thm 5.3: min(order of the SPRK, r + 2), r + 3 for even r >= 2 (B_{r+1} = 0, spec P10); r = 0 at most 2 (Prop 3.1).
    // Without P* (r >= 1) the M_i lose an O(h) term: order 1 (measured on the dipole: slopes 1.01-1.03 for Gauss2 r2, Gauss3 r4, Kutta3 r1)
    @Override
    public int order() {
        if (!pStar && r > 0) return 1;
        return Math.min(t.order(), r == 0 ? 2 : r % 2 == 0 ? r + 3 : r + 2);
    }
    @Override public int multiplierOrder() { return order(); }

    @Override
    public String conserves() {
        return pStar ? RightTrivialised.CONSERVES : "not symplectic (the P* terms of 003 eq. 16 dropped); g stays on the group (exp update)";
    }

    // without the P* terms (003 spec sec. 12.3's control) the map is neither symplectic nor of the tableau's order: nothing claimed
    @Override public Claims claims() { return pStar ? RightTrivialised.CLAIMS : Claims.by("003 spec sec. 12.3 (control)", "dipole-on-stick", 0.1).constraints(true, false); }

    @Override
    public StepSystem equations(LieGroupSystem sys) {
        RightTrivialised setting = RightTrivialised.of(sys);
        LieGroup group = setting.group();
        LieAlgebraMaps maps = setting.maps();
        LieVectorField f = setting.f();
        List<Expr> g0 = setting.g0(), mu0 = setting.mu0();
        int s = t.stages(), d = sys.dimension();
        double[][] a = t.a();
        double[] b = t.b(), c = t.c();

        StepEquations eq = new StepEquations();
        List<List<Expr>> x = new ArrayList<>(), m = new ArrayList<>(), lambda = new ArrayList<>(), xi = new ArrayList<>(), n = new ArrayList<>(), eta = new ArrayList<>();
        List<Expr> xi0 = f.explicit() ? f.velocity(g0, mu0) : null;
        List<Expr> n0 = f.explicit() ? f.force(g0, mu0, null) : null;
        for (int i = 0; i < s; i++) {
            x.add(StepSystem.unknownVector("X" + (i + 1), d));
            m.add(StepSystem.unknownVector("M" + (i + 1), d));
            lambda.add(StepSystem.unknownVector("lambda" + (i + 1), d));
        }
        List<Expr> w = new ArrayList<>(mu0), yTerms = zeros(d);
        for (int i = 0; i < s; i++) {
            List<Expr> e = group.retract(RetractionKind.EXP, x.get(i)), q = group.multiply(e, g0);
            List<Expr> xii;
            if (f.explicit()) xii = f.velocity(q, m.get(i));
            else {
                xii = StepSystem.unknownVector("xi" + (i + 1), d);
                eq.unknowns(xii, zeros(d), f.legendre(q, m.get(i), xii));
            }
            xi.add(xii);
            n.add(f.force(q, m.get(i), xii));
            eta.add(Matrices.times(maps.dexpInverseTruncated(x.get(i), r), xii));              // dexp^-1_(r),X_i xi_i
            w = Vec.plus(w, Vec.times(mul(H, num(b[i])), maps.coAdjoint(e, n.get(i))));          // mu0 + h sum b_i Ad*_{exp X_i} n_i
            yTerms = Vec.plus(yTerms, Vec.times(num(b[i]), eta.get(i)));
        }
        List<Expr> y = Vec.times(H, yTerms);
        List<Expr> bigLambda = maps.dexpStar(Matrices.negate(y), w);                             // Lambda = dexp*_{-Y} w
        for (int i = 0; i < s; i++) {
            List<Expr> k = Vec.times(num(b[i]), bigLambda);                                        // K_i = b_i Lambda + sum_j a_ji lambda_j
            for (int j = 0; j < s; j++) if (a[j][i] != 0) k = Vec.plus(k, Vec.times(num(a[j][i]), lambda.get(j)));
            List<Expr> lambdaMap = Vec.plus(Vec.times(mul(H, num(-b[i])), maps.dexpStar(x.get(i), n.get(i))),
                    Vec.times(H, Matrices.times(maps.pStar(x.get(i), xi.get(i), pStar ? r : 0), k)));
            List<Expr> mMap = Vec.times(num(1 / b[i]), Matrices.times(Matrices.transpose(maps.dexpInverseTruncated(x.get(i), r)), k));
            List<Expr> xMap = zeros(d);
            for (int j = 0; j < s; j++) if (a[i][j] != 0) xMap = Vec.plus(xMap, Vec.times(num(a[i][j]), eta.get(j)));
            xMap = Vec.times(H, xMap);
            List<Expr> xResidual = Vec.minus(x.get(i), xMap);
            eq.unknowns(x.get(i), xi0 == null ? zeros(d) : Vec.times(mul(H, num(c[i])), xi0), xResidual);   // spec sec. 5.5 starting values
            eq.unknowns(m.get(i), mu0, Vec.minus(m.get(i), mMap));
            List<Expr> lambdaResidual = Vec.minus(lambda.get(i), lambdaMap);
            eq.unknowns(lambda.get(i), n0 == null ? zeros(d) : Vec.times(mul(H, num(-b[i])), n0), lambdaResidual);
        }
        List<Expr> update = new ArrayList<>(group.multiply(group.retract(RetractionKind.EXP, y), g0));   // q1 = exp(Y) q0
        update.addAll(maps.coAdjoint(group.retract(RetractionKind.EXP, Matrices.negate(y)), w));        // mu1 = Ad*_{exp(-Y)} w
        StepSystem step = eq.system(name(), sys, setting.layout(), update);
        // 003 sec. 5.5: every residual is its unknown minus its fixed-point map where the velocities are explicit in M
        return f.explicit() ? step.withIteration(Iteration.FIXED_POINT, step::fixedPoint) : step;
    }

    static List<Expr> zeros(int d) { return new ArrayList<>(java.util.Collections.nCopies(d, ZERO)); }
}
