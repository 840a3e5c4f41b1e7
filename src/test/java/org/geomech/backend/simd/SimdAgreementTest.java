package org.geomech.backend.simd;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SIMD backend against the reference (principle 2: the reference is the oracle). */
class SimdAgreementTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    /** Library defaults with seeded normal perturbations of 1e-2 in every q and v. */
    static Simulation perturbed(String model, String method, int members) {
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        return new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(7, sigma, sigma), members);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"rattle, planar-pendulum", "lobatto-holonomic:2, planar-pendulum", "lobatto-holonomic:3, planar-pendulum",
            "rattle, spherical-pendulum", "lobatto-holonomic:2, spherical-pendulum", "lobatto-holonomic:3, spherical-pendulum",
            "lobatto-nh:2, nh-particle", "lobatto-nh:3, nh-particle", "lobatto-nh:4, nh-particle",
            "lobatto-nh:2, cvt", "lobatto-nh:3, cvt", "lobatto-nh:4, cvt"})
    void everyComponentAgreesAfter100Steps(String method, String model) {
        // Simd equals the reference to 1e-12 relative; 13 members leave a tail of 5 padded lanes
        Simulation sim = perturbed(model, method, 13);
        EnsembleState reference = sim.initialState(null), simd = sim.initialState(null);
        TimeGrid grid = TimeGrid.of(0.1, 10, 1);
        MechanicalSystem sys = Library.system(model);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), TIGHT, Observers.standard(sys), grid, reference, null);
        EnsembleRun.Result s = sim.run(new SimdBackend(2, 8), TIGHT, Observers.standard(sys), grid, simd, null);
        assertEquals(13, reference.okCount(), "the reference advances every member");
        assertEquals(13, simd.okCount(), "simd advances every member");
        for (int c = 0; c < reference.components(); c++) {
            for (int j = 0; j < 13; j++) {
                double a = simd.get(c, j), b = reference.get(c, j);
                assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)),
                        reference.layout().names().get(c) + " of member " + j + ": simd " + a + ", reference " + b);
            }
        }
        assertEquals(r.rows().size(), s.rows().size(), "the same output times");
        // Newton stops by the same rule: the iteration counts agree up to a borderline member-step
        assertEquals(r.newtonIterations(), s.newtonIterations(), 0.01 * r.newtonIterations(), "Newton iterations");
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:3, chaotic-nh", "lobatto-holonomic:3, spherical-pendulum"})
    void simplifiedNewtonStepForStepAsTheReference(String method, String model) {
        // The lanes refresh their Jacobians where the reference does, so the counts and states agree
        NewtonOptions simplified = TIGHT.with(NewtonOptions.Jacobian.SIMPLIFIED);
        Simulation sim = perturbed(model, method, 13);
        EnsembleState reference = sim.initialState(null), simd = sim.initialState(null);
        TimeGrid grid = TimeGrid.of(0.1, 3, 1);
        MechanicalSystem sys = Library.system(model);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), simplified, Observers.standard(sys), grid, reference, null);
        EnsembleRun.Result s = sim.run(new SimdBackend(2, 8), simplified, Observers.standard(sys), grid, simd, null);
        assertEquals(13, simd.okCount(), "simd advances every member");
        assertTrue(r.jacobianFactorisations() < r.newtonIterations(), "the reference reuses factorisations");
        assertEquals(r.newtonIterations(), s.newtonIterations(), "Newton iterations");
        assertEquals(r.jacobianFactorisations(), s.jacobianFactorisations(), "Jacobian factorisations");
        for (int c = 0; c < reference.components(); c++)
            for (int j = 0; j < 13; j++) {
                double a = simd.get(c, j), b = reference.get(c, j);
                assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)),
                        reference.layout().names().get(c) + " of member " + j + ": simd " + a + ", reference " + b);
            }
    }

    @Test
    void chaoticEnergyMsdAgrees() {
        // 001 sec. 7.3 cos/sin ensemble (J = 20): mu(E, k) from EnsembleRun rows equal to 1e-9 relative up to t = 10
        MechanicalSystem sys = Library.system("chaotic-nh");
        for (int s : new int[]{2, 3}) {
            Simulation sim = new Simulation(sys, new LobattoNonholonomic(s), new double[0], InitialStates.defaults(sys), null, 21);
            TimeGrid grid = TimeGrid.of(0.1, 10, 0.1);
            List<EnsembleRun.Row> ref = sim.run(new ReferenceBackend(), TIGHT, List.of(Observers.standard(sys).get(0)), grid, sim.initialState(null), null).rows();
            List<EnsembleRun.Row> simd = sim.run(new SimdBackend(), TIGHT, List.of(Observers.standard(sys).get(0)), grid, sim.initialState(null), null).rows();
            assertEquals(ref.size(), simd.size(), "the same output times");
            for (int i = 0; i < ref.size(); i++) {
                double a = simd.get(i).stats().get(0).msd(), b = ref.get(i).stats().get(0).msd();
                assertEquals(21, simd.get(i).ok(), "no member fails");
                assertEquals(b, a, 1e-9 * Math.abs(b), "lobatto-nh:" + s + " mu(E) at t = " + ref.get(i).t());
            }
        }
    }

    @Test
    void flopsAreThoseOfTheGeneratedCode() {
        // one operation per emitted temporary, as JavaEmitter counts the same expressions; LU 2k^3/3 + 2k^2 for k unknowns
        MechanicalSystem sys = Library.system("chaotic-nh");
        StepSystem step = new LobattoNonholonomic(3).build(sys);
        List<Expr> stateParams = new ArrayList<>(step.state());
        stateParams.addAll(step.params());
        List<Expr> all = new ArrayList<>(stateParams);
        all.addAll(step.unknowns());
        List<Expr> jacobian = new ArrayList<>();
        for (Expr[] row : step.jacobian()) jacobian.addAll(List.of(row));
        long k = step.unknowns().size();
        long outside = JavaEmitter.flops(stateParams, step.guess()) + JavaEmitter.flops(all, step.update());
        long newton = JavaEmitter.flops(all, step.residuals()) + JavaEmitter.flops(all, jacobian) + 2 * k * k * k / 3 + 2 * k * k;
        long[] flops = new SimdBackend().compile(step, Observers.standard(sys), TIGHT).flopsPerStep();
        assertEquals(outside, flops[0], "guess + update");
        assertEquals(newton, flops[1], "residual + Jacobian + LU");
    }
}
