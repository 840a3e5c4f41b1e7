package org.geomech.study.paper003;

import org.geomech.backend.reference.ReferenceBackend;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class Paper003Test {
    private static final ReferenceBackend REF = new ReferenceBackend();

    private static void assertWithin5Percent(double expected, double actual, String what) {
        assertEquals(expected, actual, 0.05 * expected, what);
    }

    @Test
    void secondOrderVrkmkAndVcgGiveTheSpecErrors() {
        // 003 spec sec. 12.2, s_g = -1: VRKMK2 = VCG2, 3.614e-3 (N = 5), 9.226e-4 (N = 10), analytically the same method (P9)
        double[] n5 = {3.614e-3, 9.226e-4};
        int[] ns = {5, 10};
        for (String m : new String[]{"vrkmk:gauss1,0", "vcg:midpoint"}) {
            double e5 = Paper003.error(Paper003.finalState(m, ns[0], REF), Paper003.G_REF, Paper003.MU_REF);
            double e10 = Paper003.error(Paper003.finalState(m, ns[1], REF), Paper003.G_REF, Paper003.MU_REF);
            assertWithin5Percent(n5[0], e5, m + " N = 5");
            assertWithin5Percent(n5[1], e10, m + " N = 10");
            assertEquals(2, Paper003.slope(5, e5, 10, e10), 0.3, m + " order");
        }
    }

    @Test
    void fourthOrderMethodsGiveTheSpecErrors() {
        // 003 spec sec. 12.2, s_g = -1: VRKMK4 (Gauss2 r2) 1.255e-5, 7.785e-7; VCG4 (triple jump) 6.128e-4, 4.173e-5
        String[] methods = {"vrkmk:gauss2,2", "vcg:triple-jump"};
        double[][] spec = {{1.255e-5, 7.785e-7}, {6.128e-4, 4.173e-5}};
        for (int k = 0; k < 2; k++) {
            double e5 = Paper003.error(Paper003.finalState(methods[k], 5, REF), Paper003.G_REF, Paper003.MU_REF);
            double e10 = Paper003.error(Paper003.finalState(methods[k], 10, REF), Paper003.G_REF, Paper003.MU_REF);
            assertWithin5Percent(spec[k][0], e5, methods[k] + " N = 5");
            assertWithin5Percent(spec[k][1], e10, methods[k] + " N = 10");
            assertEquals(4, Paper003.slope(5, e5, 10, e10), 0.3, methods[k] + " order");
        }
    }
}
