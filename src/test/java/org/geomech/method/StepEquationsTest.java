package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The builder of a step's equations: unknowns in declaration order, residuals in the order given, each block with its own. */
class StepEquationsTest {
    private static final MechanicalSystem PENDULUM = Library.system("planar-pendulum");

    private static List<Expr> update(StateLayout layout) { return new ArrayList<>(layout.symbols()); }

    @Test
    void unknownsKeepTheirDeclarationOrderAndResidualsTheOrderGiven() {
        StateLayout layout = new StateLayout(PENDULUM, 1);
        List<Expr> q = layout.q(), lambda = layout.lambda();
        StepEquations eq = new StepEquations();
        List<List<Expr>> x = eq.stages("X", List.of(q), 3, 2, i -> q);                  // X^1 = q carried, X^2, X^3 unknowns
        List<Expr> mu = eq.unknowns("mu", 1, lambda, m -> List.of(Expr.sub(m.get(0), lambda.get(0))));
        eq.determine(Vec.minus(x.get(2), q), x.get(2));                                   // X^3's residual before X^2's
        eq.determine(Vec.minus(x.get(1), x.get(2)), x.get(1));
        StepSystem s = eq.system("test", PENDULUM, layout, update(layout));
        List<Expr> unknowns = new ArrayList<>(x.get(1));
        unknowns.addAll(x.get(2));
        unknowns.addAll(mu);
        assertEquals(unknowns, s.unknowns());
        List<Expr> residuals = new ArrayList<>(List.of(Expr.sub(mu.get(0), lambda.get(0))));
        residuals.addAll(Vec.minus(x.get(2), q));
        residuals.addAll(Vec.minus(x.get(1), x.get(2)));
        assertEquals(residuals, s.residuals());
        List<Expr> guess = new ArrayList<>(q);
        guess.addAll(q);
        guess.addAll(lambda);
        assertEquals(guess, s.guess());
        assertEquals(x.get(0), q, "the carried stage is the value given, not an unknown");
    }

    @Test
    void aBlockWithoutItsResidualOrWithAResidualOfAnotherSizeIsRefused() {
        StateLayout layout = new StateLayout(PENDULUM, 1);
        StepEquations open = new StepEquations();
        open.unknowns("x", 2, layout.q());
        assertTrue(assertThrows(IllegalStateException.class, () -> open.system("test", PENDULUM, layout, update(layout))).getMessage()
                .contains("unknowns without a residual"));
        StepEquations wrong = new StepEquations();
        List<Expr> x = wrong.unknowns("x", 2, layout.q());
        assertThrows(IllegalStateException.class, () -> wrong.determine(layout.lambda(), x));
        StepEquations twice = new StepEquations();
        List<Expr> y = twice.unknowns("y", 2, layout.q());
        twice.determine(Vec.minus(y, layout.q()), y);
        assertThrows(IllegalStateException.class, () -> twice.determine(Vec.minus(y, layout.q()), y));
        assertThrows(IllegalStateException.class, () -> new StepEquations().unknowns("z", 2, layout.lambda()));
    }

    @Test
    void aSubsystemIsSquareAsAWhole() {
        StateLayout layout = new StateLayout(PENDULUM, 1);
        StepEquations eq = new StepEquations();
        StepEquations.Subsystem w = eq.subsystem("w");
        List<Expr> a = w.unknowns("a", 2, layout.q()), b = w.unknowns("b", 1, layout.lambda());
        w.residuals(List.of(Expr.sub(a.get(0), b.get(0))));
        assertThrows(IllegalStateException.class, () -> eq.system("test", PENDULUM, layout, update(layout)));
        w.residuals(List.of(a.get(1), b.get(0)));
        assertEquals(3, eq.system("test", PENDULUM, layout, update(layout)).residuals().size());
    }
}
