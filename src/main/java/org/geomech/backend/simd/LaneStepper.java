package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.geomech.ensemble.EnsembleState;
import org.geomech.solve.NewtonOptions;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * One worker's steps on lane-blocks of LANES consecutive members: the generated guess, residual, Jacobian and
 * update, and Newton (full or simplified, as the reference's) lane-parallel with masks, solving with a batched LU
 * with per-lane partial pivoting; given the unrolled simplified-Newton iteration (SimdPlan.UnrolledNewton), whole
 * lane-blocks iterate in it.
 * A lane stops changing when it converges by the reference's rule (Newton) and is marked failed, with its state
 * as before the step, on an iteration limit, a zero pivot or a non-finite value. A block shorter than LANES is
 * padded with copies of its first member, masked out. Owns its work arrays: nothing is allocated per step.
 */
final class LaneStepper {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int LANES = S.length();

    private static final EnsembleState.Status[] STATUS = EnsembleState.Status.values();

    private final SimdKernel kernel;
    /** Per lane for the Newton kernel: still iterating (1 or 0), previous step, LU solves, then its forward pass's flags. */
    private final double[] lanes;
    /**
     * For the Newton kernel, per lane: the Jacobian's rows in the pivot order of the last decompose (a guess: in order at
     * first), row i of lane l at [i * LANES + l]; uniform while every lane's order is the same.
     */
    private final int[] rows;
    private boolean uniform = true;
    /** For the Newton kernel: the residual with its entries in that order. */
    private final double[] ordered;
    private final int components, unknowns, observers;
    private final double tolerance, floor;
    private final int maxIterations;
    private final boolean linear, simplified;
    private final double stall;
    /** The factorisation in use: jac, pivots and smallestPivot themselves under full Newton, kept copies under simplified Newton. */
    private final double[] p, s, x, f, jac, pivots, next, o, w, lu, luPivots, luSmallest;
    /** Per lane: LU solves, failing Status ordinal (0: ok), 1 while Newton iterates, last step, smallest pivot, first nonzero of y; four rows' partial sums. */
    private final double[] solves = new double[LANES], factored = new double[LANES], fresh = new double[LANES], full = new double[LANES], why = new double[LANES], active = new double[LANES], previous = new double[LANES],
            smallestPivot = new double[LANES], first = new double[LANES], partial = new double[4 * LANES];
    private final boolean[] alive = new boolean[LANES];
    /** Per lane: steps to take in this advance, and steps taken before it. */
    private final long[] laneSteps = new long[LANES], laneDone = new long[LANES];
    private long iterations, factorisations, kernelSteps;
    private int mostIterations;

    /** params: the lane-block of h and the model parameters, shared read-only by all workers. */
    LaneStepper(SimdKernel kernel, int scratch, int components, int unknowns, int observers, NewtonOptions options,
                boolean linear, double[] params) {
        this.kernel = kernel;
        this.lanes = new double[(3 + unknowns) * LANES];
        this.rows = IntStream.range(0, unknowns * LANES).map(k -> k / LANES).toArray();
        this.ordered = new double[unknowns * LANES];
        this.components = components;
        this.unknowns = unknowns;
        this.observers = observers;
        this.tolerance = options.tolerance();
        this.floor = Math.sqrt(options.tolerance());
        this.maxIterations = options.maxIterations();
        this.linear = linear;
        this.p = params;
        this.s = new double[components * LANES];
        this.x = new double[unknowns * LANES];
        this.f = new double[unknowns * LANES];
        this.jac = new double[unknowns * unknowns * LANES];
        this.pivots = new double[unknowns * LANES];
        this.next = new double[components * LANES];
        this.o = new double[observers * LANES];
        this.w = new double[scratch];
        this.simplified = options.simplified();
        this.stall = options.stall();
        this.lu = simplified ? new double[jac.length] : jac;
        this.luPivots = simplified ? new double[pivots.length] : pivots;
        this.luSmallest = simplified ? new double[LANES] : smallestPivot;
    }

    /** Newton iterations (LU solves) of this worker, summed over members and steps. */
    long iterations() { return iterations; }

    /** Steps of whole lane-blocks done by the Newton kernel. */
    long kernelSteps() { return kernelSteps; }

    /** Jacobian factorisations of this worker, summed over members and steps. */
    long factorisations() { return factorisations; }

    /** The most iterations one member needed in one step on this worker. */
    int mostIterations() { return mostIterations; }

    /**
     * Advances members first .. first+count-1 (count <= LANES) by ticks ticks of stepsPerTick[j] steps each (null: one)
     * with the lane-masked Newton, each lane masked out once its own steps are done; step numbers continue after done
     * ticks' steps.
     */
    void advance(EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick) {
        load(state, first, count);
        for (int l = 0; l < LANES; l++) {
            long per = stepsPerTick == null || l >= count ? 1 : stepsPerTick[first + l];
            laneSteps[l] = ticks * per;
            laneDone[l] = done * per;
            alive[l] = l < count && state.ok(first + l);
        }
        for (long k = 0; ; k++) {
            boolean any = false;
            for (int l = 0; l < LANES; l++) any |= alive[l] &= k < laneSteps[l];
            if (!any) break;
            step();
            for (int l = 0; l < LANES; l++) {
                if (!alive[l]) continue;
                iterations += (long) solves[l];
                factorisations += (long) factored[l];
                mostIterations = Math.max(mostIterations, (int) solves[l]);
                if (why[l] != 0) {
                    state.fail(first + l, laneDone[l] + k + 1, STATUS[(int) why[l]]);
                    alive[l] = false;
                }
            }
        }
        store(state, first, count);
    }

    /**
     * As advance, with the unrolled simplified-Newton iteration newton: where every lane takes the same steps, a whole
     * block of ok members steps with it, and with the lane-masked Newton only the steps the kernel declines (a stall, a
     * failure, a non-finite value) and those after a member failed; lanes that take different steps go the lane-masked way.
     */
    void advance(SimdNewtonKernel newton, EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick) {
        long per = alike(stepsPerTick, first, count);
        if (per == 0) {
            advance(state, first, count, ticks, done, stepsPerTick);
            return;
        }
        long steps = ticks * per, start = done * per, k = 0;
        while (k < steps && whole(state, first, count)) {
            k += newtonSteps(newton, state, first, Math.toIntExact(steps - k));
            if (k < steps) advance(state, first, count, 1, start + k++, null);
        }
        if (k < steps) advance(state, first, count, Math.toIntExact(steps - k), start + k, null);
    }

    /** The steps per tick every member first .. first+count-1 takes (1 without stepsPerTick), or 0 where they differ. */
    private static long alike(int[] stepsPerTick, int first, int count) {
        if (stepsPerTick == null) return 1;
        for (int l = 1; l < count; l++) if (stepsPerTick[first + l] != stepsPerTick[first]) return 0;
        return stepsPerTick[first];
    }

    private static boolean whole(EnsembleState state, int first, int count) {
        boolean ok = count == LANES;
        for (int l = 0; l < count && ok; l++) ok = state.ok(first + l);
        return ok;
    }

    /**
     * Steps of a whole block by simplified Newton, the Jacobian evaluated and decomposed once per step
     * (factor: no row swaps) and the iterations by the unrolled kernel, until a step that a lane's Newton would not finish as
     * converged without a refresh (a stall, a failure, a non-finite value); returns the steps done before it.
     */
    private int newtonSteps(SimdNewtonKernel newton, EnsembleState state, int first, int steps) {
        load(state, first, LANES);
        int k = 0;
        stepping:
        for (; k < steps; k++) {
            kernel.guess(s, p, x, x, w);
            kernel.jacobian(s, p, x, jac, w);
            if (!finite(jac, unknowns * unknowns).allTrue() || !factor()) break;
            Arrays.fill(lanes, 0, LANES, 1.0);
            Arrays.fill(lanes, LANES, 2 * LANES, Double.POSITIVE_INFINITY);
            Arrays.fill(lanes, 2 * LANES, 3 * LANES, 0.0);
            for (int it = 1; ; it++) {
                kernel.residual(s, p, x, f, w);
                order(f, ordered, 1);
                int outcome = newton.iterate(lu, ordered, x, lanes, it == maxIterations);
                if (outcome < 0) break stepping;
                if (outcome > 0) break;
            }
            kernel.update(s, p, x, next, w);
            if (!finite(next, components).allTrue()) break;
            System.arraycopy(next, 0, s, 0, next.length);
            for (int l = 0; l < LANES; l++) {
                int solved = (int) lanes[2 * LANES + l];
                iterations += solved;
                mostIterations = Math.max(mostIterations, solved);
            }
            factorisations += LANES;
            kernelSteps++;
        }
        store(state, first, LANES);
        return k;
    }

    /**
     * lu = EJML's LU of the block's Jacobian in jac with each lane's rows in EJML's pivot order: by crout on the rows in
     * each lane's order in rows, or, where some lane would pivot otherwise, by decompose, whose orders become rows;
     * false (the step goes to the lane path) where a pivot is zero.
     */
    private boolean factor() {
        order(jac, lu, unknowns);
        if (crout(lu)) return true;
        decompose();
        if (DoubleVector.fromArray(S, smallestPivot, 0).compare(VectorOperators.EQ, 0.0).anyTrue()) return false;
        uniform = true;
        for (int l = 0; l < LANES; l++) {
            for (int j = 0; j < unknowns; j++) rows[j * LANES + l] = j;
            for (int j = 0; j < unknowns; j++) {
                int pivot = (int) pivots[j * LANES + l], swapped = rows[j * LANES + l];
                rows[j * LANES + l] = rows[pivot * LANES + l];
                rows[pivot * LANES + l] = swapped;
                uniform &= pivot == (int) pivots[j * LANES];
            }
        }
        System.arraycopy(jac, 0, lu, 0, jac.length);
        return true;
    }

    /** to = the rows of from (width entries of lane-blocks each) in each lane's order in rows. */
    private void order(double[] from, double[] to, int width) {
        int row = width * LANES;
        if (uniform) {
            for (int i = 0; i < unknowns; i++) System.arraycopy(from, rows[i * LANES] * row, to, i * row, row);
            return;
        }
        for (int i = 0; i < unknowns; i++)
            for (int l = 0; l < LANES; l++)
                for (int k = 0; k < width; k++) to[i * row + k * LANES + l] = from[rows[i * LANES + l] * row + k * LANES + l];
    }

    /** The block's state lanes back into the ensemble. */
    private void store(EnsembleState state, int first, int count) {
        double[] data = state.data();
        for (int c = 0; c < components; c++) System.arraycopy(s, c * LANES, data, c * state.stride() + first, count);
    }

    /** Observer values of members first .. first+count-1 into values[base + o * members + j] (members: the values' stride). */
    void observe(EnsembleState state, int first, int count, double[] values, int base, int members) {
        load(state, first, count);
        kernel.observe(s, p, x, o, w);
        for (int k = 0; k < observers; k++) System.arraycopy(o, k * LANES, values, base + k * members + first, count);
    }

    /** The block's state lanes, padded with copies of its first member. */
    private void load(EnsembleState state, int first, int count) {
        double[] data = state.data();
        int stride = state.stride();
        for (int c = 0; c < components; c++) {
            System.arraycopy(data, c * stride + first, s, c * LANES, count);
            Arrays.fill(s, c * LANES + count, (c + 1) * LANES, data[c * stride + first]);
        }
    }

    // JIT note: C2 of JDK 17 keeps vectors and masks in registers only within straight code and simple loops;
    // across a call, or through a phi of a loop with branches, it boxes them and runs allocating fallbacks. Lane
    // state that lives across calls or such loops (active lanes, statuses, counts, previous steps, pivots) stays
    // in arrays.

    /** One step of the alive lanes: why[l] is 0 or the failing Status's ordinal, solves[l] the LU solves. */
    private void step() {
        kernel.guess(s, p, x, x, w);
        newton();
        kernel.update(s, p, x, next, w);
        VectorMask<Double> live = VectorMask.fromArray(S, alive, 0);
        DoubleVector status = DoubleVector.fromArray(S, why, 0);
        status = status.blend(EnsembleState.Status.NON_FINITE.ordinal(), live.and(status.compare(VectorOperators.EQ, 0.0)).andNot(finite(next, components)));
        VectorMask<Double> ok = live.and(status.compare(VectorOperators.EQ, 0.0));
        for (int c = 0; c < components; c++)
            DoubleVector.fromArray(S, s, c * LANES).blend(DoubleVector.fromArray(S, next, c * LANES), ok).intoArray(s, c * LANES);
        status.intoArray(why, 0);
    }

    /**
     * Newton from the guess in x, lane-parallel, by Newton's rule: a lane stops changing when it converges
     * or fails. Statuses into why, LU solves into solves and factorisations into factored (none for an
     * explicit method). A lane refreshes its Jacobian at every iteration under full Newton, at the first and
     * after a stall under simplified Newton; the block evaluates and factorises when any lane refreshes.
     */
    private void newton() {
        Arrays.fill(why, 0);
        Arrays.fill(solves, 0);
        Arrays.fill(factored, 0);
        Arrays.fill(fresh, 1);
        Arrays.fill(full, simplified ? 0 : 1);
        Arrays.fill(previous, Double.POSITIVE_INFINITY);
        boolean any = false;
        for (int l = 0; l < LANES; l++) {
            active[l] = alive[l] && unknowns > 0 ? 1 : 0;
            any |= active[l] != 0;
        }
        for (int it = 0; it < maxIterations && any; it++) {
            kernel.residual(s, p, x, f, w);
            boolean refresh = refreshing();
            if (refresh) kernel.jacobian(s, p, x, jac, w);
            screen(refresh);
            if (refresh) {
                decompose();
                keep();
            }
            forward();
            backward();
            any = iterate();
        }
        for (int l = 0; l < LANES; l++) if (active[l] != 0) why[l] = EnsembleState.Status.NEWTON_ITERATION_LIMIT.ordinal();
    }

    /** Whether an active lane refreshes its Jacobian in this iteration. */
    private boolean refreshing() {
        VectorMask<Double> iterating = DoubleVector.fromArray(S, active, 0).compare(VectorOperators.NE, 0.0);
        return iterating.and(DoubleVector.fromArray(S, fresh, 0).compare(VectorOperators.NE, 0.0)).anyTrue();
    }

    /** Active lanes with a non-finite residual, or a non-finite Jacobian where they refresh it, fail (NON_FINITE) before the solve. */
    private void screen(boolean refresh) {
        VectorMask<Double> iterating = DoubleVector.fromArray(S, active, 0).compare(VectorOperators.NE, 0.0);
        VectorMask<Double> fine = finite(f, unknowns);
        if (refresh) fine = fine.and(finite(jac, unknowns * unknowns).or(DoubleVector.fromArray(S, fresh, 0).compare(VectorOperators.EQ, 0.0)));
        VectorMask<Double> broken = iterating.andNot(fine);
        DoubleVector.fromArray(S, why, 0).blend(EnsembleState.Status.NON_FINITE.ordinal(), broken).intoArray(why, 0);
        DoubleVector.fromArray(S, active, 0).blend(0.0, broken).intoArray(active, 0);
    }

    /** Under simplified Newton, the new factorisation replaces the kept one in the lanes that refresh. */
    private void keep() {
        if (!simplified) return;
        VectorMask<Double> refresh = DoubleVector.fromArray(S, fresh, 0).compare(VectorOperators.NE, 0.0);
        for (int k = 0; k < unknowns * unknowns; k++)
            DoubleVector.fromArray(S, lu, k * LANES).blend(DoubleVector.fromArray(S, jac, k * LANES), refresh).intoArray(lu, k * LANES);
        for (int k = 0; k < unknowns; k++)
            DoubleVector.fromArray(S, luPivots, k * LANES).blend(DoubleVector.fromArray(S, pivots, k * LANES), refresh).intoArray(luPivots, k * LANES);
        DoubleVector.fromArray(S, luSmallest, 0).blend(DoubleVector.fromArray(S, smallestPivot, 0), refresh).intoArray(luSmallest, 0);
    }

    /**
     * x -= dx in the active lanes and Newton's tests: a zero pivot or a non-finite step is a singular Jacobian;
     * a lane converges when its step |dx|_inf <= tolerance (1 + |x|_inf) (any step for a linear system: the
     * tolerance is then infinite), or, with a fresh Jacobian, when steps stop contracting below sqrt(tolerance)
     * (1 + |x|_inf). A step above NewtonOptions.stall() times the previous one turns the lane to full Newton.
     * Returns whether any lane still iterates.
     */
    private boolean iterate() {
        VectorMask<Double> iterating = DoubleVector.fromArray(S, active, 0).compare(VectorOperators.NE, 0.0);
        VectorMask<Double> refreshed = DoubleVector.fromArray(S, fresh, 0).compare(VectorOperators.NE, 0.0);
        DoubleVector.fromArray(S, solves, 0).add(1.0, iterating).intoArray(solves, 0);
        DoubleVector.fromArray(S, factored, 0).add(1.0, iterating.and(refreshed)).intoArray(factored, 0);
        DoubleVector step = DoubleVector.zero(S), size = DoubleVector.zero(S);
        for (int i = 0; i < unknowns; i++) {
            DoubleVector dx = DoubleVector.fromArray(S, f, i * LANES);
            DoubleVector xi = DoubleVector.fromArray(S, x, i * LANES).sub(dx, iterating);
            xi.intoArray(x, i * LANES);
            step = step.max(dx.abs());
            size = size.max(xi.abs());
        }
        VectorMask<Double> singular = iterating.and(DoubleVector.fromArray(S, luSmallest, 0).compare(VectorOperators.EQ, 0.0)
                .or(step.compare(VectorOperators.LE, Double.MAX_VALUE).not()));
        DoubleVector.fromArray(S, why, 0).blend(EnsembleState.Status.SINGULAR_JACOBIAN.ordinal(), singular).intoArray(why, 0);
        DoubleVector scale = size.add(1.0), last = DoubleVector.fromArray(S, previous, 0);
        VectorMask<Double> converged = step.compare(VectorOperators.LE, scale.mul(linear ? Double.POSITIVE_INFINITY : tolerance))
                .or(refreshed.and(step.compare(VectorOperators.GE, last.mul(0.5))).and(step.compare(VectorOperators.LE, scale.mul(floor))));
        DoubleVector still = DoubleVector.fromArray(S, active, 0).blend(0.0, singular.or(converged));
        still.intoArray(active, 0);
        DoubleVector turned = DoubleVector.fromArray(S, full, 0).blend(1.0, step.compare(VectorOperators.GT, last.mul(stall)));
        turned.intoArray(full, 0);
        turned.intoArray(fresh, 0);
        step.intoArray(previous, 0);
        return still.compare(VectorOperators.NE, 0.0).anyTrue();
    }

    /** Lanes where all count entries of the lane-block array a are finite (x * 0 is 0 exactly for finite x). */
    private static VectorMask<Double> finite(double[] a, int count) {
        DoubleVector sum = DoubleVector.zero(S);
        for (int k = 0; k < count; k++) sum = sum.add(DoubleVector.fromArray(S, a, k * LANES).mul(0.0));
        return sum.compare(VectorOperators.EQ, 0.0);
    }

    // The linear solve jac dx = f in place (dx into f), lane by lane with the operations of the reference's EJML
    // solver: LUDecompositionAlt_DDRM, then LUDecompositionBase_DDRM._solveVectorInternal and TriangularSolver_DDRM.solveU.
    // Three methods, each small enough for C2 to keep every vector in registers.

    /**
     * Column j of EJML's Crout LU in place in a: a_ij -= sum over k < min(i, j) of a_ik a_kj, each sum from zero in k
     * order (nothing to do for i = 0 or j = 0); four rows at a time run their sums side by side over the k they
     * share, then each finishes in row order (a row's last terms read the rows above it in this column).
     */
    private void column(double[] a, int j) {
        int n = unknowns;
        for (int i = 1; i < n && j > 0; i += 4) {
            int rows = Math.min(4, n - i), shared = Math.min(i, j);
            int r1 = i + Math.min(1, rows - 1), r2 = i + Math.min(2, rows - 1), r3 = i + Math.min(3, rows - 1);
            DoubleVector s0 = DoubleVector.zero(S), s1 = s0, s2 = s0, s3 = s0;
            for (int k = 0; k < shared; k++) {
                DoubleVector b = DoubleVector.fromArray(S, a, (k * n + j) * LANES);
                s0 = s0.add(DoubleVector.fromArray(S, a, (i * n + k) * LANES).mul(b));
                s1 = s1.add(DoubleVector.fromArray(S, a, (r1 * n + k) * LANES).mul(b));
                s2 = s2.add(DoubleVector.fromArray(S, a, (r2 * n + k) * LANES).mul(b));
                s3 = s3.add(DoubleVector.fromArray(S, a, (r3 * n + k) * LANES).mul(b));
            }
            s0.intoArray(partial, 0);
            s1.intoArray(partial, LANES);
            s2.intoArray(partial, 2 * LANES);
            s3.intoArray(partial, 3 * LANES);
            for (int q = 0; q < rows; q++) {
                int r = i + q;
                DoubleVector sum = DoubleVector.fromArray(S, partial, q * LANES);
                for (int k = shared; k < Math.min(r, j); k++)
                    sum = sum.add(DoubleVector.fromArray(S, a, (r * n + k) * LANES).mul(DoubleVector.fromArray(S, a, (k * n + j) * LANES)));
                DoubleVector.fromArray(S, a, (r * n + j) * LANES).sub(sum).intoArray(a, (r * n + j) * LANES);
            }
        }
    }

    /**
     * EJML's LU (LUDecompositionAlt_DDRM) of the lane-block matrix a in place, its rows already in the order EJML's
     * partial pivoting would put them, so without swaps (partial pivoting is the LU of the rows so permuted, operation
     * for operation): false where in some lane a diagonal is not strictly the largest |candidate| of its column
     * (EJML would swap, or could on a tie; also a zero or non-finite pivot), a then unspecified.
     */
    boolean crout(double[] a) {
        int n = unknowns;
        for (int j = 0; j < n; j++) {
            column(a, j);
            DoubleVector diagonal = DoubleVector.fromArray(S, a, (j * n + j) * LANES), below = DoubleVector.zero(S);
            for (int i = j + 1; i < n; i++) below = below.max(DoubleVector.fromArray(S, a, (i * n + j) * LANES).abs());
            if (!diagonal.abs().compare(VectorOperators.GT, below).allTrue()) return false;
            for (int i = j + 1; i < n; i++)
                DoubleVector.fromArray(S, a, (i * n + j) * LANES).div(diagonal).intoArray(a, (i * n + j) * LANES);
        }
        return true;
    }

    /**
     * Crout LU in place with partial pivoting on the first largest |a_ij| of each column, per lane (whole rows
     * swapped by blends); the pivot rows into pivots, the smallest |pivot| per lane into smallestPivot.
     */
    private void decompose() {
        int n = unknowns;
        Arrays.fill(smallestPivot, Double.POSITIVE_INFINITY);
        for (int j = 0; j < n; j++) {
            column(jac, j);
            DoubleVector best = DoubleVector.fromArray(S, jac, (j * n + j) * LANES).abs(), row = DoubleVector.broadcast(S, j);
            for (int i = j + 1; i < n; i++) {
                DoubleVector a = DoubleVector.fromArray(S, jac, (i * n + j) * LANES).abs();
                VectorMask<Double> larger = a.compare(VectorOperators.GT, best);
                best = best.blend(a, larger);
                row = row.blend(i, larger);
            }
            DoubleVector.fromArray(S, smallestPivot, 0).min(best).intoArray(smallestPivot, 0);
            for (int i = j + 1; i < n; i++) {
                VectorMask<Double> swap = row.compare(VectorOperators.EQ, i);
                if (!swap.anyTrue()) continue;
                for (int k = 0; k < n; k++) {
                    DoubleVector u = DoubleVector.fromArray(S, jac, (j * n + k) * LANES), v = DoubleVector.fromArray(S, jac, (i * n + k) * LANES);
                    u.blend(v, swap).intoArray(jac, (j * n + k) * LANES);
                    v.blend(u, swap).intoArray(jac, (i * n + k) * LANES);
                }
            }
            row.intoArray(pivots, j * LANES);
            DoubleVector diagonal = DoubleVector.fromArray(S, jac, (j * n + j) * LANES);
            VectorMask<Double> nonzero = diagonal.compare(VectorOperators.NE, 0.0);
            for (int i = j + 1; i < n; i++)
                DoubleVector.fromArray(S, jac, (i * n + j) * LANES).div(diagonal, nonzero).intoArray(jac, (i * n + j) * LANES);
        }
    }

    /**
     * L y = P f in place: the pivots' swaps, and a lane's sums start at its first nonzero entry (EJML's ii;
     * first is +infinity until then, and subtracting +0 leaves a sum unchanged).
     */
    private void forward() {
        int n = unknowns;
        Arrays.fill(first, Double.POSITIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            DoubleVector pivot = DoubleVector.fromArray(S, luPivots, i * LANES);
            for (int r = i + 1; r < n; r++) {
                VectorMask<Double> swap = pivot.compare(VectorOperators.EQ, r);
                if (!swap.anyTrue()) continue;
                DoubleVector fi = DoubleVector.fromArray(S, f, i * LANES), fr = DoubleVector.fromArray(S, f, r * LANES);
                fi.blend(fr, swap).intoArray(f, i * LANES);
                fr.blend(fi, swap).intoArray(f, r * LANES);
            }
            DoubleVector start = DoubleVector.fromArray(S, first, 0), sum = DoubleVector.fromArray(S, f, i * LANES);
            for (int j = 0; j < i; j++) {
                DoubleVector term = DoubleVector.fromArray(S, lu, (i * n + j) * LANES).mul(DoubleVector.fromArray(S, f, j * LANES));
                sum = sum.sub(term.blend(0.0, start.compare(VectorOperators.GT, j)));
            }
            start.min(DoubleVector.broadcast(S, Double.POSITIVE_INFINITY).blend(i, sum.compare(VectorOperators.NE, 0.0))).intoArray(first, 0);
            sum.intoArray(f, i * LANES);
        }
    }

    /** U dx = y in place. */
    private void backward() {
        int n = unknowns;
        for (int i = n - 1; i >= 0; i--) {
            DoubleVector sum = DoubleVector.fromArray(S, f, i * LANES);
            for (int j = i + 1; j < n; j++)
                sum = sum.sub(DoubleVector.fromArray(S, lu, (i * n + j) * LANES).mul(DoubleVector.fromArray(S, f, j * LANES)));
            sum.div(DoubleVector.fromArray(S, lu, (i * n + i) * LANES)).intoArray(f, i * LANES);
        }
    }
}
