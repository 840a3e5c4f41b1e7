package org.geomech.api;

import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.ensemble.StepSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * h per member: in one launch, member j at h_j = 0.1/(1+j) (exact divisors of the output interval
 * 0.1: 1 to 10 steps per interval) is bitwise, at every output time, a run of that h alone, and the observers' max
 * and min over the members are bitwise the extremes of those runs; drawn step sizes are reproducible, snapped down
 * to divisors of the output interval, and independent of the thread count.
 */
class StepSizePerMemberTest {
    // a whole simd lane block of 8 (the lanes' step counts differ) and a partial one
    private static final int MEMBERS = 10;

    @TempDir
    Path dir;

    // every member from the same state, so that a run of one h has every member's values equal to member j's there
    private static Run run(String backend, String method) {
        return Run.of(Model.builtIn("chaotic-nh")).method(method).backend(backend).until(0.5).every(0.1)
                .ensemble(Ensemble.of(MEMBERS).q("q1", "cos(0.3)").v("q2", "sin(0.3)"))
                .statistics("mean", "max", "min");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"reference, lobatto-nh:2", "simd, lobatto-nh:2", "opencl, lobatto-nh:2", "reference, lobatto-nh:3", "simd, lobatto-nh:3",
            "opencl, lobatto-nh:3"})
    void everyMemberIsBitwiseItsStepSizeAlone(String backend, String method) {
        // on opencl, lobatto-nh:2 runs the explicit kernel: members 0-7 one lane vector of 1 to 8 steps per output
        // interval (each lane masked past its own count), members 8 and 9 the next with 6 pad lanes
        if (backend.equals("opencl")) OpenClRequirement.device();
        List<Integer> all = new ArrayList<>();
        for (int j = 0; j < MEMBERS; j++) all.add(j);
        Results varied = run(backend, method).stepSize("0.1/(1+j)").trajectories(all).run();
        Series v = varied.series("0.1/(1+j)", 0);
        assertTrue(v.h().isEmpty(), "a launch of h per member has no shared h, only its name " + v.stepSize().label());
        int hColumn = varied.components().indexOf("h");
        assertEquals(varied.components().size() - 1, hColumn, "h is carried last: " + varied.components());
        double[][] energyMax = new double[MEMBERS][], energyMin = new double[MEMBERS][];
        long steps = 0;
        for (int j = 0; j < MEMBERS; j++) {
            double h = 0.1 / (1 + j);
            assertEquals(h, v.finalStates()[j][hColumn], 0.0, "h of member " + j + " divides 0.1: kept as given");
            Results aloneRun = run(backend, method).stepSizes(h).trajectories(List.of(j)).run();
            Series alone = aloneRun.series(h, 0);
            assertEquals(varied.components().subList(0, hColumn), aloneRun.components());
            assertArrayEquals(alone.times(), v.times(), 1e-15, "the output times, h = " + h);
            for (int k = 0; k < alone.times().length; k++)
                assertArrayEquals(bits(alone.trajectories()[k][0]), bits(Arrays.copyOf(v.trajectories()[k][j], hColumn)),
                        "member " + j + " (h = " + h + ") at t = " + alone.times()[k] + ", " + backend);
            assertArrayEquals(bits(alone.finalStates()[j]), bits(Arrays.copyOf(v.finalStates()[j], hColumn)), "final state of member " + j);
            energyMax[j] = alone.max("energy");
            energyMin[j] = alone.min("energy");
            steps += alone.memberSteps() / MEMBERS;
        }
        for (int k = 0; k < v.times().length; k++) {
            double most = Double.NEGATIVE_INFINITY, least = Double.POSITIVE_INFINITY;
            for (int j = 0; j < MEMBERS; j++) {
                most = Math.max(most, energyMax[j][k]);
                least = Math.min(least, energyMin[j][k]);
            }
            assertEquals(Double.doubleToLongBits(most), Double.doubleToLongBits(v.max("energy")[k]), "energy max at t = " + v.times()[k]);
            assertEquals(Double.doubleToLongBits(least), Double.doubleToLongBits(v.min("energy")[k]), "energy min at t = " + v.times()[k]);
        }
        assertEquals(5 * 55, steps);                                             // sum of 5 (1 + j) over j < 10
        assertEquals(steps, v.memberSteps(), "member-steps are each member's own");
        assertTrue(varied.failures().isEmpty());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"simd, lobatto-nh:2", "simd, lobatto-nh:3", "reference, lobatto-nh:3", "opencl, lobatto-nh:2"})
    void aStepSizeAlikeForEveryMemberIsBitwiseThatStepSize(String backend, String method) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        // h = 0.05 carried per member: two steps per output interval in every lane, so simd's whole lane blocks take
        // the one-method kernels (the explicit step with its observers, the unrolled Newton iteration)
        Results carried = run(backend, method).stepSize("0.05 + 0*j").run(), shared = run(backend, method).stepSizes(0.05).run();
        Series c = carried.series("0.05 + 0*j", 0), s = shared.series(0.05, 0);
        for (String observer : List.of("energy", "g_vel")) {
            assertArrayEquals(bits(s.mean(observer)), bits(c.mean(observer)), observer + " mean, " + backend + " " + method);
            assertArrayEquals(bits(s.max(observer)), bits(c.max(observer)), observer + " max, " + backend + " " + method);
        }
        assertEquals(s.memberSteps(), c.memberSteps(), "member-steps");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reference", "simd", "opencl"})
    void failuresCountEachMembersOwnSteps(String backend) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        // modified-pendulum at h = 1.6 / (1 + j): Newton fails within a few steps at the larger step sizes (at step 1 for h = 1.6 and
        // step 4 for h = 0.8 alone); each member fails where a run of its h alone fails, at the step number of its own steps
        java.util.function.Supplier<Run> pendulum = () -> Run.of(Model.builtIn("modified-pendulum")).backend(backend).until(16).every(1.6)
                .ensemble(Ensemble.of(4).perturbed(1, 1e-3)).newton(1e-14, 50);
        Results varied = pendulum.get().stepSize("1.6/(1+j)").run();
        int hColumn = varied.components().indexOf("h");
        for (int j = 0; j < 4; j++) {
            double h = 1.6 / (1 + j);
            Results alone = pendulum.get().stepSizes(h).run();
            int member = j;
            List<String> expected = alone.failures().stream().filter(f -> f.member() == member).map(f -> f.step() + " " + f.reason()).toList(),
                    got = varied.failures().stream().filter(f -> f.member() == member).map(f -> f.step() + " " + f.reason()).toList();
            assertEquals(expected, got, "member " + j + " at h = " + h);
            assertArrayEquals(bits(alone.series(h, 0).finalStates()[j]), bits(Arrays.copyOf(varied.series("1.6/(1+j)", 0).finalStates()[j], hColumn)),
                    "member " + j + ": the state before its failing step, or its final state");
        }
        assertTrue(varied.failures().stream().anyMatch(f -> f.member() == 1 && f.step() == 4), "member 1 (h = 0.8) fails at its step 4: " + varied.failures());
    }

    @Test
    void openclAgreesWithItsRunsAloneAndTheReferenceToRoundOff() {
        OpenClRequirement.device();
        Results reference = run("reference", "lobatto-nh:3").stepSize("0.1/(1+j)").run(), opencl = run("opencl", "lobatto-nh:3").stepSize("0.1/(1+j)").run();
        double[][] a = reference.series("0.1/(1+j)", 0).finalStates(), b = opencl.series("0.1/(1+j)", 0).finalStates();
        int hColumn = opencl.components().indexOf("h");
        double worstReference = 0, worstAlone = 0;
        for (int j = 0; j < MEMBERS; j++) {
            double h = 0.1 / (1 + j);
            double[] alone = run("opencl", "lobatto-nh:3").stepSizes(h).run().series(h, 0).finalStates()[j];
            for (int c = 0; c < a[j].length; c++) worstReference = Math.max(worstReference, Math.abs(a[j][c] - b[j][c]));
            for (int c = 0; c < hColumn; c++) worstAlone = Math.max(worstAlone, Math.abs(alone[c] - b[j][c]));
        }
        assertTrue(worstReference <= 1e-12, "largest difference of a final-state component, opencl against reference: " + worstReference);
        assertTrue(worstAlone <= 1e-12, "largest difference of a final-state component, opencl against its runs of each h alone: " + worstAlone);
        assertEquals(reference.series("0.1/(1+j)", 0).memberSteps(), opencl.series("0.1/(1+j)", 0).memberSteps());
    }

    @Test
    void drawnStepSizesAreReproducibleSnappedAndThreadIndependent() throws Exception {
        java.util.concurrent.Callable<Results> drawn = () -> Run.of(Model.builtIn("chaotic-nh")).until(0.2).every(0.1).ensemble(Ensemble.of(MEMBERS))
                .stepSize("uniform(0.012, 0.03, seed=11)").run();
        String drawnH = "uniform(0.012, 0.03, seed=11)";
        double[][] states = OnThreads.run(1, drawn).series(drawnH, 0).finalStates(), again = OnThreads.run(2, drawn).series(drawnH, 0).finalStates();
        int hColumn = drawn.call().components().indexOf("h");
        double[] h = new double[MEMBERS];
        for (int j = 0; j < MEMBERS; j++) {
            assertArrayEquals(bits(states[j]), bits(again[j]), "member " + j + " on one thread and on two");
            h[j] = states[j][hColumn];
            long n = Math.round(0.1 / h[j]);
            assertEquals(0.1 / n, h[j], 0.0, "h of member " + j + " is 0.1 / its steps per interval");
            assertTrue(h[j] <= 0.03 && 0.1 / (n - 1) > 0.012, "snapped down from a draw in [0.012, 0.03]: " + h[j]);
        }
        assertTrue(Arrays.stream(h).distinct().count() >= 4, "members draw their own step sizes: " + Arrays.toString(h));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reference", "simd", "opencl"})
    void stoppedAtACheckpointAndResumedIsBitwiseTheWholeRun(String backend) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        // cvt with eps and h drawn per member; the stop signal comes at the 5th of 9 output rows
        Path file = dir.resolve("checkpoint.bin");
        int[] rows = {0};
        Results stopped = cvt(backend).checkpoints(new Checkpoints(file, "0.25", List.of(), null, () -> rows[0] >= 5)).listener(new Run.Listener() {
            @Override public void output(Output row) { rows[0]++; }
        }).run();
        assertFalse(stopped.finished());
        assertTrue(Files.exists(file), "the stop wrote a checkpoint");
        Results resumed = cvt(backend).checkpoints(new Checkpoints(file, "0.25", List.of(), null, () -> false)).resume(file).run(), whole = cvt(backend).run();
        assertTrue(resumed.finished());
        Series a = whole.series("lognormal(-3.5, 0.3, 0.01, 0.1)", 0), b = resumed.series("lognormal(-3.5, 0.3, 0.01, 0.1)", 0);
        assertEquals(a.stepSize(), b.stepSize(), "the resumed run's launch is the whole run's");
        assertTrue(b.stepSize() instanceof StepSize.PerMember && b.h().isEmpty(), "h per member: " + b.stepSize());
        assertEquals(whole.failures(a.stepSize()), resumed.failures(b.stepSize()));
        assertArrayEquals(a.times(), b.times(), 0.0);
        for (String o : whole.observers()) {
            assertArrayEquals(a.mean(o), b.mean(o), 0.0, o + " mean");
            assertArrayEquals(a.max(o), b.max(o), 0.0, o + " max");
            assertArrayEquals(a.msd(o), b.msd(o), 0.0, o + " msd");
        }
        for (int j = 0; j < a.finalStates().length; j++) assertArrayEquals(bits(a.finalStates()[j]), bits(b.finalStates()[j]), "final state of member " + j);
        assertEquals(a.memberSteps(), b.memberSteps());
    }

    private static Run cvt(String backend) {
        return Run.of(Model.builtIn("cvt")).ensemble(Ensemble.of(20).perturbed(3, 1e-3).parameter("eps", "uniform(0.2, 0.8)"))
                .stepSize("lognormal(-3.5, 0.3, 0.01, 0.1)").until(2).every(0.25).backend(backend);
    }

    private static long[] bits(double[] x) { return Arrays.stream(x).mapToLong(Double::doubleToLongBits).toArray(); }
}
