package org.geomech.api;

import org.geomech.InputException;
import org.geomech.ensemble.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution of chaotic-nh's energy error over 1500 members (two reduction blocks) as it grows: every running member
 * is counted once at every output; at t = 0 every error is exactly 0, one value, whose automatic range is [0, 0] with
 * every member in the first bin; held at once and in slabs the histograms are bitwise the same; a fixed
 * range counts the same whether the values are kept exact or fed to sketches; an automatic range with sketches is refused.
 */
class HistogramTest {
    private static final int MEMBERS = 1500;

    private static Run run(String... statistics) {
        return Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(MEMBERS).perturbed(7, 0.1)).stepSizes(0.1).until(4).every(0.5)
                .statistics(statistics).backend("simd");
    }

    @Test
    void everyMemberIsCountedOnceAndSlabsCountTheSame() {
        Series atOnce = run("mean", "hist:20").run().series().get(0), slabs = run("mean", "hist:20").membersInMemory(1024).run().series().get(0);
        List<Histogram> error = atOnce.histograms("energy_error");
        for (int i = 0; i < error.size(); i++) assertEquals(atOnce.ok()[i], error.get(i).total(), "t = " + atOnce.times()[i]);
        Histogram start = error.get(0);
        assertEquals(List.of(0.0, 0.0, (long) MEMBERS), List.of(start.lo(), start.hi(), start.counts()[0]), "E_j(0) - E_j(0) = 0 for every member");
        Histogram end = error.get(error.size() - 1);
        assertTrue(end.hi() - end.lo() > 0 && end.hi() - end.lo() < 1 && end.counts()[0] > 0 && end.counts()[19] > 0,
                "at t_end the bins span the errors, least to greatest: " + end);
        assertEquals(0, end.below() + end.above() + end.nonFinite());
        for (String o : List.of("energy", "energy_error")) assertEquals(atOnce.histograms(o), slabs.histograms(o), o + " in slabs of 1024");
    }

    @Test
    void aFixedRangeCountsTheSameExactOrSketched() {
        Series exact = run("hist:-1e-4,1e-4,16").quantiles("exact").run().series().get(0);
        Series sketched = run("hist:-1e-4,1e-4,16").quantiles("sketch:64").membersInMemory(1024).run().series().get(0);
        assertEquals(exact.histograms("energy_error"), sketched.histograms("energy_error"));
        Histogram end = exact.histograms("energy_error").get(exact.times().length - 1);
        assertEquals(-1e-4, end.lo());
        assertEquals(MEMBERS, end.total());
        assertTrue(end.below() + end.above() > 0 && end.below() + end.above() < MEMBERS, "some errors leave [-1e-4, 1e-4] by t = 4: " + end);
    }

    @Test
    void anAutomaticRangeIsNotSketched() {
        InputException e = assertThrows(InputException.class, () -> run("hist:20").quantiles("sketch").run());
        assertTrue(e.getMessage().startsWith("statistics: hist:20 takes each output's range from every member's value") && e.getMessage().endsWith("hist:LO,HI,20")
                && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void outputRowsCarryTheHistograms() {
        List<Output> heard = new java.util.ArrayList<>();
        Results r = run("hist:4").listener(new Run.Listener() {
            @Override public void output(Output row) { heard.add(row); }
        }).run();
        Series s = r.series().get(0);
        int o = r.observers().indexOf("energy_error");
        assertEquals(s.times().length, heard.size());
        for (int i = 0; i < heard.size(); i++) assertEquals(s.histograms("energy_error").get(i), heard.get(i).histograms()[o], "row " + i);
    }
}
