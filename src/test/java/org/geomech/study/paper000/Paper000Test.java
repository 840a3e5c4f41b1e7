package org.geomech.study.paper000;

import org.geomech.method.Methods;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The symplecticity and reversibility claims of 000 on SP at h = 0.2 (spec sec. 6, [derived] values). */
class Paper000Test {
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
}
