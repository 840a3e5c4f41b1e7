package org.geomech.cli;

import java.io.PrintWriter;
import java.util.function.LongConsumer;

/**
 * One updating line on stderr: members, steps done, member-steps per second, time left. Silent without a
 * writer. Each update is where a command stops after SIGINT/SIGTERM (Interrupts).
 */
final class Progress implements LongConsumer {
    private static final long INTERVAL_NANOS = 250_000_000L;

    private final PrintWriter err;
    private final int members;
    private final long totalSteps;
    private final long start = System.nanoTime();
    private long lastPrinted;
    private int width;

    Progress(PrintWriter err, int members, long totalSteps) {
        this.err = err;
        this.members = members;
        this.totalSteps = totalSteps;
    }

    /** Steps done so far (of every member), counted over the whole command; a safe point to stop at after a signal. */
    @Override
    public void accept(long steps) {
        Interrupts.check();
        long now = System.nanoTime();
        if (err == null || now - lastPrinted < INTERVAL_NANOS) return;
        lastPrinted = now;
        double seconds = (now - start) * 1e-9, rate = steps / seconds;
        String line = String.format("%d members, step %d of %d, %.3g member-steps/s, %s left", members, steps, totalSteps,
                rate * members, duration((totalSteps - steps) / rate));
        err.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        err.flush();
        width = line.length();
    }

    /** Clears the line. */
    void end() {
        if (err == null || width == 0) return;
        err.print("\r" + " ".repeat(width) + "\r");
        err.flush();
    }

    private static String duration(double seconds) {
        if (!Double.isFinite(seconds)) return "?";
        long s = Math.round(seconds);
        return s < 60 ? s + " s" : s < 3600 ? s / 60 + " min " + s % 60 + " s" : s / 3600 + " h " + s % 3600 / 60 + " min";
    }
}
