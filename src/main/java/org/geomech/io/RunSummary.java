package org.geomech.io;

import org.geomech.ensemble.InitialStates;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.engine.Startup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The JSON summary every command writes: inputs, versions, members, the backend that ran them (where one did), failures (count and the first few),
 * wall time, start-up time (JVM start to first step) and throughput, Newton iterations, flops per step, how far
 * consistency moved the initial states, the command's results, the files written, whether it finished, and the
 * error that stopped it, if any.
 */
public final class RunSummary implements Json.Members {
    /** How many members failed, and the first few: each with the step size of its run (null where h varies per member). */
    private static final class Failures implements Json.Members {
        private int count;
        private final List<Listed> first = new ArrayList<>();

        @Override
        public void members(Json.Fields out) { out.put("count", count).put("first", first); }
    }

    /** A listed failure as summary.json writes it: h, point, member, step, reason. */
    private record Listed(Double h, MemberFailure failure) implements Json.Members {
        @Override
        public void members(Json.Fields out) {
            out.put("h", h).put("point", failure.point()).put("member", failure.member()).put("step", failure.step()).put("reason", failure.reason());
        }
    }

    /** The first output time at which an observer's statistic was not finite (per observer and step size). */
    public record NonFiniteObserver(String observer, String statistic, Double h, double t, double value) {}

    /** Flops of one step without Newton (guess and update) and per Newton iteration (residual and Jacobian). */
    public record Flops(long update, long perNewtonIteration) {}

    /** How min, std and quantiles were computed: "exact" or "sketch", and the largest rank error of a quantile as a fraction of the members. */
    public record Quantiles(String method, double rankError) {}

    /**
     * A member run again at halved step sizes (run --retry-failed): the step size of its run (null where h varies per
     * member), its point and member, the h of its last try, and whether it reached t_end ("ok") or why it still failed.
     */
    private record RetriedEntry(Double h, int point, int member, double retriedH, String result) {}

    /** How many failures are listed one by one. */
    public static final int LISTED_FAILURES = 10;

    private final String command;
    private final String geomechVersion = Version.geomech();
    private final String javaVersion = Version.java();
    private boolean finished;
    private String error;
    private Object inputs;
    private int members;
    private String backend;
    private final Failures failures = new Failures();
    private final List<RetriedEntry> retried = new ArrayList<>();
    private final List<NonFiniteObserver> nonFiniteObservers = new ArrayList<>();
    private double wallSeconds;
    private long memberSteps;
    private double steppingSeconds;
    private Long newtonIterations;
    private Flops flopsPerStep;
    private InitialStates.Report consistency;
    private Quantiles quantiles;
    private Object results;
    private final List<String> files = new ArrayList<>();
    private final java.util.Map<String, List<String>> columns = new java.util.LinkedHashMap<>();

    /** An empty summary of the command named command. */
    public RunSummary(String command) { this.command = command; }

    /** The meaning of the last axis of an .npy file (or the columns of a CSV). */
    public RunSummary columns(String file, List<String> names) { columns.put(file, List.copyOf(names)); return this; }

    /** Sets the run's inputs (the resolved scenario). */
    public RunSummary inputs(Object value) { inputs = value; return this; }
    /** Sets the number of members, over all sweep points. */
    public RunSummary members(int count) { members = count; return this; }
    /** Sets the backend that ran the members and where (auto resolved), e.g. "simd on this CPU (2 threads)". */
    public RunSummary backend(String description) { backend = description; return this; }
    /** Sets the flops per step: of the update, and per Newton iteration. */
    public RunSummary flopsPerStep(long[] flops) { flopsPerStep = new Flops(flops[0], flops[1]); return this; }
    /** Sets how far the initial states moved to satisfy the constraints. */
    public RunSummary consistency(InitialStates.Report report) { consistency = report; return this; }
    /** Sets how min, std and the quantiles were computed ("exact" or "sketch") and their rank error. */
    public RunSummary quantiles(String method, double rankError) { quantiles = new Quantiles(method, rankError); return this; }
    /** Sets the results (one entry per step size and sweep point). */
    public RunSummary results(Object value) { results = value; return this; }
    /** Sets the one-line error that ended the command. */
    public RunSummary error(String message) { error = message; return this; }
    /** Whether the command ran to its end (false in the summary written when a run starts, and after a stop). */
    public RunSummary finished(boolean value) { finished = value; return this; }
    /** Sets the command's wall-clock time. */
    public RunSummary wallSeconds(double seconds) { wallSeconds = seconds; return this; }
    /** Adds a file written into the output folder, once. */
    public RunSummary file(String name) { if (!files.contains(name)) files.add(name); return this; }

    /** Adds the work of one run: member-steps taken and seconds spent stepping. */
    public RunSummary work(long memberStepCount, double seconds) {
        memberSteps += memberStepCount;
        steppingSeconds += seconds;
        return this;
    }

    /** Adds Newton iterations (left out of the summary where a study does not count them). */
    public RunSummary newtonIterations(long iterations) {
        newtonIterations = (newtonIterations == null ? 0 : newtonIterations) + iterations;
        return this;
    }

    /** Adds count failed members, and one entry to the list (none if listed is null) of the step size h (null: h varies per member). */
    public RunSummary failures(int count, Double h, MemberFailure listed) {
        failures.count += count;
        if (listed != null && failures.first.size() < LISTED_FAILURES) failures.first.add(new Listed(h, listed));
        return this;
    }

    /** Lists a member run again at step size h (null: h varies per member). */
    public RunSummary retried(Double h, Retries.Retried r) {
        retried.add(new RetriedEntry(h, r.point(), r.member(), r.h(), r.result()));
        return this;
    }

    /** Records an observer that became non-finite, once per observer and step size. */
    public RunSummary nonFiniteObserver(NonFiniteObserver o) {
        for (NonFiniteObserver seen : nonFiniteObservers)
            if (seen.observer().equals(o.observer()) && java.util.Objects.equals(seen.h(), o.h())) return this;
        nonFiniteObservers.add(o);
        return this;
    }

    /** The observers that became non-finite, once per observer and step size. */
    public List<NonFiniteObserver> nonFiniteObservers() { return List.copyOf(nonFiniteObservers); }

    /** The files written, in order. */
    public List<String> files() { return List.copyOf(files); }
    /** The number of members that failed. */
    public int failureCount() { return failures.count; }
    /** The failures listed one by one. */
    public List<MemberFailure> listedFailures() { return failures.first.stream().map(Listed::failure).toList(); }

    /** The step size of the i-th listed failure (null where h varies per member). */
    public Double listedStepSize(int i) { return failures.first.get(i).h(); }

    /** From the JVM's start to the first step (JVM, code generation and compilation), where a run stepped. */
    private Double startupSeconds() {
        OptionalDouble s = Startup.seconds();
        return s.isPresent() ? s.getAsDouble() : null;
    }

    private double memberStepsPerSecond() { return steppingSeconds > 0 ? memberSteps / steppingSeconds : 0; }

    @Override
    public void members(Json.Fields out) {
        out.put("command", command).put("geomech_version", geomechVersion).put("java_version", javaVersion).put("finished", finished)
                .put("error", error).put("inputs", inputs).put("members", members).put("backend", backend).put("failures", failures)
                .put("wall_seconds", wallSeconds).put("startup_seconds", startupSeconds()).put("retried", retried.isEmpty() ? null : retried)
                .put("non_finite_observers", nonFiniteObservers).put("member_steps", memberSteps).put("stepping_seconds", steppingSeconds)
                .put("member_steps_per_second", memberStepsPerSecond()).put("newton_iterations", newtonIterations).put("flops_per_step", flopsPerStep)
                .put("consistency", consistency).put("quantiles", quantiles).put("results", results).put("files", files).put("columns", columns);
    }

    /** The summary as JSON (summary.json). */
    public String toJson() { return Json.write(this); }

    /** Writes summary.json into the folder. */
    public void write(Path folder) {
        file("summary.json");
        AtomicFile.writeString(folder.resolve("summary.json"), toJson() + "\n");
    }
}
