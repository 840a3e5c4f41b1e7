package org.geomech.study;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** 001 spec R.1: nonholonomic particle, q0 = (1, 0.5, 0), v0 = (0.2, 1, 0.1), T = 1, h = 1/N. */
class NhParticleOrderTest {
    private static final MechanicalSystem SYS = Library.system("nh-particle");

    @ParameterizedTest(name = "lobatto-nh:{0}")
    @CsvSource({
            // s, N=10 errors q / p / lambda (001 spec R.1 table), orders q,p and lambda (001 Cor. 5.2.1)
            "2, 1.360e-3, 9.741e-4, 1.300e-3, 2, 2",
            "3, 8.844e-7, 3.028e-7, 2.683e-4, 4, 2",
            "4, 1.828e-10, 8.004e-11, 5.101e-6, 6, 4"})
    void errorsAndOrdersMatchSpec(int s, double eq, double ep, double el, int order, int lambdaOrder) {
        InitialStates ic = InitialStates.defaults(SYS);
        double[] hs = {1.0 / 10, 1.0 / 20, 1.0 / 40};
        ConvergenceStudy.Result r = ConvergenceStudy.run(SYS, new LobattoNonholonomic(s), new LobattoNonholonomic(5), hs, 1.0, 0,
                new double[0], ic, new ReferenceBackend(), new NewtonOptions(1e-14, 50));
        ConvergenceStudy.Point n10 = r.points().get(0);
        System.out.printf("s=%d q %.4e p %.4e l %.4e orders %.3f %.3f %.3f%n", s, n10.q(), n10.p(), n10.lambda(), r.orderQ(), r.orderP(), r.orderLambda());
        assertEquals(eq, n10.q(), 0.05 * eq);
        assertEquals(ep, n10.p(), 0.05 * ep);
        assertEquals(el, n10.lambda(), 0.05 * el);
        assertEquals(order, r.orderQ(), 0.3);
        assertEquals(order, r.orderP(), 0.3);
        assertEquals(lambdaOrder, r.orderLambda(), 0.3);
    }
}
