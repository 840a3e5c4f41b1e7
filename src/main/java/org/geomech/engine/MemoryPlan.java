package org.geomech.engine;

import org.geomech.InputException;
import org.geomech.ensemble.Reduction;

import java.util.ArrayList;
import java.util.List;

/**
 * What a launch allocates in the heap, estimated before it starts (the one estimate that chooses between running it
 * held at once and in slabs): per member its state (8 bytes a component), status and failure step, the backend's
 * observer values and their t = 0 origins (16 bytes an observer; 36 more on OpenCL's host side), and where asked the
 * spread's values at one output (exact quantiles sort a copy) and a copy of its final state (written to .npy from
 * one more copy once the ensemble is gone); per output row the block
 * sums; the trajectories kept. Where failed members are retried (Retries), what the run holds for them until the main
 * pass ends: a spread made for retries keeps, exact, the values of every output row from the first failure on (Spread.Held:
 * counted from t = 0, as if a member failed at its first step), sketched, every output's sketches open; and the rows'
 * block sums are copied once more as the retried members are merged into them. Not counted: the retried members' own
 * results (per member that reaches t_end, its block partials and observer values at every output row, its final state and
 * where it is a trajectory member its states), which grow with the failures, unknown before the run. In slabs, what is
 * kept for the whole run (kept()) is set aside first and the rest of the heap's share holds the slab, with its final
 * states, which go to the listener (the final-states file) as it finishes; where failed members are retried, the slabs'
 * final states are kept until the retries replace theirs, so they count in what is kept.
 *
 * @param components   state components per member
 * @param members      members of the launch
 * @param rows         output rows of its longest step size (t = 0 included)
 * @param observers    observers reduced
 * @param spread       min, std or quantiles asked for
 * @param sketch       values per level of the spread's quantile sketches, 0 where it is exact (every output's values kept in slabs)
 * @param finalStates  final states kept (of one step size: geomech run writes each step size's as it ends and drops them;
 *                     in slabs, each slab's as it finishes, unless retrying)
 * @param trajectories members whose states are kept at every output (of one step size, as final states)
 * @param device       the backend keeps per-member counters on the host (OpenCL)
 * @param retrying     failed members are retried (run --retry-failed)
 */
public record MemoryPlan(int components, long members, long rows, int observers, boolean spread, int sketch, boolean finalStates,
                         long trajectories, boolean device, boolean retrying) {
    /** Values per level of a quantile sketch unless asked otherwise. */
    public static final int SKETCH = 4096;
    /**
     * Heap that compiling the step may hold when the run starts (javac run in this process for a kernel not cached on
     * disk: about 20 MiB measured with a 32 MiB heap), set aside before the run's own estimate.
     */
    static final long COMPILE = 24L << 20;
    /** The share of the heap left that a run held at once may take, and that one slab with what slabs keep may take. */
    static final double AT_ONCE_SHARE = 0.9, SLAB_SHARE = 0.5;

    /** What slabs keep, and what keeps it, for messages ("the block sums and the final states"). */
    public record Kept(long bytes, String what) {}

    /**
     * Values per level of the sketches that summarise min, std and quantiles (Spread), or 0 for exact ones: mode "exact",
     * "sketch" (SKETCH), "sketch:K" (K even, at least 64), or "auto": exact where every output's values of every member
     * (rows x members x observers doubles, and a running flag; twice where failed members are retried, whose spread holds
     * them again until the main pass ends) take at most a quarter of the heap, else SKETCH.
     */
    public static int sketch(String mode, long members, long rows, int observers, boolean retrying) {
        if (mode.equals("exact")) return 0;
        if (mode.equals("sketch")) return SKETCH;
        if (mode.equals("auto"))
            return (retrying ? 2 : 1) * (rows + 1) * members * (8L * observers + 1) <= Runtime.getRuntime().maxMemory() / 4 ? 0 : SKETCH;
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

    /** Bytes of one member while it is stepped: state, status and failure step, observer values and origins, spread values at one output. */
    public long perMember() {
        return 8L * components + 12 + 16L * observers + (device ? 36 : 0) + (spread ? 8L * observers + 17 : 0);
    }

    /** Bytes of the launch held at once (besides what the JVM holds already, which the heap left leaves out). */
    public long atOnce() {
        return members * (perMember() + (finalStates ? 8L * components + 24 : 0)) + sums() + paths() + forRetries();
    }

    /** Whether the launch held at once fits in available bytes of heap, with room for the collector. */
    public boolean fitsAtOnce(long available) { return atOnce() <= AT_ONCE_SHARE * (available - COMPILE); }

    /**
     * What slabs keep for the whole run: the block sums, and where asked every output's values (or the sketches that
     * summarise them), the final states where failed members are retried (each slab's, then all joined), the trajectories.
     */
    public Kept kept() {
        long values = !spread ? 0 : sketch == 0 ? everyValue() : everySketch();
        long last = finalStates && retrying ? (16L * components + 24) * members : 0;
        // sketched, the sketches slabs keep are those a retrying spread holds open
        long retained = forRetries() - (spread && sketch > 0 ? everySketch() : 0);
        List<String> what = new ArrayList<>(List.of("the block sums"));
        if (values > 0) what.add(sketch == 0 ? "the observer values for min, std and quantiles" : "the quantile sketches");
        if (retained > 0) what.add(spread && sketch == 0 ? "the values held for retried members" : "the block sums' copies for retried members");
        if (last > 0) what.add("the final states");
        if (paths() > 0) what.add("the trajectories");
        String said = what.size() == 1 ? what.get(0) : String.join(", ", what.subList(0, what.size() - 1)) + " and " + what.get(what.size() - 1);
        return new Kept(sums() + values + last + paths() + retained, said);
    }

    /** The most members, in whole Reduction blocks, that one slab may hold (with its final states) beside what slabs keep; 0 when not even one block fits. */
    public long slabMembers(long available) {
        long room = (long) (SLAB_SHARE * (available - COMPILE - kept().bytes()));
        long blocks = room / ((perMember() + (finalStates ? 8L * components : 0)) * Reduction.BLOCK);
        return Math.max(0, Math.min(blocks, Integer.MAX_VALUE / Reduction.BLOCK)) * Reduction.BLOCK;
    }

    // one quantile sketch of the members (one sweep point's at most): its levels of sketch values, a level for every halving
    private long sketchBytes() {
        long levels = 2;
        for (long n = members; n > sketch; n /= 2) levels++;
        return 8L * sketch * levels;
    }

    // what a run with retries holds for them until its main pass ends: the values of every output row (exact spread) or every
    // output's sketches (sketched), and a copy of the block sums
    private long forRetries() {
        if (!retrying) return 0;
        return sums() + (!spread ? 0 : sketch == 0 ? everyValue() : everySketch());
    }

    // every output row's observer values of every member, and whether it is running
    private long everyValue() { return rows * members * (8L * observers + 1); }

    // every output row's sketches of every observer
    private long everySketch() { return rows * observers * sketchBytes(); }

    // the block sums of every output row
    private long sums() { return 8L * rows * Reduction.blocks(Math.toIntExact(members)) * (1 + (long) observers * Reduction.FIELDS); }

    // the trajectories' states at every output
    private long paths() { return 8L * rows * trajectories * components; }
}
