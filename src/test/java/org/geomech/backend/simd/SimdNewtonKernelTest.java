package org.geomech.backend.simd;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Simplified Newton with the unrolled kernel (SimdNewtonKernel) gives bitwise the reference's members,
 * Newton iterations and factorisations, also where the iteration stalls (full Newton from there, on the general lane
 * path) and where members fail.
 */
class SimdNewtonKernelTest {
    private static final NewtonOptions SIMPLIFIED = NewtonOptions.DEFAULT;

    /** Library defaults with seeded normal perturbations of 1e-2 in every q and v; speeds set to speed unless it is 0. */
    private static Simulation perturbed(String model, String method, int members) {
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        return new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(7, sigma, sigma), members);
    }

    /** Every member's velocity (and momentum, m = 1) scaled to the given speed: along the constraint's tangent, so it stays consistent. */
    private static void speed(EnsembleState state, double to) {
        StateLayout layout = state.layout();
        for (int j = 0; j < state.members(); j++) {
            double speed = 0;
            for (int i = 0; i < layout.n(); i++) speed = Math.hypot(speed, state.get(layout.vOffset() + i, j));
            for (int i = 0; i < layout.n(); i++) {
                state.set(layout.vOffset() + i, j, to / speed * state.get(layout.vOffset() + i, j));
                if (layout.has(StateLayout.P)) state.set(layout.pOffset() + i, j, to / speed * state.get(layout.pOffset() + i, j));
            }
        }
    }

    /** Runs sim on both backends from the same state; asserts equal statuses, failure steps, states, iterations and factorisations. */
    private static EnsembleRun.Result[] agree(Simulation sim, EnsembleState initial, TimeGrid grid, String what) {
        assertTrue(SimdPlan.unrolledNewton(sim.step(), SIMPLIFIED), what + " takes the unrolled Newton kernel");
        EnsembleState reference = copy(initial), simd = copy(initial);
        MechanicalSystem sys = sim.step().system();
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), SIMPLIFIED, Observers.standard(sys), grid, reference, null);
        EnsembleRun.Result s = sim.run(new SimdBackend(2, 8), SIMPLIFIED, Observers.standard(sys), grid, simd, null);
        for (int j = 0; j < reference.members(); j++) {
            assertEquals(reference.status(j), simd.status(j), what + ": status of member " + j);
            assertEquals(reference.failedStep(j), simd.failedStep(j), what + ": failure step of member " + j);
            for (int c = 0; c < reference.components(); c++)
                assertEquals(reference.get(c, j), simd.get(c, j), what + ", " + reference.layout().names().get(c) + " of member " + j + ": bitwise");
        }
        assertEquals(r.newtonIterations(), s.newtonIterations(), what + ": Newton iterations");
        assertEquals(r.jacobianFactorisations(), s.jacobianFactorisations(), what + ": Jacobian factorisations");
        assertEquals(r.maxNewtonIterations(), s.maxNewtonIterations(), what + ": most iterations in a step");
        return new EnsembleRun.Result[]{r, s};
    }

    private static EnsembleState copy(EnsembleState from) {
        EnsembleState to = new EnsembleState(from.layout(), from.members());
        System.arraycopy(from.data(), 0, to.data(), 0, from.data().length);
        return to;
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:3, chaotic-nh", "lobatto-holonomic:3, spherical-pendulum", "lobatto-nh:3, cvt", "lobatto-lie-nh:2, cvt",
            "'hbvm:2,2', planar-pendulum", "'hbvm:1,1', tethered-satellites", "ggl-em, double-pendulum", "ggl-vi-a, spherical-pendulum",
            "gonzalez-em, planar-pendulum", "bs99, heavy-top", "rattle, tethered-satellites", "lobatto-holonomic:4, spherical-pendulum"})
    void bitwiseTheReference(String method, String model) {
        // 19 members: two whole lane-blocks on the kernel (8 lanes; more blocks with fewer lanes) and a padded tail on the general path
        Simulation sim = perturbed(model, method, 19);
        EnsembleRun.Result reference = agree(sim, sim.initialState(null), TimeGrid.of(0.05, 1, 0.25), method + " on " + model)[0];
        // and the kernel does those steps itself: a lane-block of the same members, 20 steps, all of them where no
        // member of the reference refreshed its Jacobian (ggl-vi-a on the spherical pendulum stalls at the round-off
        // floor in most steps, and the kernel declines those), else some
        StepSystem step = sim.step();
        KernelSource source = KernelSource.of(step, List.of(), LaneStepper.LANES);
        SimdNewtonKernel newton = KernelCompiler.load(NewtonKernelSource.of(step.unknowns().size(), step.isLinear(), SIMPLIFIED, LaneStepper.LANES));
        double[] params = sim.params(0.05), block = new double[params.length * LaneStepper.LANES];
        for (int k = 0; k < params.length; k++) Arrays.fill(block, k * LaneStepper.LANES, (k + 1) * LaneStepper.LANES, params[k]);
        LaneStepper stepper = new LaneStepper(KernelCompiler.load(source), source.scratch(), step.state().size(), step.unknowns().size(), 0,
                SIMPLIFIED, step.isLinear(), block);
        EnsembleState state = sim.initialState(null);
        stepper.advance(newton, state, 0, LaneStepper.LANES, 20, 0, null);
        if (reference.jacobianFactorisations() == 19 * 20) assertEquals(20, stepper.kernelSteps(), method + " on " + model + ": steps by the kernel");
        else assertTrue(stepper.kernelSteps() > 0, method + " on " + model + ": steps by the kernel");
    }

    @Test
    void croutIsEjmlsLuOnRowsInItsPivotOrderAndRefusesOtherOrders() {
        // 9 x 9 (lobatto-nh:3 on chaotic-nh), a random matrix per lane: on each lane's rows in the order
        // LUDecompositionAlt_DDRM's partial pivoting leaves them, LaneStepper.crout's LU is EJML's bitwise; on the rows
        // as given (EJML swaps some), and where two candidates tie for a pivot, it refuses
        int n = 9, lanes = LaneStepper.LANES;
        LaneStepper stepper = new LaneStepper(null, 0, 1, n, 0, SIMPLIFIED, false, new double[lanes]);
        SplittableRandom random = new SplittableRandom(11);
        double[] given = new double[n * n * lanes], ordered = new double[given.length];
        DMatrixRMaj[] lu = new DMatrixRMaj[lanes];
        for (int l = 0; l < lanes; l++) {
            DMatrixRMaj a = new DMatrixRMaj(n, n);
            for (int k = 0; k < n * n; k++) a.data[k] = given[k * lanes + l] = random.nextDouble(-1, 1);
            LUDecompositionAlt_DDRM ejml = new LUDecompositionAlt_DDRM();
            ejml.decompose(a.copy());
            lu[l] = ejml.getLU();
            int[] pivot = ejml.getRowPivotV(null);
            for (int i = 0; i < n; i++)
                for (int k = 0; k < n; k++) ordered[(i * n + k) * lanes + l] = a.get(pivot[i], k);
        }
        double[] refused = given.clone(), tie = ordered.clone();
        assertTrue(stepper.crout(ordered), "rows in EJML's pivot order");
        for (int l = 0; l < lanes; l++)
            for (int k = 0; k < n * n; k++) assertEquals(lu[l].data[k], ordered[k * lanes + l], "LU entry " + k + " of lane " + l + ": bitwise EJML's");
        assertFalse(stepper.crout(refused), "rows as given: EJML pivots");
        tie[n * lanes + 3] = -tie[3];   // lane 3: a_10 = -a_00, so column 0 has two largest candidates
        assertFalse(stepper.crout(tie), "a tie for the pivot");
    }

    @Test
    void aStallFallsBackToFullNewtonAsInTheReference() {
        // planar pendulum, lobatto-holonomic:3, h = 0.1, speed 8: from the guess the chord iteration contracts by more than
        // NewtonOptions.STALL in some steps, which then refresh their Jacobian (192 factorisations for 160 member-steps
        // on the reference); the kernel declines those steps and the lane path does them as the reference
        Simulation sim = perturbed("planar-pendulum", "lobatto-holonomic:3", 16);
        EnsembleState initial = sim.initialState(null);
        speed(initial, 8);
        TimeGrid grid = TimeGrid.of(0.1, 2, 0.5);
        EnsembleRun.Result[] rs = agree(sim, initial, grid, "stiff planar pendulum");
        assertTrue(rs[0].jacobianFactorisations() > 16 * grid.steps(), "the reference refreshed Jacobians: " + rs[0].jacobianFactorisations());
        assertEquals(16, rs[1].rows().get(rs[1].rows().size() - 1).ok(), "every member converges");
    }

    @Test
    void failingMembersAsInTheReference() {
        // speed 20 at h = 0.1: some members' Newton fails; statuses and steps as the reference's, the others bitwise
        Simulation sim = perturbed("planar-pendulum", "lobatto-holonomic:3", 16);
        EnsembleState initial = sim.initialState(null);
        speed(initial, 20);
        EnsembleRun.Result[] rs = agree(sim, initial, TimeGrid.of(0.1, 2, 0.5), "very stiff planar pendulum");
        int ok = rs[0].rows().get(rs[0].rows().size() - 1).ok();
        assertTrue(ok < 16 && ok > 0, "some members fail, not all: " + ok + " of 16 ok");
    }
}
