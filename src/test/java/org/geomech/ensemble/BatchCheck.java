package org.geomech.ensemble;

import org.geomech.backend.Backend;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Outputs advanced and observed in batches (Backend.Run.advanceObserving) give bitwise each
 * output's statistics and block partials, the final states, statuses, failed steps and Newton counters of the same
 * outputs made one advance and observe at a time, across batch boundaries, with a member failing mid-batch.
 */
public final class BatchCheck {
    /** The member pushed out to fail (one step per tick under steps per tick 1, 2, 3, ...). */
    public static final int BAD = 501;
    private static final NewtonOptions OPTIONS = new NewtonOptions(1e-14, 50);

    private BatchCheck() {}

    /**
     * Runs members of model under method (perturbed, h = 0.1, member BAD's component 4 multiplied by scale) on backend,
     * with steps per tick 1, 2, 3, 1, ... where perMemberSteps, over outputs of ticks ticks: one output
     * at a time, then in batches of the sizes given; asserts bitwise equality, and that member BAD fails within a batch
     * (not in its first output).
     */
    public static void assertBatchesBitwise(Backend backend, String model, String method, int members, double scale, boolean perMemberSteps,
                                            int ticks, int... batches) {
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(3, sigma, sigma), members);
        int[] stepsPerTick = perMemberSteps ? new int[members] : null;
        for (int j = 0; perMemberSteps && j < members; j++) stepsPerTick[j] = 1 + j % 3;
        int outputs = Arrays.stream(batches).sum();
        EnsembleState single = start(sim, scale), batched = start(sim, scale);
        Backend.Compiled compiled = backend.compile(sim.step(), Observers.standard(sys), OPTIONS);
        List<Reduction.Result> expected = new ArrayList<>(), actual = new ArrayList<>();
        long[] expectedCounters, actualCounters;
        try (Backend.Run run = compiled.start(single, sim.params(0.1), stepsPerTick)) {
            expected.add(run.observe());
            for (int r = 0; r < outputs; r++) {
                run.advance(ticks);
                expected.add(run.observe());
            }
            run.finish();
            expectedCounters = new long[]{run.newtonIterations(), run.maxNewtonIterations(), run.jacobianFactorisations()};
        }
        try (Backend.Run run = compiled.start(batched, sim.params(0.1), stepsPerTick)) {
            actual.add(run.observe());
            for (int b : batches) actual.addAll(List.of(run.advanceObserving(b, ticks)));
            run.finish();
            actualCounters = new long[]{run.newtonIterations(), run.maxNewtonIterations(), run.jacobianFactorisations()};
        }
        String where = backend.name() + ", " + method + " on " + model + (perMemberSteps ? ", steps per tick 1-3" : "") + ", batches " + Arrays.toString(batches) + " of " + ticks + " ticks";
        long perTick = stepsPerTick == null ? 1 : stepsPerTick[BAD];
        assertNotEquals(EnsembleState.Status.OK, single.status(BAD), "member " + BAD + " fails, " + where);
        long failedIn = (single.failedStep(BAD) - 1) / (ticks * perTick);
        for (int first = 0, b = 0; b < batches.length; first += batches[b++])
            assertNotEquals(first, failedIn, "member " + BAD + " fails in output " + failedIn + ", the first of a batch, not within one, " + where);
        assertEquals(sim.members() - 1, countOk(single), "only member " + BAD + " fails, " + where);
        assertEquals(expected.size(), actual.size(), "outputs, " + where);
        for (int r = 0; r < expected.size(); r++) {
            assertArrayEquals(ResumeCheck.bits(expected.get(r).partials()), ResumeCheck.bits(actual.get(r).partials()), "block partials of output " + r + ", " + where);
            assertEquals(expected.get(r), actual.get(r), "statistics of output " + r + ", " + where);
        }
        assertArrayEquals(ResumeCheck.bits(single.data()), ResumeCheck.bits(batched.data()), "final states, " + where);
        for (int j = 0; j < sim.members(); j++) {
            assertEquals(single.status(j), batched.status(j), "status of member " + j + ", " + where);
            assertEquals(single.failedStep(j), batched.failedStep(j), "failed step of member " + j + ", " + where);
        }
        assertArrayEquals(expectedCounters, actualCounters, "Newton iterations, most in one step, factorisations, " + where);
    }

    private static EnsembleState start(Simulation sim, double scale) {
        EnsembleState state = sim.initialState(null);
        state.set(4, BAD, scale * state.get(4, BAD));
        return state;
    }

    private static int countOk(EnsembleState state) {
        int ok = 0;
        for (int j = 0; j < state.members(); j++) if (state.ok(j)) ok++;
        return ok;
    }
}
