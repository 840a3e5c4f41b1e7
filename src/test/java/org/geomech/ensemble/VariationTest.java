package org.geomech.ensemble;

import org.geomech.engine.SweepRun;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Per-member parameters: draws reproducible whatever the thread count, inside their bounds, with the right moments; member streams independent. */
class VariationTest {
    private static final MechanicalSystem CVT = Library.entry("cvt").definition(Map.of()).build();

    @Test
    void drawnParameterIsIndependentOfThreadCount() throws Exception {
        SweepPlan plan = new SweepPlan(CVT, Map.of("eps", Variation.parse("eps", "normal(0.5, 0.2, 0.1, 0.9, seed=11)")), 10_000);
        StepSystem step = SweepRun.step(Methods.parse("lobatto-nh:2").build(CVT), plan);
        EnsembleState one = fill(step, plan, 1), two = fill(step, plan, 2);
        assertArrayEquals(one.data(), two.data());
        int eps = step.layout().parameterOffset();
        double sum = 0, sq = 0;
        for (int j = 0; j < 10_000; j++) {
            double x = one.get(eps, j);
            assertTrue(x >= 0.1 && x <= 0.9, "member " + j + ": " + x);
            sum += x;
            sq += (x - 0.5) * (x - 0.5);
        }
        // normal(0.5, 0.2) truncated at +-2 sigma: mean 0.5, standard deviation 0.2 * 0.880 = 0.176; 3 standard errors 0.0053
        assertEquals(0.5, sum / 10_000, 0.0053);
        assertEquals(0.176, Math.sqrt(sq / 10_000), 0.004);
    }

    private static EnsembleState fill(StepSystem step, SweepPlan plan, int threads) throws Exception {
        InitialStates initial = InitialStates.defaults(CVT);
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(() -> SweepRun.initialState(step, plan, initial, new InitialStates.Perturbation(3, new double[]{1e-3, 0, 0}, new double[3]), null)).get();
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void expressionAndUniformValues() {
        SweepPlan plan = new SweepPlan(CVT, Map.of("eps", Variation.parse("eps", "0.5 + j/N")), 4);
        SweepPlan.Members m = plan.new Members(1);
        double[] p = new double[1];
        m.parameters(3, p);
        assertEquals(1.25, p[0]);
        Variation.Sampler u = new Variation.Sampler("eps", Variation.parse("eps", "uniform(2, 3)"), 5);
        double sum = 0;
        for (int j = 0; j < 10_000; j++) {
            double x = u.value(j, 10_000);
            assertTrue(x >= 2 && x < 3);
            sum += x;
        }
        assertEquals(2.5, sum / 10_000, 3 * Math.sqrt(1.0 / 12 / 10_000));      // uniform: standard deviation 1/sqrt(12)
    }

    @Test
    void sweepPointsStartOnReductionBlocks() {
        SweepPlan plan = new SweepPlan(CVT, Map.of("eps", Variation.parse("eps", "[1, 2, 3]")), 1500);
        assertEquals(3, plan.points());
        assertEquals(3 * 2048, plan.launchMembers());
        assertArrayEquals(new int[]{2, 4}, plan.blocks(1));
        assertTrue(plan.padding(1500) && !plan.padding(2048) && plan.local(2049) == 1 && plan.point(2049) == 1);
        assertEquals(Map.of("eps", 3.0), plan.pointValues(2));
    }

    @Test
    void neighbouringMembersDrawIndependently() {
        // seeding member j with seed + golden * j made member j's second draw member j+1's first (correlation 1)
        int n = 20_000;
        double[] first = new double[n], second = new double[n];
        for (int j = 0; j < n; j++) {
            long[] r = {MemberStreams.start(1, MemberStreams.INITIAL_STATE, j)};
            first[j] = MemberStreams.uniform(r, 0);
            second[j] = MemberStreams.uniform(r, 0);
        }
        double[] a = java.util.Arrays.copyOfRange(second, 0, n - 1), b = java.util.Arrays.copyOfRange(first, 1, n);
        // sample correlation of independent uniforms: standard error 1/sqrt(n) = 0.007; 4 of them
        assertEquals(0, correlation(a, b), 0.028);
        assertEquals(0, correlation(java.util.Arrays.copyOfRange(first, 0, n - 1), b), 0.028);
    }

    private static double correlation(double[] x, double[] y) {
        double mx = 0, my = 0;
        for (int i = 0; i < x.length; i++) { mx += x[i]; my += y[i]; }
        mx /= x.length;
        my /= y.length;
        double sxy = 0, sxx = 0, syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxy / Math.sqrt(sxx * syy);
    }

    @Test
    void describedFormsParseBack() {
        for (String text : List.of("[0.25, 0.5, 1.0]", "normal(1.0, 0.1, 0.5, 2.0, seed=3)", "lognormal(0.0, 0.5)", "uniform(0.1, 0.3)", "1 + j/J"))
            assertEquals(text, Variation.parse("x", Variation.parse("x", text).describe()).describe());
    }
}
