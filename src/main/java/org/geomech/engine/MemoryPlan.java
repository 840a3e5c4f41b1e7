package org.geomech.engine;

import org.geomech.InputException;
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

    /** Values per level of a quantile sketch unless asked otherwise. */
    public static final int SKETCH = 4096;

    private MemoryPlan() {}

    /**
     * Values per level of the sketches that summarise min, std and quantiles (Spread), or 0 for exact ones: mode "exact",
     * "sketch" (SKETCH), "sketch:K" (K even, at least 64), or "auto": exact where every output's values of every member
     * (rows x members x observers doubles, and a running flag) take at most a quarter of the heap, else SKETCH.
     */
    public static int sketch(String mode, long members, long rows, int observers) {
        if (mode.equals("exact")) return 0;
        if (mode.equals("sketch")) return SKETCH;
        if (mode.equals("auto")) return (rows + 1) * members * (8L * observers + 1) <= Runtime.getRuntime().maxMemory() / 4 ? 0 : SKETCH;
        if (mode.startsWith("sketch:")) {
            try {
                int k = Integer.parseInt(mode.substring("sketch:".length()));
                if (k >= 64 && k % 2 == 0) return k;
            } catch (NumberFormatException e) {
                // refused below, with the forms that work
            }
        }
        throw new InputException("quantiles: '" + mode + "' is none of auto, exact, sketch, sketch:K (K even, at least 64)");
    }

    /**
     * What slabs keep of a launch of members with components state components, over rows output rows (t = 0 besides);
     * spread: whether every output's observer values are kept (exact min, std and quantiles; sketch() is 0).
     */
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
