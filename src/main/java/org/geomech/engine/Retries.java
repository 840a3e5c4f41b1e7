package org.geomech.engine;

import org.geomech.InputException;
import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.StepSystem;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Members that failed, run again alone from their initial state (bitwise as the launch makes it) at h/2, h/4, ... up to
 * K halvings, until one reaches t_end; each output time of the retried run (2^k of its steps per step of the launch)
 * coincides with the launch's. A member that reaches t_end enters its point's statistics from the first output time that
 * no longer holds it (the one at or after its failing step; before, the launch's blocks hold its values at h) as one
 * more reduction block after the point's blocks, the retried members in member order: deterministic on every backend
 * and strategy (the launch's block partials are), but not the sum a block holding the member would give. Its observer
 * values at each output enter min, std and quantiles from the same output on through Spread.merge, and where it is a
 * trajectory member its states at every output replace the launch's (trajectories). The failed members are retried
 * side by side over the threads of the caller's fork-join pool, each as it would run alone, so what each gives does not
 * depend on how many threads there are nor on which ran it.
 */
public final class Retries {
    /** The most halvings of h a run may ask for (2^20 steps per step of the run). */
    public static final int MAX_HALVINGS = 20;

    private Retries() {}

    /** halvings checked: a whole number from 0 to MAX_HALVINGS; InputException (exit 2) naming where it came from otherwise. */
    public static int halvings(String where, long halvings) {
        if (halvings < 0 || halvings > MAX_HALVINGS)
            throw new InputException(where + " must be a whole number of halvings of h from 0 to " + MAX_HALVINGS + ", got " + halvings);
        return (int) halvings;
    }

    /**
     * A member run again: its point and index, the step size of its last try, how that try ended (OK where it reached
     * t_end), the work of all its tries (member-steps, Newton iterations, Jacobian factorisations, and seconds: its share of
     * the wall-clock time its launch's retries took side by side, in proportion to its own stepping time), the first
     * output row that enters the statistics (the launch's rows before it hold the member), and where OK its one-member
     * block partials at every output time and its final state (else empty), and where OK and a spread asked its
     * observers' values at every output time ([row][observer], as Spread.values gives them; else empty, and empty as
     * a checkpoint gives it back: a finished step size keeps its spread merged), and where OK and a trajectory member
     * its state at every output time ([row][component]; else empty, and empty as a checkpoint gives it back: a finished
     * step size keeps its trajectories merged).
     *
     * @serial exclude
     */
    public record Retried(int point, int member, double h, EnsembleState.Status status, long memberSteps, long newtonIterations,
                          long jacobianFactorisations, double seconds, int from, double[][] partials, double[] finalState, double[][] values,
                          double[][] states) implements Serializable {
        /** True where its last try reached t_end. */
        public boolean ok() { return status == EnsembleState.Status.OK; }

        /** This member with its seconds given. */
        Retried withSeconds(double given) {
            return new Retried(point, member, h, status, memberSteps, newtonIterations, jacobianFactorisations, given, from, partials, finalState, values, states);
        }

        /** "ok" where it reached t_end, else why its last try failed, as MemberFailure.reason names it. */
        public String result() { return ok() ? "ok" : MemberFailure.reason(status); }
    }

    /**
     * Runs each failed member of launch again at up to halvings halvings of its step size, side by side over the threads
     * of the caller's fork-join pool, each alone, and returns them in the order of failures; spread (null: none) gives the
     * observer values its merge takes in, and the states of the members at launch indices paths are kept at every output.
     */
    public static List<Retried> run(Backend.Compiled compiled, Launch launch, List<MemberFailure> failures, int halvings, Spread spread,
                                    Set<Integer> paths) {
        long start = System.nanoTime();
        List<Retried> alone = IntStream.range(0, failures.size()).parallel().mapToObj(i -> retry(compiled, launch, failures.get(i), halvings, spread, paths)).toList();
        double wall = (System.nanoTime() - start) * 1e-9, own = alone.stream().mapToDouble(Retried::seconds).sum();
        return own == 0 ? alone : alone.stream().map(r -> r.withSeconds(r.seconds() * wall / own)).toList();
    }

    /**
     * As above, on a launch rebuilt from its recipe (where slabs run on an executor): the observer values its spread gives,
     * the states of the trajectory members its slabs keep.
     */
    public static List<Retried> run(SlabExecutor.Prepared prepared, List<MemberFailure> failures, int halvings) {
        Set<Integer> paths = Arrays.stream(prepared.keep().trajectoryMembers()).boxed().collect(java.util.stream.Collectors.toSet());
        return run(prepared.compiled(), prepared.launch(), failures, halvings, prepared.keep().spread(), paths);
    }

    private static Retried retry(Backend.Compiled compiled, Launch launch, MemberFailure f, int halvings, Spread spread, Set<Integer> paths) {
        StepSystem step = launch.step();
        int g = launch.plan().first(f.point()) + f.member();
        int hAt = step.layout().parameterOffset() + step.layout().parameters().indexOf(StepSystem.H);
        TimeGrid grid = launch.grid();
        EnsembleState initial = launch.slice(g, 1, null);
        int[] ownPerTick = launch.stepsPerTick(initial);
        // the first row at or after the failing step (counted in the member's own steps, ownPerTick to a tick), which no longer holds it
        long perTickAtH = ownPerTick == null ? 1 : ownPerTick[0], ticks = (f.step() + perTickAtH - 1) / perTickAtH;
        int from = (int) Math.min((ticks + grid.stride() - 1) / grid.stride(), grid.rows() - 1);
        long memberSteps = 0, newton = 0, factorisations = 0;
        double seconds = 0;
        Retried last = null;
        // a try within the most steps of a run, and of a member's steps per tick
        for (int k = 1; k <= halvings && grid.steps() * perTickAtH <= TimeGrid.MAX_STEPS >> k && (long) grid.stride() * perTickAtH << k <= Integer.MAX_VALUE; k++) {
            EnsembleState state = launch.slice(g, 1, null);
            double[] params;
            TimeGrid halved;
            int[] perTick = null;
            double h;
            if (launch.plan().stepSizes() == null) {   // h shared: 2^k steps of h / 2^k per step of the launch
                h = Math.scalb(grid.h(), -k);
                halved = new TimeGrid(h, grid.steps() << k, Math.multiplyExact(grid.stride(), 1 << k));
                params = step.paramValues(h, launch.plan().shared());
            } else {   // h carried per member: its own steps per tick, doubled k times
                h = Math.scalb(state.get(hAt, 0), -k);
                state.set(hAt, 0, h);
                perTick = launch.stepsPerTick(state);
                halved = grid;
                params = launch.params();
            }
            List<double[]> values = new ArrayList<>(), states = new ArrayList<>();
            boolean path = paths.contains(g);
            EnsembleRun.Recorder recorder = spread == null && !path ? null : (t, s) -> {
                if (spread != null) values.add(spread.values(s));
                if (path) {
                    double[] x = new double[s.components()];
                    s.gather(0, x);
                    states.add(x);
                }
            };
            EnsembleRun.Result r = EnsembleRun.run(compiled, state, params, perTick, halved, null, recorder, null, null, null);
            memberSteps += state.ok(0) ? halved.steps() * (perTick == null ? 1 : perTick[0]) : state.failedStep(0);
            newton += r.newtonIterations();
            factorisations += r.jacobianFactorisations();
            seconds += r.seconds();
            if (state.ok(0)) {
                double[][] partials = new double[r.rows().size()][];
                for (int i = 0; i < partials.length; i++) partials[i] = r.rows().get(i).reduction().partials();
                double[] x = new double[state.components()];
                state.gather(0, x);
                return new Retried(f.point(), f.member(), h, EnsembleState.Status.OK, memberSteps, newton, factorisations, seconds, from, partials, x, values.toArray(new double[0][]),
                        states.toArray(new double[0][]));
            }
            last = new Retried(f.point(), f.member(), h, state.status(0), memberSteps, newton, factorisations, seconds, from, new double[0][], new double[0], new double[0][],
                    new double[0][]);
        }
        return last != null ? last : new Retried(f.point(), f.member(), grid.h(), f.status(), 0, 0, 0, 0, from, new double[0][], new double[0], new double[0][],
                new double[0][]);
    }

    /** The members that still fail: those of failures not retried to t_end. */
    public static List<MemberFailure> stillFailing(List<MemberFailure> failures, List<Retried> retried) {
        List<MemberFailure> out = new ArrayList<>();
        for (MemberFailure f : failures) if (find(retried, f.point(), f.member()) == null) out.add(f);
        return out;
    }

    /** Each point with its retried members' values in its rows (one block each, in member order), ok counts and member-steps. */
    public static List<SweepRun.Point> merge(List<SweepRun.Point> points, List<Retried> retried) {
        if (retried.isEmpty()) return points;
        List<SweepRun.Point> out = new ArrayList<>();
        for (SweepRun.Point p : points) {
            List<Retried> here = retried.stream().filter(r -> r.point() == p.index()).toList();
            long steps = p.memberSteps();
            for (Retried r : here) steps += r.memberSteps();
            List<Retried> ok = here.stream().filter(Retried::ok).toList();
            List<EnsembleRun.Row> rows = new ArrayList<>();
            for (int i = 0; i < p.rows().size(); i++) rows.add(merge(p.rows().get(i), ok, i));
            out.add(new SweepRun.Point(p.index(), p.values(), rows, p.ok() + ok.size(), p.failed() - ok.size(), steps));
        }
        return out;
    }

    // a point's row with the block of each retried member it no longer holds appended, combined in block order
    private static EnsembleRun.Row merge(EnsembleRun.Row row, List<Retried> retried, int i) {
        List<Retried> ok = retried.stream().filter(r -> i >= r.from()).toList();
        if (ok.isEmpty()) return row;
        Reduction.Result base = row.reduction();
        int width = 1 + Reduction.FIELDS * base.observers(), blocks = base.partials().length / width;
        double[] all = Arrays.copyOf(base.partials(), (blocks + ok.size()) * width);
        for (int k = 0; k < ok.size(); k++) System.arraycopy(ok.get(k).partials()[i], 0, all, (blocks + k) * width, width);
        Reduction.Result r = Reduction.combine(all, blocks + ok.size(), base.observers());
        return new EnsembleRun.Row(row.t(), row.step(), r.ok(), r.stats(), r);
    }

    /** A launch's counters with the work of its retries added (its rows as they are: each point's are merged by merge). */
    public static EnsembleRun.Result counters(EnsembleRun.Result run, List<Retried> retried) {
        if (retried.isEmpty()) return run;
        long newton = run.newtonIterations(), factorisations = run.jacobianFactorisations();
        double seconds = run.seconds();
        for (Retried r : retried) {
            newton += r.newtonIterations();
            factorisations += r.jacobianFactorisations();
            seconds += r.seconds();
        }
        return new EnsembleRun.Result(run.rows(), newton, run.maxNewtonIterations(), factorisations, seconds);
    }

    /** Final states ([point][member][component], where kept) with each retried member's in its place (a copy where one is). */
    public static double[][][] finalStates(double[][][] states, List<Retried> retried) {
        if (retried.stream().noneMatch(Retried::ok)) return states;
        double[][][] out = new double[states.length][][];
        for (int p = 0; p < states.length; p++) out[p] = states[p].clone();
        for (Retried r : retried)
            if (r.ok() && out[r.point()].length > r.member()) out[r.point()][r.member()] = r.finalState().clone();
        return out;
    }

    /**
     * Trajectories (null: none kept) with each trajectory member retried to t_end recorded as its retry ran, at every output
     * (a copy where one is); plan places the retried members among the launch's.
     */
    public static Trajectories trajectories(Trajectories recorded, List<Retried> retried, SweepPlan plan) {
        Map<Integer, double[][]> paths = new HashMap<>();
        for (Retried r : retried) if (r.ok() && r.states().length > 0) paths.put(plan.first(r.point()) + r.member(), r.states());
        return recorded == null || paths.isEmpty() ? recorded : recorded.replaced(paths);
    }

    private static Retried find(List<Retried> retried, int point, int member) {
        for (Retried r : retried) if (r.ok() && r.point() == point && r.member() == member) return r;
        return null;
    }
}
