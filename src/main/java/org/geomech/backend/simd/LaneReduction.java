package org.geomech.backend.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;

/**
 * Reduction.block with the Vector API, bitwise the same. The Reduction.LANES = 8 lanes of each field
 * are one vector of eight or two of four (lanes 0-3 and 4-7, in two passes); a block's members go through them eight at
 * a time, a failed member or one past the block's end masked out (it adds +0.0 to a sum, which leaves it as it is, and
 * -inf to a max), so each lane adds its members in member order as Reduction.block does, and the lanes are then
 * combined by Reduction's own code. A max keeps four running vectors, taken in turn and combined at the end (Math.max
 * in any order is the same): Java's max of vectors takes several instructions, 11-12 cycles from operand to result
 * here, and one running max made it the loop's bottleneck (RESULTS.md, code measurements). The vectors are the step kernels'
 * (LaneStepper.S): a second shape in the same JVM splits the type profiles of the Vector API's methods, and C2 then
 * compiled lobatto-nh:2's step kernel on chaotic-nh at half its speed in most JVMs (RESULTS.md, code measurements). With other
 * vector lengths, Reduction.block itself.
 */
final class LaneReduction {
    private static final VectorSpecies<Double> S = LaneStepper.S;
    private static final int W = S.length(), LANES = Reduction.LANES;
    private static final boolean VECTOR = W == LANES || 2 * W == LANES;

    private LaneReduction() {}

    /** Reduction.block(b, values, offset, stride, initial, members, observers, state, out), bitwise. */
    static void block(int b, double[] values, int offset, int stride, double[] initial, int members, int observers, EnsembleState state,
                      double[] out) {
        if (!VECTOR) {
            Reduction.block(b, values, offset, stride, initial, members, observers, state, out);
            return;
        }
        int base = b * (1 + Reduction.FIELDS * observers), from = b * Reduction.BLOCK, to = Math.min(members, from + Reduction.BLOCK);
        boolean allOk = state.allOk(from, to);
        // lane-blocks from `masked` on go masked: those of a block with a failed member, else only a last partial one
        int masked = allOk ? from + (to - from) / LANES * LANES : from;
        boolean[] ok = masked < to ? new boolean[Reduction.BLOCK] : null;
        for (int j = masked; j < to; j++) ok[j - from] = state.ok(j);
        int count = to - from;
        if (!allOk) for (int j = from; j < to; j++) if (!ok[j - from]) count--;
        out[base] = count;
        double[] sum = new double[LANES], max = new double[LANES], sq = new double[LANES];
        for (int o = 0; o < observers; o++) {
            for (int h = 0; h < LANES; h += W) lanes(h, values, offset + o * stride, initial, o * members, from, masked, to, ok, sum, max, sq);
            Reduction.store(out, base, o, Reduction.inLaneOrder(sum), Reduction.largest(max), Reduction.inLaneOrder(sq));
        }
    }

    /**
     * Lanes h .. h+W-1 of one observer's fields over members from .. to-1 of the block starting at from (values from v
     * on, initial from a on), those from masked on under the mask ok[j - from], into sum, max and sq at h.
     */
    private static void lanes(int h, double[] values, int v, double[] initial, int a, int from, int masked, int to, boolean[] ok,
                              double[] sum, double[] max, double[] sq) {
        // made here: as static final fields, C2 left every operation on them to memory (RESULTS.md, code measurements)
        DoubleVector zero = DoubleVector.zero(S), none = DoubleVector.broadcast(S, Double.NEGATIVE_INFINITY);
        DoubleVector s = zero, q = zero, m0 = none, m1 = none, m2 = none, m3 = none;
        int j = from;
        for (; j + 4 * LANES <= masked; j += 4 * LANES) {
            DoubleVector x0 = DoubleVector.fromArray(S, values, v + j + h), x1 = DoubleVector.fromArray(S, values, v + j + LANES + h);
            DoubleVector x2 = DoubleVector.fromArray(S, values, v + j + 2 * LANES + h), x3 = DoubleVector.fromArray(S, values, v + j + 3 * LANES + h);
            DoubleVector d0 = x0.sub(DoubleVector.fromArray(S, initial, a + j + h)), d1 = x1.sub(DoubleVector.fromArray(S, initial, a + j + LANES + h));
            DoubleVector d2 = x2.sub(DoubleVector.fromArray(S, initial, a + j + 2 * LANES + h)), d3 = x3.sub(DoubleVector.fromArray(S, initial, a + j + 3 * LANES + h));
            s = s.add(x0).add(x1).add(x2).add(x3);
            q = q.add(d0.mul(d0)).add(d1.mul(d1)).add(d2.mul(d2)).add(d3.mul(d3));
            m0 = m0.max(x0);
            m1 = m1.max(x1);
            m2 = m2.max(x2);
            m3 = m3.max(x3);
        }
        for (; j < masked; j += LANES) {
            DoubleVector x = DoubleVector.fromArray(S, values, v + j + h), d = x.sub(DoubleVector.fromArray(S, initial, a + j + h));
            s = s.add(x);
            q = q.add(d.mul(d));
            m0 = m0.max(x);
        }
        for (; j < to; j += LANES) {
            VectorMask<Double> k = VectorMask.fromArray(S, ok, j - from + h);
            DoubleVector x = DoubleVector.fromArray(S, values, v + j + h, k), d = x.sub(DoubleVector.fromArray(S, initial, a + j + h, k));
            s = s.add(x);
            q = q.add(d.mul(d));
            m0 = m0.max(none.blend(x, k));
        }
        s.intoArray(sum, h);
        q.intoArray(sq, h);
        m0.max(m1).max(m2.max(m3)).intoArray(max, h);
    }
}
