package org.geomech.study.certify;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.geomech.ensemble.ConsistentState;
import org.geomech.ensemble.Observer;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.lie.LieGroup;
import org.geomech.method.Claims;
import org.geomech.method.StateLayout;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.geomech.expr.Expr.*;

/**
 * The momentum maps of a model's symmetries, found numerically and written as observers on a method's canonical pair (Q, P).
 * In coordinates: the linear symmetries X(q) = A q + b (A antisymmetric: rotations; b: translations) under which L(q, v) and
 * the constraint manifold are invariant, dL/dq . X + dL/dv . A v = 0 and Dg X = 0 at points of TQ (random points made consistent),
 * with momentum map J = P . X(Q) (Noether). On a
 * group: left and right multiplication by exp(e zeta) leaving l(g, xi) invariant, J = <mu, zeta> in the frame where zeta acts
 * (<mu_b, Ad_g^-1 zeta> for a left action seen in body momenta, <mu_s, Ad_g zeta> for a right action in spatial ones). The
 * invariance is checked at random points, and the symmetries are the null space of those conditions. Nonholonomic systems are
 * not searched (their momentum maps are not conserved in general), nor systems of more than MAX_COORDINATES coordinates.
 */
final class MomentumMaps {
    /** Systems in coordinates are searched up to this many coordinates (the generators grow with their square). */
    static final int MAX_COORDINATES = 30;
    /** Random points the invariance conditions are evaluated at. */
    private static final int SAMPLES = 40;
    /** Singular values below this (relative to the largest) span the symmetries; coefficients below it are dropped. */
    private static final double NULL = 1e-9;
    /** Entries of the orthonormal null-space basis below this are no pivot of the echelon form. */
    private static final double PIVOT = 1e-6;

    private MomentumMaps() {}

    /** The observers J1, J2, .. on the pair, one per independent symmetry (empty where none is found or none is searched). */
    static List<Observer> of(Model model, Claims.CanonicalPair pair, StateLayout layout, double[] modelParams) {
        List<Expr> q = symbols(layout, pair.positions()), p = symbols(layout, pair.momenta());
        if (model instanceof MechanicalSystem m)
            return m.nonholonomicCount() > 0 || m.dimension() > MAX_COORDINATES ? List.of() : coordinates(m, q, p, modelParams);
        LieGroupSystem lie = (LieGroupSystem) model;
        return lie.nonholonomicCount() > 0 ? List.of() : group(lie, q, p, modelParams);
    }

    // coordinates: generators rot(i, j) (i < j): X = e_i q_j - e_j q_i, then translations e_i
    private static List<Observer> coordinates(MechanicalSystem sys, List<Expr> qPair, List<Expr> pPair, double[] modelParams) {
        int n = sys.dimension(), d = sys.holonomicCount(), rotations = n * (n - 1) / 2, basis = rotations + n;
        List<Expr> in = inputs(sys.q(), sys.v(), sys.parameterSymbols()), out = new ArrayList<>();
        out.addAll(Derivative.gradient(sys.lagrangian(), sys.q()));
        out.addAll(Derivative.gradient(sys.lagrangian(), sys.v()));
        for (Expr[] row : sys.holonomicJacobian()) out.addAll(List.of(row));
        Tape tape = Tape.compile(in, out);
        SplittableRandom random = new SplittableRandom(1);
        ConsistentState onManifold = new ConsistentState(sys);
        DMatrixRMaj conditions = new DMatrixRMaj(SAMPLES * (1 + d), basis), values = new DMatrixRMaj(SAMPLES * n, basis);
        double[] x = new double[in.size()], y = new double[out.size()], q = new double[n], v = new double[n], p = new double[n];
        double[] lambda = new double[onManifold.multipliers()];
        for (int s = 0, tries = 0; s < SAMPLES; tries++) {
            if (tries > 10 * SAMPLES) return List.of();    // the constraint manifold was not found from random points
            for (int i = 0; i < n; i++) { q[i] = random.nextDouble(-1, 1); v[i] = random.nextDouble(-1, 1); }
            if (!onManifold.apply(q, v, modelParams, p, lambda)) continue;
            System.arraycopy(q, 0, x, 0, n);
            System.arraycopy(v, 0, x, n, n);
            System.arraycopy(modelParams, 0, x, 2 * n, modelParams.length);
            tape.eval(x, y);
            for (int c = 0; c < basis; c++) {
                double[] gen = new double[n], genV = new double[n];
                generator(n, c, x, 0, gen);
                generator(n, c, x, n, genV);
                if (c >= rotations) genV[c - rotations] = 0;     // a translation leaves v as it is
                double l = 0;
                for (int i = 0; i < n; i++) l += y[i] * gen[i] + y[n + i] * genV[i];
                for (int i = 0; i < n; i++) values.set(s * n + i, c, gen[i]);
                conditions.set(s * (1 + d), c, l);
                for (int a = 0; a < d; a++) {
                    double g = 0;
                    for (int i = 0; i < n; i++) g += y[2 * n + a * n + i] * gen[i];
                    conditions.set(s * (1 + d) + 1 + a, c, g);
                }
            }
            s++;
        }
        List<Observer> maps = new ArrayList<>();
        for (double[] c : symmetries(conditions, values)) {
            Expr j = ZERO;
            List<String> parts = new ArrayList<>();
            for (int k = 0; k < basis; k++) {
                if (c[k] == 0) continue;
                List<Expr> gen = new ArrayList<>();
                for (int i = 0; i < n; i++) gen.add(ZERO);
                if (k < rotations) {
                    int[] ij = pairOf(n, k);
                    gen.set(ij[0], qPair.get(ij[1]));
                    gen.set(ij[1], neg(qPair.get(ij[0])));
                    parts.add(term(c[k], "rot(" + sys.coordinateNames().get(ij[0]) + "," + sys.coordinateNames().get(ij[1]) + ")"));
                } else {
                    gen.set(k - rotations, ONE);
                    parts.add(term(c[k], "shift(" + sys.coordinateNames().get(k - rotations) + ")"));
                }
                j = add(j, mul(num(c[k]), dot(pPair, gen)));
            }
            maps.add(new Observer("J" + (maps.size() + 1), j, "momentum map of " + String.join(" + ", parts)));
        }
        return maps;
    }

    // group: zeta_k acting on the left (g -> exp(e zeta) g), then on the right (g -> g exp(e zeta))
    private static List<Observer> group(LieGroupSystem sys, List<Expr> gPair, List<Expr> muPair, double[] modelParams) {
        LieGroup group = sys.group();
        int dim = sys.dimension(), size = sys.g().size();
        boolean body = sys.velocityKind() == LieGroupSystem.Velocities.BODY;
        List<Expr> in = inputs(sys.g(), sys.xi(), sys.parameterSymbols()), out = new ArrayList<>();
        out.addAll(Derivative.gradient(sys.lagrangian(), sys.g()));
        out.addAll(Derivative.gradient(sys.lagrangian(), sys.xi()));
        for (int k = 0; k < dim; k++) out.addAll(group.generatorRight(k, sys.g()));   // zeta g: a left action
        for (int k = 0; k < dim; k++) out.addAll(group.generatorLeft(k, sys.g()));    // g zeta: a right action
        for (Expr[] row : group.ad(sys.xi())) out.addAll(List.of(row));
        Tape tape = Tape.compile(in, out);
        List<Expr> zeta = new ArrayList<>();
        for (int k = 0; k < dim; k++) zeta.add(sym("$z" + k));
        Tape element = Tape.compile(zeta, group.retract(org.geomech.lie.RetractionKind.CAY, zeta));
        SplittableRandom random = new SplittableRandom(1);
        DMatrixRMaj conditions = new DMatrixRMaj(SAMPLES, 2 * dim);
        double[] x = new double[in.size()], y = new double[out.size()], z = new double[dim];
        for (int s = 0; s < SAMPLES; s++) {
            for (int k = 0; k < dim; k++) z[k] = random.nextDouble(-1, 1);
            element.eval(z, x);
            for (int k = 0; k < dim; k++) x[size + k] = random.nextDouble(-1, 1);
            System.arraycopy(modelParams, 0, x, size + dim, modelParams.length);
            tape.eval(x, y);
            int dg = 0, dxi = size, right = size + dim, left = right + dim * size, ad = left + dim * size;
            for (int k = 0; k < dim; k++) {
                double cl = 0, cr = 0, xiTerm = 0;
                for (int i = 0; i < size; i++) {
                    cl += y[dg + i] * y[right + k * size + i];
                    cr += y[dg + i] * y[left + k * size + i];
                }
                // D_xi l . ad(xi) e_k: the change of the velocity, -[zeta, xi_b] = ad(xi) zeta (right, body) or [zeta, xi_s] (left, spatial)
                for (int i = 0; i < dim; i++) xiTerm += y[dxi + i] * y[ad + i * dim + k];
                conditions.set(s, k, body ? cl : cl - xiTerm);
                conditions.set(s, dim + k, body ? cr + xiTerm : cr);
            }
        }
        Expr[][] adjoint = group.adjoint(gPair), adjointInverse = group.adjoint(group.inverse(gPair));
        List<Observer> maps = new ArrayList<>();
        for (double[] c : symmetries(conditions, null)) {
            Expr j = ZERO;
            List<String> parts = new ArrayList<>();
            for (int k = 0; k < 2 * dim; k++) {
                if (c[k] == 0) continue;
                boolean leftAction = k < dim;
                int e = k % dim;
                // the pairing of mu with zeta moved into mu's frame
                Expr[][] move = leftAction == body ? (leftAction ? adjointInverse : adjoint) : null;
                Expr pairing = move == null ? muPair.get(e) : ZERO;
                if (move != null) for (int i = 0; i < dim; i++) pairing = add(pairing, mul(muPair.get(i), move[i][e]));
                j = add(j, mul(num(c[k]), pairing));
                parts.add(term(c[k], (leftAction ? "left" : "right") + "(" + sys.velocityNames().get(e) + ")"));
            }
            maps.add(new Observer("J" + (maps.size() + 1), j, "momentum map of " + String.join(" + ", parts)));
        }
        return maps;
    }

    /**
     * The null space of the conditions in reduced row echelon form (sparse generators, entries below NULL dropped), keeping a
     * generator only where what it moves at the samples (values: the generators' components there; null: keep all) is
     * independent of what the generators kept before it move: generators idle on the constraint manifold, and combinations of
     * kept ones with idle ones, go.
     */
    private static List<double[]> symmetries(DMatrixRMaj conditions, DMatrixRMaj values) {
        DMatrixRMaj nullSpace = nullSpace(conditions, NULL);
        if (nullSpace.numCols == 0) return List.of();
        DMatrixRMaj rows = CommonOps_DDRM.transpose(nullSpace, null);
        reducedEchelon(rows);
        List<double[]> out = new ArrayList<>(), moved = new ArrayList<>();
        for (int r = 0; r < rows.numRows; r++) {
            double[] c = new double[rows.numCols];
            boolean any = false;
            for (int k = 0; k < c.length; k++) {
                double v = rows.get(r, k);
                c[k] = Math.abs(v) < NULL ? 0 : v;
                any |= c[k] != 0;
            }
            if (!any) continue;
            if (values != null) {
                double[] image = new double[values.numRows];
                for (int i = 0; i < image.length; i++) for (int k = 0; k < c.length; k++) image[i] += values.get(i, k) * c[k];
                double size = Math.sqrt(inner(image, image));
                for (double[] e : moved) {
                    double f = inner(image, e);
                    for (int i = 0; i < image.length; i++) image[i] -= f * e[i];
                }
                double rest = Math.sqrt(inner(image, image));
                if (rest <= PIVOT * Math.max(size, 1)) continue;
                for (int i = 0; i < image.length; i++) image[i] /= rest;
                moved.add(image);
            }
            out.add(c);
        }
        return out;
    }

    private static double inner(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }

    // an orthonormal basis of the null space of a (rows scaled to a largest entry of 1), singular values below tol relative to the largest
    private static DMatrixRMaj nullSpace(DMatrixRMaj a, double tol) {
        DMatrixRMaj scaled = a.copy();
        for (int r = 0; r < scaled.numRows; r++) {
            double s = 0;
            for (int c = 0; c < scaled.numCols; c++) s = Math.max(s, Math.abs(scaled.get(r, c)));
            if (s > 0) for (int c = 0; c < scaled.numCols; c++) scaled.set(r, c, scaled.get(r, c) / s);
        }
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(scaled.numRows, scaled.numCols, false, true, false);
        if (!svd.decompose(scaled)) return new DMatrixRMaj(a.numCols, 0);
        double largest = 0;
        for (double s : svd.getSingularValues()) largest = Math.max(largest, s);
        DMatrixRMaj n = SingularOps_DDRM.nullSpace(svd, null, Math.max(largest, 1) * tol);
        return n == null ? new DMatrixRMaj(a.numCols, 0) : n;
    }

    // Gauss-Jordan with column-wise partial pivoting, entries below PIVOT taken as zero: sparse generators from an orthonormal basis
    private static void reducedEchelon(DMatrixRMaj a) {
        int row = 0;
        for (int c = 0; c < a.numCols && row < a.numRows; c++) {
            int best = row;
            for (int r = row + 1; r < a.numRows; r++) if (Math.abs(a.get(r, c)) > Math.abs(a.get(best, c))) best = r;
            if (Math.abs(a.get(best, c)) < PIVOT) continue;
            for (int k = 0; k < a.numCols; k++) { double t = a.get(row, k); a.set(row, k, a.get(best, k)); a.set(best, k, t); }
            double pivot = a.get(row, c);
            for (int k = 0; k < a.numCols; k++) a.set(row, k, a.get(row, k) / pivot);
            for (int r = 0; r < a.numRows; r++) {
                if (r == row) continue;
                double f = a.get(r, c);
                if (f != 0) for (int k = 0; k < a.numCols; k++) a.set(r, k, a.get(r, k) - f * a.get(row, k));
            }
            row++;
        }
    }

    // generator c at the point x (from offset): rot(i, j) gives e_i x_j - e_j x_i, translation k gives e_k
    private static void generator(int n, int c, double[] x, int offset, double[] out) {
        java.util.Arrays.fill(out, 0);
        int rotations = n * (n - 1) / 2;
        if (c >= rotations) { out[c - rotations] = 1; return; }
        int[] ij = pairOf(n, c);
        out[ij[0]] = x[offset + ij[1]];
        out[ij[1]] = -x[offset + ij[0]];
    }

    private static int[] pairOf(int n, int c) {
        for (int i = 0, k = 0; i < n; i++)
            for (int j = i + 1; j < n; j++, k++) if (k == c) return new int[]{i, j};
        throw new IllegalArgumentException("rotation " + c + " of " + n + " coordinates");
    }

    private static String term(double c, String generator) {
        return Math.abs(c - 1) < 1e-12 ? generator : String.format(java.util.Locale.ROOT, "%.4g %s", c, generator);
    }

    private static List<Expr> inputs(List<Expr> a, List<Expr> b, List<Expr> c) {
        List<Expr> in = new ArrayList<>(a);
        in.addAll(b);
        in.addAll(c);
        return in;
    }

    private static List<Expr> symbols(StateLayout layout, List<Integer> at) {
        List<Expr> out = new ArrayList<>();
        for (int i : at) out.add(layout.symbols().get(i));
        return out;
    }
}
