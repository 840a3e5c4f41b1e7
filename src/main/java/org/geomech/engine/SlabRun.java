package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.TimeGrid;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * An ensemble run slab by slab: each slab is a range of whole Reduction blocks whose members are made, advanced over
 * the whole grid and observed on their own (in one process after another, or on Spark executors), keeping only the
 * block partials of every output row; the partials of all slabs are combined in block order, so the statistics are
 * bitwise those of the whole ensemble run at once, whatever the slabs.
 */
public final class SlabRun {
    /** A failed member: its index in the whole ensemble, the step it failed at and why. */
    public record Failure(long member, long step, EnsembleState.Status status) implements Serializable {}

    /**
     * What one slab leaves: its first block, per output row the partials of its blocks (Reduction.block's layout),
     * its solver counters, its failed members, the largest moves consistency made to its initial states, its seconds.
     */
    public record Slab(int firstBlock, double[][] partials, long newtonIterations, int maxNewtonIterations, long jacobianFactorisations,
                       List<Failure> failures,
                       double maxPositionMove, double maxVelocityMove, double seconds) implements Serializable {
        public Slab {
            failures = List.copyOf(failures);
        }
    }

    /** Rows and counters of the whole ensemble, its failures in member order, and how far consistency moved its initial states. */
    public record Outcome(EnsembleRun.Result result, List<Failure> failures, InitialStates.Report consistency) {}

    /** Whole output strides per Backend.Run.advanceObserving (issue 8 items 3 and 4: one dispatch for many outputs). */
    private static final int BATCH = 64;

    private SlabRun() {}

    /** The slabs of an ensemble of members, each slabMembers (rounded up to whole blocks) or fewer: their first members. */
    public static List<long[]> slabs(long members, long slabMembers) {
        long size = Math.max(1, (slabMembers + Reduction.BLOCK - 1) / Reduction.BLOCK) * Reduction.BLOCK;
        List<long[]> out = new ArrayList<>();
        for (long first = 0; first < members; first += size) out.add(new long[]{first, Math.min(size, members - first)});
        return out;
    }

    /** Makes members first .. first + count - 1 of sim's ensemble (first a multiple of Reduction.BLOCK), runs them over grid. */
    public static Slab slab(Backend.Compiled compiled, Simulation sim, TimeGrid grid, long first, int count) {
        if (first % Reduction.BLOCK != 0) throw new IllegalArgumentException("a slab starts at a whole block, not at member " + first);
        long start = System.nanoTime();
        InitialStates.Report[] report = new InitialStates.Report[1];
        EnsembleState state = sim.initialSlice(first, count, report);
        List<double[]> partials = new ArrayList<>();
        long newton, factorisations;
        int most;
        try (Backend.Run run = compiled.start(state, sim.params(grid.h()))) {
            partials.add(run.observeBlocks());
            for (long done = 0, whole = grid.steps() / grid.stride(); done < whole; ) {
                int outputs = (int) Math.min(BATCH, whole - done);
                for (Reduction.Result r : run.advanceObserving(outputs, grid.stride())) partials.add(r.partials());
                done += outputs;
            }
            if (grid.steps() % grid.stride() != 0) {
                run.advance((int) (grid.steps() % grid.stride()));
                partials.add(run.observeBlocks());
            }
            run.finish();
            newton = run.newtonIterations();
            most = run.maxNewtonIterations();
            factorisations = run.jacobianFactorisations();
        }
        List<Failure> failures = new ArrayList<>();
        for (int j = 0; j < count; j++) if (!state.ok(j)) failures.add(new Failure(first + j, state.failedStep(j), state.status(j)));
        return new Slab((int) (first / Reduction.BLOCK), partials.toArray(new double[0][]), newton, most, factorisations, failures,
                report[0].maxPositionMove(), report[0].maxVelocityMove(), (System.nanoTime() - start) * 1e-9);
    }

    /** Runs sim's ensemble in slabs of at most slabMembers, one after another in this process; progress hears of each slab's members. */
    public static Outcome stream(Backend.Compiled compiled, Simulation sim, TimeGrid grid, long slabMembers, LongConsumer progress) {
        List<Slab> slabs = new ArrayList<>();
        long done = 0;
        for (long[] s : slabs(sim.members(), slabMembers)) {
            slabs.add(slab(compiled, sim, grid, s[0], (int) s[1]));
            done += s[1];
            if (progress != null) progress.accept(done);
        }
        return combine(slabs, sim.members(), grid);
    }

    /** The statistics of the whole ensemble from its slabs (in any order; they are put in block order). */
    public static Outcome combine(List<Slab> slabs, long members, TimeGrid grid) {
        List<Slab> ordered = new ArrayList<>(slabs);
        ordered.sort((a, b) -> Integer.compare(a.firstBlock(), b.firstBlock()));
        int blocks = Reduction.blocks(Math.toIntExact(members)), rows = ordered.get(0).partials().length;
        long covered = 0;
        for (Slab s : ordered) covered += s.partials()[0].length;
        int stride = (int) (covered / blocks);
        int observers = (stride - 1) / Reduction.FIELDS;
        List<EnsembleRun.Row> out = new ArrayList<>();
        double[] all = new double[blocks * stride];
        for (int r = 0; r < rows; r++) {
            int at = 0;
            for (Slab s : ordered) {
                if (s.firstBlock() * stride != at) throw new IllegalArgumentException("slabs leave a gap or overlap at block " + at / stride);
                System.arraycopy(s.partials()[r], 0, all, at, s.partials()[r].length);
                at += s.partials()[r].length;
            }
            if (at != all.length) throw new IllegalArgumentException("slabs cover " + at / stride + " of " + blocks + " blocks");
            long step = Math.min(grid.steps(), (long) r * grid.stride());
            Reduction.Result res = Reduction.combine(all, blocks, observers);
            out.add(new EnsembleRun.Row(step * grid.h(), step, res.ok(), res.stats()));
        }
        long newton = 0, factorisations = 0;
        int most = 0;
        double seconds = 0, movedQ = 0, movedV = 0;
        List<Failure> failures = new ArrayList<>();
        for (Slab s : ordered) {
            newton += s.newtonIterations();
            most = Math.max(most, s.maxNewtonIterations());
            factorisations += s.jacobianFactorisations();
            seconds += s.seconds();
            failures.addAll(s.failures());
            movedQ = Math.max(movedQ, s.maxPositionMove());
            movedV = Math.max(movedV, s.maxVelocityMove());
        }
        return new Outcome(new EnsembleRun.Result(out, newton, most, factorisations, seconds), failures, new InitialStates.Report(movedQ, movedV));
    }
}
