package org.geomech.backend.simd;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;
import org.geomech.method.StateLayout;

import java.util.List;

/**
 * The child JVM of ReductionWarmupTest: lobatto-nh:2's step kernel on chaotic-nh with a run's observers, warmed up as a
 * run warms it (KernelWarmup: its kernel and LaneReduction), then the reductions of a 10^4-member run's blocks, whose
 * last has 784 members (not a multiple of four lane-blocks), as a run's outputs take them. Prints "warmed up" (and
 * whether the reduction's warm-up reached C2's code) before those reductions and "reduced" after them.
 */
final class ReductionTrapProbe {
    private ReductionTrapProbe() {}

    public static void main(String[] args) throws InterruptedException {
        WarmedUpKernel kernel = WarmedUpKernel.chaotic();
        System.out.println("warmed up, reduction fast " + kernel.plan().warmup().reachedFastReduction());
        int members = 10_000, o = kernel.observers().size(), blocks = Reduction.blocks(members);
        EnsembleState state = new EnsembleState(new StateLayout(List.of()), members);
        double[] values = new double[o * members], initial = new double[o * members], out = new double[blocks * (1 + Reduction.FIELDS * o)];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1 + 0x1p-12 * i;
            initial[i] = 1;
        }
        for (int output = 0; output < 100; output++)
            for (int b = 0; b < blocks; b++) LaneReduction.block(b, values, 0, members, initial, members, o, state, out);
        System.out.println("reduced " + out[(blocks - 1) * (1 + Reduction.FIELDS * o)] + " members in the last block");
    }
}
