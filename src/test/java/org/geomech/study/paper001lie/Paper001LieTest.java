package org.geomech.study.paper001lie;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.reproduce.Reproductions;
import org.geomech.study.TextTable;
import org.geomech.io.plot.ChartCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 001 Lie group reproductions on the built-in models, through the ensemble's initial states (projection, lambda0). */
class Paper001LieTest {
    @Test
    void registered() {
        assertTrue(Reproductions.names().contains("lie-unicycle") && Reproductions.names().contains("lie-turntable"));
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
}
