package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Tape;

import java.util.function.IntConsumer;

/**
 * One worker's steps for an explicit step system (no unknowns; lobatto-nh:2 once straightened): whole lane-blocks
 * of members that are all ok run the generated SimdStepKernel; a block the kernel reports non-finite, a
 * partial block at the end and a block with failed members are redone member by member with the update's tape (what
 * the reference backend evaluates: bitwise the same values), a non-finite state failing the member (NON_FINITE).
 * With an array of observer values, the kernel's observe method stores the observers of the new states (the observe
 * kernel's values), and a redone block is observed by the worker's LaneStepper. Over several outputs
 * (advanceObserving), the kernel's outputs method takes a lane-block through all of them at once. Results do not
 * depend on which path a member took.
 */
final class ExplicitStepper {
    private final SimdStepKernel kernel;
    private final Tape update;
    /** Lane-blocks stepped together by one group kernel call: 128 members, whose states stay in the core's L1 cache. */
    static final int GROUP = 16;
    private final double[] params, in, out, saved;
    private final int stateSize;
    /** Whether runs of lane-blocks go to the kernel's group method (StepKernelSource.grouped), and spans of outputs to its outputs method. */
    private final boolean grouped, spanCalls;

    /**
     * update: this worker's copy of the tape of the update as a function of (state, params); grouped: use the group
     * kernel; spanCalls: use the outputs kernel (SimdBackend.SPAN_CALLS).
     */
    ExplicitStepper(SimdStepKernel kernel, Tape update, int stateSize, double[] params, boolean grouped, boolean spanCalls) {
        this.kernel = kernel;
        this.grouped = grouped;
        this.spanCalls = spanCalls;
        this.update = update;
        this.params = params;
        this.stateSize = stateSize;
        this.in = new double[stateSize + params.length];
        this.out = new double[stateSize];
        this.saved = grouped ? new double[stateSize * GROUP * LaneStepper.LANES] : null;
        System.arraycopy(params, 0, in, stateSize, params.length);
    }

    /**
     * Advances members first .. first+count-1 by ticks ticks of stepsPerTick[j] steps each (null: one):
     * where grouped, runs of up to GROUP whole lane-blocks whose members are ok and take the same steps in the group
     * kernel; other lane-blocks one by one, the steps all their lanes take in the kernel, each member's further steps
     * with the tape; step numbers continue after done ticks' steps. Unless values is null, then stores their observers there
     * (observer o of member j at base + o * members + j): the kernel's where it took every step of the block, else
     * evaluated by observer.
     */
    void advance(EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick, double[] values, int base, int members,
                 LaneStepper observer) {
        int lanes = LaneStepper.LANES, end = first + count;
        for (int at = first; at < end; ) {
            int blocks = grouped ? Math.min(GROUP, (end - at) / lanes) : 0;
            if (blocks > 1 && stepGroup(state, at, blocks, ticks, stepsPerTick, values, base, members)) at += blocks * lanes;
            else for (int b = 0; b < Math.max(1, blocks); b++, at += lanes)
                block(state, at, Math.min(lanes, end - at), ticks, done, stepsPerTick, values, base, members, observer);
        }
    }

    /**
     * As outputs calls of advance with ticks ticks each, output r's observers stored from base + r * observers * members
     * on (members: the values' stride; observer o of member j at that + o * members + j) and reduce told of r once they
     * are (every member's state, ok or failed, then as after output r): unless grouped, first, with spanCalls and
     * ticks >= 1, each whole lane-block of ok members taking one step a tick through all the outputs in the kernel's
     * outputs method (its state in registers throughout), then, output by output, the lane-blocks left (partial, with
     * failed members, taking other steps, or rejected by the kernel, which leaves them as they were).
     */
    void advanceObserving(EnsembleState state, int first, int count, int outputs, int ticks, long done, int[] stepsPerTick, double[] values,
                          int base, int members, int observers, LaneStepper observer, IntConsumer reduce) {
        int lanes = LaneStepper.LANES, end = first + count;
        if (grouped) {
            for (int r = 0; r < outputs; r++) {
                advance(state, first, count, ticks, done + (long) r * ticks, stepsPerTick, values, base + r * observers * members, members, observer);
                reduce.accept(r);
            }
            return;
        }
        int[] rest = new int[(count + lanes - 1) / lanes];
        int left = 0;
        for (int at = first; at < end; at += lanes) {
            boolean whole = spanCalls && ticks > 0 && end - at >= lanes && stepsPerTick == null && state.allOk(at, at + lanes);
            if (!whole || !kernel.outputs(state.data(), state.stride(), at, params, ticks, outputs, values, base, members)) rest[left++] = at;
        }
        for (int r = 0; r < outputs; r++) {
            for (int k = 0; k < left; k++)
                block(state, rest[k], Math.min(lanes, end - rest[k]), ticks, done + (long) r * ticks, stepsPerTick, values, base + r * observers * members,
                        members, observer);
            reduce.accept(r);
        }
    }

    /**
     * The group kernel on blocks whole lane-blocks from first on, where every member is ok and takes the same steps;
     * false (the states as they were) where not, or where the kernel rejected a value.
     */
    private boolean stepGroup(EnsembleState state, int first, int blocks, int ticks, int[] stepsPerTick, double[] values, int base, int members) {
        int n = blocks * LaneStepper.LANES, stride = state.stride();
        long steps = ticks * per(stepsPerTick, first);
        if (steps > Integer.MAX_VALUE) return false;
        for (int j = first; j < first + n; j++) if (!state.ok(j) || ticks * per(stepsPerTick, j) != steps) return false;
        double[] data = state.data();
        for (int c = 0; c < stateSize; c++) System.arraycopy(data, c * stride + first, saved, c * n, n);
        if (kernel.group(data, stride, first, blocks, params, (int) steps, values, base, members)) return true;
        for (int c = 0; c < stateSize; c++) System.arraycopy(saved, c * n, data, c * stride + first, n);
        return false;
    }

    /** One lane-block, count <= LANES members (the kernel where all are ok, then each member's further steps with the tape). */
    private void block(EnsembleState state, int first, int count, int ticks, long done, int[] stepsPerTick, double[] values, int base, int members,
                       LaneStepper observer) {
        boolean whole = count == LaneStepper.LANES;
        long common = ticks, most = ticks;
        // a whole lane-block, one step per tick, no member failed anywhere in the ensemble: no look at each member
        if (!whole || stepsPerTick != null || !state.allOk(first, first + count)) {
            common = Long.MAX_VALUE;
            most = 0;
            for (int l = 0; l < count; l++) {
                whole &= state.ok(first + l);
                long steps = ticks * per(stepsPerTick, first + l);
                common = Math.min(common, Math.min(Integer.MAX_VALUE, steps));
                most = Math.max(most, steps);
            }
        }
        boolean alike = common == most;
        // no call with no steps (the observers at t = 0): such calls in its profile slow the kernel's loop (RESULTS.md, code measurements)
        if (whole && (common == 0 || kernel.steps(state.data(), state.stride(), first, params, (int) common))) {
            if (alike) {
                if (values != null) kernel.observe(state.data(), state.stride(), first, params, values, base, members);
                return;
            }
        } else common = 0;
        for (int j = first; j < first + count; j++) {
            long per = per(stepsPerTick, j);
            if (state.ok(j) && ticks * per > common) memberSteps(state, j, ticks * per - common, done * per + common);
        }
        if (values != null) observer.observe(state, first, count, values, base, members);
    }

    private static long per(int[] stepsPerTick, int j) { return stepsPerTick == null ? 1 : stepsPerTick[j]; }

    /** One member's steps with the tape, failing it at the first non-finite state as the reference does. */
    private void memberSteps(EnsembleState state, int j, long steps, long done) {
        for (int c = 0; c < stateSize; c++) in[c] = state.get(c, j);
        for (long k = 0; k < steps; k++) {
            update.eval(in, 0, out, 0);
            boolean finite = true;
            for (double d : out) finite &= Double.isFinite(d);
            if (!finite) {
                state.fail(j, done + k + 1, EnsembleState.Status.NON_FINITE);
                break;
            }
            System.arraycopy(out, 0, in, 0, stateSize);
        }
        for (int c = 0; c < stateSize; c++) state.set(c, j, in[c]);
    }
}
