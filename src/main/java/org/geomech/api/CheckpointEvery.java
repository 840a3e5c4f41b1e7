package org.geomech.api;

import org.geomech.ensemble.TimeGrid;
import org.geomech.InputException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often a run writes its checkpoint (run --checkpoint-every): every T of model time (a number; the run stops
 * for it at the steps nearest multiples of T), or every so much wall-clock time (90s, 10m, 2h; checked at output
 * times and model-time stops).
 */
record CheckpointEvery(double modelTime, long wallNanos) {
    private static final Pattern WALL = Pattern.compile("([0-9]+(?:\\.[0-9]*)?)(s|m|h)");

    static CheckpointEvery parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = WALL.matcher(s);
        if (m.matches()) {
            double seconds = Double.parseDouble(m.group(1)) * switch (m.group(2)) {
                case "s" -> 1;
                case "m" -> 60;
                default -> 3600;
            };
            if (!(seconds > 0) || seconds > 1e9)
                throw new InputException("--checkpoint-every: wall-clock time must be positive (e.g. 90s, 10m, 2h), got '" + text + "'");
            return new CheckpointEvery(0, (long) (seconds * 1e9));
        }
        double t;
        try {
            t = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new InputException("--checkpoint-every must be a model time (e.g. 5) or a wall-clock time (90s, 10m, 2h), got '" + text + "'");
        }
        if (!(t > 0) || !Double.isFinite(t)) throw new InputException("--checkpoint-every: model time must be a positive number, got '" + text + "'");
        return new CheckpointEvery(t, 0);
    }

    /** Steps between checkpoints on grid by model time (at least one), or 0 for a wall-clock interval. */
    long steps(TimeGrid grid) {
        return modelTime > 0 ? Math.max(1, Math.min(grid.steps(), Math.round(modelTime / grid.h()))) : 0;
    }
}
