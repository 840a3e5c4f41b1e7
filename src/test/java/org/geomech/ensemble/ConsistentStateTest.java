package org.geomech.ensemble;

import org.geomech.method.LobattoHolonomic;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.method.StateLayout;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Consistent initial states: projections and the continuous multiplier formula (001 spec sec. 2.1). */
class ConsistentStateTest {
    private static EnsembleState fill(String model, boolean holonomic, int members, List<String> q0, List<String> v0, InitialStates.Report[] report) {
        MechanicalSystem sys = Library.system(model);
        StateLayout layout = (holonomic ? new LobattoHolonomic(2) : new LobattoNonholonomic(2)).build(sys).layout();
        Library.Entry e = Library.entry(model);
        EnsembleState state = new EnsembleState(layout, members);
        double[] params = sys.parameterValues();
        report[0] = new InitialStates(sys, q0 == null ? e.q0(Map.of()) : q0, v0 == null ? e.v0(Map.of()) : v0).fill(state, params, null);
        return state;
    }

    @Test
    void multiplierOfTheNonholonomicParticle() {
        // 001 spec R.1: lambda0 = (0.2*1 - 1*0.5)/(1 + 0.25) = -0.24, and the given state is already consistent
        InitialStates.Report[] r = new InitialStates.Report[1];
        EnsembleState s = fill("nh-particle", false, 1, null, null, r);
        assertEquals(-0.24, s.get(9, 0), 1e-15);
        assertEquals(0.0, r[0].maxVelocityMove(), 1e-16);
    }

    @Test
    void multiplierOfTheCvt() {
        // 001 spec sec. 5.2: lambda0 = 1 for both initial conditions
        InitialStates.Report[] r = new InitialStates.Report[1];
        assertEquals(1.0, fill("cvt", false, 1, null, null, r).get(9, 0), 1e-14);
        assertEquals(1.0, fill("cvt", false, 1, null, List.of("0", "sqrt(8)", "0"), r).get(9, 0), 1e-14);
    }

    @Test
    void multiplierOfThePlanarPendulum() {
        // 002 sec. 5.1: lambda(0) = 1 with the force -G^T lambda; geomech writes +G^T lambda (001 convention), so -1
        InitialStates.Report[] r = new InitialStates.Report[1];
        assertEquals(-1.0, fill("planar-pendulum", true, 1, null, null, r).get(6, 0), 1e-14);
    }

    @Test
    void chaoticEnsembleHasEnergy306AndZeroConstraint() {
        // 001 sec. 7.3: every member of the cos/sin ensemble has E0 = 3.06 and Phi = 0; 001 spec sec. 5.3:
        // lambda = (A.grad U - sum_{i>=5} v_i^2) / (1 + sum_{i>=5} q_i^2) with A = (1, 0, 0, 0, 1, 1, 1), v_5..7 = 0
        InitialStates.Report[] r = new InitialStates.Report[1];
        EnsembleState s = fill("chaotic-nh", false, 21, null, null, r);
        MechanicalSystem sys = Library.system("chaotic-nh");
        // Reduction over the ensemble: energy mean 3.06 and max 3.06, constraint max 0 (mean of |Phi| >= 0)
        Reduction.Result stats;
        try (org.geomech.backend.Backend.Run run = new org.geomech.backend.reference.ReferenceBackend()
                .compile(new LobattoNonholonomic(2).build(sys), Observers.standard(sys), org.geomech.solve.NewtonOptions.DEFAULT)
                .start(s, new double[]{0.1})) {
            stats = run.observe();
        }
        assertEquals(21, stats.ok());
        assertEquals(3.06, stats.stats().get(0).mean(), 1e-14);
        assertEquals(3.06, stats.stats().get(0).max(), 1e-14);
        assertTrue(stats.stats().get(1).max() < 1e-16, "max |Phi| " + stats.stats().get(1).max());
        for (int j = 0; j < 21; j++) {
            double alpha = Math.cos(j * Math.PI / 40);
            // dU/dq1 = alpha, dU/dq5 = q5 + q5 q6^2 + q2^2 q5 = 2.36, dU/dq6 = q6 + q5^2 q6 + q3^2 q6 = 2.16, dU/dq7 = q7 + q4^2 q7 = 1.04
            double aGradU = alpha + 2.36 + 2.16 + 1.04;
            assertEquals(aGradU / 4, s.get(21, j), 1e-14, "lambda of member " + j);
        }
        assertEquals(0.0, r[0].maxPositionMove(), 0.0);
    }

    @Test
    void inconsistentStateIsProjectedAndTheMoveReported() {
        // planar pendulum started off the circle at (0.1, -1.1) with a radial velocity: projected onto
        // x^2 + y^2 = 1 and x dx + y dy = 0
        InitialStates.Report[] r = new InitialStates.Report[1];
        EnsembleState s = fill("planar-pendulum", true, 1, List.of("0.1", "-1.1"), List.of("1", "0.5"), r);
        double x = s.get(0, 0), y = s.get(1, 0), vx = s.get(2, 0), vy = s.get(3, 0);
        assertEquals(1.0, x * x + y * y, 1e-15);
        assertEquals(0.0, x * vx + y * vy, 1e-15);
        assertTrue(r[0].maxPositionMove() > 0.09 && r[0].maxPositionMove() < 0.11, "moved " + r[0].maxPositionMove());
        assertTrue(r[0].maxVelocityMove() > 0.1, "moved " + r[0].maxVelocityMove());
    }

    @Test
    void nonFiniteInitialValueIsAnInputError() {
        InitialStates.Report[] r = new InitialStates.Report[1];
        InputException folded = assertThrows(InputException.class, () -> fill("nh-particle", false, 1, List.of("log(-1)", "0", "0"), null, r));
        assertTrue(folded.getMessage().contains("NaN"), folded.getMessage());
        InputException evaluated = assertThrows(InputException.class, () -> fill("nh-particle", false, 2, List.of("1/j", "0", "0"), null, r));
        assertEquals("initial value of x for member 0 is not finite (Infinity)", evaluated.getMessage());
    }
}
