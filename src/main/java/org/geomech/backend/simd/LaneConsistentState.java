package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.expr.Expr;

import java.util.List;

/**
 * ConsistentState on a block of members (001 spec sec. 2.1): q projected onto g(q) = 0 by minimum-norm Gauss-Newton, v
 * onto B(q) v + b(q) = 0 in the kinetic metric, p = D2L and the continuous multipliers, by the system's generated
 * SimdProjectionKernel, member after member with ConsistentState's operations (each member bitwise ConsistentState's,
 * but a zero's sign where g_L is constant); a member whose projection fails is left to ConsistentState. The block's
 * other expressions (the initial values, the values at t = 0) run as LaneBlock's programs, generated too (ProgramKernelSource).
 */
final class LaneConsistentState implements BlockConsistency {
    /** What a system's projections share: its kernel and the sizes of the kernel's scratch. */
    record Shared(SimdProjectionKernel kernel, int scratch, int pivots) {
        static Shared of(String model, ConsistentState.Equations e, int width) {
            ProjectionKernelSource source = ProjectionKernelSource.of(model, e, width);
            return new Shared(KernelCompiler.load(source), source.scratch(), source.pivots());
        }
    }

    private final LaneBlock block;
    private final SimdProjectionKernel kernel;
    private final double[] scratch;
    private final int[] pivots;

    LaneConsistentState(Shared shared, int width) {
        this.block = new LaneBlock(width);
        this.kernel = shared.kernel();
        this.scratch = new double[shared.scratch()];
        this.pivots = new int[shared.pivots()];
    }

    @Override public int width() { return block.width; }

    @Override public Program program(List<Expr> inputs, List<Expr> outputs) { return block.program(inputs, outputs); }

    @Override
    public void apply(double[] q, double[] v, double[] parameters, double[] p, double[] lambda, int count, boolean[] done) {
        kernel.project(q, v, parameters, p, lambda, count, done, scratch, pivots);
    }
}
