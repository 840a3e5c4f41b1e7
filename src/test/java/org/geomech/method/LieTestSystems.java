package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.RetractionTangents;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;
import org.geomech.model.ModelDefinition;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.geomech.expr.Expr.*;

/** Hand-written Lie group systems, independent of the model layer, for checking the Lie group methods. */
public final class LieTestSystems {
    private LieTestSystems() {}

    /** The unicycle of 001 sec. 7.4 on SE(2), g stored as (x, y, theta), parameters m, Iz. */
    public static TrivialisedSystem unicycle() { return new Se2Unicycle(); }

    /**
     * A hand-written unicycle on SE(2) (001 sec. 7.4) with the Cayley retraction, g stored as (x, y, theta): an
     * independent check of the Lie group methods, written from the matrix formulas of the 001 spec sec. 4.5 worked out
     * by hand for se(2) = {(u, phi)}: [X, Y] = (omega J u - phi J w, 0), X Y X = (-omega phi w, -omega^2 phi).
     */
    static final class Se2Unicycle implements TrivialisedSystem {
        static final MechanicalSystem SYSTEM = new ModelDefinition("se2-unicycle", "001 sec. 7.4", List.of("x", "y", "theta"),
                parameters(),
                "0.5*(m*(dot(x)^2 + dot(y)^2) + Iz*dot(theta)^2) - 0.5*(x^2 + y^2)", List.of(), List.of("dot(y)")).build();
        private static final Expr M = sym("m"), IZ = sym("Iz");

        private static Map<String, Double> parameters() {
            Map<String, Double> p = new java.util.LinkedHashMap<>();
            p.put("m", 1.0);
            p.put("Iz", 0.5);
            return p;
        }

        @Override public Model model() { return SYSTEM; }
        @Override public List<Expr> element() { return SYSTEM.q(); }
        @Override public List<Expr> velocity() { return SYSTEM.v(); }
        @Override public List<Expr> momentum() { return new StateLayout(SYSTEM, 0).p(); }
        @Override public String name() { return "se2-unicycle"; }
        @Override public int dimension() { return 3; }
        @Override public int holonomicCount() { return 0; }
        @Override public int nonholonomicCount() { return 1; }
        @Override public StateLayout layout(int multipliers) { return new StateLayout(SYSTEM, multipliers); }

        @Override
        public RetractionTangents retraction(String kind) {
            return new RetractionTangents("cay", 3) {
                // (d^L cay_X)^{-1} Y = Y + [X, Y]/2 - X Y X/4
                @Override protected Expr[][] dLeftInverseAt(List<Expr> x) {
                    Expr w1 = x.get(0), w2 = x.get(1), om = x.get(2), half = mul(HALF, om), d = add(ONE, mul(num(0.25), pow(om, 2)));
                    return new Expr[][]{
                            {ONE, neg(half), add(mul(HALF, w2), mul(num(0.25), mul(om, w1)))},
                            {half, ONE, add(mul(num(-0.5), w1), mul(num(0.25), mul(om, w2)))},
                            {ZERO, ZERO, d}};
                }
                // the inverse of the block-triangular matrix above
                @Override protected Expr[][] dLeftAt(List<Expr> x) {
                    Expr[][] b = dLeftInverseAt(x);
                    Expr om = x.get(2), half = mul(HALF, om), d = b[2][2];
                    Expr[][] bInv = {{div(ONE, d), div(half, d)}, {div(neg(half), d), div(ONE, d)}};
                    Expr c1 = add(mul(bInv[0][0], b[0][2]), mul(bInv[0][1], b[1][2])), c2 = add(mul(bInv[1][0], b[0][2]), mul(bInv[1][1], b[1][2]));
                    return new Expr[][]{{bInv[0][0], bInv[0][1], neg(div(c1, d))}, {bInv[1][0], bInv[1][1], neg(div(c2, d))}, {ZERO, ZERO, div(ONE, d)}};
                }
                // Ad_(R, t) (u, phi) = (R u - phi J t, phi)
                @Override protected Expr[][] adjointAt(List<Expr> x) {
                    Expr[] rt = cay(x);
                    return new Expr[][]{{rt[0], neg(rt[1]), rt[3]}, {rt[1], rt[0], neg(rt[2])}, {ZERO, ZERO, ONE}};
                }
            };
        }

        /** cay(w1, w2, omega) = (cos, sin, t1, t2): rotation by 2 atan(omega/2), t = (I - omega J/2)^{-1} w. */
        static Expr[] cay(List<Expr> x) {
            Expr w1 = x.get(0), w2 = x.get(1), om = x.get(2), den = add(num(4), pow(om, 2)), f = div(num(4), den);
            return new Expr[]{div(sub(num(4), pow(om, 2)), den), div(mul(num(4), om), den),
                    mul(f, sub(w1, mul(HALF, mul(om, w2)))), mul(f, add(w2, mul(HALF, mul(om, w1))))};
        }

        @Override
        public List<Expr> compose(List<Expr> g, List<Expr> xi, RetractionTangents tau) {
            Expr[] rt = cay(xi);
            Expr c = cos(g.get(2)), s = sin(g.get(2));
            return List.of(add(g.get(0), sub(mul(c, rt[2]), mul(s, rt[3]))), add(g.get(1), add(mul(s, rt[2]), mul(c, rt[3]))),
                    add(g.get(2), mul(TWO, atan2(xi.get(2), TWO))));
        }

        @Override public List<Expr> momentum(List<Expr> g, List<Expr> eta) { return List.of(mul(M, eta.get(0)), mul(M, eta.get(1)), mul(IZ, eta.get(2))); }

        // L*_g D1 l = -(R^T (x, y), 0) (001 spec sec. 5.4)
        @Override
        public List<Expr> force(List<Expr> g, List<Expr> eta) {
            Expr c = cos(g.get(2)), s = sin(g.get(2)), x = g.get(0), y = g.get(1);
            return List.of(neg(add(mul(c, x), mul(s, y))), neg(sub(mul(c, y), mul(s, x))), ZERO);
        }

        @Override public Optional<List<Expr>> velocity(List<Expr> g, List<Expr> mu) { return Optional.of(List.of(div(mu.get(0), M), div(mu.get(1), M), div(mu.get(2), IZ))); }
        @Override public List<Expr> nonholonomic(List<Expr> g, List<Expr> eta) { return List.of(eta.get(1)); }
        @Override public Expr[][] nonholonomicMatrix(List<Expr> g, List<Expr> eta) { return new Expr[][]{{ZERO, ONE, ZERO}}; }
        @Override public List<Expr> holonomic(List<Expr> g) { return List.of(); }
        @Override public Expr[][] holonomicGradient(List<Expr> g) { return new Expr[0][]; }
    }
}
