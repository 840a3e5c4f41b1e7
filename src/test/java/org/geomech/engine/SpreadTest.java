package org.geomech.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spread.of: min, population standard deviation, exact quantiles (type 7, NumPy's default). */
class SpreadTest {
    @Test
    void smallSampleByHand() {
        // numpy: np.min = 1, np.std = sqrt(1.25), np.percentile([4, 1, 3, 2], [0, 25, 50, 90, 100]) = 1, 1.75, 2.5, 3.7, 4
        double[] s = Spread.of(new double[]{4, 1, 3, 2}, new double[]{0, 0.25, 0.5, 0.9, 1});
        assertArrayEquals(new double[]{1, Math.sqrt(1.25), 1, 1.75, 2.5, 3.7, 4}, s, 1e-15);
    }

    @Test
    void oneValueAndNone() {
        assertArrayEquals(new double[]{7, 0, 7}, Spread.of(new double[]{7}, new double[]{0.3}), 0);
        for (double x : Spread.of(new double[0], new double[]{0.5})) assertTrue(Double.isNaN(x));
    }

    @Test
    void standardDeviationWithoutCancellation() {
        // a spread of 1e-9 about 3.06 (an energy error): one-pass sum of squares would lose it to cancellation
        double[] x = new double[1000];
        for (int j = 0; j < x.length; j++) x[j] = 3.06 + 1e-9 * (j % 2 == 0 ? 1 : -1);
        assertEquals(1e-9, Spread.of(x, new double[0])[1], 1e-15);
    }
}
