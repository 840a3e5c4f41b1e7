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
    private final ButcherTableau t;
    private final int r;

    public Vrkmk(ButcherTableau t, int r) {
        RightTrivialised.requireCutOff("vrkmk", r);
        RightTrivialised.requireNonzeroWeights("vrkmk", t);
        this.t = t;
        this.r = r;
    }

    @Override public String name() { return "vrkmk:" + t.name() + "," + r; }
    @Override public String summary() { return "variational RKMK on " + t.name() + ", cut-off r = " + r + " (003 eq. 16)"; }
    // 003 Thm 5.3: min(order of the SPRK, r + 2), r + 3 for even r >= 2 (B_{r+1} = 0, spec P10); r = 0 at most 2 (Prop 3.1)
    @Override public int order() { return Math.min(t.order(), r == 0 ? 2 : r % 2 == 0 ? r + 3 : r + 2); }
    @Override public int multiplierOrder() { return order(); }
    @Override public String conserves() { return RightTrivialised.CONSERVES; }

    @Override public Claims claims() { return RightTrivialised.CLAIMS; }

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

        List<Expr> unknowns = new ArrayList<>(), residuals = new ArrayList<>(), guess = new ArrayList<>();
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
                unknowns.addAll(xii);
                residuals.addAll(f.legendre(q, m.get(i), xii));
                guess.addAll(zeros(d));
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
                    Vec.times(H, Matrices.times(maps.pStar(x.get(i), xi.get(i), r), k)));
            List<Expr> mMap = Vec.times(num(1 / b[i]), Matrices.times(Matrices.transpose(maps.dexpInverseTruncated(x.get(i), r)), k));
            List<Expr> xMap = zeros(d);
            for (int j = 0; j < s; j++) if (a[i][j] != 0) xMap = Vec.plus(xMap, Vec.times(num(a[i][j]), eta.get(j)));
            xMap = Vec.times(H, xMap);
            unknowns.addAll(x.get(i));
            residuals.addAll(Vec.minus(x.get(i), xMap));
            guess.addAll(xi0 == null ? zeros(d) : Vec.times(mul(H, num(c[i])), xi0));            // spec sec. 5.5 starting values
            unknowns.addAll(m.get(i));
            residuals.addAll(Vec.minus(m.get(i), mMap));
            guess.addAll(mu0);
            unknowns.addAll(lambda.get(i));
            residuals.addAll(Vec.minus(lambda.get(i), lambdaMap));
            guess.addAll(n0 == null ? zeros(d) : Vec.times(mul(H, num(-b[i])), n0));
        }
        List<Expr> update = new ArrayList<>(group.multiply(group.retract(RetractionKind.EXP, y), g0));   // q1 = exp(Y) q0
        update.addAll(maps.coAdjoint(group.retract(RetractionKind.EXP, Matrices.negate(y)), w));        // mu1 = Ad*_{exp(-Y)} w
        StepSystem step = new StepSystem(name(), sys, setting.layout(), unknowns, residuals, guess, update, List.of());
        // 003 sec. 5.5: every residual is its unknown minus its fixed-point map where the velocities are explicit in M
        return f.explicit() ? step.withIteration(Iteration.FIXED_POINT, step::fixedPoint) : step;
    }

    static List<Expr> zeros(int d) { return new ArrayList<>(java.util.Collections.nCopies(d, ZERO)); }
}
