package org.geomech.study.paper003;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.NewtonOptions;
import org.geomech.study.OrderFit;
import org.geomech.study.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.*;

/** vrkmk-pade:TABLEAU,r, the Pade variant of VRKMK (003 sec. 4.1.1, spec sec. 6.2), on the dipole on a stick. */
class VrkmkPadeTest {
    private static final ReferenceBackend REF = new ReferenceBackend();

    @ParameterizedTest(name = "{0}: order {1} from N = {2}")
    @CsvSource(delimiter = ';', value = {
            // 003 spec sec. 6.2: "Gauss2/r=2 shows order 4.00"; fitted over errors 1e-5 .. 1e-9
            "vrkmk-pade:gauss2,2; 4; 5,10,20,40",
            // 003 spec sec. 6.2: "Gauss3/r=4 order 6 (down to round-off)"; fitted above the floor, errors 1e-8 .. 1e-12
            "vrkmk-pade:gauss3,4; 6; 5,10,20"})
    void ordersOnTheDipoleAreTheSpecs(String method, int order, String steps) {
        String[] ns = steps.split(",");
        double[] h = new double[ns.length], e = new double[ns.length];
        for (int i = 0; i < ns.length; i++) {
            int n = Integer.parseInt(ns[i]);
            h[i] = Paper003.T_ORDER / n;
            e[i] = Paper003.orderError(method, n, REF);
        }
        assertEquals(order, OrderFit.slope(h, e), 0.3, method + " fitted order, errors " + java.util.Arrays.toString(e));
        assertEquals(order, Methods.parse(method).order(), method + " claimed order");
    }

    @ParameterizedTest(name = "{0}: {1} unknowns")
    @CsvSource(delimiter = ';', value = {
            // 003 spec sec. 16: "VRKMK carries 9s unknowns per trajectory, VCG 6s, Pade 6s" (dim SO(3) = 3: 2 dim G s = 6s)
            "vrkmk-pade:gauss1,0; 6", "vrkmk-pade:gauss2,2; 12", "vrkmk-pade:gauss3,4; 18",
            "vrkmk:gauss2,2; 18", "vrkmk:gauss3,4; 27"})
    void unknownsAreTheSpecs(String method, int unknowns) {
        assertEquals(unknowns, Methods.parse(method).build(Paper003.dipole()).unknowns().size(), method);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "vrkmk-pade; method vrkmk-pade needs a tableau, e.g. vrkmk-pade:gauss2,2",
            "vrkmk-pade:gauss2; method 'vrkmk-pade:gauss2': expected vrkmk-pade:TABLEAU,r with the cut-off r, e.g. vrkmk-pade:gauss2,2",
            "vrkmk-pade:gauss2,x; method 'vrkmk-pade:gauss2,x': cut-off r 'x' is not an integer",
            "vrkmk-pade:gauss2,-1; vrkmk-pade: cut-off r must be between 0 and 8, got -1"})
    void badNamesAreOneLine(String name, String message) {
        // bad input is one line (InputException, exit 2)
        assertEquals(message, assertThrows(org.geomech.InputException.class, () -> Methods.parse(name)).getMessage());
    }

    @Test
    void cutOffZeroIsVrkmkOfCutOffZero() {
        // 003 spec sec. 6.2: "r = 0 gives exactly (12)", which vrkmk with r = 0 is too (spec sec. 5.4)
        double[] pade = Paper003.finalState("vrkmk-pade:gauss2,0", 10, REF), vrkmk = Paper003.finalState("vrkmk:gauss2,0", 10, REF);
        for (int i = 0; i < pade.length; i++) assertEquals(vrkmk[i], pade[i], 1e-13, "component " + i);
    }

    @Test
    void fixedPointGivesTheNewtonSolution() {
        // spec sec. 6.2's unknowns xitilde_i, M_i each written as unknown minus its fixed-point map: 5 steps of h = 0.1
        LieGroupSystem sys = Paper003.dipole();
        StepSystem step = Methods.parse("vrkmk-pade:gauss2,2").build(sys);
        Trajectory.Result newton = new Trajectory(step, REF, Paper003.NEWTON).run(Paper003.initial(sys, step), sys.parameterValues(), 0.1, 5, 5);
        Trajectory.Result fixed = new Trajectory(step, REF, new NewtonOptions(1e-14, 200).with(Iteration.FIXED_POINT))
                .run(Paper003.initial(sys, step), sys.parameterValues(), 0.1, 5, 5);
        assertTrue(newton.ok() && fixed.ok(), "newton ok " + newton.ok() + ", fixed point ok " + fixed.ok());
        for (int i = 0; i < newton.last().length; i++) assertEquals(newton.last()[i], fixed.last()[i], 1e-12, "component " + i);
    }
}
