package org.geomech.ensemble;

import org.geomech.InputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hist:BINS and hist:LO,HI,BINS count as numpy.histogram does with equal bins (its documented examples: the last bin holds
 * its upper edge), but for a range of one value v, [v, v] with every member in the first bin; values outside the bins and non-finite ones are
 * counted apart, so every value is counted once; a bad spec is a one-line input error naming what is wrong.
 */
class BinsTest {
    @Test
    void countsAsNumpyHistogram() {
        // np.histogram([1, 2, 1], bins=[0, 1, 2, 3]) -> [0, 2, 1]
        assertArrayEquals(new long[]{0, 2, 1}, Bins.parse("hist:0,3,3").of(new double[]{1, 2, 1}).counts());
        // np.histogram(np.arange(4), bins=np.arange(5)) -> [1, 1, 1, 1]
        assertArrayEquals(new long[]{1, 1, 1, 1}, Bins.parse("hist:0,4,4").of(new double[]{0, 1, 2, 3}).counts());
        // the upper edge in the last bin: np.histogram([0, .25, .5, .75, 1], bins=4, range=(0, 1)) -> [1, 1, 1, 2]
        assertArrayEquals(new long[]{1, 1, 1, 2}, Bins.parse("hist:0,1,4").of(new double[]{0, 0.25, 0.5, 0.75, 1}).counts());
        // automatic: the values' own range; one value v: [v, v], every member in the first bin (numpy widens it to v -+ 0.5)
        Histogram one = Bins.parse("hist:2").of(new double[]{5, 5, 5});
        assertArrayEquals(new long[]{3, 0}, one.counts());
        assertEquals(List.of(5.0, 5.0, 5.0), List.of(one.lo(), one.hi(), one.edge(1)));
        Histogram auto = Bins.parse("hist:4").of(new double[]{-2, 6, 0, 1, 5.99});
        assertEquals(-2, auto.edge(0));
        assertEquals(6, auto.edge(4));
        assertEquals(0, auto.edge(1));
        assertArrayEquals(new long[]{1, 2, 0, 2}, auto.counts());
    }

    @Test
    void valuesOutsideTheBinsAndNonFiniteOnesAreCountedApart() {
        double[] x = {-1, 0, 0.5, 2, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1};
        Histogram fixed = Bins.parse("hist:0,1,2").of(x);
        assertEquals(List.of(1L, 1L, 3L), List.of(fixed.below(), fixed.above(), fixed.nonFinite()));
        assertArrayEquals(new long[]{1, 2}, fixed.counts());
        assertEquals(x.length, fixed.total());
        // an automatic range spans the finite values: none below or above
        Histogram auto = Bins.parse("hist:3").of(x);
        assertEquals(List.of(-1.0, 2.0, 0L, 0L, 3L), List.of(auto.lo(), auto.hi(), auto.below(), auto.above(), auto.nonFinite()));
        assertEquals(x.length, auto.total());
        // no finite value: no range, every member non-finite
        Histogram none = Bins.parse("hist:3").of(new double[]{Double.NaN});
        assertTrue(Double.isNaN(none.lo()) && none.nonFinite() == 1 && none.total() == 1, none.toString());
        assertEquals(fixed, Histogram.of(fixed.flat(), 0), "flat and back");
    }

    @Test
    void badSpecsAreOneLineInputErrorsNamingTheProblem() {
        for (String[] bad : List.of(new String[]{"hist:0", "BINS must be at least 1, got 0"}, new String[]{"hist:1,0,10", "LO must be below HI, got 1 and 0"},
                new String[]{"hist:x", "BINS must be a whole number, got 'x'"}, new String[]{"hist:0,1", "is not hist:BINS or hist:LO,HI,BINS"},
                new String[]{"hist:a,1,3", "LO must be a number, got 'a'"}, new String[]{"hist:0,inf,3", "HI must be a number, got 'inf'"},
                new String[]{"hist:2.5", "BINS must be a whole number"})) {
            InputException e = assertThrows(InputException.class, () -> Statistic.parse(bad[0]), bad[0]);
            assertTrue(e.getMessage().startsWith("statistics: ") && e.getMessage().contains(bad[1]) && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
