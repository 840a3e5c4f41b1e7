package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.geomech.ensemble.EnsembleState;
import org.geomech.solve.NewtonOptions;

import java.util.Arrays;

/**
 * One worker's steps on lane-blocks of LANES consecutive members: the generated guess, residual, Jacobian and
 * update, and full Newton lane-parallel with masks, solving with a batched LU with per-lane partial pivoting.
 * A lane stops changing when it converges by the reference's rule (Newton) and is marked failed, with its state
 * as before the step, on an iteration limit, a zero pivot or a non-finite value. A block shorter than LANES is
 * padded with copies of its first member, masked out. Owns its work arrays: nothing is allocated per step.
 */
final class LaneStepper {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int LANES = S.length();

    private static final EnsembleState.Status[] STATUS = EnsembleState.Status.values();

    private final SimdKernel kernel;
    private final int components, unknowns, observers;
    private final double tolerance, floor;
    private final int maxIterations;
    private final boolean linear;
    private final double[] p, s, x, f, jac, pivots, next, o, w, solves = new double[LANES];
    private final boolean[] alive = new boolean[LANES], lanes = new boolean[LANES];
    private final int[] why = new int[LANES];
    private long iterations;
    private int mostIterations;

    /** params: the lane-block of h and the model parameters, shared read-only by all workers. */
    LaneStepper(SimdKernel kernel, KernelSource source, int components, int unknowns, int observers, NewtonOptions options,
                boolean linear, double[] params) {
        this.kernel = kernel;
        this.components = components;
        this.unknowns = unknowns;
        this.observers = observers;
        this.tolerance = options.tolerance();
        this.floor = Math.sqrt(options.tolerance());
        this.maxIterations = options.maxIterations();
        this.linear = linear;
        this.p = params;
        this.s = new double[components * LANES];
        this.x = new double[Math.max(1, unknowns) * LANES];
        this.f = new double[unknowns * LANES];
        this.jac = new double[unknowns * unknowns * LANES];
        this.pivots = new double[unknowns * LANES];
        this.next = new double[components * LANES];
        this.o = new double[observers * LANES];
        this.w = new double[source.scratch()];
    }

    /** Newton iterations (LU solves) of this worker, summed over members and steps. */
    long iterations() { return iterations; }

    /** The most iterations one member needed in one step on this worker. */
    int mostIterations() { return mostIterations; }

    /** Advances members first .. first+count-1 (count <= LANES) by steps; step numbers continue after done. */
    void advance(EnsembleState state, int first, int count, int steps, long done) {
        load(state, first, count);
        boolean any = false;
        for (int l = 0; l < LANES; l++) any |= alive[l] = l < count && state.ok(first + l);
        for (int k = 0; k < steps && any; k++) {
            step();
            any = false;
            for (int l = 0; l < LANES; l++) {
                if (!alive[l]) continue;
                iterations += (long) solves[l];
                mostIterations = Math.max(mostIterations, (int) solves[l]);
                if (why[l] != 0) {
                    state.fail(first + l, done + k + 1, STATUS[why[l]]);
                    alive[l] = false;
                }
                any |= alive[l];
            }
        }
        double[] data = state.data();
        for (int c = 0; c < components; c++) System.arraycopy(s, c * LANES, data, c * state.members() + first, count);
    }

    /** Observer values of members first .. first+count-1 into values[o * members + j]. */
    void observe(EnsembleState state, int first, int count, double[] values) {
        load(state, first, count);
        kernel.observe(s, p, x, o, w);
        for (int k = 0; k < observers; k++) System.arraycopy(o, k * LANES, values, k * state.members() + first, count);
    }

    /** The block's state lanes, padded with copies of its first member. */
    private void load(EnsembleState state, int first, int count) {
        double[] data = state.data();
        int members = state.members();
        for (int c = 0; c < components; c++) {
            System.arraycopy(data, c * members + first, s, c * LANES, count);
            Arrays.fill(s, c * LANES + count, (c + 1) * LANES, data[c * members + first]);
        }
    }

    /** One step of the alive lanes: why[l] is 0 or the failing Status's ordinal, solves[l] the LU solves. */
    private void step() {
        Arrays.fill(why, 0);
        VectorMask<Double> live = VectorMask.fromArray(S, alive, 0), failed = S.maskAll(false);
        DoubleVector count = DoubleVector.zero(S);
        kernel.guess(s, p, x, x, w);
        if (unknowns > 0) {
            VectorMask<Double> active = live;
            DoubleVector previous = DoubleVector.broadcast(S, Double.POSITIVE_INFINITY);
            for (int it = 0; it < maxIterations && active.anyTrue(); it++) {
                kernel.residual(s, p, x, f, w);
                kernel.jacobian(s, p, x, jac, w);
                VectorMask<Double> broken = active.andNot(finite(f, unknowns).and(finite(jac, unknowns * unknowns)));
                failed = fail(broken, failed, EnsembleState.Status.NON_FINITE);
                active = active.andNot(broken);
                VectorMask<Double> singular = solve();
                count = count.add(1.0, active);
                DoubleVector step = DoubleVector.zero(S), size = DoubleVector.zero(S);
                for (int i = 0; i < unknowns; i++) {
                    DoubleVector dx = DoubleVector.fromArray(S, f, i * LANES);
                    DoubleVector xi = DoubleVector.fromArray(S, x, i * LANES).sub(dx, active);
                    xi.intoArray(x, i * LANES);
                    step = step.max(dx.abs());
                    size = size.max(xi.abs());
                }
                // as Newton: a zero pivot or a non-finite step is a singular Jacobian
                broken = active.and(singular.or(step.compare(VectorOperators.LE, Double.MAX_VALUE).not()));
                failed = fail(broken, failed, EnsembleState.Status.SINGULAR_JACOBIAN);
                active = active.andNot(broken);
                DoubleVector scale = size.add(1.0);
                VectorMask<Double> converged = linear ? active : step.compare(VectorOperators.LE, scale.mul(tolerance))
                        .or(step.compare(VectorOperators.GE, previous.mul(0.5)).and(step.compare(VectorOperators.LE, scale.mul(floor))));
                active = active.andNot(converged);
                previous = step;
            }
            failed = fail(active, failed, EnsembleState.Status.NEWTON_ITERATION_LIMIT);
        }
        count.intoArray(solves, 0);
        kernel.update(s, p, x, next, w);
        VectorMask<Double> ok = live.andNot(failed);
        VectorMask<Double> broken = ok.andNot(finite(next, components));
        fail(broken, failed, EnsembleState.Status.NON_FINITE);
        ok = ok.andNot(broken);
        for (int c = 0; c < components; c++)
            DoubleVector.fromArray(S, s, c * LANES).blend(DoubleVector.fromArray(S, next, c * LANES), ok).intoArray(s, c * LANES);
    }

    /** Records why the lanes of mask failed; returns failed with them added. */
    private VectorMask<Double> fail(VectorMask<Double> mask, VectorMask<Double> failed, EnsembleState.Status status) {
        if (!mask.anyTrue()) return failed;
        mask.intoArray(lanes, 0);
        for (int l = 0; l < LANES; l++) if (lanes[l]) why[l] = status.ordinal();
        return failed.or(mask);
    }

    /** Lanes where all count entries of the lane-block array a are finite (x * 0 is 0 exactly for finite x). */
    private static VectorMask<Double> finite(double[] a, int count) {
        DoubleVector sum = DoubleVector.zero(S);
        for (int k = 0; k < count; k++) sum = sum.add(DoubleVector.fromArray(S, a, k * LANES).mul(0.0));
        return sum.compare(VectorOperators.EQ, 0.0);
    }

    /**
     * Solves jac dx = f in place (dx into f) lane by lane with the operations of the reference's EJML solver
     * (LUDecompositionAlt_DDRM, Crout with partial pivoting on the first largest |a_ij|, then
     * _solveVectorInternal and TriangularSolver_DDRM.solveU), rows swapped per lane by blends; returns the
     * lanes with a zero pivot.
     */
    private VectorMask<Double> solve() {
        int n = unknowns;
        VectorMask<Double> singular = S.maskAll(false);
        for (int j = 0; j < n; j++) {
            // column j: a_ij -= sum over k < min(i, j) of a_ik a_kj, summed from zero (nothing to do for i = 0 or j = 0)
            for (int i = 1; i < n && j > 0; i++) {
                DoubleVector sum = DoubleVector.zero(S);
                for (int k = 0; k < Math.min(i, j); k++) sum = sum.add(lane(jac, i * n + k).mul(lane(jac, k * n + j)));
                lane(jac, i * n + j).sub(sum).intoArray(jac, (i * n + j) * LANES);
            }
            DoubleVector best = lane(jac, j * n + j).abs(), row = DoubleVector.broadcast(S, j);
            for (int i = j + 1; i < n; i++) {
                DoubleVector a = lane(jac, i * n + j).abs();
                VectorMask<Double> larger = a.compare(VectorOperators.GT, best);
                best = best.blend(a, larger);
                row = row.blend(i, larger);
            }
            singular = singular.or(best.compare(VectorOperators.EQ, 0.0));
            for (int i = j + 1; i < n; i++) {
                VectorMask<Double> swap = row.compare(VectorOperators.EQ, i);
                if (swap.anyTrue()) swapRows(j, i, swap);
            }
            row.intoArray(pivots, j * LANES);
            DoubleVector diagonal = lane(jac, j * n + j);
            VectorMask<Double> nonzero = diagonal.compare(VectorOperators.NE, 0.0);
            for (int i = j + 1; i < n; i++) lane(jac, i * n + j).div(diagonal, nonzero).intoArray(jac, (i * n + j) * LANES);
        }
        // L y = P f: swaps as the pivots say; a lane's sums start at its first nonzero entry (EJML's ii)
        DoubleVector first = DoubleVector.broadcast(S, -1);
        for (int i = 0; i < n; i++) {
            DoubleVector pivot = lane(pivots, i), sum = lane(f, i);
            for (int r = i + 1; r < n; r++) {
                VectorMask<Double> swap = pivot.compare(VectorOperators.EQ, r);
                if (!swap.anyTrue()) continue;
                DoubleVector fr = lane(f, r);
                fr.blend(sum, swap).intoArray(f, r * LANES);
                sum = sum.blend(fr, swap);
            }
            VectorMask<Double> started = first.compare(VectorOperators.GE, 0.0);
            for (int j = 0; j < i; j++)
                sum = sum.sub(lane(jac, i * n + j).mul(lane(f, j)), started.and(first.compare(VectorOperators.LE, j)));
            first = first.blend(i, started.not().and(sum.compare(VectorOperators.NE, 0.0)));
            sum.intoArray(f, i * LANES);
        }
        // U dx = y
        for (int i = n - 1; i >= 0; i--) {
            DoubleVector sum = lane(f, i);
            for (int j = i + 1; j < n; j++) sum = sum.sub(lane(jac, i * n + j).mul(lane(f, j)));
            sum.div(lane(jac, i * n + i)).intoArray(f, i * LANES);
        }
        return singular;
    }

    /** Entry k of a lane-block array. */
    private static DoubleVector lane(double[] a, int k) { return DoubleVector.fromArray(S, a, k * LANES); }

    /** Swaps whole rows k and i of jac in the lanes of mask. */
    private void swapRows(int k, int i, VectorMask<Double> mask) {
        for (int j = 0; j < unknowns; j++) {
            DoubleVector u = lane(jac, k * unknowns + j), v = lane(jac, i * unknowns + j);
            u.blend(v, mask).intoArray(jac, (k * unknowns + j) * LANES);
            v.blend(u, mask).intoArray(jac, (i * unknowns + j) * LANES);
        }
    }
}
