package org.geomech.api;

import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Checkpoint;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Writes a run's checkpoint file at t = 0, then as often as --checkpoint-every says, and at once when the run is
 * interrupted (after which the run stops).
 */
final class CheckpointWriter implements EnsembleRun.Checkpoints {
    private final Path file;
    private final long every, wallNanos;
    private final Function<EnsembleRun.Snapshot, Checkpoint.Header> header;
    private final BooleanSupplier interrupted;
    private long lastSave = System.nanoTime();

    /** header: the checkpoint's header around a snapshot of this run; interrupted: whether a signal asks the run to stop. */
    CheckpointWriter(Path file, CheckpointEvery schedule, TimeGrid grid, Function<EnsembleRun.Snapshot, Checkpoint.Header> header,
                     BooleanSupplier interrupted) {
        this.file = file;
        this.every = schedule.steps(grid);
        this.wallNanos = schedule.wallNanos();
        this.header = header;
        this.interrupted = interrupted;
    }

    @Override
    public long nextStop(long step) { return every > 0 ? (step / every + 1) * every : Long.MAX_VALUE; }

    @Override
    public boolean due(long step) {
        return step == 0 || every > 0 && step % every == 0 || wallNanos > 0 && System.nanoTime() - lastSave >= wallNanos
                || interrupted.getAsBoolean();
    }

    @Override
    public void save(EnsembleRun.Snapshot snapshot, EnsembleState state) {
        Checkpoint.write(file, header.apply(snapshot), state);
        lastSave = System.nanoTime();
    }

    @Override
    public boolean stopping() { return interrupted.getAsBoolean(); }
}
