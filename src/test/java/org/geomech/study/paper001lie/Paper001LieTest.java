package org.geomech.study.paper001lie;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.reproduce.Reproductions;
import org.geomech.study.TextTable;
import org.geomech.io.plot.ChartCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 001 Lie group reproductions on the built-in models, through the ensemble's initial states (projection, lambda0). */
class Paper001LieTest {
    @Test
    void registered() {
        assertTrue(Reproductions.names().contains("lie-unicycle") && Reproductions.names().contains("lie-turntable")
                && Reproductions.names().contains("lie-turntable-orders"));
    }

    @Test
    void builtInUnicycleGivesTheSpecsErrors() {
        // 001 spec R.4, s = 3, N = 10: 1.25e-6 / 9.16e-7 / 2.49e-3
        double[] e = Paper001Lie.unicycleErrors(3, 10, new ReferenceBackend());
        assertEquals(1.25e-6, e[0], 0.05 * 1.25e-6);
        assertEquals(9.16e-7, e[1], 0.05 * 9.16e-7);
        assertEquals(2.49e-3, e[2], 0.05 * 2.49e-3);
    }

    @TempDir
    Path dir;

    @Test
    void turntableIntegralsShortened() throws Exception {
        // 001 spec R.5, Lobatto-3, h = 0.1: I1-I3 at round-off, I4 <= 3.6e-10 (to t = 200; here t <= 10), R orthogonal
        Paper001Lie.Turntable run = Paper001Lie.turntable(10, new ReferenceBackend());
        TextTable t = run.table();
        // 001 Fig. 8: the four integrals' errors after every step, from t = 0
        assertEquals(4, run.chart().series().size());
        for (org.geomech.io.plot.Series s : run.chart().series()) assertEquals(101, s.x().length, s.name());
        ChartCheck.check(dir, run.chart(), "lie-turntable-integrals");
        Object[] last = t.rows().get(t.rows().size() - 1);
        for (int k = 1; k <= 3; k++) assertTrue(Double.parseDouble((String) last[k]) <= 1e-13, "I" + k + ": " + last[k]);
        assertTrue(Double.parseDouble((String) last[4]) <= 3.6e-10, "I4: " + last[4]);
        assertTrue(Double.parseDouble((String) last[5]) <= 1e-14, "|R^T R - I|: " + last[5]);
    }

    @ParameterizedTest(name = "lobatto-lie-nh:{0}")
    @CsvSource({"2", "3", "4"})
    void turntableOrdersAreTheSpecs(int s) {
        // 001 spec R.5, T = 1, against the exact flow: orders (configuration, velocity, lambda) 2, 2, 2; 4, 4, 2; 6, round-off, 4.
        // Fitted between N = 10 and 40 within 0.3, where the errors stay above round-off: for s = 4 the configuration
        // between N = 10 and 20 (4e-15 at 40), lambda between 10 and 20 (its floor eps/h^2 near 2e-13 at 40), and the
        // velocity's "(roundoff)" below 1e-13 from N = 20 (measured 7.4e-14, 1.7e-15)
        double[] e10 = Paper001Lie.turntableErrors(s, 10, new ReferenceBackend()), e20 = Paper001Lie.turntableErrors(s, 20, new ReferenceBackend());
        double[] spec = Paper001Lie.SPEC_R5_ORDERS[s - 2];
        if (s == 4) {
            assertEquals(spec[0], Math.log(e10[0] / e20[0]) / Math.log(2), 0.3, "configuration");
            assertTrue(e20[1] < 1e-13, "velocity at round-off: " + e20[1]);
            assertEquals(spec[2], Math.log(e10[2] / e20[2]) / Math.log(2), 0.3, "lambda");
            return;
        }
        double[] e40 = Paper001Lie.turntableErrors(s, 40, new ReferenceBackend());
        String[] what = {"configuration", "velocity", "lambda"};
        for (int k = 0; k < 3; k++) assertEquals(spec[k], Math.log(e10[k] / e40[k]) / Math.log(4), 0.3, what[k]);
    }
}
