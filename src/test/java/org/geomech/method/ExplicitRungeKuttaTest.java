package org.geomech.method;

import org.geomech.study.paper000.Paper000;
import org.geomech.study.paper000.Stepper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** rk:TABLEAU, plain explicit Runge-Kutta on the index-1 form of SP (000 spec sec. 6 data): the tableau's order. */
class ExplicitRungeKuttaTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"rk:euler, 1, 0.01", "rk:heun, 2, 0.05", "rk:kutta3, 3, 0.05", "rk:rk4, 4, 0.05", "rk:rk38, 4, 0.05", "rk:dopri5, 5, 0.1"})
    void orderAtTEquals5(String method, int order, double h) {
        // fitted from h and h/2 against the DOP853 reference of the spec at T = 5
        Stepper s = new Stepper(Paper000.sphericalPendulum(), Methods.parse(method), Paper000.sphericalParams());
        double[] x0 = s.initial(Paper000.sphericalInitial(Paper000.sphericalPendulum()));
        double e1 = Paper000.errorAt5(s.advance(x0, h, Math.round(5 / h))), e2 = Paper000.errorAt5(s.advance(x0, h / 2, Math.round(10 / h)));
        assertEquals(order, Math.log(e1 / e2) / Math.log(2), 0.3, method + ": " + e1 + " -> " + e2);
        assertEquals(order, Methods.parse(method).order());
    }
}
