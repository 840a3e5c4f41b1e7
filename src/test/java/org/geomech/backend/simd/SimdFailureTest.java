package org.geomech.backend.simd;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Method;
import org.geomech.method.Rattle;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DESIGN.md principle 4: a failing member is marked with its step and reason and leaves the statistics. */
class SimdFailureTest {
    private static final int MEMBERS = 16, BAD = 5;
    private static final NewtonOptions OPTIONS = new NewtonOptions(1e-14, 50);

    /** RATTLE's reduced equations, solved by the lane-masked Newton (build() solves them in closed form, StepProgram). */
    private static final Method NEWTON_RATTLE = new Method() {
        private final Method rattle = new Rattle();
        @Override public String name() { return rattle.name(); }
        @Override public String summary() { return rattle.summary(); }
        @Override public int order() { return rattle.order(); }
        @Override public int multiplierOrder() { return rattle.multiplierOrder(); }
        @Override public String conserves() { return rattle.conserves(); }
        @Override public org.geomech.method.Claims claims() { return rattle.claims(); }
        @Override public StepSystem equations(MechanicalSystem system) { return rattle.equations(system); }
        @Override public StepSystem build(MechanicalSystem system) { return equations(system).reduced(); }
    };

    @Test
    void aFailingMemberIsReportedAndLeavesTheOthersUntouched() {
        // RATTLE on the planar pendulum, h = 0.1: member 5 with its speed set to 9.99 (h|v| just below 1; 9.97 runs through, 10 fails at once) speeds up
        // under gravity until the multiplier Newton runs out of iterations (step 5); the others are the perturbed defaults
        MechanicalSystem pendulum = Library.system("planar-pendulum");
        double[] sigma = new double[pendulum.dimension()];
        Arrays.fill(sigma, 1e-2);
        Simulation sim = new Simulation(pendulum, NEWTON_RATTLE, pendulum.parameterValues(), InitialStates.defaults(pendulum),
                new InitialStates.Perturbation(7, sigma, sigma), MEMBERS);
        assertEquals(2, sim.step().unknowns().size(), "lambda and mu by Newton");
        EnsembleState all = sim.initialState(null);
        StateLayout layout = all.layout();
        double speed = 0;
        for (int i = 0; i < layout.n(); i++) speed = Math.hypot(speed, all.get(layout.vOffset() + i, BAD));
        for (int i = 0; i < layout.n(); i++) {
            all.set(layout.vOffset() + i, BAD, 9.99 / speed * all.get(layout.vOffset() + i, BAD));
            all.set(layout.pOffset() + i, BAD, 9.99 / speed * all.get(layout.pOffset() + i, BAD));
        }
        EnsembleState reference = copy(all, -1), others = copy(all, BAD), alone = new EnsembleState(layout, 1);
        for (int c = 0; c < layout.size(); c++) alone.set(c, 0, all.get(c, BAD));
        TimeGrid grid = TimeGrid.of(0.1, 2, 0.1);
        List<Observer> observers = Observers.standard(Library.system("planar-pendulum"));
        EnsembleRun.Result withBad = sim.run(new SimdBackend(2, 8), OPTIONS, observers, grid, all, null);
        EnsembleRun.Result without = sim.run(new SimdBackend(2, 8), OPTIONS, observers, grid, others, null);
        sim.run(new ReferenceBackend(), OPTIONS, observers, grid, reference, null);
        long aloneIterations;
        try (Backend.Run single = new ReferenceBackend().compile(sim.step(), observers, OPTIONS).start(alone, sim.params(0.1))) {
            single.advance((int) grid.steps());
            aloneIterations = single.newtonIterations();
        }

        assertNotEquals(EnsembleState.Status.OK, reference.status(BAD), "the reference fails the member too");
        assertEquals(reference.status(BAD), all.status(BAD), "failure reason as the reference");
        long step = all.failedStep(BAD);
        assertEquals(reference.failedStep(BAD), step, "failure step as the reference");
        assertTrue(step > 1, "fails after some steps, so its state before the step is not the initial one");
        assertEquals(MEMBERS - 1, all.okCount(), "only the forced member fails");
        for (int c = 0; c < layout.size(); c++) {
            double a = all.get(c, BAD), b = reference.get(c, BAD);
            assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), "state before the failing step, " + layout.names().get(c) + ": " + a + " vs " + b);
        }
        // after the failure the rows equal bitwise those of the ensemble without the member (excluded in its place, so
        // that every other member keeps its lane of Reduction.block): a member's arithmetic does not depend on the others
        for (int k = 0; k < withBad.rows().size(); k++) {
            EnsembleRun.Row a = withBad.rows().get(k), b = without.rows().get(k);
            if (a.step() < step) continue;
            assertEquals(b.ok(), a.ok(), "ok members at t = " + a.t());
            for (int o = 0; o < observers.size(); o++) {
                assertEquals(b.stats().get(o), a.stats().get(o), observers.get(o).name() + " at t = " + a.t());
            }
        }
        // the failed member's Newton iterations, its limit included, add to the others' as in the reference
        assertEquals(without.newtonIterations() + aloneIterations, withBad.newtonIterations(), "Newton iterations");
        assertEquals(OPTIONS.maxIterations(), withBad.maxNewtonIterations(), "the failing step used the whole limit");
    }

    /** A copy of the ensemble without member skip (none if negative). */
    /** A copy of from; member excluded (unless negative) left out of the ensemble in its place (EXCLUDED from step 0). */
    private static EnsembleState copy(EnsembleState from, int excluded) {
        EnsembleState to = new EnsembleState(from.layout(), from.members());
        for (int j = 0; j < from.members(); j++)
            for (int c = 0; c < from.components(); c++) to.set(c, j, from.get(c, j));
        if (excluded >= 0) to.fail(excluded, 0, EnsembleState.Status.EXCLUDED);
        return to;
    }
}
