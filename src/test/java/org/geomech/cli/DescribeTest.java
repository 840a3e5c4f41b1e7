package org.geomech.cli;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** geomech describe: every built-in model and every method family, with their papers and orders. */
class DescribeTest {
    static List<String> models() { return Library.names(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyModelNamesItsPaperAndEquations(String model) {
        Cli.Result r = Cli.run("describe", model);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("paper:        " + Library.system(model).reference()), r.out());
        assertTrue(r.out().contains("lagrangian:   L = "), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void theShownEnergyIsTheEnergy(String model) {
        // E = 1/2 v'Mv + U, shown for a mechanical Lagrangian, equals v . dL/dv - L at seeded random states and parameters (to round-off)
        MechanicalSystem sys = Library.system(model);
        Optional<Expr> shown = sys.mechanicalEnergy();
        assertEquals(sys.constantMassMatrix().isPresent(), shown.isPresent(), model + ": mechanical form");
        if (shown.isEmpty()) return;
        Random random = new Random(26);
        for (int k = 0; k < 5; k++) {
            Map<Expr, Expr> at = new HashMap<>();
            for (Expr s : Exprs.symbols(List.of(sys.energy(), shown.get()))) at.put(s, Expr.num(0.3 + random.nextDouble()));
            double e = Exprs.substitute(sys.energy(), at).value(), m = Exprs.substitute(shown.get(), at).value();
            assertEquals(e, m, 1e-12 * Math.max(1, Math.abs(e)), model);
        }
        Cli.Result r = Cli.run("describe", model);
        assertTrue(r.out().contains("energy:       E = " + shown.get().toString(160)), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"rattle, 2, 1", "lobatto-holonomic:3, 4, 2", "lobatto-nh:3, 4, 2", "lobatto-nh:4, 6, 4"})
    void everyMethodStatesItsOrders(String method, int order, int multiplierOrder) {
        // 001 Cor. 5.2.1 for lobatto-nh; measured s - 1 for the holonomic multipliers (docs/methods.md)
        Cli.Result r = Cli.run("describe", method);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("order:        " + order + " in q, v, p; " + multiplierOrder + " in the multipliers"), r.out());
    }

    @Test
    void stepEquationsOnAModelShowTheReduction() {
        // 001 spec sec. 4.3: lobatto-nh:2 on chaotic-nh is explicit but for one multiplier, solved linearly
        Cli.Result r = Cli.run("describe", "lobatto-nh:2", "--model", "chaotic-nh");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("15 unknowns as written, 1 after reduction (linear: one LU solve per step)"), r.out());
    }

    @Test
    void rattleShowsBothMultipliersInClosedForm() {
        // 001 sec. 4.3 (a) on one constraint: lambda from the quadratic position constraint, mu from the affine velocity one
        Cli.Result r = Cli.run("describe", "rattle", "--model", "spherical-pendulum");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("straightened: $lambda[0] = ") && r.out().contains("straightened: $mu[0] = "), r.out());
        assertTrue(r.out().contains("per member-step (one straight-line step; "), r.out());
    }

    @Test
    void unknownNameIsOneLineAndExitTwo() {
        Cli.Result r = Cli.run("describe", "no-such-thing");
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size());
        assertTrue(r.err().startsWith("geomech: error: 'no-such-thing' is neither a model"), r.err());
    }
}
