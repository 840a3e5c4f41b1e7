package org.geomech.backend.simd;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.LieLibrary;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * SimdPlan.of, the one place the simd backend picks its execution path: the explicit kernel for a step without
 * unknowns, the unrolled iteration for simplified Newton on at most 12 unknowns, the lane-masked Newton otherwise; lane
 * tapes where a Newton iteration costs more than 2000 flops (README: 12,616 for lobatto-lie-nh:3 on turntable-ball).
 */
class SimdPlanTest {
    private static final NewtonOptions FULL = new NewtonOptions(1e-12, 50);

    @ParameterizedTest(name = "{0} on {1}, {2} Jacobian")
    @CsvSource({
            "lobatto-nh:2, chaotic-nh, simplified, Explicit, 0, 0",
            "lobatto-nh:3, chaotic-nh, simplified, UnrolledNewton, 9, -1",
            "lobatto-nh:3, chaotic-nh, full, MaskedNewton, 9, -1",
            "lobatto-lie-nh:3, turntable-ball, simplified, MaskedNewton, 13, 12616"})
    void choosesThePathOfTheStep(String method, String model, String jacobian, String path, int unknowns, int tapeFlops) {
        StepSystem step = Methods.parse(method).build(LieLibrary.has(model) ? LieLibrary.system(model) : Library.system(model));
        assertEquals(unknowns, step.unknowns().size(), "unknowns of " + method + " on " + model);
        SimdPlan plan = SimdPlan.of(step, List.of(), jacobian.equals("full") ? FULL : NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        assertEquals(path, plan.getClass().getSimpleName(), "the path of " + method + " on " + model);
        int flops = newtonFlops(step);
        if (tapeFlops > 0) assertEquals(tapeFlops, flops, "flops of residual and Jacobian (README)");
        assertEquals(flops > SimdPlan.TAPE_FLOPS, plan.lanes().kernel() instanceof TapeKernel, "lane tapes exactly above " + SimdPlan.TAPE_FLOPS + " flops");
        if (plan instanceof SimdPlan.Explicit) assertEquals(0, plan.flopsPerStep()[1], "an explicit step has no Newton iteration");
        else {
            long k = unknowns;
            assertEquals(plan.lanes().residualFlops() + plan.lanes().jacobianFlops() + 2 * k * k * k / 3 + 2 * k * k, plan.flopsPerStep()[1],
                    "a Newton iteration: residual, Jacobian and the LU's 2k^3/3 + 2k^2");
        }
    }

    private static int newtonFlops(StepSystem step) {
        List<Expr> inputs = new ArrayList<>(step.state());
        inputs.addAll(step.params());
        inputs.addAll(step.unknowns());
        List<Expr> newton = new ArrayList<>(step.residuals());
        for (Expr[] row : step.jacobian()) newton.addAll(List.of(row));
        return Tape.compile(inputs, newton).flops();
    }
}
