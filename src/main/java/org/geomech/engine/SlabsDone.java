package org.geomech.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The slabs of one launch finished so far, in whatever order they finished (a checkpoint's, then those run in this
 * process or on an executor), and the spread they feed where it is summarised by sketches. Sketches must be fed in
 * member order (Spread.feed), so a slab that comes back with its values feeds them once every slab before it has fed
 * its own, and then drops them; a slab run in this process right after the slabs fed so far fed the sketches as it ran
 * (its values are null). Where a listener takes final states, each slab's go to it in the same way, in member order,
 * and the slab drops them, so the slabs held (and a checkpoint of them) keep only the final states of slabs that
 * finished ahead of a slab below them. A checkpoint keeps the slabs and the sketches' summaries; resumed, the same order
 * goes on.
 */
final class SlabsDone {
    private final Spread spread;
    private final TreeMap<Long, SlabRun.Slab> slabs = new TreeMap<>();
    /** Members of the launch whose values the sketches hold: every slab below it fed them, in member order. */
    private long fed;
    /** Takes each slab's final states, in member order (null: the slabs keep them). */
    private final Consumer<SlabRun.Slab> finalStates;
    /** Members of the launch whose final states went to finalStates: every slab below it handed them on, in member order. */
    private long handed;

    /**
     * The slabs a checkpoint holds (none: a fresh start), the sketches they fed (null where the spread is not sketched), and
     * what takes the slabs' final states (null: none; resumed, the slabs that hold none from the first member on handed
     * theirs on before).
     */
    SlabsDone(Spread spread, List<SlabRun.Slab> resumed, Spread.Sketches sketches, Consumer<SlabRun.Slab> finalStates) {
        this.spread = spread != null && spread.sketched() ? spread : null;
        this.finalStates = finalStates;
        if (this.spread != null && sketches != null) this.spread.restore(sketches);
        for (SlabRun.Slab s : resumed) slabs.put(s.first(), s);
        for (SlabRun.Slab s : slabs.values()) {
            if (this.spread == null || s.values() != null) break;
            if (s.first() != fed) break;
            fed += s.count();
        }
        if (this.spread != null)
            for (SlabRun.Slab s : slabs.tailMap(fed).values())
                if (s.values() == null) throw new IllegalArgumentException("slab at member " + s.first() + " fed the sketches before the slabs below it");
        for (SlabRun.Slab s : slabs.values()) {
            if (finalStates == null || s.first() != handed || s.finalStates() != null) break;
            handed += s.count();
        }
        feed();
        handOn();
    }

    /** Takes a finished slab: it feeds the sketches where every slab below it has. */
    void add(SlabRun.Slab slab) {
        if (slabs.containsKey(slab.first())) throw new IllegalArgumentException("slab at member " + slab.first() + " finished twice");
        if (spread != null && slab.values() == null) {
            if (slab.first() != fed) throw new IllegalStateException("a slab at member " + slab.first() + " fed the sketches before member " + fed);
            fed += slab.count();
        }
        slabs.put(slab.first(), slab);
        feed();
        handOn();
    }

    // the slabs from member fed on that came back with their values, while they follow on: into the sketches, their values dropped
    private void feed() {
        while (spread != null && slabs.containsKey(fed)) {
            SlabRun.Slab s = slabs.get(fed);
            for (int r = 0; r < s.times().length; r++) spread.feed(r, s.values()[r], s.running()[r], s.first());
            slabs.put(fed, s.withoutValues());
            fed += s.count();
        }
    }

    // the slabs from member handed on, while they follow on: their final states to finalStates, then dropped
    private void handOn() {
        while (finalStates != null && slabs.containsKey(handed)) {
            SlabRun.Slab s = slabs.get(handed);
            finalStates.accept(s);
            slabs.put(handed, s.withoutFinalStates());
            handed += s.count();
        }
    }

    /** The slabs finished, in member order. */
    List<SlabRun.Slab> slabs() { return List.copyOf(slabs.values()); }

    /** The sketches' summaries so far (null where the spread is not sketched). */
    Spread.Sketches sketches() { return spread == null ? null : spread.sketches(); }

    /** Members in the slabs finished. */
    long members() {
        long n = 0;
        for (SlabRun.Slab s : slabs.values()) n += s.count();
        return n;
    }

    /** The slabs still to run of a launch of members: each gap the finished slabs leave, in slabs of at most slabMembers, in member order. */
    List<long[]> remaining(long members, long slabMembers) {
        List<long[]> out = new ArrayList<>();
        long at = 0;
        List<SlabRun.Slab> done = new ArrayList<>(slabs.values());
        done.add(null);
        for (SlabRun.Slab s : done) {
            long end = s == null ? members : s.first();
            for (long[] gap : SlabRun.slabs(end - at, slabMembers)) out.add(new long[]{at + gap[0], gap[1]});
            if (s != null) at = s.first() + s.count();
        }
        return out;
    }
}
