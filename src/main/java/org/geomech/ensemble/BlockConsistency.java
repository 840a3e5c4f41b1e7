package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.model.Model;

import java.util.List;
import java.util.function.Supplier;

/**
 * Consistency for a block of members at once (a backend's lanes): every array member-fastest, component c of block
 * member l at [c * width() + l], the same values Consistency gives member by member. A member it cannot finish as the
 * member-by-member projection would (a projection that fails or does not converge there) is left to that projection.
 * Not thread-safe: one per thread.
 */
public interface BlockConsistency {
    /** Block projections for a system: what they share derived once, each call of the supplier one projection with its own scratch. */
    interface Factory {
        /** The block projections of sys: each call of the supplier one projection with its own scratch. */
        Supplier<BlockConsistency> of(Model sys);
    }

    /** Members per block. */
    int width();

    /** As Consistency.apply on members 0 .. count - 1 of the block (the others are ignored); done[l] false where member l is left to Consistency. */
    void apply(double[] q, double[] v, double[] params, double[] p, double[] lambda, int count, boolean[] done);

    /** Expressions of inputs over blocks of width() members, as the projection evaluates its own: with scratch of its own. */
    Program program(List<Expr> inputs, List<Expr> outputs);

    /** Expressions evaluated over a block of members, each member's values bitwise Tape.eval's. */
    interface Program {
        /** Output i of member l into out[i * width + l], from input k of member l at in[k * width + l]. */
        void eval(double[] in, double[] out);
    }
}
