package org.geomech.lie;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.InputException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class LieGroupTest {
    private static final List<Expr> X = Expr.symbols("x", 6), V = Expr.symbols("v", 6), G = Expr.symbols("g", 12);

    /** The algebra points of the checks: 0, tiny, small, moderate, near pi. */
    private static final double[][] POINTS = {{0, 0, 0, 0, 0, 0}, {1e-9, -2e-9, 3e-9, 1e-9, 0, 2e-9}, {1e-4, 2e-4, -1e-4, 3e-4, 1e-4, 0},
            {0.3, -0.2, 0.5, 0.1, 0.7, -0.4}, {1.2, 2.1, -1.3, 0.5, -0.2, 0.9}};

    static double[] eval(List<Expr> outputs, List<Expr> inputs, double[] values) {
        double[] out = new double[outputs.size()];
        Tape.compile(inputs, outputs).eval(java.util.Arrays.copyOf(values, inputs.size()), out);
        return out;
    }

    static double[] flat(Expr[][] m) {
        List<Expr> l = new ArrayList<>();
        for (Expr[] row : m) l.addAll(List.of(row));
        return eval(l, X, new double[0]);
    }

    private static double[][] matrix(MatrixGroup group, List<Expr> entries, double[] x) {
        Expr[][] m = group.matrix(entries);
        List<Expr> l = new ArrayList<>();
        for (Expr[] row : m) l.addAll(List.of(row));
        double[] v = eval(l, X, x);
        int n = m.length;
        double[][] out = new double[n][n];
        for (int i = 0; i < n; i++) System.arraycopy(v, i * n, out[i], 0, n);
        return out;
    }

    private static double[][] mul(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) c[i][j] += a[i][k] * b[k][j];
        return c;
    }

    private static double maxDiff(double[][] a, double[][] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a.length; j++) d = Math.max(d, Math.abs(a[i][j] - b[i][j]));
        return d;
    }

    private static double[][] id(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) m[i][i] = 1;
        return m;
    }

    static List<MatrixGroup> groups() { return List.of(new So3(), RigidMotions.se2(), RigidMotions.se3(), new Rn(2)); }

    @Test
    void retractionsAreGroupElementsAndTheirNegativesTheirInverses() {
        for (MatrixGroup group : groups()) {
            for (RetractionKind tau : group.hasExp() ? RetractionKind.values() : new RetractionKind[]{RetractionKind.CAY}) {
                List<Expr> x = X.subList(0, group.dimension());
                for (double[] p : POINTS) {
                    double[][] a = matrix(group, group.retract(tau, x), p), b = matrix(group, group.retract(tau, Matrices.negate(x)), p);
                    // tau(x) tau(-x) = I to 1e-15 (003 spec sec. 14.1), and the rotation block orthogonal to round-off
                    assertTrue(maxDiff(mul(a, b), id(a.length)) < 1e-15, group + " " + tau + " at " + java.util.Arrays.toString(p) + ": " + maxDiff(mul(a, b), id(a.length)));
                    for (double d : eval(group.defect(group.retract(tau, x)), X, p)) assertEquals(0, d, 1e-15, group + " defect");
                }
            }
        }
    }

    @Test
    void so3ExpIsRodriguesAtFullAccuracy() {
        // exp(x) for x = theta * u is the rotation by theta about u: compare with the textbook formula in cos and sin
        So3 so3 = new So3();
        for (double[] p : POINTS) {
            double theta = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
            double[][] r = matrix(so3, so3.retract(RetractionKind.EXP, X.subList(0, 3)), p);
            double[][] w = {{0, -p[2], p[1]}, {p[2], 0, -p[0]}, {-p[1], p[0], 0}};
            double[][] w2 = mul(w, w);
            // small theta: sin/theta and (1 - cos)/theta^2 to 1e-17 by their first terms
            double a = theta < 1e-3 ? 1 - theta * theta / 6 + Math.pow(theta, 4) / 120 : Math.sin(theta) / theta;
            double b = theta < 1e-3 ? 0.5 - theta * theta / 24 + Math.pow(theta, 4) / 720 : (1 - Math.cos(theta)) / (theta * theta);
            double[][] expected = id(3);
            for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) expected[i][j] += a * w[i][j] + b * w2[i][j];
            assertTrue(maxDiff(r, expected) < 3e-16, "exp at " + java.util.Arrays.toString(p) + ": " + maxDiff(r, expected));
        }
    }

    /** d/de tau(x + e v) tau(x)^-1 at e = 0 by central differences (step 1e-6), as an algebra vector. */
    private static double[] tangentByDifferences(MatrixGroup group, RetractionKind tau, double[] x, double[] v) {
        int d = group.dimension();
        double e = 1e-6;
        double[] plus = x.clone(), minus = x.clone();
        for (int i = 0; i < d; i++) { plus[i] += e * v[i]; minus[i] -= e * v[i]; }
        List<Expr> xs = X.subList(0, d);
        double[][] mp = matrix(group, group.retract(tau, xs), plus), mm = matrix(group, group.retract(tau, xs), minus);
        double[][] inv = matrix(group, group.inverse(group.retract(tau, xs)), x);
        double[][] dm = new double[mp.length][mp.length];
        for (int i = 0; i < mp.length; i++) for (int j = 0; j < mp.length; j++) dm[i][j] = (mp[i][j] - mm[i][j]) / (2 * e);
        double[][] a = mul(dm, inv);
        Expr[][] sym = new Expr[a.length][a.length];
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a.length; j++) sym[i][j] = Expr.num(a[i][j]);
        return eval(group.vee(sym), X, new double[0]);
    }

    @Test
    void rightTrivialisedTangentsMatchFiniteDifferencesAndInvertEachOther() {
        double[] v = {0.3, -0.7, 0.2, 0.5, 0.1, -0.4};
        for (MatrixGroup group : groups()) {
            int d = group.dimension();
            List<Expr> x = X.subList(0, d);
            for (RetractionKind tau : group.hasExp() ? RetractionKind.values() : new RetractionKind[]{RetractionKind.CAY}) {
                for (double[] p : POINTS) {
                    Expr[][] dt = group.dRight(tau, x), dti = group.dRightInverse(tau, x);
                    double[] m = eval(flatten(dt), X, p), mi = eval(flatten(dti), X, p);
                    double[] fd = tangentByDifferences(group, tau, p, v);
                    for (int i = 0; i < d; i++) {
                        double s = 0;
                        for (int k = 0; k < d; k++) s += m[i * d + k] * v[k];
                        // dtau_x v against differences (their error is about 1e-10)
                        assertEquals(fd[i], s, 1e-9, group + " " + tau + " d at " + java.util.Arrays.toString(p));
                        for (int j = 0; j < d; j++) {
                            double prod = 0;
                            for (int k = 0; k < d; k++) prod += m[i * d + k] * mi[k * d + j];
                            assertEquals(i == j ? 1 : 0, prod, 1e-15, group + " " + tau + " dtau dtau^-1 at " + java.util.Arrays.toString(p));
                        }
                    }
                }
            }
        }
    }

    static List<Expr> flatten(Expr[][] m) {
        List<Expr> l = new ArrayList<>();
        for (Expr[] row : m) l.addAll(List.of(row));
        return l;
    }

    @Test
    void dexpOfXAfterDexpInverseOfMinusXIsAdOfExpX() {
        // 003 sec. 2.3: dexp_x o dexp^-1_{-x} = Ad_{exp x}
        So3 so3 = new So3();
        List<Expr> x = X.subList(0, 3);
        for (double[] p : POINTS) {
            double[] lhs = eval(flatten(Matrices.times(so3.dRight(RetractionKind.EXP, x), so3.dRightInverse(RetractionKind.EXP, Matrices.negate(x)))), X, p);
            double[] rhs = eval(flatten(so3.adjoint(so3.retract(RetractionKind.EXP, x))), X, p);
            for (int i = 0; i < 9; i++) assertEquals(rhs[i], lhs[i], 1e-15);
        }
    }

    @Test
    void genericAdjointAndAdAgreeWithSo3ClosedForms() {
        // MatrixGroup's column-by-column Ad and ad on SE(3)'s rotation block equal SO(3)'s g and x^
        MatrixGroup se3 = RigidMotions.se3();
        So3 so3 = new So3();
        List<Expr> g = se3.retract(RetractionKind.CAY, X.subList(0, 6));
        double[] p = POINTS[4];
        double[] ad6 = eval(flatten(se3.adjoint(g)), X, p), rot = eval(so3.retract(RetractionKind.CAY, X.subList(0, 3)), X, p);
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) assertEquals(rot[i * 3 + j], ad6[i * 6 + j], 1e-15);
        double[] ad = eval(flatten(se3.ad(X.subList(0, 6))), X, p);
        assertEquals(-p[2], ad[1], 0.0);
        assertEquals(p[0], ad[2 * 6 + 1], 0.0);
    }

    @Test
    void productsAndTheirErrors() {
        ProductGroup g = ProductGroup.parse("SO(3) x R^2");
        assertEquals("SO(3) x R^2", g.name());
        assertEquals(5, g.dimension());
        assertEquals(11, g.size());
        assertEquals(6, ProductGroup.parse("SE(3)").dimension());
        assertEquals("SE(2) x R", ProductGroup.parse("se(2) × R").name());
        InputException unknown = assertThrows(InputException.class, () -> ProductGroup.parse("SO(4) x R^2"));
        assertTrue(unknown.getMessage().contains("unknown group 'SO(4)'"), unknown.getMessage());
        InputException exp = assertThrows(InputException.class, () -> ProductGroup.parse("SE(2)").retract(RetractionKind.EXP, X.subList(0, 3)));
        assertTrue(exp.getMessage().contains("exp has no closed form on SE(2)"), exp.getMessage());
        // a product retracts factor by factor: SO(3) part as SO(3), R^2 part unchanged
        double[] p = POINTS[3];
        double[] prod = eval(g.retract(RetractionKind.EXP, X.subList(0, 5)), X, p), rot = eval(new So3().retract(RetractionKind.EXP, X.subList(0, 3)), X, p);
        for (int i = 0; i < 9; i++) assertEquals(rot[i], prod[i], 0.0);
        assertEquals(p[3], prod[9], 0.0);
        assertEquals(p[4], prod[10], 0.0);
    }
}
