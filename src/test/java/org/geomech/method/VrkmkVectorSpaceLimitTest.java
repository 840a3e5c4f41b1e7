package org.geomech.method;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.LieGroupStates;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.method.tableau.LieTableaux;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieModelDefinition;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 003 sec. 2.2 (spec sec. 3.1): on the abelian group R^n (exp = identity, ad = 0, so dexp^-1_(r) = id for every r)
 * vrkmk:TABLEAU,r is the symplectic partitioned RK of the tableau: positions with (a_ij, b_i), momenta with b_i and
 * ahat_ij = b_j - b_j a_ji / b_i. The oracle below is that SPRK on a coupled linear oscillator, solved exactly.
 */
class VrkmkVectorSpaceLimitTest {
    // l = 1/2 |v|^2 - 1/2 q^T K q on R^2, K = [[k1, c], [c, k2]]
    private static final double[][] K = {{1, 0.3}, {0.3, 2}};
    private static final double H = 0.1;
    private static final int STEPS = 20;

    @ParameterizedTest(name = "{0},{1}")
    @CsvSource({"gauss1, 0", "gauss2, 2", "gauss2, 0", "gauss3, 4", "kutta3, 1"})
    void vrkmkIsTheSprkOfItsTableau(String tableau, int r) {
        LieGroupSystem sys = oscillator();
        StepSystem step = new Vrkmk(LieTableaux.of(tableau), r).build(sys);
        EnsembleState state = new EnsembleState(step.layout(), 1);
        new LieGroupStates(sys).fill(state, sys.parameterValues(), 0, null);
        double[] p = {H};
        try (Backend.Run run = new ReferenceBackend().compile(step, List.of(), new NewtonOptions(1e-15, 50)).start(state, p)) {
            run.advance(STEPS);
            run.finish();
        }
        assertTrue(state.ok(0));
        double[] x = new double[state.components()];
        state.gather(0, x);
        double[] q = {1, 0.5}, mom = {0.2, -0.4};
        for (int k = 0; k < STEPS; k++) sprkStep(LieTableaux.of(tableau), q, mom);
        int g = step.layout().offset("g"), mu = step.layout().offset("mu");
        for (int i = 0; i < 2; i++) {
            assertEquals(q[i], x[g + i], 1e-13, "q" + (i + 1));
            assertEquals(mom[i], x[mu + i], 1e-13, "p" + (i + 1));
        }
    }

    /** One SPRK step, in place: V = p0 + h Ahat F(Q), Q = q0 + h A V, F = -K Q, linear in the stage velocities V. */
    private static void sprkStep(ButcherTableau t, double[] q, double[] p) {
        int s = t.stages();
        double[][] a = t.a();
        double[] b = t.b();
        double[][] aHat = new double[s][s];
        for (int i = 0; i < s; i++) for (int j = 0; j < s; j++) aHat[i][j] = b[j] - b[j] * a[j][i] / b[i];
        // V_i + h^2 sum_j (Ahat A)_ij K V_j = p0 - h (sum_j ahat_ij) K q0
        DMatrixRMaj m = new DMatrixRMaj(2 * s, 2 * s), rhs = new DMatrixRMaj(2 * s, 1), v = new DMatrixRMaj(2 * s, 1);
        for (int i = 0; i < s; i++) {
            double rowSum = 0;
            for (int j = 0; j < s; j++) {
                rowSum += aHat[i][j];
                double aa = 0;
                for (int l = 0; l < s; l++) aa += aHat[i][l] * a[l][j];
                for (int c = 0; c < 2; c++) for (int e = 0; e < 2; e++) m.add(2 * i + c, 2 * j + e, H * H * aa * K[c][e] + (i == j && c == e ? 1 : 0));
            }
            for (int c = 0; c < 2; c++) rhs.set(2 * i + c, 0, p[c] - H * rowSum * (K[c][0] * q[0] + K[c][1] * q[1]));
        }
        assertTrue(CommonOps_DDRM.solve(m, rhs, v));
        double[] q0 = q.clone();
        for (int i = 0; i < s; i++) {
            double[] qi = q0.clone();
            for (int j = 0; j < s; j++) for (int c = 0; c < 2; c++) qi[c] += H * a[i][j] * v.get(2 * j + c);
            for (int c = 0; c < 2; c++) {
                q[c] += H * b[i] * v.get(2 * i + c);
                p[c] -= H * b[i] * (K[c][0] * qi[0] + K[c][1] * qi[1]);
            }
        }
    }

    private static LieGroupSystem oscillator() {
        String potential = "0.5*(1*q1^2 + 2*0.3*q1*q2 + 2*q2^2)";
        return new LieModelDefinition("oscillator-r2", "003 spec sec. 3.1", "R^2", List.of("q"), List.of("v1", "v2"), new LinkedHashMap<>(Map.of()),
                "0.5*(v1^2 + v2^2) - " + potential, "0.5*(p(v1)^2 + p(v2)^2) + " + potential, List.of(),
                List.of("1", "0.5"), List.of("0.2", "-0.4")).build();
    }
}
