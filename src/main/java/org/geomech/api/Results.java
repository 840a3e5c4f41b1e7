package org.geomech.api;

import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.ensemble.StepSize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run returns: one {@link Series} per step size and sweep point (step sizes outer, points in
 * sweep order), the members that failed (per step size: a launch's {@link StepSize}), and facts about the run
 * (consistency moves, flops, backend).
 */
public final class Results {
    private final String backend, model, method;
    private final List<String> observers, components;
    private final List<Series> series;
    private final Map<StepSize, List<MemberFailure>> failures;
    private final Map<StepSize, List<Retries.Retried>> retried = new LinkedHashMap<>();
    private final double maxPositionMove, maxVelocityMove;
    private final long[] flopsPerStep;
    private final boolean finished;
    private final String quantiles;
    private final double quantileRankError;

    Results(String backend, String model, String method, List<String> observers, List<String> components, List<Series> series,
            Map<StepSize, List<MemberFailure>> failures, Map<StepSize, List<Retries.Retried>> retried,
            double maxPositionMove, double maxVelocityMove, long[] flopsPerStep, boolean finished, String quantiles, double quantileRankError) {
        this.finished = finished;
        this.quantiles = quantiles;
        this.quantileRankError = quantileRankError;
        this.backend = backend;
        this.model = model;
        this.method = method;
        this.observers = List.copyOf(observers);
        this.components = List.copyOf(components);
        this.series = List.copyOf(series);
        this.failures = new LinkedHashMap<>();
        failures.forEach((h, f) -> this.failures.put(h, List.copyOf(f)));
        retried.forEach((h, r) -> this.retried.put(h, List.copyOf(r)));
        this.maxPositionMove = maxPositionMove;
        this.maxVelocityMove = maxVelocityMove;
        this.flopsPerStep = flopsPerStep.clone();
    }

    /** @return the backend and where it ran, e.g. "simd on this CPU (2 threads)" */
    public String backend() { return backend; }

    /** @return the model's name */
    public String model() { return model; }

    /** @return the method's name */
    public String method() { return method; }

    /** @return the observer names, standard ones (energy, g_pos, g_vel as the model has them) first */
    public List<String> observers() { return observers; }

    /** @return the names of the state components of final states and trajectories: x, dot(x), p(x), lambda1, ..., varying parameters */
    public List<String> components() { return components; }

    /** @return every series, step sizes outer, sweep points inner */
    public List<Series> series() { return series; }

    /** @return the step sizes of the run's launches, in the order they ran: its shared step sizes, or the one of h per member */
    public List<StepSize> stepSizes() { return List.copyOf(failures.keySet()); }

    /**
     * @param h     a step size of the run, shared by every member
     * @param point a sweep point (0 when the run is not a sweep)
     * @return its series
     */
    public Series series(double h, int point) {
        return shared(h).map(s -> series(s, point)).orElseThrow(() -> new IllegalArgumentException("no series for h = " + h + ", point " + point));
    }

    /**
     * @param stepSize a step size of the run as {@link StepSize#label()} names it: "0.01", or where h varies per member how
     *                 ("0.1/(1+j)")
     * @param point    a sweep point (0 when the run is not a sweep)
     * @return its series
     */
    public Series series(String stepSize, int point) {
        for (Series s : series) if (s.stepSize().label().equals(stepSize) && s.point() == point) return s;
        throw new IllegalArgumentException("no series for step size " + stepSize + ", point " + point);
    }

    /**
     * @param stepSize a launch's step size ({@link #stepSizes()}, {@link Series#stepSize()})
     * @param point    a sweep point (0 when the run is not a sweep)
     * @return its series
     */
    public Series series(StepSize stepSize, int point) {
        for (Series s : series) if (s.stepSize().equals(stepSize) && s.point() == point) return s;
        throw new IllegalArgumentException("no series for step size " + stepSize.label() + ", point " + point);
    }

    /** @return the members that failed, in step-size, point and member order */
    public List<MemberFailure> failures() {
        List<MemberFailure> all = new ArrayList<>();
        failures.values().forEach(all::addAll);
        return all;
    }

    /**
     * @param stepSize a launch's step size ({@link #stepSizes()}, {@link Series#stepSize()}), shared or per member
     * @return the members that failed at it, in point and member order
     */
    public List<MemberFailure> failures(StepSize stepSize) { return failures.getOrDefault(stepSize, List.of()); }

    /**
     * @param h a step size of the run, shared by every member
     * @return the members that failed at it, in point and member order
     */
    public List<MemberFailure> failures(double h) { return shared(h).map(this::failures).orElse(List.of()); }

    /**
     * @param stepSize a launch's step size ({@link #stepSizes()}, {@link Series#stepSize()}), shared or per member
     * @return the members that failed at it and were run again ({@link Run#retryFailed(int)}), in point and member order:
     *         each with the h of its last try and whether it reached the final time (empty unless asked for)
     */
    public List<Retries.Retried> retried(StepSize stepSize) { return retried.getOrDefault(stepSize, List.of()); }

    /**
     * @param h a step size of the run, shared by every member
     * @return the members that failed at it and were run again, as {@link #retried(StepSize)} gives them
     */
    public List<Retries.Retried> retried(double h) { return shared(h).map(this::retried).orElse(List.of()); }

    /** @return how far making the initial states consistent moved a position at most */
    public double maxPositionMove() { return maxPositionMove; }

    /** @return how far making the initial states consistent moved a velocity at most */
    public double maxVelocityMove() { return maxVelocityMove; }

    /** @return false when a checkpoint's stop signal ended the run early (its last series then stop at the checkpoint) */
    public boolean finished() { return finished; }

    /** @return how min, std and the quantiles were computed: "exact" (from every value), "sketch" (summarised; see quantileRankError) or "none" (not asked for) */
    public String quantiles() { return quantiles; }

    // the launch of the run whose step size, shared by every member, is h (empty where none ran at h)
    private Optional<StepSize> shared(double h) {
        return failures.keySet().stream().filter(s -> s.h().isPresent() && Double.compare(s.h().getAsDouble(), h) == 0).findFirst();
    }

    /** @return the largest rank error of a quantile as a fraction of the members it summarises: 0 where exact, at most this where sketched */
    public double quantileRankError() { return quantileRankError; }

    /** @return floating-point operations per member-step outside Newton and per Newton iteration, counted from the compiled step */
    public long[] flopsPerStep() { return flopsPerStep.clone(); }
}
