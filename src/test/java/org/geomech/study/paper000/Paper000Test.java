package org.geomech.study.paper000;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.io.CsvReader;
import org.geomech.io.plot.Chart;
import org.geomech.io.plot.ChartCheck;
import org.geomech.io.plot.Plots;
import org.geomech.io.plot.Series;
import org.geomech.io.plot.Slopes;
import org.geomech.method.Methods;
import org.geomech.study.TextTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The symplecticity and reversibility claims of 000 on SP at h = 0.2 (spec sec. 6, [derived] values), and their plot. */
class Paper000Test {
    @TempDir
    Path dir;

    private static Stepper sp(String method) {
        return new Stepper(Paper000.sphericalPendulum(), Methods.parse(method), Paper000.sphericalParams());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"vi:rk4", "vi:euler,-1/2,1/2", "vi:kutta3,-1/2,1/2"})
    void variationalMapsAreSymplectic(String method) {
        // spec sec. 6: |delta omega| <= 2e-9 for the variational maps (central differences, eps = 1e-4 there, 1e-5 here)
        double d = Paper000.symplecticityDefect(sp(method), 0.2);
        assertTrue(d <= 1e-8, method + ": defect " + d);
    }

    @Test
    void plainRk4IsNotSymplectic() {
        // spec sec. 6: plain RK4 at h = 0.2 has |delta omega| = 2.0e-5
        double d = Paper000.symplecticityDefect(sp("rk:rk4"), 0.2);
        assertEquals(2.0e-5, d, 1.0e-5);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"vi:euler,-1/2,1/2", "vi:kutta3,-1/2,1/2", "vi:rk4,-1/2,1/2"})
    void selfAdjointBiasIsReversible(String method) {
        // spec sec. 6: bias (-1/2, 1/2) gives |Phi_-h(Phi_h(w)) - w| <= 1.2e-15
        double d = Paper000.reversibilityDefect(sp(method), 0.2);
        assertTrue(d <= 1e-14, method + ": " + d);
    }

    @Test
    void biasZeroOneIsNotReversible() {
        // spec sec. 6: bias (0, 1) with RK4 gives 3.2e-7
        assertEquals(3.2e-7, Paper000.reversibilityDefect(sp("vi:rk4"), 0.2), 0.3e-7);
    }

    @Test
    void reversibilityPlotShowsEveryBiasOverFiveStepSizes() throws Exception {
        // vi-reversible: one line per bias over h = 0.4 .. 0.025, the spec's values (h = 0.2) as markers labelled (spec)
        TextTable table = Paper000.reversibility(new ReferenceBackend());
        Map<String, Chart> charts = Plots.comparison(CsvReader.read(table.writeCsv(dir.resolve("vi-reversible.csv"))), "vi-reversible", "000 spec sec. 6");
        Chart chart = charts.get("vi-reversible-defect");
        ChartCheck.check(dir, chart, "vi-reversible-defect");
        for (Series s : chart.series()) {
            if (s.kind() == Series.Kind.LINE_MARKERS) {
                assertEquals(Paper000.DEFECT_H.length, s.x().length, s.name());
                // spec sec. 6: the self-adjoint bias (-1/2, 1/2) is reversible to round-off, here at every h
                if (s.name().endsWith("-1/2,1/2")) for (double d : s.y()) assertTrue(d <= 1e-14, s.name() + ": " + d);
            }
            if (s.kind() == Series.Kind.MARKERS) assertTrue(s.name().endsWith("(spec)"), s.name());
        }
        Series biased = chart.series().stream().filter(s -> s.name().equals("vi:rk4")).findFirst().orElseThrow();
        // a method of order p = 4 and its adjoint differ at O(h^(p+1)): the defect falls at least that fast
        assertTrue(Slopes.fitted(biased.x(), biased.y()) >= 4.7, "vi:rk4 (0,1): slope " + Slopes.fitted(biased.x(), biased.y()));
        assertTrue(chart.series().stream().anyMatch(s -> s.kind() == Series.Kind.REFERENCE), "a reference slope beside the falling defects");
    }
}
