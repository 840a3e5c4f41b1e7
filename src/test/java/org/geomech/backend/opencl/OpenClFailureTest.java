package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DESIGN.md principle 4 on the device: a failing member is reported with its step and leaves the statistics. */
class OpenClFailureTest {
    private static final MechanicalSystem SYS = Library.system("chaotic-nh");
    private static final int MEMBERS = 21, FAILING = 5;

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    @ParameterizedTest(name = "lobatto-nh:{0} fails with {1} at step {2}")
    @CsvSource({"2, NON_FINITE, 6", "3, NEWTON_ITERATION_LIMIT, 8"})
    void failedMemberIsReportedAndTheOthersAgreeWithReference(int stages, EnsembleState.Status why, long step) {
        // outputs every step: ReferenceBackend keeps a failed member's state from the start of advance(), which is
        // the state before the failing step (EnsembleState.fail) only when advance() takes one step
        EnsembleState reference = initial(stages), opencl = initial(stages), strided = initial(stages);
        EnsembleRun.Result r = run(stages, new ReferenceBackend(), reference, 0.1), o = run(stages, new OpenClBackend(), opencl, 0.1);
        EnsembleRun.Result s = run(stages, new OpenClBackend(), strided, 0.3);
        // the reference's outcome for q5 x 50 (found by running it): the blow-up or the Newton failure at this step
        assertEquals(why, reference.status(FAILING), "reference status");
        assertEquals(step, reference.failedStep(FAILING), "reference failed step");
        // the device reports the same reason at the same absolute step, also when the step lies inside a launch of 3 steps
        for (EnsembleState state : new EnsembleState[]{opencl, strided}) {
            assertEquals(why, state.status(FAILING), "opencl status");
            assertEquals(step, state.failedStep(FAILING), "opencl failed step");
            assertEquals(MEMBERS - 1, state.okCount(), "only that member fails");
        }
        // the others' statistics skip the failed member as the reference's do: agreement to round-off at every output
        assertEquals(r.rows().size(), o.rows().size(), "rows");
        for (int i = 0; i < r.rows().size(); i++) {
            EnsembleRun.Row a = o.rows().get(i), b = r.rows().get(i);
            assertEquals(b.ok(), a.ok(), "ok members at t = " + b.t());
            for (int k = 0; k < b.stats().size(); k++) {
                Statistics x = a.stats().get(k), y = b.stats().get(k);
                String where = "observer " + k + " at t = " + b.t();
                assertClose(x.mean(), y.mean(), "mean of " + where);
                assertClose(x.max(), y.max(), "max of " + where);
                assertClose(x.msd(), y.msd(), "msd of " + where);
            }
        }
        // every state agrees, the failed member's being its state before the failing step
        for (int c = 0; c < reference.components(); c++)
            for (int j = 0; j < MEMBERS; j++) assertClose(opencl.get(c, j), reference.get(c, j), "component " + c + " of member " + j);
        // on the device that state does not depend on where launches begin and end
        assertArrayEquals(opencl.data(), strided.data(), "final states with outputs every step and every 3 steps");
        // the same Newton work, member by member and step by step
        assertEquals(r.newtonIterations(), o.newtonIterations(), "Newton iterations");
        assertEquals(r.maxNewtonIterations(), o.maxNewtonIterations(), "most Newton iterations in one step");
        assertEquals(o.newtonIterations(), s.newtonIterations(), "Newton iterations with outputs every 3 steps");
    }

    private static void assertClose(double a, double b, String what) {
        assertTrue(a == b || Math.abs(a - b) <= 1e-12 * Math.abs(b), what + ": opencl " + a + ", reference " + b);
    }

    /** The 21-member cos/sin ensemble (001 sec. 7.3) with member 5's q5 moved 50 times further out. */
    private static EnsembleState initial(int stages) {
        EnsembleState state = simulation(stages).initialState(null);
        state.set(4, FAILING, 50 * state.get(4, FAILING));
        return state;
    }

    private static EnsembleRun.Result run(int stages, Backend backend, EnsembleState state, double outputInterval) {
        return simulation(stages).run(backend, new NewtonOptions(1e-14, 50), Observers.standard(SYS), TimeGrid.of(0.1, 2, outputInterval), state, null);
    }

    private static Simulation simulation(int stages) {
        return new Simulation(SYS, new LobattoNonholonomic(stages), new double[0], InitialStates.defaults(SYS), null, MEMBERS);
    }
}
