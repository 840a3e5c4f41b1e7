package org.geomech.method;

import org.geomech.expr.Expr;
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
 * The Pade variant of variational RKMK, 003 sec. 4.1.1 with the step equations of the 003 spec sec. 6.2: (dexp_(r))^-1
 * in place of the truncated dexp^-1_(r), so the stage points x_i = h sum_j a_ij xitilde_j are explicit and the
 * multipliers lambda_i are gone. Unknowns xitilde_i and M_i per stage (2 dim G s: 6s on SO(3), against vrkmk's 9s),
 * each residual its unknown minus its fixed-point map, so a Jacobi fixed-point sweep is Newton with the identity.
 */
public record VrkmkPade(ButcherTableau t, int r) implements LieMethod {
    public VrkmkPade {
        RightTrivialised.requireCutOff("vrkmk-pade", r);
        RightTrivialised.requireNonzeroWeights("vrkmk-pade", t);
    }

    @Override public String name() { return "vrkmk-pade:" + t.name() + "," + r; }
    @Override public String summary() { return "variational RKMK, Pade form (dexp_(r))^-1, on " + t.name() + ", r = " + r + " (003 sec. 4.1.1)"; }
    // 003 sec. 7 expects Thm 5.3 to carry over: min(order of the SPRK, r + 2) (every coefficient 1/(k+1)! of dexp_(r) is
    // nonzero, so no even-r bonus as in vrkmk); r = 0 is eq. (12), at most 2 (Prop 3.1); spec sec. 6.2 measures 4 and 6
    @Override public int order() { return Math.min(t.order(), r + 2); }
    @Override public int multiplierOrder() { return order(); }
    @Override public String conserves() { return RightTrivialised.CONSERVES; }

    @Override public Claims claims() { return RightTrivialised.CLAIMS; }

    @Override
    public StepSystem equations(LieGroupSystem sys) {
        RightTrivialised on = RightTrivialised.of(sys);
        LieAlgebraMaps maps = on.maps();
        List<Expr> g0 = on.g0(), mu0 = on.mu0();
        int s = t.stages(), d = sys.dimension();
        List<List<Expr>> xiTilde = new ArrayList<>(), m = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            xiTilde.add(StepSystem.unknownVector("xitilde" + (i + 1), d));
            m.add(StepSystem.unknownVector("M" + (i + 1), d));
        }
        double[][] a = t.a();
        double[] b = t.b();
        List<List<Expr>> q = new ArrayList<>(), xi = new ArrayList<>(), sigma = new ArrayList<>();
        List<Expr[][]> dexpR = new ArrayList<>();
        List<Expr> w = new ArrayList<>(mu0);
        for (int i = 0; i < s; i++) {
            List<Expr> x = Vrkmk.zeros(d);
            for (int j = 0; j < s; j++) if (a[i][j] != 0) x = Vec.plus(x, Vec.times(mul(H, num(a[i][j])), xiTilde.get(j)));   // x_i = h sum_j a_ij xitilde_j
            List<Expr> e = on.group().retract(RetractionKind.EXP, x);
            q.add(on.group().multiply(e, g0));                                                          // Q_i = exp(x_i) q0
            dexpR.add(maps.dexpTruncated(x, r));
            xi.add(Matrices.times(dexpR.get(i), xiTilde.get(i)));                                  // xi_i = dexp_(r),x_i xitilde_i
            List<Expr> n = on.f().force(q.get(i), m.get(i), xi.get(i));
            w = Vec.plus(w, Vec.times(mul(H, num(b[i])), maps.coAdjoint(e, n)));                   // mu0 + h sum b_i Ad*_{exp x_i} n_i
            sigma.add(Vec.plus(maps.dexpStar(x, n), Matrices.times(maps.rStar(x, xiTilde.get(i), r), m.get(i))));   // dexp*_{x_i} n_i + R*_(r)(x_i, xitilde_i) M_i
        }
        List<Expr> y = Vrkmk.zeros(d);
        for (int i = 0; i < s; i++) y = Vec.plus(y, Vec.times(mul(H, num(b[i])), xiTilde.get(i)));   // Y = h sum b_i xitilde_i
        List<Expr> bigLambda = maps.dexpStar(Matrices.negate(y), w);                                // Lambda = dexp*_{-Y} w

        StepEquations eq = new StepEquations();
        for (int k = 0; k < s; k++) {
            // (dexp_(r),x_k)* M_k = Lambda - h sum_i (b_i a_ik / b_k) sigma_i (spec sec. 6.2)
            List<Expr> rhs = bigLambda;
            for (int i = 0; i < s; i++) if (a[i][k] != 0) rhs = Vec.minus(rhs, Vec.times(mul(H, num(b[i] * a[i][k] / b[k])), sigma.get(i)));
            List<Expr> legendre = on.f().legendre(q.get(k), m.get(k), xi.get(k));                      // dexp_(r),x_k xitilde_k = f1(Q_k, M_k)
            eq.unknowns(xiTilde.get(k), on.velocityGuess(), legendre);
            eq.unknowns(m.get(k), mu0, Vec.minus(Matrices.times(Matrices.transpose(dexpR.get(k)), m.get(k)), rhs));
        }
        List<Expr> update = new ArrayList<>(on.group().multiply(on.group().retract(RetractionKind.EXP, y), g0));   // q1 = exp(Y) q0
        update.addAll(maps.coAdjoint(on.group().retract(RetractionKind.EXP, Matrices.negate(y)), w));        // mu1 = Ad*_{exp(-Y)} w
        StepSystem step = eq.system(name(), sys, on.layout(), update);
        // 003 sec. 5.5: every residual is its unknown minus its fixed-point map where the velocities are explicit in M
        return on.f().explicit() ? step.withIteration(Iteration.FIXED_POINT, step::fixedPoint) : step;
    }
}
