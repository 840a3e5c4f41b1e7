package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.Tape;
import org.geomech.expr.TreeHeight;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The straightened step's chains shortened (TreeHeight): fewer cycles a step in the latency model where the step runs
 * a lane-block's state in registers, the same values to rounding, and steps that are one long chain left as fused.
 */
class TreeHeightTest {
    private record Step(List<Expr> state, List<Expr> plain, List<Expr> reduced, Set<Expr> invariant, List<Expr> inputs) {}

    // the update before (straightened's program, fused) and after the rewrite, as StepSystem.straightened makes it
    private static Step step(String model, String method) {
        StepSystem equations = Methods.parse(method).equations(Library.system(model)).reduced();
        List<Expr> next = StepProgram.of(equations).orElseThrow();
        StepSystem built = Methods.parse(method).build(Library.system(model));
        List<Expr> state = built.state(), update = next.subList(0, state.size());
        Set<Expr> invariant = built.stepInvariant();
        List<Expr> inputs = new ArrayList<>(state);
        inputs.addAll(built.params());
        return new Step(state, Exprs.fused(update), built.update(), invariant, inputs);
    }

    @Test
    void chaoticLobatto2TakesAThirdFewerCyclesAStep() {
        // the model's steady state: 62 cycles a step as fused, 43-44 rewritten (the division's reciprocal off the chain,
        // the multiplier's terms added last); warm, one thread, 4096 members on the Zen 5: 4.1e8-4.2e8 member-steps/s
        // against 5.2e8-5.3e8 (RESULTS.md)
        Step s = step("chaotic-nh", "lobatto-nh:2");
        double before = TreeHeight.cycles(s.state(), s.plain(), s.invariant()), after = TreeHeight.cycles(s.state(), s.reduced(), s.invariant());
        assertEquals(62, before, 0.5, "the fused step's cycles");
        assertTrue(after <= 0.75 * before, "cycles a step rewritten: " + after + " against " + before);
    }

    @ParameterizedTest
    @CsvSource({"chaotic-nh, lobatto-nh:2", "cvt, lobatto-nh:2", "four-particle, rattle", "nh-particle, lobatto-nh:2", "spherical-pendulum, rattle"})
    void rewrittenStepsAgreeToRoundingAndAreNeverSlowerInTheModel(String model, String method) {
        Step s = step(model, method);
        assertTrue(TreeHeight.cycles(s.state(), s.reduced(), s.invariant()) <= TreeHeight.cycles(s.state(), s.plain(), s.invariant()), "cycles");
        Tape plain = Tape.compile(s.inputs(), s.plain()), reduced = Tape.compile(s.inputs(), s.reduced());
        Random random = new Random(7);
        double[] in = new double[s.inputs().size()], a = new double[s.plain().size()], b = new double[a.length];
        for (int trial = 0; trial < 200; trial++) {
            for (int i = 0; i < in.length; i++) in[i] = 0.1 + random.nextDouble();
            plain.eval(in, a);
            reduced.eval(in, b);
            for (int c = 0; c < a.length; c++) {
                String where = model + " " + method + ", component " + c + " at trial " + trial;
                // random states are not consistent: RATTLE's square roots may have no real value there
                if (Double.isNaN(a[c])) assertTrue(Double.isNaN(b[c]), where + ": NaN as fused");
                else assertEquals(a[c], b[c], 1e-13 * Math.max(1, Math.abs(a[c])), where);
            }
        }
    }

    @Test
    void aStepThatIsOneLongChainIsLeftAsFused() {
        // RATTLE on the spherical pendulum: the simd backend overlaps lane-blocks (its group kernel), where only
        // operations count, and shortening the chain would add some
        Step s = step("spherical-pendulum", "rattle");
        assertTrue(TreeHeight.chained(s.plain()), "one long chain");
        assertEquals(s.plain().size(), s.reduced().size());
        for (int c = 0; c < s.plain().size(); c++) assertSame(s.plain().get(c), s.reduced().get(c), "component " + c + " as fused");
    }

    @Test
    void aQuotientByAnEarlyDivisorIsAProductWithItsReciprocal() {
        // x' = x^4 / y with y a parameter (y' = y), beside five short updates z' = z^2 + 1 (so that the step is not one
        // long chain, nor bound by its 12 operations, 6 cycles): x^4 (two squarings) is ready after 6 cycles;
        // x^4 * (1 / y), the reciprocal hoisted out of the loop, after 6 + 3 = 9 instead of 6 + 13 = 19
        Expr x = Expr.sym("x"), y = Expr.sym("y");
        List<Expr> state = new ArrayList<>(List.of(x, y)), update = new ArrayList<>(List.of(Expr.div(Expr.pow(x, 4), y), y));
        for (Expr z : Expr.symbols("z", 5)) {
            state.add(z);
            update.add(Expr.add(Expr.pow(z, 2), Expr.ONE));
        }
        List<Expr> reduced = TreeHeight.reduced(state, update, Set.of(y));
        Expr r = reduced.get(0);
        assertEquals(Expr.Op.MUL, r.op(), "a product: " + r);
        assertTrue(r.args().contains(Expr.div(Expr.ONE, y)), "with the divisor's reciprocal: " + r);
        assertEquals(9, TreeHeight.cycles(state, reduced, Set.of(y)), 0.5, "cycles a step");
        assertEquals(19, TreeHeight.cycles(state, Exprs.fused(update), Set.of(y)), 0.5, "cycles a step as fused");
    }
}
