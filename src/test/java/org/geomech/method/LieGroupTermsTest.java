package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieConsistentState;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;


import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The unicycle on the model layer's SE(2) (homogeneous matrices, algebra (omega, v1, v2)) against the hand-written one. */
class LieGroupTermsTest {

    @Test
    void agreesWithTheHandWrittenSe2() {
        double x = 1, y = 0.5, th = 0.3, c = Math.cos(th), s = Math.sin(th);
        TrivialisedSystem model = TrivialisedSystem.of(LieLibrary.system("unicycle"));
        StepSystem step = new LobattoLieNonholonomic(3, "cay").build(LieLibrary.system("unicycle"));
        double[] g = {c, -s, s, c, x, y}, eta = {1, 0.2, 0}, mu = new double[3], lambda = new double[1];
        assertTrue(new LieConsistentState(model, model.retraction("cay")).apply(g, eta, new double[]{1, 0.5}, mu, lambda));
        double[] start = new double[13];
        System.arraycopy(g, 0, start, 0, 6);
        System.arraycopy(eta, 0, start, 6, 3);
        System.arraycopy(mu, 0, start, 9, 3);
        start[12] = lambda[0];
        double[] z = run(step, start, 10);
        // the hand-written SE(2): state (x, y, theta, v1, v2, omega, mu (3), lambda)
        StepSystem handStep = new LobattoLieNonholonomic(3, "cay").equations(LieTestSystems.unicycle()).reduced();
        double[] hand = run(handStep, new double[]{x, y, th, 0.2, 0, 1, 0.2, 0, 0.5, lambda[0]}, 10);
        double[] expected = {Math.cos(hand[2]), -Math.sin(hand[2]), Math.sin(hand[2]), Math.cos(hand[2]), hand[0], hand[1], hand[5], hand[3], hand[4],
                hand[8], hand[6], hand[7], hand[9]};
        for (int i = 0; i < 13; i++) assertEquals(expected[i], z[i], 1e-13, step.layout().names().get(i));
    }

    private static double[] run(StepSystem step, double[] start, int steps) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        state.scatter(0, start);
        try (Backend.Run r = new ReferenceBackend().compile(step, List.of(), new NewtonOptions(1e-14, 50)).start(state, new double[]{0.1, 1, 0.5})) {
            r.advance(steps);
            r.finish();
        }
        assertTrue(state.ok(0));
        double[] z = new double[start.length];
        state.gather(0, z);
        return z;
    }
}
