package org.geomech.study.paper001lie;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.reproduce.Reproductions;
import org.geomech.study.TextTable;
import org.junit.jupiter.api.Test;

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

    @Test
    void turntableIntegralsShortened() {
        // 001 spec R.5, Lobatto-3, h = 0.1: I1-I3 at round-off, I4 <= 3.6e-10 (to t = 200; here t <= 10), R orthogonal
        TextTable t = Paper001Lie.turntable(10, new ReferenceBackend()).table();
        Object[] last = t.rows().get(t.rows().size() - 1);
        for (int k = 1; k <= 3; k++) assertTrue(Double.parseDouble((String) last[k]) <= 1e-13, "I" + k + ": " + last[k]);
        assertTrue(Double.parseDouble((String) last[4]) <= 3.6e-10, "I4: " + last[4]);
        assertTrue(Double.parseDouble((String) last[5]) <= 1e-14, "|R^T R - I|: " + last[5]);
    }
}
