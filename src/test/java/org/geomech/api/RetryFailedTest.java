package org.geomech.api;

import org.geomech.InputException;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.engine.LastFirstSlabs;
import org.geomech.engine.MemberFailure;
import org.geomech.engine.Retries;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Histogram;
import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Members that fail, run again alone at halved step sizes (Run.retryFailed). The case: modified-pendulum (002 sec. 5.3),
 * lobatto-holonomic:2 at h = 0.3 to t = 12, four members whose speed along y is 2^(-1/4) (1 + j): Newton (tolerance 1e-14,
 * 50 iterations) fails for members 2 and 3; member 2 reaches t = 12 at h = 0.15, member 3 only at h = 0.075.
 */
class RetryFailedTest {
    @TempDir
    Path dir;

    private static final double H = 0.3;
    private static final String ENERGY = "energy_error";

    private static Run pendulum(String backend, String speed, int members) {
        return Run.of(Model.builtIn("modified-pendulum")).method("lobatto-holonomic:2").backend(backend).until(12).every(1.2)
                .ensemble(Ensemble.of(members).v("y", speed)).newton(1e-14, 50).stepSizes(H);
    }

    private static Run fourMembers(String backend) { return pendulum(backend, "2^(-0.25)*(1+j)", 4); }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reference", "simd", "opencl"})
    void aFailedMemberIsRetriedAtHalfTheStepAndTheOthersAreUnchanged(String backend) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        Results plain = fourMembers(backend).run(), once = fourMembers(backend).retryFailed(1).run(), twice = fourMembers(backend).retryFailed(2).run();
        assertEquals(List.of(2, 3), plain.failures().stream().map(MemberFailure::member).toList(), "members 2 and 3 fail at h = 0.3");
        assertTrue(plain.retried(H).isEmpty());
        // one halving: member 2 reaches t_end at h = 0.15, member 3 still fails there and stays a failure (as it failed at h)
        assertEquals(List.of("2 0.15 OK", "3 0.15 " + EnsembleState.Status.NEWTON_ITERATION_LIMIT), describe(once.retried(H)));
        assertEquals(List.of(plain.failures().get(1)), once.failures(), "member 3 still failed, its failure at h = 0.3 as it was");
        // two halvings: member 3 reaches t_end at h = 0.075
        assertEquals(List.of("2 0.15 OK", "3 0.075 OK"), describe(twice.retried(H)));
        assertTrue(twice.failures().isEmpty());
        Series without = plain.series(H, 0), with = once.series(H, 0);
        for (int j = 0; j < 2; j++) assertArrayEquals(bits(without.finalStates()[j]), bits(with.finalStates()[j]), "member " + j + " bitwise unchanged");
        assertArrayEquals(bits(without.finalStates()[3]), bits(with.finalStates()[3]), "member 3, still failed: its state where it stopped");
        // member 2's final state is bitwise that of a run at h = 0.15 (the same launch, so the same initial state)
        Results half = fourMembers(backend).stepSizes(H / 2).run();
        assertArrayEquals(bits(half.series(H / 2, 0).finalStates()[2]), bits(with.finalStates()[2]), "member 2 as a run at h = 0.15 ends");
        // its values enter every output time that no longer holds it (at or after its failing step; before, the main pass holds
        // its values at h): ok counts one more there; max exactly the larger of the main pass's and its own; the mean the main
        // pass's sum with its value added (to round-off: the sum is regrouped); before, the rows bitwise the main pass's
        Series alone = pendulum(backend, "2^(-0.25)*3", 1).stepSizes(H / 2).run().series(H / 2, 0);
        assertArrayEquals(without.times(), with.times());
        long failedAt = plain.failures().get(0).step();
        long[] steps = without.steps();
        int[] ok = with.ok();
        double[] meanWithout = without.mean(ENERGY), maxWithout = without.max(ENERGY), value = alone.mean(ENERGY), mean = with.mean(ENERGY), max = with.max(ENERGY);
        int entered = 0;
        for (int i = 0; i < ok.length; i++) {
            int main = without.ok()[i];
            if (steps[i] < failedAt) {
                assertEquals(main, ok[i], "ok at output " + i);
                assertEquals(meanWithout[i], mean[i], 0.0, "mean at output " + i + ", before member 2 failed");
                continue;
            }
            entered++;
            assertEquals(main + 1, ok[i], "ok at output " + i);
            assertEquals(Math.max(maxWithout[i], value[i]), max[i], 0.0, "max at output " + i);
            assertEquals((main * meanWithout[i] + value[i]) / (main + 1), mean[i], 1e-15 * Math.max(1, Math.abs(mean[i])), "mean at output " + i);
        }
        assertTrue(entered > 0 && entered < ok.length, "member 2 fails between the first and the last output: entered at " + entered + " outputs");
        // member 3 fails at its first step: from then on only members 0, 1 and 2 can count, each once
        assertEquals(1, plain.failures().get(1).step());
        for (int i = 1; i < ok.length; i++) assertEquals(3, ok[i], "members 0, 1 and the retried 2, each counted once, at output " + i);
    }

    /** Where h varies per member, the retried member halves its own h: member 1 (h = 0.8) at 0.4 ends as member 3 (h = 0.4 from the same state). */
    @Test
    void aMemberOfItsOwnStepSizeHalvesIt() {
        Supplier<Run> run = () -> Run.of(Model.builtIn("modified-pendulum")).backend("reference").until(16).every(1.6)
                .ensemble(Ensemble.of(4)).newton(1e-14, 50).stepSize("1.6/(1+j)");
        Results plain = run.get().run(), retried = run.get().retryFailed(1).run();
        assertTrue(plain.failures().stream().anyMatch(f -> f.member() == 1), "member 1 (h = 0.8) fails: " + plain.failures());
        Retries.Retried one = retried.retried(retried.series("1.6/(1+j)", 0).stepSize()).stream().filter(r -> r.member() == 1).findFirst().orElseThrow();
        assertEquals(0.4, one.h());
        assertTrue(one.ok());
        int hColumn = retried.components().indexOf("h");
        double[][] last = retried.series("1.6/(1+j)", 0).finalStates();
        assertArrayEquals(bits(Arrays.copyOf(last[3], hColumn)), bits(Arrays.copyOf(last[1], hColumn)), "member 1 at h = 0.4 is member 3");
        assertEquals(0.4, last[1][hColumn], "the state carries the h it ran at");
    }

    /** Slabs and a checkpoint stopped and resumed give bitwise the run held at once: rows, failures, retries, final states. */
    @Test
    void retriesComposeWithSlabsAndResume() {
        Supplier<Run> run = () -> fourMembers("simd").stepSizes(H, H / 2).retryFailed(1);
        List<Output> heardWhole = new ArrayList<>(), heardSlabs = new ArrayList<>(), heardResumed = new ArrayList<>();
        Results whole = run.get().listener(listener(heardWhole)).run();
        Results slabs = run.get().membersInMemory(1).keepFinalStates(true).listener(listener(heardSlabs)).run();
        Path file = dir.resolve(Checkpoint.FILE);
        int[] asked = {0};   // checkpoints at t = 0, 1.2, ..., 12 of the first step size (11), then of the second: stop at its fourth
        Results stopped = run.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> ++asked[0] > 14)).run();
        assertFalse(stopped.finished());
        assertEquals(2, stopped.series().size(), "stopped in the second step size");
        Results resumed = run.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> false)).resume(file).listener(listener(heardResumed)).run();
        for (Results other : List.of(slabs, resumed)) {
            assertEquals(whole.failures(), other.failures());
            for (double h : List.of(H, H / 2)) {
                assertEquals(describe(whole.retried(h)), describe(other.retried(h)));
                Series a = whole.series(h, 0), b = other.series(h, 0);
                assertArrayEquals(a.ok(), b.ok());
                assertArrayEquals(a.mean(ENERGY), b.mean(ENERGY), 0.0);
                assertArrayEquals(a.msd(ENERGY), b.msd(ENERGY), 0.0);
                for (int j = 0; j < 4; j++) assertArrayEquals(bits(a.finalStates()[j]), bits(b.finalStates()[j]), "h = " + h + ", member " + j);
            }
        }
        assertEquals(List.of("2 0.15 OK", "3 0.15 " + EnsembleState.Status.NEWTON_ITERATION_LIMIT), describe(whole.retried(H)));
        for (List<Output> other : List.of(heardSlabs, heardResumed)) {
            assertEquals(heardWhole.size(), other.size());
            for (int k = 0; k < heardWhole.size(); k++) {
                assertEquals(heardWhole.get(k).ok(), other.get(k).ok(), "row " + k);
                assertArrayEquals(heardWhole.get(k).mean(), other.get(k).mean(), 0.0, "row " + k);
            }
        }
        assertEquals(3, heardWhole.get(heardWhole.size() / 2 - 1).ok(), "the rows heard hold the retried member");
    }

    /**
     * min, std, quantiles and a histogram take the retried member in: at every output they are those of the members alive
     * there, by hand from each member's values alone (members 0 and 1 at h, member 2 at h until it failed and at h/2 from
     * then on, member 3 only at t = 0, where it had not failed), exactly and with sketches of 64 values per level (which
     * hold all four values and so are exact, bitwise type 7 as QuantileSketch says); the histogram's counts (8 bins over
     * [-0.1, 0.1]) are those of the same values, and sum to the members alive.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reference", "opencl"})
    void retriedMembersEnterMinStdAndQuantiles(String backend) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        double[][] alone = new double[4][];
        for (int j = 0; j < 4; j++) alone[j] = spreadRun(pendulum(backend, "2^(-0.25)*" + (1 + j), 1), "exact", HIST).run().series(H, 0).min(ENERGY);
        double[] halved = spreadRun(pendulum(backend, "2^(-0.25)*3", 1).stepSizes(H / 2), "exact", HIST).run().series(H / 2, 0).min(ENERGY);
        long failedAt = fourMembers(backend).run().failures().get(0).step();
        for (String quantiles : List.of("exact", "sketch:64")) {
            Series s = spreadRun(fourMembers(backend).retryFailed(1), quantiles, HIST).run().series(H, 0);
            double[] min = s.min(ENERGY), std = s.std(ENERGY);
            List<Histogram> histograms = s.histograms(ENERGY);
            for (int i = 0; i < min.length; i++) {
                List<Double> alive = new ArrayList<>(List.of(alone[0][i], alone[1][i], s.steps()[i] < failedAt ? alone[2][i] : halved[i]));
                if (i == 0) alive.add(alone[3][0]);
                double[] x = alive.stream().mapToDouble(Double::doubleValue).toArray();
                String at = quantiles + ", output " + i;
                // exact: two passes in member order, as Spread.of; sketched: Welford's recurrence, the same to round-off
                assertEquals(populationStd(x), std[i], quantiles.equals("exact") ? 0.0 : 1e-14 * std[i], "std, " + at);
                Arrays.sort(x);
                assertEquals(x.length, s.ok()[i], at);
                assertEquals(x[0], min[i], 0.0, "min, " + at);
                for (double p : LEVELS) assertEquals(type7(x, p), s.quantile(ENERGY, p)[i], 0.0, "q" + p + ", " + at);
                Histogram.Counter counted = new Histogram.Counter(-0.1, 0.1, 8);
                for (double v : x) counted.add(v);
                assertEquals(counted.histogram(), histograms.get(i), "histogram, " + at);
                assertEquals(x.length, histograms.get(i).total(), "every member alive counted once, " + at);
            }
        }
    }

    /**
     * The spread with retries (and a histogram: each output's own range where exact, a fixed one where sketched) is bitwise
     * the same held at once, in slabs of one member, on an executor, and stopped and resumed (at once and in slabs).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"exact", "sketch:64"})
    void retriedSpreadIsBitwiseInSlabsOnAnExecutorAndResumed(String quantiles) {
        Supplier<Run> run = () -> spreadRun(fourMembers("simd").stepSizes(H, H / 2).retryFailed(1), quantiles, quantiles.equals("exact") ? "hist:8" : HIST);
        Results whole = run.get().run();
        Run recipe = run.get();
        List<Results> others = new ArrayList<>(List.of(run.get().membersInMemory(1).run(),
                run.get().distributed(new LastFirstSlabs(), stage -> () -> recipe.prepare(stage)).run()));
        for (Integer slab : Arrays.asList(null, 1)) {
            // stop asked once a run has asked stopAt times: at once (asked at every output, 11 of h) at the eighth output of
            // h/2, after member 3 failed there (at its fifth: the values of rows 5 to 7 held in the file); in slabs, at the
            // last ask of a whole run, before h/2's slab (h finished, its spread merged)
            Supplier<Run> again = () -> slab == null ? run.get() : run.get().membersInMemory(slab);
            Path file = dir.resolve(quantiles + slab + ".bin");
            int[] asked = {0};
            again.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> ++asked[0] < 0)).run();
            int stopAt = slab == null ? 19 : asked[0];
            asked[0] = 0;
            Results stopped = again.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> ++asked[0] >= stopAt)).run();
            assertFalse(stopped.finished(), "stopped at checkpoint " + stopAt);
            others.add(again.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> false)).resume(file).run());
        }
        assertFalse(whole.retried(H).isEmpty());
        for (Results other : others)
            for (double h : List.of(H, H / 2)) {
                Series a = whole.series(h, 0), b = other.series(h, 0);
                assertArrayEquals(a.ok(), b.ok());
                assertArrayEquals(bits(a.min(ENERGY)), bits(b.min(ENERGY)), "min, h = " + h);
                assertArrayEquals(bits(a.std(ENERGY)), bits(b.std(ENERGY)), "std, h = " + h);
                for (double p : LEVELS) assertArrayEquals(bits(a.quantile(ENERGY, p)), bits(b.quantile(ENERGY, p)), "q" + p + ", h = " + h);
                assertEquals(a.histograms(ENERGY), b.histograms(ENERGY), "histograms, h = " + h);
                for (int i = 0; i < a.ok().length; i++) assertEquals(a.ok()[i], a.histograms(ENERGY).get(i).total(), "h = " + h + ", output " + i);
            }
    }

    /**
     * Twelve members of speed 2^(-1/4) (1 + j/3): those from speed (7/3) 2^(-1/4) on (j >= 4) fail at h = 0.3, as members
     * 2 and 3 of four do, and are retried side by side. In a fork-join pool of one thread and of two, and held at once or in
     * slabs of one member, the retried members, rows, spread and final states are bitwise the same, and each retried
     * member's final state is bitwise that of a run of it alone at the step size it was retried with.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reference", "simd"})
    void retriesSideBySideAreBitwiseWhateverTheThreads(String backend) throws Exception {
        Supplier<Run> run = () -> spreadRun(pendulum(backend, "2^(-0.25)*(1+j/3)", 12).retryFailed(2).keepFinalStates(true), "exact", "hist:8");
        Results one = OnThreads.run(1, () -> run.get().run()), two = OnThreads.run(2, () -> run.get().run()),
                slabs = OnThreads.run(2, () -> run.get().membersInMemory(1).run());
        List<Retries.Retried> retried = one.retried(H);
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10, 11), retried.stream().map(Retries.Retried::member).toList(), "the members from j = 4 on fail");
        assertTrue(retried.stream().filter(Retries.Retried::ok).count() >= 2, describe(retried).toString());
        for (Results other : List.of(two, slabs)) {
            assertEquals(describe(retried), describe(other.retried(H)));
            for (int k = 0; k < retried.size(); k++) assertEquals(retried.get(k).memberSteps(), other.retried(H).get(k).memberSteps());
            Series a = one.series(H, 0), b = other.series(H, 0);
            assertArrayEquals(a.ok(), b.ok());
            for (String statistic : List.of("mean", "max", "msd", "min", "std"))
                assertArrayEquals(bits(a.statistic(ENERGY, statistic)), bits(b.statistic(ENERGY, statistic)), statistic);
            for (double p : LEVELS) assertArrayEquals(bits(a.quantile(ENERGY, p)), bits(b.quantile(ENERGY, p)), "q" + p);
            assertEquals(a.histograms(ENERGY), b.histograms(ENERGY));
            for (int j = 0; j < 12; j++) assertArrayEquals(bits(a.finalStates()[j]), bits(b.finalStates()[j]), "member " + j);
        }
        for (Retries.Retried r : retried) {
            if (!r.ok()) continue;
            Series alone = pendulum(backend, "2^(-0.25)*(1+" + r.member() + "/3)", 1).stepSizes(r.h()).run().series(r.h(), 0);
            assertArrayEquals(bits(alone.finalStates()[0]), bits(one.series(H, 0).finalStates()[r.member()]), "member " + r.member() + " at h = " + r.h());
        }
    }

    /**
     * A trajectory member retried to t_end has its retry's trajectory (member 2: bitwise a run at h = 0.15, at every
     * output), one that still fails the main pass's (member 3), the others theirs: held at once, in slabs, and stopped in
     * the second step size and resumed (the first step size's trajectories as its checkpoint kept them).
     */
    @Test
    void aRetriedTrajectoryMemberHasItsRetrysTrajectory() {
        List<Integer> members = List.of(1, 2, 3);
        Supplier<Run> run = () -> fourMembers("simd").stepSizes(H, H / 2).retryFailed(1).trajectories(members);
        double[][][] plain = fourMembers("simd").trajectories(members).run().series(H, 0).trajectories(),
                half = fourMembers("simd").stepSizes(H / 2).trajectories(members).run().series(H / 2, 0).trajectories();
        Path file = dir.resolve(Checkpoint.FILE);
        int[] asked = {0};
        assertFalse(run.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> ++asked[0] > 14)).run().finished());
        Results resumed = run.get().checkpoints(new Checkpoints(file, "1.2", List.of(), null, () -> false)).resume(file).run();
        for (Results r : List.of(run.get().run(), run.get().membersInMemory(1).run(), resumed)) {
            double[][][] paths = r.series(H, 0).trajectories();
            assertEquals(plain.length, paths.length);
            for (int k = 0; k < paths.length; k++) {
                assertArrayEquals(bits(plain[k][0]), bits(paths[k][0]), "member 1, output " + k);
                assertArrayEquals(bits(half[k][1]), bits(paths[k][1]), "member 2 as a run at h = 0.15, output " + k);
                assertArrayEquals(bits(plain[k][2]), bits(paths[k][2]), "member 3, still failed, output " + k);
            }
            assertFalse(Arrays.equals(bits(plain[paths.length - 1][1]), bits(paths[paths.length - 1][1])), "member 2 failed in the main pass");
        }
    }

    @Test
    void badHalvingsAreRefused() {
        for (int k : new int[]{-1, 21}) {
            InputException e = assertThrows(InputException.class, () -> fourMembers("reference").retryFailed(k));
            assertTrue(e.getMessage().contains("retry-failed") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    private static final double[] LEVELS = {0.05, 0.5, 0.95};

    private static final String HIST = "hist:-0.1,0.1,8";

    private static Run spreadRun(Run run, String quantiles, String histogram) {
        return run.statistics("mean", "max", "msd", "min", "std", "q5", "q50", "q95", histogram).quantiles(quantiles);
    }

    // the population standard deviation, two passes in the values' order (Spread.of's formula)
    private static double populationStd(double[] x) {
        double mean = 0, square = 0;
        for (double v : x) mean += v;
        mean /= x.length;
        for (double v : x) square += (v - mean) * (v - mean);
        return Math.sqrt(square / x.length);
    }

    // Hyndman and Fan's type 7 quantile of sorted values: linear between the order statistics at p (n - 1)
    private static double type7(double[] sorted, double p) {
        double position = p * (sorted.length - 1);
        int below = (int) Math.floor(position), above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    private static List<String> describe(List<Retries.Retried> retried) {
        return retried.stream().map(r -> r.member() + " " + r.h() + " " + r.status()).toList();
    }

    private static long[] bits(double[] x) { return Arrays.stream(x).mapToLong(Double::doubleToRawLongBits).toArray(); }

    private static Run.Listener listener(List<Output> heard) {
        return new Run.Listener() {
            @Override public void output(Output row) { heard.add(row); }
        };
    }
}
