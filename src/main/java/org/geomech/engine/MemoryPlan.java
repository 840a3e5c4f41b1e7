package org.geomech.engine;

import org.geomech.ensemble.Reduction;

import java.util.ArrayList;
import java.util.List;

/**
 * What a launch run in slabs keeps for its whole length besides the slab it steps (SlabRun.Slab): the block sums of
 * every output row, and where asked the observer values of every member at every output (min, std and quantiles,
 * exact), the final states and the trajectories. The heap left after these decides the slab's size.
 */
public final class MemoryPlan {
    /** Bytes kept, and what keeps them, for messages ("the block sums and the final states"). */
    public record Kept(long bytes, String what) {}

    private MemoryPlan() {}

    /** What slabs keep of a launch of members with components state components, over rows output rows (t = 0 besides). */
    public static Kept kept(int components, long members, long rows, int observers, boolean spread, boolean finalStates, long trajectoryMembers) {
        long times = rows + 1;
        long sums = 8L * times * Reduction.blocks(Math.toIntExact(members)) * (1 + (long) observers * Reduction.FIELDS);
        long values = spread ? times * members * (8L * observers + 1) : 0;
        long last = finalStates ? 8L * members * components : 0;
        long paths = 8L * times * trajectoryMembers * components;
        List<String> what = new ArrayList<>(List.of("the block sums"));
        if (values > 0) what.add("the observer values for min, std and quantiles");
        if (last > 0) what.add("the final states");
        if (paths > 0) what.add("the trajectories");
        String said = what.size() == 1 ? what.get(0) : String.join(", ", what.subList(0, what.size() - 1)) + " and " + what.get(what.size() - 1);
        return new Kept(sums + values + last + paths, said);
    }
}
