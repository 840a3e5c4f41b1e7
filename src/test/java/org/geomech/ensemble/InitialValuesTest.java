package org.geomech.ensemble;

import org.geomech.InputException;
import org.geomech.expr.Expr;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** initial(E) in an observer: a symbol the step carries as the block "initial", filled with E on each member's state at t = 0. */
class InitialValuesTest {
    private static final MechanicalSystem PENDULUM = Library.system("planar-pendulum");

    @Test
    void energyErrorAndInitialOfTheSameEnergyShareOneCarriedValue() {
        StepSystem step = Methods.parse("rattle").build(PENDULUM);
        List<Observer> observers = Observers.ofRun(step, Map.of("relative", "(energy - initial(energy)) / initial(energy)"));
        assertEquals(List.of("energy", "energy_error", "g_pos", "g_vel", "relative"), observers.stream().map(Observer::name).toList());
        StepSystem carrying = Observers.carrying(step, observers);
        StateLayout layout = carrying.layout();
        assertEquals(step.layout().size() + 1, layout.size());
        assertEquals(List.of("initial(energy)"), layout.block(StateLayout.INITIAL).columns());
        assertEquals(List.of(observers.get(0).expression()), layout.initialValues());
        // the step is the same step: the carried value is left as it is
        Expr e0 = layout.block(StateLayout.INITIAL).symbols().get(0);
        assertEquals(e0, carrying.update().get(layout.offset(StateLayout.INITIAL)));
        assertTrue(carrying.stepInvariant().contains(e0));
        assertEquals(step.residuals(), carrying.residuals());
        assertEquals(List.of(), Observers.missingInitialValues(carrying, observers));
        assertEquals(List.of(e0, e0), Observers.missingInitialValues(step, observers));
    }

    @Test
    void theFilledValueIsTheObserverOnTheConsistentInitialState() {
        // planar pendulum started off the circle (x = 1.2): E(0) is that of the projected state, on every member
        StepSystem step = Methods.parse("rattle").build(PENDULUM);
        List<Observer> observers = Observers.ofRun(step, Map.of("x0", "initial(x)"));
        StepSystem carrying = Observers.carrying(step, observers);
        EnsembleState state = new EnsembleState(carrying.layout(), 3);
        new InitialStates(PENDULUM, List.of("1.2", "0"), List.of("0", "j")).fill(state, PENDULUM.parameterValues(), null);
        int x = carrying.layout().qOffset(), e0 = carrying.layout().offset(StateLayout.INITIAL);
        assertEquals(List.of("initial(energy)", "initial(x)"), carrying.layout().block(StateLayout.INITIAL).columns());
        double[] energy = new double[1];
        org.geomech.expr.Tape tape = org.geomech.expr.Tape.compile(concat(step.state(), PENDULUM.parameterSymbols()), List.of(observers.get(0).expression()));
        for (int j = 0; j < 3; j++) {
            double[] in = new double[step.state().size() + PENDULUM.parameterSymbols().size()];
            for (int c = 0; c < step.state().size(); c++) in[c] = state.get(c, j);
            System.arraycopy(PENDULUM.parameterValues(), 0, in, step.state().size(), PENDULUM.parameterValues().length);
            tape.eval(in, energy);
            assertEquals(energy[0], state.get(e0, j), 0.0, "E(0) of member " + j);
            assertEquals(1.0, state.get(x, j), 1e-15, "projected onto the circle of length 1");
            assertEquals(state.get(x, j), state.get(e0 + 1, j), 0.0, "initial(x) of member " + j);
        }
    }

    @Test
    void badUsesOfInitialAreOneLineErrors() {
        StepSystem step = Methods.parse("rattle").build(PENDULUM);
        for (String[] bad : new String[][]{
                {"initial(energy_error)", "holds initial values itself"},
                {"initial(initial(x))", "holds initial values itself"},
                {"initial(x, y)", "expected ')'"},
                {"initial(w)", "unknown name 'w'"},
                {"initial", "unknown name 'initial'"}}) {
            InputException e = assertThrows(InputException.class, () -> Observers.ofRun(step, Map.of("o", bad[0])), bad[0]);
            assertTrue(e.getMessage().startsWith("observer o: ") && e.getMessage().contains(bad[1]) && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    private static List<Expr> concat(List<Expr> a, List<Expr> b) {
        List<Expr> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
