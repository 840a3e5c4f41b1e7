package org.geomech.api;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Where and how often a run writes its checkpoint, so that {@link Run#resume} can continue it bitwise as if it
 * had never stopped: the file (written atomically, with a checksum), the interval ("5": every 5 of model time;
 * "90s", "10m", "2h": of wall-clock time), what the caller needs to build the same run again (kept in the file:
 * the command line keeps its arguments and scenario text), and a signal that asks the run to write a checkpoint
 * and stop early.
 *
 * @param file         the checkpoint file
 * @param every        the interval, model time or wall-clock time
 * @param arguments    kept in the checkpoint for the caller (may be empty)
 * @param scenarioText kept in the checkpoint for the caller (may be null)
 * @param stop         true when the run should write a checkpoint and return early
 */
public record Checkpoints(Path file, String every, List<String> arguments, String scenarioText, BooleanSupplier stop) {
    /**
     * Checks the interval now.
     *
     * @param file         the checkpoint file
     * @param every        the interval, model time or wall-clock time
     * @param arguments    kept in the checkpoint for the caller (may be empty)
     * @param scenarioText kept in the checkpoint for the caller (may be null)
     * @param stop         true when the run should write a checkpoint and return early
     */
    public Checkpoints {
        checkInterval(every);
        arguments = List.copyOf(arguments);
    }

    /**
     * Checks an interval before anything is computed.
     *
     * @param every a model time ("5") or a wall-clock time ("90s", "10m", "2h")
     * @throws org.geomech.InputException with a one-line message when it is neither
     */
    public static void checkInterval(String every) { CheckpointEvery.parse(every); }
}
