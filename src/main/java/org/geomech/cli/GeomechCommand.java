package org.geomech.cli;

import org.geomech.io.OutputFolder;
import org.geomech.engine.MemberFailure;
import org.geomech.io.RunSummary;
import org.geomech.io.StatusFile;
import org.geomech.io.plot.Plots;
import org.geomech.InputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What the computing commands share: output options, the locked output folder, the summary, failures
 * reported on stderr, bad input as one line with exit code 2, faults, exhausted memory or stack as one line
 * with exit code 1, and SIGINT/SIGTERM as 130/143, each after writing whatever was computed before it; the output
 * folder's status file says running, finished, or the error line.
 */
abstract class GeomechCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions output;

    /** The summary the command fills in; written to summary.json at the end. */
    RunSummary summary;

    private Path folder;
    private OutputFolder outputFolder;
    private StatusFile status;
    /** Set once writeFiles was called: after a failure the files are not written again (a second try could replace the complete rows of the first). */
    private boolean filesTried;
    private long started;

    @Override
    public final Integer call() {
        started = System.nanoTime();
        summary = new RunSummary(spec.name());
        Interrupts.fallback(this::stoppedWithoutSafePoint);
        try {
            execute();
            if (folder == null) return 0;   // nothing was computed (e.g. reproduce --list)
            summary.finished(true);
            finish();
            status.write("finished");
            reportFailures();
            if (output.json) out().println(summary.toJson());
            else out().println("results in " + folder + " (" + String.join(", ", summary.files()) + ")");
            return exitCode();
        } catch (Interrupts.Stopped e) {
            // SIGINT or SIGTERM reached a safe point: what was computed is written, the summary says unfinished
            return stop(e.getMessage(), e.exitCode);
        } catch (InputException | ArithmeticException | UncheckedIOException e) {
            // bad input, sizes that overflow, files that cannot be read or written
            return stop(e instanceof UncheckedIOException ? e.getMessage() + ": " + e.getCause().getMessage() : e.getMessage(), Main.BAD_INPUT);
        } catch (RuntimeException e) {
            // a fault of geomech itself, not of the input: one line, what was computed is kept, exit 1
            return stop("internal error, please report: " + e.getClass().getSimpleName() + ": " + e.getMessage(), INTERNAL_ERROR);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // too large for this JVM: one line with a hint, what was computed is kept, exit 1
            return stop(Main.resourceMessage(e), INTERNAL_ERROR);
        } finally {
            Interrupts.fallback(s -> {});
            if (status != null) status.close();
            if (outputFolder != null) outputFolder.close();
        }
    }

    /** Exit code of a fault inside geomech (not bad input). */
    static final int INTERNAL_ERROR = 1;

    /** The exit code of a command that ran: 0 unless the command defines a verdict (crosscheck). */
    int exitCode() { return 0; }

    /** Checks the input, calls folder() when the first result is about to exist, then computes and prints. */
    abstract void execute();

    /** Writes the CSV files of everything computed so far into the folder and names them in the summary. */
    abstract void writeFiles(Path folder);

    /** Writes the charts as PNG, SVG, their CSV and matplotlib script into the folder (unless --no-plots) and names them in the summary. */
    void plots(Path folder, Map<String, org.geomech.io.plot.Chart> charts) {
        if (output.noPlots) return;
        for (Path f : Plots.writeAll(charts, folder)) summary.file(f.getFileName().toString());
    }

    /** Refuses early (before computing) an output folder that folder() would refuse. */
    void checkFolder(String scenarioOut) {
        if (folder == null && !continuesRun()) OutputFolder.check(output.target(spec.name(), scenarioOut), output.overwrite);
    }

    /**
     * The output folder, created and locked on first use (refused when another run holds it, or when it
     * holds another run's results without --overwrite); the status file (running) and a summary marked unfinished are
     * written at once, in that order.
     */
    Path folder(String scenarioOut) {
        if (folder == null) {
            Path target = output.target(spec.name(), scenarioOut);
            outputFolder = continuesRun() ? OutputFolder.lock(target) : OutputFolder.create(target, output.overwrite);
            status = StatusFile.create(target);
            folder = target;
            summary.file(StatusFile.NAME).write(folder);
        }
        return folder;
    }

    /** True when the command goes on with the run whose results the output folder holds (geomech resume): the folder is locked, not refused. */
    boolean continuesRun() { return false; }

    PrintWriter out() { return spec.commandLine().getOut(); }

    PrintWriter err() { return spec.commandLine().getErr(); }

    /** True when human-readable output goes to stdout (not --json). */
    boolean talking() { return !output.json; }

    /** A progress line on stderr, shown only on a terminal without --quiet or --json. */
    Progress progress(int members, long totalSteps) {
        boolean shown = System.console() != null && !output.quiet && !output.json;
        return new Progress(shown ? err() : null, members, totalSteps);
    }

    private synchronized void finish() {
        if (!filesTried) {
            filesTried = true;
            writeFiles(folder);
        }
        summary.wallSeconds((System.nanoTime() - started) * 1e-9);
        summary.write(folder);
    }

    // The error line on stderr and in the status file, after what was computed is written (the reason goes into the status file first)
    private int stop(String message, int exitCode) {
        if (folder != null) status.write(Main.errorLine(message));
        String line = Main.errorLine(folder == null ? message : saveAfter(message));
        if (folder != null) status.write(line);
        err().println(line);
        return exitCode;
    }

    // Keeps what was computed before the error; returns the message, with where the partial results went
    private synchronized String saveAfter(String message) {
        summary.error(message);
        try {
            finish();
            return message + " (partial results in " + folder + ")";
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return message + " (partial results could not be written into " + folder + ": " + e.getMessage() + ")";
        }
    }

    // Run by the signal's thread when the command reached no safe point in time
    private void stoppedWithoutSafePoint(Interrupts.Stopped signal) {
        stop(signal.getMessage() + " (no safe point within " + Interrupts.GRACE_MS / 1000 + " s: partial results as they stood)", signal.exitCode);
        if (outputFolder != null) outputFolder.close();   // the process halts next: its lock file goes first
        err().flush();
    }

    /**
     * An observer (or a study's observed quantity) with a non-finite value: at the initial time bad input
     * (exit 2, naming it); later recorded in summary.json and named on stderr at the end.
     */
    void nonFinite(String observer, String statistic, Double h, double t, double value, boolean initial) {
        if (initial)
            throw new InputException("observer " + observer + " is not finite at t = " + Table.plain(t) + " (" + statistic + " = " + value
                    + "): check the initial values and parameters");
        summary.nonFiniteObserver(new RunSummary.NonFiniteObserver(observer, statistic, h, t, value));
    }

    private void reportFailures() {
        for (RunSummary.NonFiniteObserver o : summary.nonFiniteObservers())
            err().println("geomech: warning: observer " + o.observer() + " is not finite from t = " + Table.plain(o.t())
                    + (o.h() == null ? "" : " at h = " + o.h()) + " (" + o.statistic() + " = " + o.value() + "; summary.json: non_finite_observers)");
        if (summary.failureCount() == 0) return;
        if (summary.listedFailures().isEmpty()) {
            err().println("geomech: warning: " + summary.failureCount() + " member(s) failed (summary.json: failures)");
            return;
        }
        MemberFailure f = summary.listedFailures().get(0);
        Double h = summary.listedStepSize(0);
        err().println("geomech: warning: " + summary.failureCount() + " member(s) failed; first: "
                + (h == null ? "" : "h = " + h + ", ") + (f.point() > 0 ? "point " + f.point() + ", " : "")
                + "member " + f.member() + ", step " + f.step() + ", " + f.reason()
                + " (summary.json lists the first " + RunSummary.LISTED_FAILURES + ")");
    }
}
