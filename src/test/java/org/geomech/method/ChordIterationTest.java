package org.geomech.method;

import org.geomech.backend.Backend;
import org.geomech.backend.opencl.OpenClBackend;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.Trajectory;
import org.geomech.study.paper000.Paper000;
import org.geomech.study.paper003.Paper003;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Iterations besides Newton: 000's chord iteration on vi: and 003's fixed-point iteration on vrkmk. */
class ChordIterationTest {
    @ParameterizedTest(name = "{0} h = {1} DP {3}")
    @CsvSource(delimiter = ';', value = {
            // 000 spec sec. 6 chord table (RK4, cold start, max|f| < 1e-12): SP 33, 19 iterations for (0,1), 25, 17 for (-1/2,1/2);
            // DP 26 for (0,1) and 20 for (-1/2,1/2) at h = 0.2
            "vi:rk4; 0.2; 33; false", "vi:rk4; 0.1; 19; false", "vi:rk4,-1/2,1/2; 0.2; 25; false", "vi:rk4,-1/2,1/2; 0.1; 17; false",
            "vi:rk4; 0.2; 26; true", "vi:rk4,-1/2,1/2; 0.2; 20; true"})
    void correctedChordConvergesToTheNewtonSolution(String method, double h, int specIterations, boolean dp) {
        Paper000.Solve newton = Paper000.oneStep(dp, method, Iteration.NEWTON, h, new ReferenceBackend());
        Paper000.Solve chord = Paper000.oneStep(dp, method, Iteration.CHORD, h, new ReferenceBackend());
        assertNotNull(chord.x(), "chord failed");
        // spec sec. 8 item 10: the corrected chord iteration agrees with Newton to <= 1e-12
        double distance = Paper000.distance(chord.x(), newton.x(), dp ? 8 : 6);
        assertTrue(distance <= 1e-12, "chord - newton " + distance);
        // a linear rate (about 0.43 at h = 0.2, spec sec. 6) against Newton's quadratic one: our stopping rule is |dx| <= 1e-14 (1 + |x|)
        assertEquals(specIterations, chord.iterations(), 0.2 * specIterations, "chord iterations");
        assertTrue(newton.iterations() <= 6, "newton iterations " + newton.iterations());
    }

    @Test
    void printedApproximatesDiverge() {
        // 000 spec sec. 9 item 3: with (S4.6a') as printed the chord iteration diverges on every tested case (SP and DP)
        assertNull(Paper000.oneStep(false, "vi:rk4", Iteration.CHORD_AS_PRINTED, 0.05, new ReferenceBackend()).x());
        assertNull(Paper000.oneStep(true, "vi:euler", Iteration.CHORD_AS_PRINTED, 0.05, new ReferenceBackend()).x());
    }

    @Test
    void aMethodWithoutTheFormIsRefused() {
        InputException e = assertThrows(InputException.class,
                () -> Paper000.oneStep(false, "rattle", Iteration.CHORD, 0.1, new ReferenceBackend()));
        assertEquals("method rattle has no chord iteration; use --iteration newton", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // 003 spec sec. 12 (s_g = +1, tol 1e-14, h = 0.1): about 31 fixed-point iterations per step for Gauss2, 33 for VCG2, 55 for VCG4
            "vrkmk:gauss2,2; 31", "vcg:midpoint; 33", "vcg:triple-jump; 55"})
    void fixedPointGivesTheNewtonSolution(String method, int specPerStep) {
        // 003 spec sec. 5.5: on dipole-on-stick, h = 0.1, 5 steps from the spec's initial state
        LieGroupSystem sys = Paper003.dipole();
        StepSystem step = Methods.parse(method).build(sys);
        Trajectory.Result newton = new Trajectory(step, new ReferenceBackend(), Paper003.NEWTON).run(Paper003.initial(sys, step), sys.parameterValues(), 0.1, 5, 5);
        // a linear rate: up to about 80 iterations in a step (spec sec. 12), so a limit of 200
        Trajectory.Result fixed = new Trajectory(step, new ReferenceBackend(), new NewtonOptions(1e-14, 200).with(Iteration.FIXED_POINT))
                .run(Paper003.initial(sys, step), sys.parameterValues(), 0.1, 5, 5);
        assertTrue(newton.ok(), "newton failed at step " + newton.failedStep());
        assertTrue(fixed.ok(), "fixed point failed at step " + fixed.failedStep() + " after " + fixed.newtonIterations());
        double worst = 0;
        for (int i = 0; i < newton.last().length; i++) worst = Math.max(worst, Math.abs(newton.last()[i] - fixed.last()[i]));
        assertTrue(worst <= 1e-12, "fixed point - newton " + worst);
        double perStep = fixed.newtonIterations() / 5.0;
        // the spec's are averages over long runs at s_g = +1, "s_g = -1 similar or slightly higher" (these 5 steps: 32.6, 36.6, 69.0)
        assertTrue(perStep >= 0.9 * specPerStep && perStep <= 1.3 * specPerStep, "fixed-point iterations per step " + perStep);
        assertTrue(newton.newtonIterations() / 5.0 <= 6, "newton iterations per step " + newton.newtonIterations() / 5.0);
    }

    @Test
    void fixedPointRunsOnEveryBackend() {
        // one definition, every backend: the fixed-point form's matrix (I) is generated like a Jacobian; simd and opencl
        // agree with the reference to 1e-12 after 20 steps of vrkmk:gauss2,2 on dipole-on-stick, h = 0.05, with its iteration count
        OpenClRequirement.device();
        LieGroupSystem sys = Paper003.dipole();
        StepSystem step = Methods.parse("vrkmk:gauss2,2").build(sys);
        Trajectory.Result ref = fixedPoint(step, sys, new ReferenceBackend());
        assertTrue(ref.ok(), "reference failed at step " + ref.failedStep());
        for (Backend b : new Backend[]{new SimdBackend(1, 4), new OpenClBackend()}) {
            Trajectory.Result r = fixedPoint(step, sys, b);
            assertTrue(r.ok(), b.name() + " failed at step " + r.failedStep() + " after " + r.newtonIterations() + " iterations, reference " + ref.newtonIterations() + " max " + r.maxNewtonIterations());
            double worst = 0;
            for (int i = 0; i < ref.last().length; i++) worst = Math.max(worst, Math.abs(ref.last()[i] - r.last()[i]));
            assertTrue(worst <= 1e-12, b.name() + ": " + worst);
            assertEquals(ref.newtonIterations(), r.newtonIterations(), b.name() + " iterations");
        }
    }

    private static Trajectory.Result fixedPoint(StepSystem step, LieGroupSystem sys, Backend b) {
        return new Trajectory(step, b, Paper003.NEWTON.with(Iteration.FIXED_POINT)).run(Paper003.initial(sys, step), sys.parameterValues(), 0.05, 20, 20);
    }
}
