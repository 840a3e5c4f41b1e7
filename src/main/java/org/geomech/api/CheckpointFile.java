package org.geomech.api;

import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Progress;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Checkpoint;
import org.geomech.io.Version;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.function.Function;

/**
 * A run's checkpoint file: the engine's progress in a Checkpoint.Header of this run's inputs, written at t = 0, then as
 * often as the schedule (Checkpoints.every) says, after every slab, and at once when a stop signal asks (after which the
 * run stops); removed at the end.
 */
final class CheckpointFile implements Engine.Checkpointing {
    private final Checkpoints checkpoints;
    private final String fingerprint;
    private final CheckpointEvery schedule;

    CheckpointFile(Checkpoints checkpoints, String fingerprint) {
        this.checkpoints = checkpoints;
        this.fingerprint = fingerprint;
        this.schedule = CheckpointEvery.parse(checkpoints.every());
    }

    @Override
    public EnsembleRun.Checkpoints launch(TimeGrid grid, Function<EnsembleRun.Snapshot, Progress> progress) {
        long every = schedule.steps(grid);
        return new EnsembleRun.Checkpoints() {
            private long lastSave = System.nanoTime();

            @Override
            public long nextStop(long step) { return every > 0 ? (step / every + 1) * every : Long.MAX_VALUE; }

            @Override
            public boolean due(long step) {
                return step == 0 || every > 0 && step % every == 0 || schedule.wallNanos() > 0 && System.nanoTime() - lastSave >= schedule.wallNanos()
                        || stopping();
            }

            @Override
            public void save(EnsembleRun.Snapshot snapshot, EnsembleState state) {
                Checkpoint.write(checkpoints.file(), header(progress.apply(snapshot)), state);
                lastSave = System.nanoTime();
            }

            @Override
            public boolean stopping() { return checkpoints.stop().getAsBoolean(); }
        };
    }

    @Override
    public boolean save(Progress progress) {
        Checkpoint.write(checkpoints.file(), header(progress), null);
        return checkpoints.stop().getAsBoolean();
    }

    @Override
    public void clear() {
        try {
            Files.deleteIfExists(checkpoints.file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + checkpoints.file(), e);
        }
    }

    private Checkpoint.Header header(Progress progress) {
        return new Checkpoint.Header(Version.geomech(), fingerprint, checkpoints.arguments(), checkpoints.scenarioText(), progress);
    }
}
