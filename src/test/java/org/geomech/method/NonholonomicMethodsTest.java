package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Properties of the nonholonomic Lobatto IIIA-IIIB method (001 sec. 5) beyond its orders. */
class NonholonomicMethodsTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @ParameterizedTest(name = "lobatto-nh:{0} on {1}")
    @CsvSource({"2, nh-particle", "3, nh-particle", "4, nh-particle", "2, cvt", "3, cvt", "2, chaotic-nh", "3, chaotic-nh"})
    void constraintHoldsAtEveryStep(int s, String model) {
        // 001 spec sec. 4.3: C_s is Psi(q_{k+1}, p_{k+1}) = 0, so the constraint holds at every node to solver tolerance
        MechanicalSystem sys = Library.system(model);
        Simulation sim = new Simulation(sys, new LobattoNonholonomic(s), sys.parameterValues(), InitialStates.defaults(sys), null, 5);
        EnsembleState state = sim.initialState(null);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), TIGHT, Observers.standard(sys), TimeGrid.of(0.1, 20, 0.1), state, null);
        assertEquals(5, state.okCount());
        for (EnsembleRun.Row row : r.rows()) assertTrue(row.stats().get(1).max() <= 1e-13, "|Phi| = " + row.stats().get(1).max() + " at t = " + row.t());
    }

    @Test
    void twoStageIsExplicitPlusALinearSolve() {
        // 001 spec sec. 4.3: for s = 2 and a mechanical system only Lambda^2 (m unknowns) stays implicit, linearly;
        // build() then solves that one unknown in closed form: the step every backend runs is explicit
        StepSystem reduced = new LobattoNonholonomic(2).equations(Library.system("chaotic-nh")).reduced();
        assertEquals(1, reduced.unknowns().size());
        assertTrue(reduced.isLinear());
        assertEquals(0, new LobattoNonholonomic(2).build(Library.system("chaotic-nh")).unknowns().size());
        StepSystem three = new LobattoNonholonomic(3).build(Library.system("chaotic-nh"));
        assertEquals(7 + 2, three.unknowns().size());   // Q^2 and Lambda^2, Lambda^3 (StagePositions)
        assertTrue(!three.isLinear());
    }

    @ParameterizedTest(name = "lobatto-nh:2 on {0}")
    @CsvSource({"nh-particle", "cvt", "chaotic-nh"})
    void explicitFormEqualsImplicitSolve(String model) {
        // 001 spec sec. 8 F: the s = 2 explicit formula equals the implicit solve to round-off (100 steps)
        MechanicalSystem sys = Library.system(model);
        Method m = new LobattoNonholonomic(2);
        double[] explicit = advance(sys, m.build(sys), 0.1, 100), implicit = advance(sys, m.equations(sys), 0.1, 100);
        for (int i = 0; i < explicit.length; i++) assertEquals(implicit[i], explicit[i], 1e-12 * (1 + Math.abs(implicit[i])), "component " + i);
    }

    @ParameterizedTest(name = "lobatto-nh:{0}")
    @CsvSource({"2", "3", "4"})
    void forwardThenBackwardReturnsToTheStart(int s) {
        // 001 spec R.1: the map is symmetric on (q, p, lambda): a step with h then -h returns to round-off
        MechanicalSystem sys = Library.system("nh-particle");
        StepSystem step = new LobattoNonholonomic(s).build(sys);
        EnsembleState state = new EnsembleState(step.layout(), 1);
        InitialStates.defaults(sys).fill(state, new double[0], null);
        double[] start = new double[state.components()], end = new double[state.components()];
        state.gather(0, start);
        Backend.Compiled c = new ReferenceBackend().compile(step, List.of(), TIGHT);
        try (Backend.Run forward = c.start(state, new double[]{0.1})) { forward.advance(1); forward.finish(); }
        try (Backend.Run backward = c.start(state, new double[]{-0.1})) { backward.advance(1); backward.finish(); }
        state.gather(0, end);
        for (int i = 0; i < start.length; i++) assertEquals(start[i], end[i], 1e-14, "component " + i);
    }

    private static double[] advance(MechanicalSystem sys, StepSystem step, double h, int steps) {
        EnsembleState state = new EnsembleState(step.layout(), 1);
        InitialStates.defaults(sys).fill(state, sys.parameterValues(), null);
        double[] p = new double[1 + sys.parameters().size()];
        p[0] = h;
        System.arraycopy(sys.parameterValues(), 0, p, 1, p.length - 1);
        try (Backend.Run run = new ReferenceBackend().compile(step, List.of(), TIGHT).start(state, p)) {
            run.advance(steps);
            run.finish();
        }
        assertTrue(state.ok(0));
        double[] x = new double[state.components()];
        state.gather(0, x);
        return x;
    }
}
