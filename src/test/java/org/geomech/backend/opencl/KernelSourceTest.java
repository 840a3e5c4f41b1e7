package org.geomech.backend.opencl;

import org.geomech.ensemble.Observers;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which steps run a vector of members per work-item; no device needed. */
class KernelSourceTest {
    private static KernelSource source(String model, String method, int lanes) {
        MechanicalSystem system = Library.system(model);
        return KernelSource.of(Methods.parse(method).build(system), Observers.standard(system), NewtonOptions.DEFAULT, lanes);
    }

    @Test
    void explicitLanewiseStepsGetTheLanesAskedFor() {
        // lobatto-nh:2 and RATTLE are explicit once straightened, +, -, *, / and sqrt only: the explicit template, 8 lanes
        for (String[] c : new String[][]{{"chaotic-nh", "lobatto-nh:2"}, {"spherical-pendulum", "rattle"}}) {
            KernelSource s = source(c[0], c[1], 8);
            assertEquals(8, s.lanes(), c[1] + " on " + c[0]);
            assertTrue(s.text().contains("#define LANES 8") && s.text().contains("finite &= isfinite"), c[1] + " uses kernels/explicit.cl");
        }
    }

    @Test
    void newtonStepsAndBranchingFunctionsStayOneMemberPerWorkItem() {
        // lobatto-nh:3 keeps unknowns: Newton with pivoting per member, kernels/step.cl
        KernelSource newton = source("chaotic-nh", "lobatto-nh:3", 8);
        assertEquals(1, newton.lanes(), "lobatto-nh:3");
        assertTrue(newton.text().contains("lu_decompose"), "lobatto-nh:3 uses kernels/step.cl");
        // an explicit step with sin and cos: fdlibm's branches do not act lane by lane
        assertEquals(1, KernelSource.of(TrigonometryBackendsTest.step(), List.of(), NewtonOptions.DEFAULT, 8).lanes(), "sin, cos");
    }

    @Test
    void rattleComputesItsParameterValuesBeforeTheStepLoop() {
        // 1/m, 1/l^2, h/m and the coefficients StepProgram.lean collected, once per kernel call; in the
        // loop the update reads the state alone and divides 3 times (4ac/b^2 under the root, lambda, mu), as the loop of
        // benchmarks/c/roofline.c divides twice and takes a copysign
        String text = source("spherical-pendulum", "rattle", 8).text();
        int kernel = text.indexOf("static void step_ticks"), loop = text.indexOf("for (long k = 0", kernel);
        String before = text.substring(kernel, loop), step = text.substring(loop, text.indexOf("const mask moving", loop));
        assertTrue(before.contains("1.0 / p["), before);
        assertFalse(step.contains("p["), step);
        assertEquals(3, step.split(" / ", -1).length - 1, step);
    }
}
