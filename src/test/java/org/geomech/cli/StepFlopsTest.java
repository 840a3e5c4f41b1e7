package org.geomech.cli;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The flops per member-step of a Newton step, apart: a hand count on a small case, and the backends' own counts on the benchmarked ones. */
class StepFlopsTest {
    private static StepSystem step(String model, String method) {
        return Methods.parse(method).build(Library.builtIn(model, Map.of()).definition().build());
    }

    @Test
    void gonzalezOnThePlanarPendulumMatchesAHandCount() {
        // EM-G (004 sec. 6.3) on the planar pendulum, unknowns (P1, P2, lambda), as describe prints them; the tape runs
        // a - b as one subtraction (a negation only ever subtracted is not computed), every node once. With
        // c = -x - h (0.5 (p(x) + P1)) (add, mul, mul, the negation of x, sub: 5) and d the same in y:
        //   guess (p(x), p(y), lambda1): 0; update q1 = -c, -d:               12 (c, d and their negations)
        //   r1 = P1 - p(x) - h (lambda (x - c)):   x - c, two mul, two sub:  12 + 5 (c, d, -c, -d shared)
        //   r2 = h + (P2 - p(y)) - h (lambda (y - d)):                        6 (one add more)
        //   r3 = -1 + ((-c)^2 + (-d)^2):           two squares, two adds:     4    (27 in all)
        //   LU of k = 3: 2k^3/3 = 18, a solve 2k^2 = 18
        StepFlops f = StepFlops.of(step("planar-pendulum", "gonzalez-em"));
        assertEquals(12, f.guessAndUpdate(), "guess and update");
        assertEquals(27, f.residual(), "residual");
        assertEquals(18, f.factorisation(), "LU factorisation");
        assertEquals(18, f.solve(), "LU solve");
        // simplified Newton: one factorisation and three iterations a step
        assertEquals(12 + (f.jacobian() + 18) + 3 * (27 + 18), f.perMemberStep(3, 1), 0);
    }

    @Test
    void partsAddUpToTheBackendsCounts() {
        // the benchmarked implicit steps (benchmarks/fresh.sh) and the hand-counted one: the parts add up to the reference
        // backend's count (the same tapes) and within 1 % to the simd backend's (its generated code, on few unknowns, finds
        // common subexpressions in another order; lane tapes on the large Lie group steps)
        String[][] cases = {{"chaotic-nh", "lobatto-nh:3"}, {"spherical-pendulum", "lobatto-holonomic:3"}, {"turntable-ball", "lobatto-lie-nh:3"},
                {"dipole-on-stick", "vrkmk:gauss2,2"}};
        for (String[] c : cases) {
            StepSystem s = step(c[0], c[1]);
            StepFlops f = StepFlops.of(s);
            long[] parts = {f.guessAndUpdate(), f.perIteration()};
            assertArrayEquals(new ReferenceBackend().compile(s, List.of(), NewtonOptions.DEFAULT).flopsPerStep(), parts, "reference, " + String.join(" ", c));
            long[] simd = new SimdBackend(1, 64).compile(s, List.of(), NewtonOptions.DEFAULT).flopsPerStep();
            for (int i = 0; i < 2; i++) assertEquals(parts[i], simd[i], 0.01 * parts[i], "simd, " + String.join(" ", c));
        }
    }

    @Test
    void describePrintsTheLineFreshShReads() {
        // benchmarks/fresh.sh takes G, J + LU and R + solve from this line of describe
        StepFlops f = StepFlops.of(step("chaotic-nh", "lobatto-nh:3"));
        Cli.Result r = Cli.run("describe", "lobatto-nh:3", "--model", "chaotic-nh");
        assertEquals(0, r.exit(), r.err());
        String line = "a member-step: " + f.guessAndUpdate() + " + factorisations x " + (f.jacobian() + f.factorisation()) + " + iterations x "
                + (f.residual() + f.solve()) + " (";
        assertTrue(r.out().contains(line), r.out());
    }
}
