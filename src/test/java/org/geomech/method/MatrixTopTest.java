package org.geomech.method;

import org.geomech.ensemble.InitialStates;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.study.paper000.Stepper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rigid body as a 3 x 3 matrix A with A A^T = I (000 sec. 1, the case the paper names): matrix-top. */
class MatrixTopTest {
    private static final MechanicalSystem TOP = Library.system("matrix-top");

    private static Stepper top(String method) { return new Stepper(TOP, Methods.parse(method), TOP.parameterValues()); }

    @ParameterizedTest
    @ValueSource(strings = {"vi:rk4", "rattle"})
    void rotationStaysOrthogonal(String method) {
        // 000 sec. 3: the constraints hold at every step; A A^T = I to round-off, 200 steps of h = 0.05
        Stepper s = top(method);
        double[] x = s.initial(InitialStates.defaults(TOP));
        for (int k = 0; k < 200; k++) {
            x = s.advance(x, 0.05, 1);
            assertNotNull(x, "step " + k);
            double worst = 0;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    double aat = 0;
                    for (int c = 0; c < 3; c++) aat += x[3 * i + c] * x[3 * j + c];
                    worst = Math.max(worst, Math.abs(aat - (i == j ? 1 : 0)));
                }
            assertTrue(worst <= 1e-13, method + " step " + k + ": |A A^T - I| = " + worst);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"vi:rk4, 4", "vi:heun, 2"})
    void orderIsTheStandardLayers(String method, int order) {
        // 000 Thm: vi:TABLEAU has the standard layer's order; fitted from h = 0.1, 0.05, 0.025, 0.0125 at T = 1 (differences of successive runs)
        Stepper s = top(method);
        double[] diff = s.successiveDifferences(s.initial(InitialStates.defaults(TOP)), 0.1, 10, 4, 18);
        assertEquals(order, Math.log(diff[1] / diff[2]) / Math.log(2), 0.3, method + ": differences " + diff[1] + ", " + diff[2]);
        assertEquals(order, Methods.parse(method).order());
    }
}
