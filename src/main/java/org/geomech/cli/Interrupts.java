package org.geomech.cli;

import sun.misc.Signal;

import java.util.function.Consumer;

/**
 * SIGINT and SIGTERM: the command stops at its next safe point (check()), writes its partial results and
 * a note, and exits 130 (SIGINT) or 143 (SIGTERM). A command that reaches no safe point within GRACE_MS
 * is stopped by the signal's thread: it writes what it can (the registered fallback) and halts.
 */
final class Interrupts {
    /** Thrown at a safe point after a signal. */
    static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String signal;
        final int exitCode;

        Stopped(String signal, int exitCode) {
            super("interrupted by SIG" + signal);
            this.signal = signal;
            this.exitCode = exitCode;
        }
    }

    /** How long a command has to reach a safe point before the signal's thread writes and halts. */
    static final long GRACE_MS = 5000;

    private static volatile Stopped requested;
    private static volatile Consumer<Stopped> fallback = s -> {};

    private Interrupts() {}

    /** Installs the handlers (the real command line only; in-process callers keep the JVM's). */
    static void install() {
        handle("INT", 130);
        handle("TERM", 143);
    }

    /** What the signal's thread runs when the command does not stop in time: write what exists. */
    static void fallback(Consumer<Stopped> writePartialResults) { fallback = writePartialResults; }

    /** Whether a signal has arrived (a run then writes its checkpoint before it stops). */
    static boolean pending() { return requested != null; }

    /** Throws Stopped once a signal has arrived. */
    static void check() {
        Stopped s = requested;
        if (s != null) throw s;
    }

    private static void handle(String name, int exitCode) {
        try {
            Signal.handle(new Signal(name), sig -> stop(new Stopped(name, exitCode)));
        } catch (IllegalArgumentException e) {
            // the signal is not available on this platform (or is in use by the JVM): keep its default
        }
    }

    private static void stop(Stopped s) {
        if (requested != null) Runtime.getRuntime().halt(s.exitCode);   // a second signal: stop at once
        requested = s;
        try {
            Thread.sleep(GRACE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            fallback.accept(s);
        } catch (Throwable t) {
            System.err.println(Main.errorLine(s.getMessage() + "; partial results could not be written: " + t));
        }
        System.err.flush();
        Runtime.getRuntime().halt(s.exitCode);
    }
}
