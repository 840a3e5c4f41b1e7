package org.geomech.api;

import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every capability composes with slabs (docs/architecture.md, "The path of one run"): a run held in memory, the same run
 * in slabs of two reduction blocks, and that run stopped by a signal after its first slab and resumed from its checkpoint
 * (which keeps the quantile sketches the first slab fed) give bitwise the same rows, spread, final states, trajectories, failures and counters,
 * for a system in coordinates (cvt, lobatto-nh:2) and on a Lie group (unicycle on SE(2), lobatto-lie-nh:2), on each
 * backend, with parameters shared, drawn per member, swept, h per member and initial states given per member, and with
 * the default statistics or min, std and quantiles, exact or summarised by sketches. The default test command runs a
 * reduced matrix (every variant on simd, a sweep and h per member on the other two backends); {@code mvn test -Dgroups=matrix} runs
 * every cell (benchmarks/matrix.sh).
 */
class CompositionMatrixTest {
    @TempDir
    static Path dir;

    private static final String[] SPREAD = {"mean", "max", "msd", "min", "std", "q10", "q50", "q90"};
    private static final double[] LEVELS = {0.1, 0.5, 0.9};
    /** Members per point: three reduction blocks, the last one short; slabs of two blocks then cross a sweep point's end. */
    private static final int MEMBERS = 2500;

    enum Variant { SHARED, DRAWN, SWEEP, H_PER_MEMBER, INITIAL }

    /** The statistics: the default three; min, std and exact quantiles besides; or those summarised by sketches of 64 values per level. */
    enum Stats { DEFAULT, EXACT, SKETCH }

    static Stream<Arguments> reduced() {
        List<Arguments> out = new ArrayList<>();
        for (String system : List.of("cvt", "unicycle")) {
            for (Variant v : Variant.values()) out.add(Arguments.of("simd", system, v, Stats.EXACT));
            out.add(Arguments.of("simd", system, Variant.SHARED, Stats.DEFAULT));
            out.add(Arguments.of("simd", system, Variant.SWEEP, Stats.SKETCH));
            for (String backend : List.of("reference", "opencl")) {
                out.add(Arguments.of(backend, system, Variant.SWEEP, Stats.EXACT));
                out.add(Arguments.of(backend, system, Variant.H_PER_MEMBER, Stats.DEFAULT));
            }
        }
        return out.stream();
    }

    static Stream<Arguments> whole() {
        List<Arguments> out = new ArrayList<>();
        for (String backend : List.of("reference", "simd", "opencl"))
            for (String system : List.of("cvt", "unicycle"))
                for (Variant v : Variant.values())
                    for (Stats stats : Stats.values()) out.add(Arguments.of(backend, system, v, stats));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("reduced")
    void slabsAreTheRunHeldAtOnce(String backend, String system, Variant variant, Stats stats) {
        compare(backend, system, variant, stats);
    }

    @Tag("matrix")
    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("whole")
    void everyCell(String backend, String system, Variant variant, Stats stats) {
        compare(backend, system, variant, stats);
    }

    private static void compare(String backend, String system, Variant variant, Stats stats) {
        if (backend.equals("opencl")) OpenClRequirement.device();
        Results atOnce = run(backend, system, variant, stats).run();
        assertEquals(variant == Variant.SWEEP ? 2 : 1, atOnce.series().size());
        Results slabs = run(backend, system, variant, stats).membersInMemory(2048).keepFinalStates(true).run();
        same(atOnce, slabs, stats);
        // stopped by a signal after its first slab (the checkpoint before the first, then the one after it), then resumed
        Path file = dir.resolve(Checkpoint.FILE);
        int[] saves = {0};
        Results stopped = run(backend, system, variant, stats).membersInMemory(2048).keepFinalStates(true)
                .checkpoints(new Checkpoints(file, "1", List.of(), null, () -> ++saves[0] == 2)).run();
        assertFalse(stopped.finished(), "stopped after its first slab");
        assertEquals(1, Checkpoint.read(file).slabs().size(), "the checkpoint holds the first slab");
        Results resumed = run(backend, system, variant, stats).membersInMemory(2048).keepFinalStates(true).resume(file).run();
        assertTrue(resumed.finished());
        same(atOnce, resumed, stats);
    }

    // Bitwise the same rows, spread, final states, trajectories, failures and counters
    private static void same(Results atOnce, Results slabs, Stats stats) {
        boolean spread = stats != Stats.DEFAULT;
        assertEquals(stats == Stats.DEFAULT ? "none" : stats == Stats.EXACT ? "exact" : "sketch", atOnce.quantiles());
        assertEquals(atOnce.quantiles(), slabs.quantiles());
        assertEquals(atOnce.quantileRankError(), slabs.quantileRankError());
        // 2500 members through levels of 64: levels 0 to 5 compact (2500, 1248, 608, 288, 128, 64 values reach them), a rank error of at most 6/64 of the members
        if (stats == Stats.SKETCH) assertEquals(6 / 64.0, atOnce.quantileRankError(), 1e-12);
        assertEquals(atOnce.series().size(), slabs.series().size());
        assertEquals(atOnce.failures(), slabs.failures(), "failures");
        assertEquals(atOnce.maxPositionMove(), slabs.maxPositionMove());
        assertEquals(atOnce.maxVelocityMove(), slabs.maxVelocityMove());
        for (int k = 0; k < atOnce.series().size(); k++) {
            Series a = atOnce.series().get(k), b = slabs.series().get(k);
            String where = "point " + k;
            assertArrayEquals(a.times(), b.times(), where);
            assertArrayEquals(a.steps(), b.steps(), where);
            assertArrayEquals(a.ok(), b.ok(), where);
            assertEquals(a.memberSteps(), b.memberSteps(), where);
            assertEquals(a.newtonIterations(), b.newtonIterations(), where);
            for (String o : atOnce.observers()) {
                assertBits(a.mean(o), b.mean(o), where + " mean " + o);
                assertBits(a.max(o), b.max(o), where + " max " + o);
                assertBits(a.msd(o), b.msd(o), where + " msd " + o);
                if (!spread) continue;
                assertBits(a.min(o), b.min(o), where + " min " + o);
                assertBits(a.std(o), b.std(o), where + " std " + o);
                for (double level : LEVELS) assertBits(a.quantile(o, level), b.quantile(o, level), where + " q" + level + " " + o);
                assertTrue(Double.isFinite(a.quantile(o, 0.5)[a.times().length - 1]), where + " a quantile exists at t_end");
                assertBits(a.quantile(o, 0.5), a.statistic(o, "q50"), where + " q50 by name " + o);
                assertBits(a.std(o), a.statistic(o, "std"), where + " std by name " + o);
            }
            assertEquals(MEMBERS, a.finalStates().length, where);
            for (int j = 0; j < MEMBERS; j++) assertBits(a.finalStates()[j], b.finalStates()[j], where + " final state of member " + j);
            assertEquals(a.times().length, b.trajectories().length, where);
            for (int i = 0; i < a.trajectories().length; i++)
                for (int m = 0; m < 2; m++) assertBits(a.trajectories()[i][m], b.trajectories()[i][m], where + " trajectory " + m + " at row " + i);
        }
    }

    // One run of the matrix: 2500 members per point from t = 0 to 0.4, rows every 0.1, trajectories of a member in
    // the first slab and one in the last
    private static Run run(String backend, String system, Variant variant, Stats stats) {
        boolean lie = system.equals("unicycle");
        String parameter = lie ? "Iz" : "eps";
        Ensemble ensemble = Ensemble.of(MEMBERS).perturbed(11, 1e-3);
        if (variant == Variant.DRAWN) ensemble = ensemble.parameter(parameter, "uniform(0.4, 0.6, seed=5)");
        if (variant == Variant.SWEEP) ensemble = ensemble.parameter(parameter, "[0.25, 0.5]");
        Run run = Run.of(Model.builtIn(system)).method(lie ? "lobatto-lie-nh:2" : "lobatto-nh:2").ensemble(ensemble).until(0.4).every(0.1)
                .backend(backend).trajectories(List.of(3, MEMBERS - 2));
        if (variant == Variant.H_PER_MEMBER) run.stepSize("0.02*(1+j/N)");
        else run.stepSizes(0.02);
        if (variant == Variant.INITIAL) initial(run, lie);
        if (stats != Stats.DEFAULT) run.statistics(SPREAD).quantiles(stats == Stats.EXACT ? "exact" : "sketch:64");
        return run;
    }

    // Member j's own initial state: cvt's (x, y, z) and velocities, or the unicycle's element of SE(2) turned by j/N
    private static void initial(Run run, boolean lie) {
        double[][] q = new double[MEMBERS][], v = new double[MEMBERS][];
        for (int j = 0; j < MEMBERS; j++) {
            double s = (double) j / MEMBERS;
            if (lie) {
                double a = 0.3 + s;
                q[j] = new double[]{Math.cos(a), -Math.sin(a), Math.sin(a), Math.cos(a), 1 + s, 0.5};
                v[j] = new double[]{1 + s, 0.2, 0};
            } else {
                q[j] = new double[]{0.1 * s, 0.2, 0.3 - 0.1 * s};
                v[j] = new double[]{0.5 + s, 0.1, 0.2};
            }
        }
        run.states(q, v);
    }

    private static void assertBits(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++)
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]), what + " [" + i + "]: " + expected[i] + " vs " + actual[i]);
    }
}
