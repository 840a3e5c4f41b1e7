package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Iteration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.StepSystem.H;

/**
 * vi:TABLEAU[,alpha-,alpha+]: any explicit Runge-Kutta method made a constrained variational integrator of the same order
 * (000, Patrick, Cuell, Spiteri, Zhang). The standard layer R_t (spec sec. 3.1) runs from w = (q, v) backward for h alpha-
 * and forward for h alpha+; its position ends, projected orthogonally onto g = 0, are the segment ends and its action is
 * the discrete Lagrangian L_h(w) (sec. 3.2). One step w1 -> w2 solves 000's Stage 3 equations (S3.1-S3.8) with the
 * projected multipliers written directly: lambda-hat tangent at its projected point stands for Dproj^T lambda (eq. 4.7),
 * and the two hats of mu are tied by (I + D^2(theta^T g)) mu-hat-1 - (I + D^2(theta+^T g)) mu-hat-2 in the range of
 * Dg(q-bar)^T. Derivatives of R_t are symbolic (sec. 3.7). Carries lambda(q, v) of the index-1 form, then the
 * discrete Legendre pair (q-bar, mu) of the step (sec. 3.6), so J_xi = -mu . xi(q-bar) is an observer. Iterations: Newton,
 * or 000's chord iteration (sec. 4.4) whose matrix is the Jacobian of the same equations over the approximates (4.9) of
 * the standard layer, corrected (spec sec. 3.5) or as printed, frozen at (q1, v1) with the multipliers at 0.
 */
public final class VariationalConversion implements Method {
    private final ButcherTableau tableau;
    private final double alphaMinus, alphaPlus;

    public VariationalConversion(ButcherTableau tableau, double alphaMinus, double alphaPlus) {
        if (!(Math.abs(alphaPlus - alphaMinus - 1) <= 1e-14))
            throw new InputException("vi: bias (" + alphaMinus + ", " + alphaPlus + ") must have alpha+ - alpha- = 1 (000 sec. 2)");
        if (alphaMinus < -1 || alphaMinus > 0)
            throw new InputException("vi: bias (" + alphaMinus + ", " + alphaPlus + ") must have -1 <= alpha- <= 0 <= alpha+ <= 1 (000 sec. 2)");
        if (!tableau.isExplicit())
            throw new InputException("vi: tableau " + tableau.name() + " is implicit; the standard layer must be an explicit Runge-Kutta method");
        this.tableau = tableau;
        this.alphaMinus = alphaMinus;
        this.alphaPlus = alphaPlus;
    }

    public double alphaMinus() { return alphaMinus; }
    public double alphaPlus() { return alphaPlus; }
    public ButcherTableau tableau() { return tableau; }

    @Override
    public String name() {
        return "vi:" + tableau.name() + (alphaMinus == 0 ? "" : "," + number(alphaMinus) + "," + number(alphaPlus));
    }

    @Override
    public String summary() {
        return "variational integrator from the standard layer " + tableau.name() + ", bias (" + number(alphaMinus) + ", "
                + number(alphaPlus) + ") (000 sec. 2-3)";
    }

    /** The standard layer's order; a self-adjoint bias (-1/2, 1/2) lifts an odd order to the next even one (000 sec. 2). */
    @Override
    public int order() {
        int r = tableau.order();
        return alphaMinus == -alphaPlus && r % 2 == 1 ? r + 1 : r;
    }

    @Override public int multiplierOrder() { return order(); }

    @Override
    public String conserves() {
        return "g(q) = 0 and G(q) v = 0 at every step; symplectic; the discrete Noether momentum -mu.xi(q-bar) of a symmetry; "
                + "energy up to a bounded O(h^r) error" + (alphaMinus == -alphaPlus ? "; self-adjoint (time-reversible)" : "");
    }

    /** 000 secs. 2-3 and spec sec. 6: symplectic in the discrete Legendre pair (q-bar, mu) the step carries, its discrete Noether momentum. */
    @Override
    public Claims claims() {
        return Claims.by("000 secs. 2-3, spec sec. 6", "double-pendulum", tableau.order() >= 3 ? 0.2 : 0.1).in(this::legendrePair).symplecticMap()
                .symmetricMap(alphaMinus == -alphaPlus).energyError(Claims.Energy.BOUNDED).conservesMomentumMaps().constraints(true, true);
    }

    /** (q-bar, mu): the last 2n multipliers of the layout the Builder makes (after lambda(q, v) of the index-1 form). */
    private Claims.CanonicalPair legendrePair(StateLayout layout) {
        int n = layout.n(), at = layout.lambdaOffset() + layout.multipliers() - 2 * n;
        return new Claims.CanonicalPair(Claims.CanonicalPair.range(at, n), Claims.CanonicalPair.range(at + n, n), Claims.Trivialisation.NONE);
    }

    /**
     * The equations as built: the eliminations they admit (lambda-hat-minus and mu-hat-2 for alpha- = 0) are written
     * explicitly, and the generic reduction, which would differentiate the nested standard layer once per elimination, finds nothing more.
     */
    @Override
    public StepSystem build(MechanicalSystem sys) {
        StepSystem step = equations(sys);
        step.withIteration(Iteration.CHORD, () -> step.withIterationMatrix(chordMatrix(sys, false, false, true)));
        step.withIteration(Iteration.CHORD_AS_PRINTED, () -> step.withIterationMatrix(chordMatrix(sys, true, true, true)));
        // one typo fixed: on the spec's Stage-4 unknowns, the join q2 -> q-bar among them even for alpha- = 0, where (S4.7a') acts on it
        step.withIteration(Iteration.CHORD_ONLY_S46_FIXED, () -> joined(sys).withIterationMatrix(chordMatrix(sys, false, true, false)));
        step.withIteration(Iteration.CHORD_ONLY_S47_FIXED, () -> joined(sys).withIterationMatrix(chordMatrix(sys, true, false, false)));
        return step;
    }

    /** The step on every Stage-4 unknown: for alpha- = 0 the join q2 = q-bar, lambda-hat-minus and mu-hat-2 stay unknowns. */
    private StepSystem joined(MechanicalSystem sys) {
        ConstrainedAcceleration acc = new ConstrainedAcceleration(sys);
        return new Builder(sys, exactLayer(sys, acc), acc, false).build();
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        if (sys.nonholonomicCount() > 0)
            throw new InputException("vi: model " + sys.name() + " has nonholonomic constraints; 000 covers holonomic constraints only");
        ConstrainedAcceleration acc = new ConstrainedAcceleration(sys);
        return new Builder(sys, exactLayer(sys, acc), acc, true).build();
    }

    /**
     * 000 sec. 4.4: J0, the Jacobian of the step's residuals with the standard layer replaced by its approximates (4.9),
     * d-hat(q, v) ~ q + h alpha v, D_q L_h ~ const, D_v L_h ~ h (M0 v + a0), at the frozen point: configurations q1,
     * velocities v1, multipliers, thetas and hats 0 (so G0 = Dg(q1), M0 = M(q1)). s46Printed: (S4.6a') as 000 prints it,
     * D_v d-hat ~ I in the w2 block; s47Printed: (S4.7a') as printed, alpha+ for alpha- in the join (spec sec. 9 items 3, 4);
     * eliminate: on the unknowns of the step the Builder eliminates (as equations() does) or on every Stage-4 unknown.
     */
    Expr[][] chordMatrix(MechanicalSystem sys, boolean s46Printed, boolean s47Printed, boolean eliminate) {
        Builder approx = new Builder(sys, approximateLayer(sys, s46Printed, s47Printed), new ConstrainedAcceleration(sys), eliminate);
        StepSystem f0 = approx.build();
        Expr[][] j0 = Derivative.jacobian(f0.residuals(), f0.unknowns());
        Expr[][] out = new Expr[j0.length][];
        for (int k = 0; k < j0.length; k++) out[k] = Exprs.substitute(List.of(j0[k]), approx.frozen).toArray(new Expr[0]);
        return out;
    }

    /** The segment ends (q parts of d-hat-minus and d-hat-plus), their Jacobians in w and DL_h, at one w = (q, v). */
    private record Ends(List<Expr> minus, List<Expr> plus, Expr[][] jMinus, Expr[][] jPlus, List<Expr> dLh) {}

    /** The standard layer at w1 (the state) and at w2 (second). */
    private interface Layer {
        Ends at(List<Expr> q, List<Expr> v, boolean second);
    }

    /** R_t from the tableau (sec. 3.1-3.2) with its symbolic derivatives (sec. 3.7), at w1 and substituted at w2. */
    private Layer exactLayer(MechanicalSystem sys, ConstrainedAcceleration acc) {
        StandardLayer layer = new StandardLayer(sys, tableau, acc);
        List<Expr> w = new ArrayList<>(sys.q());
        w.addAll(sys.v());
        StandardLayer.End minus = layer.step(sys.q(), sys.v(), mul(H, num(alphaMinus))), plus = layer.step(sys.q(), sys.v(), mul(H, num(alphaPlus)));
        Ends at1 = new Ends(minus.q(), plus.q(), Derivative.jacobian(minus.q(), w), Derivative.jacobian(plus.q(), w),
                Derivative.gradient(sub(plus.action(), minus.action()), w));
        return (q, v, second) -> {
            if (!second) return at1;
            Map<Expr, Expr> at2 = new HashMap<>();
            for (int i = 0; i < q.size(); i++) { at2.put(sys.q().get(i), q.get(i)); at2.put(sys.v().get(i), v.get(i)); }
            return new Ends(Exprs.substitute(at1.minus(), at2), Exprs.substitute(at1.plus(), at2), substitute(at1.jMinus(), at2),
                    substitute(at1.jPlus(), at2), Exprs.substitute(at1.dLh(), at2));
        };
    }

    /** The approximates (4.9) of 000 sec. 4.4 (spec sec. 3.5); s46Printed, s47Printed: (S4.6a'), (S4.7a') as 000 prints them. */
    private Layer approximateLayer(MechanicalSystem sys, boolean s46Printed, boolean s47Printed) {
        int n = sys.dimension();
        return (q, v, second) -> {
            boolean s46Typo = s46Printed && second, s47Typo = s47Printed && second;
            Expr hm = mul(H, num(alphaMinus)), hp = mul(H, num(alphaPlus));
            List<Expr> dLh = zeros(n);
            dLh.addAll(Vec.times(H, sys.at(sys.momenta(), sys.q(), v)));    // D_v L_h ~ h (M0 v + a0), M0 and a0 at q1
            return new Ends(Vec.plus(q, Vec.times(s47Typo ? hp : hm, v)), Vec.plus(q, Vec.times(hp, v)),
                    linearEnd(n, s46Typo ? ONE : hm), linearEnd(n, s46Typo ? ONE : hp), dLh);
        };
    }

    /** [I, c I]: the Jacobian in (q, v) of q + c v. */
    private static Expr[][] linearEnd(int n, Expr c) {
        Expr[][] out = new Expr[n][2 * n];
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 2 * n; k++) out[i][k] = k == i ? ONE : k == n + i ? c : ZERO;
        return out;
    }

    private static String number(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    /** The step equations of one system. */
    private final class Builder {
        private final MechanicalSystem sys;
        private final Layer layer;
        private final ConstrainedAcceleration acc;
        private final int n, d;
        private final StepEquations eq = new StepEquations();
        /** Each unknown's value at the chord iteration's frozen point: q1 for configurations, v1 for v2, 0 otherwise. */
        private final Map<Expr, Expr> frozen = new HashMap<>();
        private final Expr[][][] hess;
        /** alpha- = 0 with the eliminations: d-minus is the identity, so lambda-hat-minus, the join q2 = q-bar and mu-hat-2 are explicit. */
        private final boolean exactJoin;

        Builder(MechanicalSystem sys, Layer layer, ConstrainedAcceleration acc, boolean eliminate) {
            this.exactJoin = eliminate && alphaMinus == 0;
            this.sys = sys;
            this.layer = layer;
            this.acc = acc;
            this.n = sys.dimension();
            this.d = sys.holonomicCount();
            this.hess = new Expr[d][][];
            for (int a = 0; a < d; a++) hess[a] = Derivative.jacobian(List.of(sys.holonomicJacobian()[a]), sys.q());
        }

        List<Expr> unknown(StepEquations.Subsystem block, String name, int count, List<Expr> x0) { return unknown(block, name, count, x0, zeros(count)); }

        List<Expr> unknown(StepEquations.Subsystem block, String name, int count, List<Expr> x0, List<Expr> atFrozen) {
            List<Expr> x = block.unknowns(name, count, x0);
            for (int i = 0; i < count; i++) frozen.put(x.get(i), atFrozen.get(i));
            return x;
        }

        StepSystem build() {
            List<Expr> q1 = sys.q(), v1 = sys.v();
            // segment ends d-hat-minus, d-hat-plus and DL_h (sec. 3.2) with their derivatives (sec. 3.7), at w1
            Ends at1 = layer.at(q1, v1, false);
            Expr[][] jMinus = at1.jMinus(), jPlus = at1.jPlus();
            List<Expr> dLh = at1.dLh();
            List<Expr> p1 = sys.momenta(), zeroN = zeros(n), zeroD = zeros(d);

            // w1 block: (S3.1), (S3.6), the first of (S3.5), the tangency of the hats (4.7)
            StepEquations.Subsystem w1 = eq.subsystem("w1");
            Projection q1Minus = alphaMinus == 0 ? new Projection(q1, zeroD) : project(w1, "q1m", at1.minus(), at1.minus());
            Projection qBar = alphaPlus == 0 ? new Projection(q1, zeroD) : project(w1, "qb", at1.plus(), at1.plus());
            List<Expr> muHat1 = unknown(w1, "mh1", n, p1), nu1Minus = unknown(w1, "nu1m", d, zeroD), nu2Minus = unknown(w1, "nu2m", d, zeroD);
            List<Expr> lambdaHatMinus;
            if (exactJoin) {
                // d-minus is the identity, D d-hat-minus = [I, 0]: the q rows of (S3.1) give lambda-hat-minus explicitly
                List<Expr> r = stationarity(dLh, zeroN, jMinus, muHat1, jPlus, 1, nu1Minus, nu2Minus, q1, v1);
                lambdaHatMinus = r.subList(0, n);
                w1.residuals(r.subList(n, 2 * n));
            } else {
                lambdaHatMinus = unknown(w1, "lhm", n, Vec.times(MINUS_ONE, p1));
                w1.residuals(stationarity(dLh, lambdaHatMinus, jMinus, muHat1, jPlus, 1, nu1Minus, nu2Minus, q1, v1));
            }
            w1.residuals(Vec.times(g(q1Minus.q()), lambdaHatMinus));
            w1.residuals(Vec.times(g(qBar.q()), muHat1));

            // w2 block: (S3.2), (S3.7), the second of (S3.5) with theta+, (S3.8) for lambda+, and the tie of the mu hats
            StepEquations.Subsystem w2 = eq.subsystem("w2");
            List<Expr> v2 = unknown(w2, "v2", n, v1, v1);
            List<Expr> q2, thetaJoin;
            if (exactJoin) {
                q2 = qBar.q();      // d-minus is the identity: the join puts q2 at q-bar
                thetaJoin = zeroD;
            } else {
                q2 = unknown(w2, "q2", n, Vec.minus(at1.plus(), Vec.times(mul(H, num(alphaMinus)), v1)), q1);
                thetaJoin = unknown(w2, "thj", d, zeroD);
            }
            Ends at2 = layer.at(q2, v2, true);
            List<Expr> minus2 = at2.minus(), plus2 = at2.plus(), dLh2 = at2.dLh();
            Expr[][] jMinus2 = at2.jMinus(), jPlus2 = at2.jPlus();
            if (!exactJoin) {
                w2.residuals(Vec.minus(Vec.minus(minus2, qBar.q()), Vec.transposeTimes(g(qBar.q()), thetaJoin, n)));
                w2.residuals(sys.at(sys.holonomic(), q2, null));
            }
            w2.residuals(Vec.times(g(q2), v2));
            Projection q2Plus = alphaPlus == 0 ? new Projection(q2, zeroD)
                    : project(w2, "q2p", plus2, Vec.plus(at1.plus(), Vec.times(H, v1)));
            List<Expr> lambdaHatPlus = unknown(w2, "lhp", n, p1);
            List<Expr> nu1Plus = unknown(w2, "nu1p", d, zeroD), nu2Plus = unknown(w2, "nu2p", d, zeroD), zeta = unknown(w2, "zeta", d, zeroD);
            List<Expr> mu1 = curvature(qBar, muHat1), muHat2;
            if (exactJoin) {
                // theta+ = 0: the tie of the mu hats gives mu-hat-2 explicitly
                muHat2 = Vec.minus(mu1, Vec.transposeTimes(g(qBar.q()), zeta, n));
            } else {
                muHat2 = unknown(w2, "mh2", n, p1);
                List<Expr> mu2 = curvature(new Projection(qBar.q(), thetaJoin), muHat2);
                w2.residuals(Vec.minus(Vec.minus(mu1, mu2), Vec.transposeTimes(g(qBar.q()), zeta, n)));
            }
            w2.residuals(stationarity(dLh2, lambdaHatPlus, jPlus2, muHat2, jMinus2, -1, nu1Plus, nu2Plus, q2, v2));
            w2.residuals(Vec.times(g(q2Plus.q()), lambdaHatPlus));
            w2.residuals(Vec.times(g(qBar.q()), muHat2));

            // update: w2, p2, lambda(w2) of the index-1 form, then (q-bar, mu) with mu tangent at q-bar
            List<Expr> update = new ArrayList<>(q2);
            update.addAll(v2);
            update.addAll(sys.at(sys.momenta(), q2, v2));
            update.addAll(sys.at(acc.multipliers(), q2, v2));
            update.addAll(qBar.q());
            update.addAll(tangent(qBar.q(), mu1));
            return eq.system(name(), sys, new StateLayout(sys, d + 2 * n), update);
        }

        /**
         * (S3.1) / (S3.2): DL_h(w) - lambda-hat D d-hat_a(w) -+ mu-hat D d-hat_b(w) - nu1 [Dg(q), 0] - nu2 [v^T D^2g(q), Dg(q)],
         * 2n components; sign = +1 for the w1 block, -1 for the w2 block.
         */
        List<Expr> stationarity(List<Expr> dl, List<Expr> lambdaHat, Expr[][] jLambda, List<Expr> muHat, Expr[][] jMu, int sign,
                                List<Expr> nu1, List<Expr> nu2, List<Expr> q, List<Expr> v) {
            Expr[][] gq = g(q);
            List<Expr> out = new ArrayList<>(2 * n);
            for (int k = 0; k < 2 * n; k++) {
                Expr r = dl.get(k);
                for (int i = 0; i < n; i++) {
                    r = sub(r, mul(lambdaHat.get(i), jLambda[i][k]));
                    r = sign > 0 ? sub(r, mul(muHat.get(i), jMu[i][k])) : add(r, mul(muHat.get(i), jMu[i][k]));
                }
                for (int a = 0; a < d; a++) {
                    // [Dg, 0] and [v^T D^2g, Dg]
                    Expr c1 = k < n ? gq[a][k] : ZERO;
                    Expr c2 = k < n ? vHess(a, q, v, k) : gq[a][k - n];
                    r = sub(r, add(mul(nu1.get(a), c1), mul(nu2.get(a), c2)));
                }
                out.add(r);
            }
            return out;
        }

        /** (v^T D^2 g^a(q))_j = sum_i v_i d^2 g^a / dq_i dq_j. */
        Expr vHess(int a, List<Expr> q, List<Expr> v, int j) {
            Expr s = ZERO;
            for (int i = 0; i < n; i++) s = add(s, mul(v.get(i), sys.at(hess[a][i][j], q, null)));
            return s;
        }

        /** (I + D^2(theta^T g)(q)) x: the first block row of K(q, theta) (eq. 4.7) applied to a hat. */
        List<Expr> curvature(Projection p, List<Expr> x) {
            List<Expr> out = new ArrayList<>(x);
            for (int a = 0; a < d; a++) {
                if (p.theta().get(a).isConst(0)) continue;
                Expr[][] ha = new Expr[n][];
                for (int i = 0; i < n; i++) ha[i] = sys.at(List.of(hess[a][i]), p.q(), null).toArray(new Expr[0]);
                out = Vec.plus(out, Vec.times(p.theta().get(a), Vec.times(ha, x)));
            }
            return out;
        }

        /** x minus its component along the rows of Dg(q): the tangent covector (orthogonal projection). */
        List<Expr> tangent(List<Expr> q, List<Expr> x) {
            Expr[][] gq = g(q);
            Expr[][] ggt = new Expr[d][d];
            for (int a = 0; a < d; a++) for (int b = 0; b < d; b++) ggt[a][b] = dot(List.of(gq[a]), List.of(gq[b]));
            List<Expr> s = SymbolicSolve.solve(ggt, Vec.times(gq, x));
            return Vec.minus(x, Vec.transposeTimes(gq, s, n));
        }

        /** P(q-hat) = q with q-hat = q + Dg(q)^T theta and g(q) = 0 (000 eq. 3.2): n + d unknowns and equations. */
        Projection project(StepEquations.Subsystem block, String name, List<Expr> qHat, List<Expr> q0) {
            List<Expr> q = unknown(block, name, n, q0, sys.q()), theta = unknown(block, "th" + name, d, zeros(d));
            block.residuals(Vec.minus(Vec.plus(q, Vec.transposeTimes(g(q), theta, n)), qHat));
            block.residuals(sys.at(sys.holonomic(), q, null));
            return new Projection(q, theta);
        }

        Expr[][] g(List<Expr> q) { return sys.at(sys.holonomicJacobian(), q, null); }
    }

    /** A projected point and its theta. */
    private record Projection(List<Expr> q, List<Expr> theta) {}

    private static List<Expr> zeros(int k) { return new ArrayList<>(java.util.Collections.nCopies(k, ZERO)); }

    private static Expr[][] substitute(Expr[][] m, Map<Expr, Expr> at) {
        Expr[][] out = new Expr[m.length][];
        for (int i = 0; i < m.length; i++) out[i] = Exprs.substitute(List.of(m[i]), at).toArray(new Expr[0]);
        return out;
    }
}
