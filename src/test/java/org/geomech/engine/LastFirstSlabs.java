package org.geomech.engine;

import org.geomech.ensemble.Reduction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An executor for the tests, in this process: it runs the slabs it is given one at a time from the last to the first, so
 * that they come back out of member order as they may from a cluster, and stops where it is asked to. Found as
 * --spark ADDRESS through ServiceLoader (the tests' META-INF/services), whatever the address.
 */
public final class LastFirstSlabs implements SlabExecutor {
    /** Slabs run by every instance in this JVM. */
    public static final AtomicInteger RUN = new AtomicInteger();

    /** --spark ADDRESS in the tests: slabs of one reduction block, last first. */
    public static final class Provider implements SlabExecutor.Provider {
        @Override
        public SlabExecutor connect(String address) { return new LastFirstSlabs(); }
    }

    @Override
    public boolean run(Recipe recipe, List<long[]> slabs, Returned returned) {
        Prepared p = recipe.prepare();
        List<long[]> order = new ArrayList<>(slabs);
        for (int i = order.size() - 1; i >= 0; i--) {
            RUN.incrementAndGet();
            SlabRun.Slab slab = SlabRun.slab(p.compiled(), p.launch(), order.get(i)[0], (int) order.get(i)[1], p.keep());
            if (returned.stop(slab) && i > 0) return false;
        }
        return true;
    }

    @Override
    public long slabMembers(long members) { return Reduction.BLOCK; }

    @Override
    public String describe() { return "the tests' executor, last slab first"; }
}
