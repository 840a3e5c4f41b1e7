package org.geomech.method;

import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Newton;
import org.geomech.solve.NewtonOptions;
import org.geomech.solve.NonlinearSystem;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The straightened step: as lean as the hand-written C, and the same step as Newton on the reduced system. */
class StepProgramTest {
    @Test
    void chaoticLobatto2IsWithin20PercentOfTheHandWrittenCount() {
        // benchmarks/c/roofline.c counts 109 flops for lobatto-nh:2 on chaotic-nh (m = 3); issue 8 asks for <= 1.2x;
        // the Newton kernel it replaces counted 321 (140 for guess and update, 181 per iteration)
        StepSystem s = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
        assertTrue(s.unknowns().isEmpty(), "explicit");
        List<Expr> in = new ArrayList<>(s.state());
        in.addAll(s.params());
        int flops = JavaEmitter.flops(in, s.update());
        assertTrue(flops <= 1.2 * 109, "flops per member-step " + flops);
    }

    @Test
    void rattleOnOneConstraintIsSolvedInClosedForm() {
        // RATTLE (001 sec. 4.3 (a)) on one constraint: lambda from the position constraint (quadratic in it), then mu
        // from the velocity constraint (affine in it); benchmarks/c/roofline.c does the same in 70 flops (an FMA counted 2)
        // with its parameter-only values computed before the loop. Issue 8 asks for the C's count: 131 before the
        // invariant coefficients were collected and hoisted, 76 after (7 % over: c = |a|^2/l^2 - 1 in two operations
        // where the C does |a|^2 - l^2 in one, the gravity kick apart from the constraint kick)
        StepSystem s = Methods.parse("rattle").build(Library.system("spherical-pendulum"));
        assertTrue(s.unknowns().isEmpty(), "explicit");
        List<Expr> in = new ArrayList<>(s.state());
        in.addAll(s.params());
        JavaEmitter.Hoisted flops = JavaEmitter.flops(in, new HashSet<>(s.params()), s.update());
        assertTrue(flops.each() <= 1.1 * 70, "flops per member-step " + flops.each());
        // every division by h, m and l alone is among the values of the parameters; per member-step there remain 3, as
        // the C's 2 and its copysign: 4ac / b^2 under the root, lambda and mu
        long divisions = Exprs.topological(s.update()).stream().filter(e -> e.op() == Expr.Op.DIV && Exprs.dependsOn(e, s.state())).count();
        assertEquals(3, divisions, "divisions per member-step");
    }

    @Test
    void invariantCoefficientsAreCollectedOutOfProductsAndSums() {
        // h (x / m) + h (y / m) with h and m parameters: (h / m) (x + y), one add and one multiply per evaluation
        // (issue 8 item 2; the C's c2 (a . q) with one invariant c2), and the same value up to rounding
        Expr h = StepSystem.H, m = Expr.sym("m"), x = Expr.sym("x"), y = Expr.sym("y");
        Expr sum = Expr.add(Expr.mul(h, Expr.div(x, m)), Expr.mul(h, Expr.div(y, m)));
        List<Expr> lean = StepProgram.lean(List.of(sum), List.of(h, m));
        List<Expr> in = List.of(x, y, h, m);
        assertEquals(new JavaEmitter.Hoisted(2, 2), JavaEmitter.flops(in, Set.of(h, m), lean));
        double[] values = {0.3, -1.7, 0.05, 3.0}, before = new double[1], after = new double[1];
        Tape.compile(in, List.of(sum)).eval(values, 0, before, 0);
        Tape.compile(in, lean).eval(values, 0, after, 0);
        assertEquals(before[0], after[0], 1e-16 * Math.abs(before[0]) * 4);
    }

    @Test
    void coupledNonlinearStepsKeepTheirUnknowns() {
        // matrix-top's six orthogonality constraints couple the multipliers: no residual holds one alone, Newton stays
        assertEquals(12, Methods.parse("rattle").build(Library.system("matrix-top")).unknowns().size());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:2, chaotic-nh, 1", "lobatto-nh:2, nh-particle, 1", "lobatto-nh:2, cvt, 1",
            "rattle, spherical-pendulum, 2", "rattle, planar-pendulum, 2", "lobatto-holonomic:2, spherical-pendulum, 2"})
    void agreesWithNewtonOnTheReducedSystem(String method, String model, int unknowns) {
        // one step of 9 members perturbed by 0.1: the straightened update equals guess + full Newton (EJML LU, tolerance
        // 1e-14) + update of the reduced system to 1e-13 relative (multipliers 1e-12): the same solution, computed with
        // another operation order
        MechanicalSystem sys = Library.system(model);
        StepSystem reduced = Methods.parse(method).equations(sys).reduced(), straight = reduced.straightened();
        assertEquals(unknowns, reduced.unknowns().size());
        assertEquals(0, straight.unknowns().size());
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-1);
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), new InitialStates.Perturbation(5, sigma, sigma), 9);
        EnsembleState state = sim.initialState(null);
        double[] params = sim.params(0.05);
        List<Expr> stateParams = new ArrayList<>(reduced.state());
        stateParams.addAll(reduced.params());
        List<Expr> all = new ArrayList<>(stateParams);
        all.addAll(reduced.unknowns());
        List<Expr> jacobianEntries = new ArrayList<>();
        for (Expr[] row : reduced.jacobian()) jacobianEntries.addAll(Arrays.asList(row));
        Tape program = Tape.compile(stateParams, straight.update()), guess = Tape.compile(stateParams, reduced.guess()),
                residual = Tape.compile(all, reduced.residuals()), jacobian = Tape.compile(all, jacobianEntries),
                update = Tape.compile(all, reduced.update());
        int n = state.components(), at = all.size() - unknowns;
        for (int j = 0; j < 9; j++) {
            double[] in = new double[all.size()], out = new double[n], next = new double[n], x = new double[unknowns];
            for (int c = 0; c < n; c++) in[c] = state.get(c, j);
            System.arraycopy(params, 0, in, n, params.length);
            program.eval(in, 0, out, 0);
            guess.eval(in, 0, x, 0);
            NonlinearSystem f = new NonlinearSystem() {
                @Override public int size() { return unknowns; }
                @Override public void residual(double[] xs, double[] r) { System.arraycopy(xs, 0, in, at, unknowns); residual.eval(in, 0, r, 0); }
                @Override public void jacobian(double[] xs, double[] jac) { System.arraycopy(xs, 0, in, at, unknowns); jacobian.eval(in, 0, jac, 0); }
            };
            assertEquals(Newton.Outcome.CONVERGED, new Newton(f, new NewtonOptions(1e-14, 50), reduced.isLinear()).solve(x));
            System.arraycopy(x, 0, in, at, unknowns);
            update.eval(in, 0, next, 0);
            // a multiplier carries the round-off of an O(1) constraint value over its O(h^2) slope: 1e-16 / 2.5e-3 ~ 1e-13
            StateLayout layout = state.layout();
            for (int c = 0; c < n; c++) {
                boolean multiplier = c >= layout.lambdaOffset() && c < layout.lambdaOffset() + layout.multipliers();
                assertEquals(next[c], out[c], (multiplier ? 1e-12 : 1e-13) * Math.max(1, Math.abs(next[c])), layout.names().get(c) + " of member " + j);
            }
        }
    }
}
