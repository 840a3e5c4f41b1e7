package org.geomech.ensemble;

import org.geomech.InputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Statistics are named, ordered and read by name, whatever order a run asked for them in. */
class StatisticTest {
    @Test
    void columnOrderIsTheKindsThenTheQuantilesByLevel() {
        List<Statistic> s = Statistic.parse(List.of("q95", "std", "mean", "q5", "q50", "mean", "msd"));
        assertEquals(List.of("mean", "msd", "std", "q5", "q50", "q95"), s.stream().map(Statistic::name).toList());
        assertArrayEquals(new double[]{0.05, 0.5, 0.95}, Statistic.levels(s));
        assertTrue(Statistic.needSpread(s));
        assertFalse(Statistic.needSpread(Statistic.parse(List.of("max", "msd", "mean"))));
    }

    @Test
    void aValueIsReadByNameNotByPosition() {
        Statistics row = new Statistics(1, 2, 3, -4, 5, new double[]{10, 20, 30});
        double[] levels = {0.05, 0.5, 0.95};
        assertEquals(20, Statistic.parse("q50").of(row, levels));
        assertEquals(30, Statistic.parse("q95").of(row, levels));
        assertEquals(-4, Statistic.parse("min").of(row, levels));
        assertEquals(3, Statistic.parse("msd").of(row, levels));
        assertTrue(Double.isNaN(Statistic.parse("q99").of(row, levels)), "a level the run did not keep");
    }

    @Test
    void aHistogramComesLastOncePerRunAndIsNotAColumn() {
        // hist:LO,HI,BINS split at its commas (a comma-separated flag) is joined again
        List<Statistic> s = Statistic.parse(List.of("hist:-1", "1", "20", "q50", "mean"));
        assertEquals(List.of("mean", "q50", "hist:-1,1,20"), s.stream().map(Statistic::name).toList());
        assertEquals(new Bins(-1, 1, 20), Statistic.bins(s));
        assertEquals(List.of(true, true, false), s.stream().map(Statistic::scalar).toList());
        assertTrue(Statistic.needSpread(Statistic.parse(List.of("mean", "hist:8"))), "a histogram is counted from every member's value");
        assertTrue(Statistic.bins(Statistic.parse(List.of("hist:8"))).automatic());
        assertThrows(IllegalArgumentException.class, () -> s.get(2).of(new Statistics(1, 2, 3), new double[0]));
        InputException two = assertThrows(InputException.class, () -> Statistic.parse(List.of("hist:8", "hist:0,1,4")));
        assertEquals("statistics: one histogram per run, got hist:8 and hist:0,1,4", two.getMessage());
        InputException number = assertThrows(InputException.class, () -> Statistic.parse(List.of("mean", "5")));
        assertTrue(number.getMessage().startsWith("statistics: unknown statistic '5'"), "a number continues only a histogram: " + number.getMessage());
    }

    @Test
    void unknownNamesAreOneLineInputErrors() {
        for (String bad : List.of("median", "q101", "q-5", "Q50", "")) {
            InputException e = assertThrows(InputException.class, () -> Statistic.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("statistics: unknown statistic '" + bad + "'") && !e.getMessage().contains("\n"), e.getMessage());
        }
        assertEquals(0.999, Statistic.parse("q99.9").level(), 1e-15);
        assertEquals(0.0, Statistic.parse("q0").level());
        assertEquals(1.0, Statistic.parse("q100").level());
    }
}
