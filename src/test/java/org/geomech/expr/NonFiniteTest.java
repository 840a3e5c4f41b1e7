package org.geomech.expr;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** NonFinite.persistent: which non-finite next values cannot vanish at the following step. */
class NonFiniteTest {
    private static final Expr X = Expr.sym("x"), Y = Expr.sym("y"), V = Expr.sym("v");

    @Test
    void aDenominatorOrAnExponentialLetsANonFiniteValueVanish() {
        // x' = x + 1 carries inf on; y' = 1 / y and v' = exp(-v) turn y = inf and v = inf into 0, which the next step keeps finite
        List<Expr> state = List.of(X, Y, V);
        List<Expr> update = List.of(Expr.add(X, Expr.ONE), Expr.div(Expr.ONE, Y), Expr.exp(Expr.neg(V)));
        assertEquals(BitSet.valueOf(new long[]{0b001}), NonFinite.persistent(state, update));
        Tape tape = Tape.compile(state, update);
        double[] out = new double[3];
        tape.eval(new double[]{0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}, out);
        assertTrue(Double.isFinite(out[0]) && Double.isFinite(out[1]) && Double.isFinite(out[2]), "inf vanished in one step");
    }

    @Test
    void aComponentTheStepDoesNotReadPersistsThroughItsTwin() {
        // v' = x' = 2 x: v is never read, but a non-finite v' is a non-finite x', which the next step carries on; y' = 1
        // reads nothing
        Expr twice = Expr.mul(Expr.TWO, X);
        assertEquals(BitSet.valueOf(new long[]{0b011}), NonFinite.persistent(List.of(X, V, Y), List.of(twice, twice, Expr.ONE)));
    }

    @Test
    void lobattoNh2OnChaoticNhPersistsWhole() {
        // the simd kernel then checks a lane-block's last state only (StepKernelSource.Checks); RATTLE's velocities and
        // multiplier, which its step does not read, are checked after every step
        StepSystem chaotic = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
        assertEquals(22, NonFinite.persistent(chaotic.state(), chaotic.update()).cardinality());
        StepSystem rattle = Methods.parse("rattle").build(Library.system("spherical-pendulum"));
        BitSet expected = new BitSet();
        for (int c : new int[]{0, 1, 2, 6, 7, 8}) expected.set(c);
        assertEquals(expected, NonFinite.persistent(rattle.state(), rattle.update()));
    }

    /**
     * The claim itself on every built-in explicit step: from the model's initial state with one persistent component
     * made +inf, -inf or NaN (and the components with its update, which a step leaves equal to it), the step's next
     * state has a non-finite component.
     */
    @ParameterizedTest(name = "{1} on {0}")
    @CsvSource({"chaotic-nh, lobatto-nh:2", "nh-particle, lobatto-nh:2", "cvt, lobatto-nh:2", "spherical-pendulum, rattle",
            "planar-pendulum, rattle", "conical-pendulum, rattle", "four-particle, rattle"})
    void aNonFinitePersistentComponentLeavesANonFiniteNextState(String model, String method) {
        MechanicalSystem sys = Library.system(model);
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys), null, 1);
        StepSystem step = sim.step();
        assertTrue(step.unknowns().isEmpty(), method + " on " + model + " is explicit once built");
        List<Expr> inputs = new ArrayList<>(step.state());
        inputs.addAll(step.params());
        Tape tape = Tape.compile(inputs, step.update());
        EnsembleState initial = sim.initialState(null);
        double[] params = sim.params(0.05), in = new double[inputs.size()], out = new double[step.update().size()];
        BitSet persistent = NonFinite.persistent(step.state(), step.update());
        assertFalse(persistent.isEmpty(), "some component persists");
        for (int c = persistent.nextSetBit(0); c >= 0; c = persistent.nextSetBit(c + 1)) {
            for (double bad : new double[]{Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN}) {
                for (int i = 0; i < step.state().size(); i++) in[i] = initial.get(i, 0);
                System.arraycopy(params, 0, in, step.state().size(), params.length);
                for (int d = 0; d < step.state().size(); d++) if (step.update().get(d) == step.update().get(c)) in[d] = bad;
                tape.eval(in, out);
                boolean nonFinite = false;
                for (double d : out) nonFinite |= !Double.isFinite(d);
                assertTrue(nonFinite, step.state().get(c) + " = " + bad + " leaves a finite next state");
            }
        }
    }
}
