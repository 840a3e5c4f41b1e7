package org.geomech.backend.simd;

import org.geomech.ensemble.ConsistentState;
import org.geomech.ensemble.EnsembleState;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.Variation;
import org.geomech.method.StepSystem;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;
import org.geomech.model.ModelDefinition;
import org.geomech.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simd backend's initial states over lanes (LaneConsistentState, LaneLieConsistentState) against the reference's
 * member-by-member projection (ConsistentState, LieConsistentState): bitwise on every built-in model.
 */
class LaneConsistencyTest {
    /** Not a whole number of blocks, so the last block has lanes past the members. */
    private static final int MEMBERS = 3 * LaneProjections.WIDTH + 5;

    private record Filled(EnsembleState state, InitialStates.Report report) {}

    // the run's state: the default method's, carrying the values at t = 0 the run's observers name (initial(energy))
    private static Filled fill(Model sys, Library.BuiltIn b, InitialStates.Perturbation perturbation, boolean lanes) {
        return fill(sys, b, new InitialStates(sys, b.q0(), b.v0()), perturbation, lanes);
    }

    private static Filled fill(Model sys, Library.BuiltIn b, InitialStates initial, InitialStates.Perturbation perturbation, boolean lanes) {
        return fill(sys, b.definition().defaultMethod(), initial, perturbation, lanes);
    }

    private static Filled fill(Model sys, String method, InitialStates initial, InitialStates.Perturbation perturbation, boolean lanes) {
        StepSystem step = Methods.parse(method).build(sys);
        StateLayout layout = Observers.carrying(step, Observers.ofRun(step, Map.of())).layout();
        EnsembleState state = new EnsembleState(layout, MEMBERS);
        if (lanes) initial = initial.projectedBy(new SimdBackend().initialStates());
        InitialStates.Report report = initial.fill(state, sys.parameterValues(), perturbation);
        return new Filled(state, report);
    }

    private static void assertBitwise(Filled reference, Filled lanes, String name) {
        double[] x = reference.state().data(), y = lanes.state().data();
        for (int k = 0; k < x.length; k++)
            assertEquals(x[k], y[k], 0.0, name + ": component " + k / reference.state().stride() + " of member " + k % reference.state().stride());
        assertEquals(reference.report(), lanes.report(), name + ": moves");
    }

    // seeded draws on every velocity and, in coordinates, every position (then off the holonomic constraints: Gauss-Newton projects them)
    private static InitialStates.Perturbation perturbation(Model sys, Library.BuiltIn b) {
        double[] sigmaQ = new double[b.q0().size()], sigmaV = new double[b.v0().size()];
        if (!(sys instanceof LieGroupSystem)) Arrays.fill(sigmaQ, 0.01);
        Arrays.fill(sigmaV, 0.05);
        return new InitialStates.Perturbation(7, sigmaQ, sigmaV);
    }

    @Test
    void lanesAreBitwiseTheMemberByMemberProjectionOnEveryBuiltInModel() {
        for (String name : Library.allNames()) {
            Library.BuiltIn b = Library.builtIn(name, Map.of());
            Model sys = b.definition().build();
            InitialStates.Perturbation perturbation = perturbation(sys, b);
            Filled reference = fill(sys, b, perturbation, false), lanes = fill(sys, b, perturbation, true);
            assertBitwise(reference, lanes, name);
            assertTrue(reference.state().layout().has(StateLayout.INITIAL), name + " carries initial(energy), evaluated over the block");
            // the draws moved the states off the constraints where the model has some: the projection did work
            int constraints = sys instanceof LieGroupSystem lie ? lie.nonholonomicCount()
                    : ((MechanicalSystem) sys).holonomicCount() + ((MechanicalSystem) sys).nonholonomicCount();
            if (constraints > 0) assertTrue(reference.report().maxVelocityMove() > 0, name + " velocities moved");
        }
    }

    // Every member of a block projected by the generated kernel itself (none left to ConsistentState, which would hide a
    // wrong kernel), each bitwise ConsistentState's: states off the constraints, q_i + 0.01 sin(7 l + i) and v likewise
    private static void assertKernelProjectsEveryMember(MechanicalSystem sys, EnsembleState consistent, String name) {
        int w = LaneProjections.WIDTH, n = sys.dimension(), m = sys.holonomicCount() + sys.nonholonomicCount();
        double[] params = sys.parameterValues();
        int qAt = consistent.layout().offset(StateLayout.Q), vAt = consistent.layout().offset(StateLayout.V);
        double[] q = new double[n * w], v = new double[n * w], parameters = new double[params.length * w], p = new double[n * w], lambda = new double[m * w];
        for (int l = 0; l < w; l++) {
            for (int i = 0; i < n; i++) q[i * w + l] = consistent.get(qAt + i, l) + 0.01 * Math.sin(7 * l + i);
            for (int i = 0; i < n; i++) v[i * w + l] = consistent.get(vAt + i, l) + 0.01 * Math.sin(7 * l + n + i);
            for (int k = 0; k < params.length; k++) parameters[k * w + l] = params[k];
        }
        double[] qIn = q.clone(), vIn = v.clone();
        boolean[] done = new boolean[w];
        LaneProjections.of(sys).get().apply(q, v, parameters, p, lambda, w, done);
        ConsistentState reference = new ConsistentState(sys);
        for (int l = 0; l < w; l++) {
            assertTrue(done[l], name + ": member " + l + " projected by the kernel");
            double[] ql = new double[n], vl = new double[n], pl = new double[n], ll = new double[m];
            for (int i = 0; i < n; i++) { ql[i] = qIn[i * w + l]; vl[i] = vIn[i * w + l]; }
            assertTrue(reference.apply(ql, vl, params, pl, ll), name + ": the reference projects member " + l);
            for (int i = 0; i < n; i++) {
                assertEquals(ql[i], q[i * w + l], 0.0, name + ": q" + i + " of member " + l);
                assertEquals(vl[i], v[i * w + l], 0.0, name + ": v" + i + " of member " + l);
                assertEquals(pl[i], p[i * w + l], 0.0, name + ": p" + i + " of member " + l);
            }
            for (int a = 0; a < m; a++) assertEquals(ll[a], lambda[a * w + l], 0.0, name + ": lambda" + a + " of member " + l);
        }
    }

    @Test
    void theKernelProjectsEveryMemberOfABlockOnEveryBuiltInModelInCoordinates() {
        for (String name : Library.allNames()) {
            Library.BuiltIn b = Library.builtIn(name, Map.of());
            if (b.definition().build() instanceof MechanicalSystem sys) assertKernelProjectsEveryMember(sys, fill(sys, b, null, false).state(), name);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // g_L = diag(1, r^2, 1) reads q: factored member by member; the row (-r, 1 on z) reads q
            "polar-nh; r, th, z; 0.5*(dot(r)^2 + r^2*dot(th)^2 + dot(z)^2) - z; ; dot(z) - r*dot(th); 1 + 0.5*j/N, 0.3, 0; 0.1, 1, 0.2",
            // g_L reads v (a quartic kinetic term): g_L, B g_L^-1 B^T and its LU made anew in every pass and for the multipliers
            "quartic-nh; x, y; 0.5*(dot(x)^2 + dot(y)^2) + 0.05*dot(x)^4 - y; ; dot(y) - x*dot(x); 0.5, j/N; 1 + j/N, 0",
            // two holonomic constraints and a parameter in g_L, which reads q: Gauss-Newton with a 2 x 2 LU that pivots
            "polar-pendulum; r, th, z; 0.5*(dot(r)^2 + r^2*dot(th)^2 + k*dot(z)^2) + r*cos(th); r^2 + z^2 - 1, z - 0.1*th; ; 0.9, 1 + j/N, 0.2; 0.1, 0.5, 0"})
    void lanesAreBitwiseTheMemberByMemberProjectionWhereTheMetricReadsTheState(String name, String coordinates, String lagrangian, String holonomic,
                                                                                String nonholonomic, String q0, String v0) {
        Model sys = new ModelDefinition(name, "test", List.of(coordinates.split(", ")), name.equals("polar-pendulum") ? Map.of("k", 2.0) : Map.of(), lagrangian,
                holonomic == null ? List.of() : List.of(holonomic.split(", ")), nonholonomic == null ? List.of() : List.of(nonholonomic)).build();
        InitialStates initial = new InitialStates(sys, List.of(q0.split(", ")), List.of(v0.split(", ")));
        double[] sigma = new double[q0.split(", ").length];
        Arrays.fill(sigma, 0.01);
        InitialStates.Perturbation perturbation = new InitialStates.Perturbation(3, sigma, sigma);
        String method = ((MechanicalSystem) sys).holonomicCount() > 0 ? "lobatto-holonomic:2" : "lobatto-nh:2";
        Filled reference = fill(sys, method, initial, perturbation, false);
        assertBitwise(reference, fill(sys, method, initial, perturbation, true), name);
        assertTrue(reference.report().maxVelocityMove() > 0, name + " velocities moved");
        assertKernelProjectsEveryMember((MechanicalSystem) sys, reference.state(), name);
    }

    @Test
    void lanesOfGivenStatesAreBitwiseTheMemberByMemberOnes() {
        // a state per member (as from --initial): the default values, member j's first velocity scaled by 1 + j/100
        for (String name : List.of("chaotic-nh", "spherical-pendulum", "turntable-ball")) {
            Library.BuiltIn b = Library.builtIn(name, Map.of());
            Model sys = b.definition().build();
            InitialStates defaults = new InitialStates(sys, b.q0(), b.v0());
            Filled start = fill(sys, b, defaults, null, false);
            int nq = b.q0().size(), nv = b.v0().size(), vOffset = start.state().layout().offset(sys instanceof LieGroupSystem ? "xi" : StateLayout.V);
            double[][] q = new double[MEMBERS][nq], v = new double[MEMBERS][nv];
            for (int j = 0; j < MEMBERS; j++) {
                for (int i = 0; i < nq; i++) q[j][i] = start.state().get(i, j);
                for (int i = 0; i < nv; i++) v[j][i] = start.state().get(vOffset + i, j) * (i == 0 ? 1 + j / 100.0 : 1);
            }
            InitialStates given = new InitialStates(sys, q, v);
            assertBitwise(fill(sys, b, given, null, false), fill(sys, b, given, null, true), name + ", given states");
        }
    }

    @ParameterizedTest(name = "{0}: {1} = {2}")
    @CsvSource(delimiter = ';', value = {
            // eps swept over 3 points of 150 members (each point on its own reduction blocks: padding members between)
            "cvt; eps; [0.25, 0.5, 1]",
            // the mass, which the metric reads: the same in a block (one LU for the block), then different in every member
            "spherical-pendulum; m; [1, 2]",
            "spherical-pendulum; m; 1 + j/N"})
    void aSweepWithParametersPerMemberAndPaddingIsTheMemberByMemberOne(String model, String parameter, String variation) {
        Library.BuiltIn b = Library.builtIn(model, Map.of());
        Model sys = b.definition().build();
        SweepPlan plan = new SweepPlan(sys, Map.of(parameter, Variation.parse(parameter, variation)), 150);
        StepSystem step = SweepRun.step(Methods.parse(b.definition().defaultMethod()).build(sys), plan);
        InitialStates.Perturbation perturbation = perturbation(sys, b);
        EnsembleState reference = new EnsembleState(step.layout(), plan.launchMembers()), lanes = new EnsembleState(step.layout(), plan.launchMembers());
        new InitialStates(sys, b.q0(), b.v0()).fill(reference, plan, perturbation);
        new InitialStates(sys, b.q0(), b.v0()).projectedBy(new SimdBackend().initialStates()).fill(lanes, plan, perturbation);
        assertTrue(Arrays.equals(reference.data(), lanes.data()), "the same states, the parameter carried per member included");
        for (int j = 0; j < plan.launchMembers(); j++) assertEquals(reference.status(j), lanes.status(j), "status of member " + j);
        if (plan.points() > 1) assertEquals(EnsembleState.Status.EXCLUDED, lanes.status(150), "member 150 of point 0 is padding");
    }

    @Test
    void lanesDoNotDependOnTheThreadCount() throws Exception {
        Library.BuiltIn b = Library.builtIn("tethered-satellites", Map.of());
        Model sys = b.definition().build();
        double[] one = new ForkJoinPool(1).submit(() -> fill(sys, b, perturbation(sys, b), true).state().data()).get();
        double[] three = new ForkJoinPool(3).submit(() -> fill(sys, b, perturbation(sys, b), true).state().data()).get();
        assertTrue(Arrays.equals(one, three), "same states on 1 and 3 threads");
    }

    @Test
    void aMemberTheLanesCannotProjectFailsAsTheReference() {
        // the spherical pendulum's constraint x^2 + y^2 + z^2 = l^2 has no Gauss-Newton step at the origin (G = 0)
        Library.BuiltIn b = Library.builtIn("spherical-pendulum", Map.of());
        Model sys = b.definition().build();
        List<String> q0 = List.of("1 - 1/(1 + 1e300*(j - 7)^2)", "0", "0");
        InputException reference = assertThrows(InputException.class, () -> new InitialStates(sys, q0, b.v0()).fill(
                new EnsembleState(Methods.parse("rattle").build(sys).layout(), MEMBERS), sys.parameterValues(), null));
        InputException lanes = assertThrows(InputException.class, () -> new InitialStates(sys, q0, b.v0()).projectedBy(new SimdBackend().initialStates()).fill(
                new EnsembleState(Methods.parse("rattle").build(sys).layout(), MEMBERS), sys.parameterValues(), null));
        assertEquals(reference.getMessage(), lanes.getMessage());
        assertTrue(lanes.getMessage().contains("member 7"), lanes.getMessage());
    }
}
