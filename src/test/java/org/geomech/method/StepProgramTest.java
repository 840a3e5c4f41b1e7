package org.geomech.method;

import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.EnsembleState;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Newton;
import org.geomech.solve.NewtonOptions;
import org.geomech.solve.NonlinearSystem;
import org.geomech.study.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The straightened step (issue 8 item 2): as lean as the hand-written C, and the same step as Newton on the reduced system. */
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
    void nonlinearStepsKeepTheirUnknowns() {
        // RATTLE's position constraint is quadratic in lambda: Newton stays
        assertEquals(2, Methods.parse("rattle").build(Library.system("spherical-pendulum")).unknowns().size());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"lobatto-nh:2, chaotic-nh", "lobatto-nh:2, nh-particle", "lobatto-nh:2, cvt"})
    void agreesWithNewtonOnTheReducedSystem(String method, String model) {
        // one step of 9 members perturbed by 0.1: the straightened update equals guess + full Newton (EJML LU) + update
        // of the reduced system to 1e-13 relative: the same solution, computed with another operation order
        MechanicalSystem sys = Library.system(model);
        StepSystem reduced = Methods.parse(method).equations(sys).reduced(), straight = reduced.straightened();
        assertEquals(1, reduced.unknowns().size());
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
        Tape program = Tape.compile(stateParams, straight.update()), guess = Tape.compile(stateParams, reduced.guess()),
                residual = Tape.compile(all, reduced.residuals()), jacobian = Tape.compile(all, List.of(reduced.jacobian()[0][0])),
                update = Tape.compile(all, reduced.update());
        int n = state.components();
        for (int j = 0; j < 9; j++) {
            double[] in = new double[all.size()], out = new double[n], next = new double[n], x = new double[1];
            for (int c = 0; c < n; c++) in[c] = state.get(c, j);
            System.arraycopy(params, 0, in, n, params.length);
            program.eval(in, 0, out, 0);
            guess.eval(in, 0, x, 0);
            NonlinearSystem f = new NonlinearSystem() {
                @Override public int size() { return 1; }
                @Override public void residual(double[] xs, double[] r) { in[in.length - 1] = xs[0]; residual.eval(in, 0, r, 0); }
                @Override public void jacobian(double[] xs, double[] jac) { in[in.length - 1] = xs[0]; jacobian.eval(in, 0, jac, 0); }
            };
            assertEquals(Newton.Outcome.CONVERGED, new Newton(f, NewtonOptions.DEFAULT, true).solve(x));
            in[in.length - 1] = x[0];
            update.eval(in, 0, next, 0);
            for (int c = 0; c < n; c++)
                assertEquals(next[c], out[c], 1e-13 * Math.max(1, Math.abs(next[c])), state.layout().names().get(c) + " of member " + j);
        }
    }
}
