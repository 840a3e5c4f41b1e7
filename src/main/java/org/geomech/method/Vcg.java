package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.LieGroup;
import org.geomech.lie.RetractionKind;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.model.LieGroupSystem;
import org.geomech.solve.Iteration;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.StepSystem.H;

/**
 * Variational Crouch-Grossman, 003 eq. (18): products of exponentials q^j = exp(h b_j xi_j) q^{j-1} and
 * Q_ij = exp(h a_ij xi_j) Q_{i,j-1} (stage 1 rightmost, spec P13), body momenta mubar = Ad*_q mu; unknowns xi_i and
 * M_i per stage (spec sec. 7.5), residuals unknown minus fixed-point map.
 */
public final class Vcg implements LieMethod {
    private final ButcherTableau t;

    public Vcg(ButcherTableau t) {
        RightTrivialised.requireNonzeroWeights("vcg", t);
        this.t = t;
    }

    @Override public String name() { return "vcg:" + t.name(); }
    @Override public String summary() { return "variational Crouch-Grossman on " + t.name() + " (003 eq. 18)"; }

    // 003 Prop 5.6/5.7: order 2 unless the tableau satisfies the CG and sum b^3 = 0 conditions; the compositions keep theirs
    @Override
    public int order() {
        double b3 = 0;
        for (double bi : t.b()) b3 += bi * bi * bi;
        return t.stages() > 1 && Math.abs(b3) < 1e-12 ? t.order() : Math.min(2, t.order());
    }

    @Override public int multiplierOrder() { return order(); }
    @Override public String conserves() { return RightTrivialised.CONSERVES; }

    @Override public Claims claims() { return RightTrivialised.CLAIMS; }

    @Override
    public StepSystem equations(LieGroupSystem sys) {
        RightTrivialised setting = RightTrivialised.of(sys);
        LieGroup group = setting.group();
        LieAlgebraMaps maps = setting.maps();
        LieVectorField f = setting.f();
        List<Expr> g0 = setting.g0(), mu0 = setting.mu0(), xiGuess = setting.velocityGuess();
        int s = t.stages(), d = sys.dimension();
        double[][] a = t.a();
        double[] b = t.b();

        List<List<Expr>> xi = new ArrayList<>(), m = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            xi.add(StepSystem.unknownVector("xi" + (i + 1), d));
            m.add(StepSystem.unknownVector("M" + (i + 1), d));
        }
        // partial products: qPartial[j] = q^j, stagePartial[i][j] = Q_ij
        List<List<Expr>> qPartial = new ArrayList<>();
        qPartial.add(g0);
        for (int j = 0; j < s; j++) qPartial.add(group.multiply(group.retract(RetractionKind.EXP, Vec.times(mul(H, num(b[j])), xi.get(j))), qPartial.get(j)));
        List<List<List<Expr>>> stagePartial = new ArrayList<>();
        List<List<Expr>> q = new ArrayList<>(), n = new ArrayList<>(), nBar = new ArrayList<>();
        StepEquations eq = new StepEquations();
        for (int i = 0; i < s; i++) {
            List<List<Expr>> row = new ArrayList<>();
            row.add(g0);
            for (int j = 0; j < s; j++) {
                List<Expr> prev = row.get(j);
                row.add(a[i][j] == 0 ? prev : group.multiply(group.retract(RetractionKind.EXP, Vec.times(mul(H, num(a[i][j])), xi.get(j))), prev));
            }
            stagePartial.add(row);
            q.add(row.get(s));
            n.add(f.force(q.get(i), m.get(i), xi.get(i)));
            nBar.add(maps.coAdjoint(q.get(i), n.get(i)));                                      // nbar_i = Ad*_{Q_i} n_i
        }
        List<Expr> muBar1 = maps.coAdjoint(g0, mu0);                                            // mubar1 = Ad*_{q0} mu0 + h sum b_j nbar_j
        for (int j = 0; j < s; j++) muBar1 = Vec.plus(muBar1, Vec.times(mul(H, num(b[j])), nBar.get(j)));
        for (int i = 0; i < s; i++) {
            List<Expr> mMap = maps.dexpStar(Vec.times(mul(H, num(b[i])), xi.get(i)), maps.coAdjoint(group.inverse(qPartial.get(i + 1)), muBar1));
            for (int j = 0; j < s; j++) {
                if (a[j][i] == 0) continue;
                List<Expr> term = maps.dexpStar(Vec.times(mul(H, num(a[j][i])), xi.get(i)), maps.coAdjoint(group.inverse(stagePartial.get(j).get(i + 1)), nBar.get(j)));
                mMap = Vec.minus(mMap, Vec.times(mul(H, num(b[j] * a[j][i] / b[i])), term));
            }
            eq.unknowns(xi.get(i), xiGuess, f.legendre(q.get(i), m.get(i), xi.get(i)));
            eq.unknowns(m.get(i), mu0, Vec.minus(m.get(i), mMap));
        }
        List<Expr> g1 = qPartial.get(s);
        List<Expr> update = new ArrayList<>(g1);
        update.addAll(maps.coAdjoint(group.inverse(g1), muBar1));                               // mu1 = Ad*_{q1^-1} mubar1
        StepSystem step = eq.system(name(), sys, setting.layout(), update);
        // 003 sec. 5.5: every residual is its unknown minus its fixed-point map where the velocities are explicit in M
        return f.explicit() ? step.withIteration(Iteration.FIXED_POINT, step::fixedPoint) : step;
    }
}
