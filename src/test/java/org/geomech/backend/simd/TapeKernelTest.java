package org.geomech.backend.simd;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieLibrary;
import org.geomech.model.Library;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lane-tape kernel (large Newton systems on simd): every lane of its residual and Jacobian is bitwise the
 * reference tape's value at that lane's inputs, and reusing dead registers keeps its scratch a small fraction of
 * the program.
 */
class TapeKernelTest {
    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"ggl-em, heavy-top", "lobatto-lie-nh:2, turntable-ball", "lobatto-nh:3, chaotic-nh"})
    void everyLaneIsTheReferenceTapesValue(String method, String model) {
        StepSystem step = Methods.parse(method).build(LieLibrary.has(model) ? LieLibrary.system(model) : Library.system(model));
        int lanes = LaneStepper.LANES, ns = step.state().size(), np = step.params().size(), nu = step.unknowns().size();
        TapeKernel kernel = new TapeKernel(step, List.of(), lanes);
        List<Expr> inputs = new ArrayList<>(step.state());
        inputs.addAll(step.params());
        inputs.addAll(step.unknowns());
        List<Expr> jacobian = new ArrayList<>();
        for (Expr[] row : step.jacobian()) jacobian.addAll(List.of(row));
        Tape residual = Tape.compile(inputs, step.residuals()), jac = Tape.compile(inputs, jacobian);
        SplittableRandom random = new SplittableRandom(11);
        double[] s = new double[ns * lanes], p = new double[np * lanes], x = new double[nu * lanes];
        for (double[] a : List.of(s, p, x)) for (int i = 0; i < a.length; i++) a[i] = 0.5 + random.nextDouble();
        double[] w = new double[kernel.scratch()], f = new double[nu * lanes], j = new double[nu * nu * lanes];
        kernel.residual(s, p, x, f, w);
        kernel.jacobian(s, p, x, j, w);
        double[] in = new double[inputs.size()], fRef = new double[nu], jRef = new double[nu * nu];
        for (int l = 0; l < lanes; l++) {
            for (int k = 0; k < ns; k++) in[k] = s[k * lanes + l];
            for (int k = 0; k < np; k++) in[ns + k] = p[k * lanes + l];
            for (int k = 0; k < nu; k++) in[ns + np + k] = x[k * lanes + l];
            residual.eval(in, fRef);
            jac.eval(in, jRef);
            for (int i = 0; i < nu; i++) assertEquals(fRef[i], f[i * lanes + l], 0.0, "residual " + i + ", lane " + l);
            for (int i = 0; i < nu * nu; i++) assertEquals(jRef[i], j[i * lanes + l], 0.0, "Jacobian entry " + i + ", lane " + l);
        }
        // registers: the inputs, the outputs (alive to the end) and the temporaries alive at once, against one register
        // per operation in Tape: the temporaries take at most a quarter of the Jacobian's operations
        int registers = kernel.scratch() / lanes, operations = jac.flops(), temporaries = registers - inputs.size() - nu * nu;
        assertTrue(temporaries < operations / 4, registers + " registers (" + temporaries + " beyond inputs and outputs) for " + operations + " Jacobian operations");
    }
}
