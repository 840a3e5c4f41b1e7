package org.geomech.api;

import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.Progress;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Checkpoint;
import org.geomech.io.Version;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.function.Function;

/** A run's checkpoint file: the engine's progress in a Checkpoint.Header of this run's inputs, written as it comes, removed at the end. */
final class CheckpointFile implements Engine.Checkpointing {
    private final Checkpoints checkpoints;
    private final String fingerprint;

    CheckpointFile(Checkpoints checkpoints, String fingerprint) {
        this.checkpoints = checkpoints;
        this.fingerprint = fingerprint;
    }

    @Override
    public EnsembleRun.Checkpoints launch(TimeGrid grid, Function<EnsembleRun.Snapshot, Progress> progress) {
        return new CheckpointWriter(checkpoints.file(), CheckpointEvery.parse(checkpoints.every()), grid, snapshot -> header(progress.apply(snapshot)),
                checkpoints.stop());
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
