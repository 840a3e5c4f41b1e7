package org.geomech.method;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.ModelDefinition;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.Trajectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 004 spec sec. 6.2 item 8 and pitfall 8: replacing g by S g for a constant invertible S (the authors' code metis has
 * 1/2 d_i.d_j for the orthogonality constraints, the paper d_i.d_j) leaves the q and p trajectories unchanged; only the
 * multipliers rescale, lambda_a to lambda_a / s_a.
 */
class GglConstraintScalingTest {
    // heavy-top's constraints: three unit lengths, three orthogonalities (halved, as metis), three external (doubled)
    private static final double[] S = {1, 1, 1, 0.5, 0.5, 0.5, 2, 2, 2};

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-em", "gonzalez-em"})
    void trajectoriesAreInvariantUnderConstraintScaling(String method) {
        Library.BuiltIn top = Library.builtIn("heavy-top", Map.of());
        ModelDefinition d = (ModelDefinition) top.definition();
        List<String> scaled = new ArrayList<>();
        for (int a = 0; a < S.length; a++) scaled.add(S[a] + "*(" + d.holonomic().get(a) + ")");
        MechanicalSystem plain = d.build(), rescaled = new ModelDefinition(d.name(), d.reference(), d.coordinates(), d.parameters(),
                d.lagrangian(), scaled, d.nonholonomic()).build();
        // 004 sec. 6.2's step h = 0.002, 100 steps
        double[] x = run(plain, method, top), y = run(rescaled, method, top);
        StateLayout layout = Methods.parse(method).build(plain).layout();
        int n = plain.dimension();
        for (int i = 0; i < n; i++) {
            int q = layout.qOffset() + i, p = layout.pOffset() + i;
            assertEquals(x[q], y[q], 1e-12 * Math.max(1, Math.abs(x[q])), "q" + i);
            assertEquals(x[p], y[p], 1e-12 * Math.max(1, Math.abs(x[p])), "p" + i);
        }
        int lambda = layout.lambdaOffset();
        for (int a = 0; a < S.length; a++) {
            double expected = x[lambda + a] / S[a];
            assertEquals(expected, y[lambda + a], 1e-9 * Math.max(1, Math.abs(expected)), "lambda" + (a + 1) + " rescaled by 1/s");
        }
    }

    private static double[] run(MechanicalSystem sys, String method, Library.BuiltIn top) {
        Trajectory.Result r = new Trajectory(Methods.parse(method).build(sys), new ReferenceBackend(), new NewtonOptions(1e-14, 50))
                .run(sys.parameterValues(), new InitialStates(sys, top.q0(), top.v0()), 0.002, 100, 100);
        assertTrue(r.ok(), method + " on " + sys.name() + " failed at step " + r.failedStep());
        return r.last();
    }
}
