package org.geomech.study;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 001 sec. 7.3, spec R.2: chaotic system m = 3, the cos/sin ensemble with J = 20 (21 members), E0 = 3.06. */
class ChaoticEnsembleTest {
    private static final MechanicalSystem SYS = Library.system("chaotic-nh");
    private static final InitialStates IC = InitialStates.defaults(SYS);

    @Test
    void lobatto2MuOverH4CollapsesAndMatchesSpec() {
        // 001 spec R.2: Lobatto-2 mu/h^4 at t = 10 = 0.0267, 0.0259, 0.0257 for h = 0.2, 0.1, 0.05
        check(2, new double[]{0.2, 0.1, 0.05}, new double[]{0.0267, 0.0259, 0.0257});
    }

    @Test
    void lobatto3MuOverH8CollapsesAndMatchesSpec() {
        // 001 spec R.2: Lobatto-3 mu/h^8 at t = 10 = 7.2e-5, 7.0e-5, 7.0e-5 for h = 0.2, 0.1, 0.05 (not h^10: spec P1)
        check(3, new double[]{0.2, 0.1, 0.05}, new double[]{7.2e-5, 7.0e-5, 7.0e-5});
    }

    private void check(int s, double[] hs, double[] expected) {
        List<EnergyMseStudy.Curve> curves = EnergyMseStudy.run(SYS, List.of(new LobattoNonholonomic(s)), hs, 10, 1, new double[0],
                IC, 21, new ReferenceBackend(), new NewtonOptions(1e-14, 50));
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (int i = 0; i < hs.length; i++) {
            EnergyMseStudy.Curve c = curves.get(i);
            assertEquals(0, c.failed());
            double scaled = c.scaled(c.indexOf(10));
            assertEquals(expected[i], scaled, 0.2 * expected[i], "h = " + hs[i]);
            lo = Math.min(lo, scaled);
            hi = Math.max(hi, scaled);
        }
        assertTrue(hi / lo < 1.5, "scaled mu spread " + hi / lo);
    }
}
