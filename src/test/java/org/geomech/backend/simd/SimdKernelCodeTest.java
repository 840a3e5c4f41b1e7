package org.geomech.backend.simd;

import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.expr.VectorEmitter;
import org.geomech.ensemble.Observers;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.geomech.expr.Expr.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** VectorEmitter's code, compiled and loaded as the backend does, against the reference's tapes lane by lane. */
class SimdKernelCodeTest {
    private static final Expr X = sym("x"), Y = sym("y"), Z = sym("z");
    private static final List<Expr> INPUTS = List.of(X, Y, Z);
    private static final int LANES = LaneStepper.LANES;

    @Test
    void everyOperationIsBitwiseTheTapes() {
        // the vector dialect keeps Tape.eval's operation sequence (a - b, powi's squarings, Math per lane), so
        // each lane equals the tape exactly; outputs cover every operation, constants, inputs and infinity
        Expr shared = mul(add(X, Y), sin(Z));
        List<Expr> outputs = new ArrayList<>(List.of(
                add(X, Y), sub(X, Y), mul(X, Z), div(X, Y), neg(mul(X, Y)), sub(num(2.5), X),
                pow(X, 2), pow(Y, 3), pow(add(X, Z), 5), pow(Y, -3), pow(Y, 64), pow(Y, 65), pow(Y, num(2.5)), pow(Y, neg(Z)),
                sqrt(Y), sin(X), cos(X), tan(X), exp(Z), log(Y), atan2(X, Z), atan2(neg(X), Y),
                shared, mul(shared, shared), add(shared, pow(shared, 2)), num(-0.75), Z, mul(num(Double.POSITIVE_INFINITY), Y)));
        check(outputs, 1);
    }

    @Test
    void longProgramsSplitAcrossMethodsAgree() {
        // 600 outputs of a chain whose temporaries are read far from where they are computed: methods of at most
        // KernelSource.CALLS_PER_METHOD calls pass them through the scratch array
        List<Expr> outputs = new ArrayList<>();
        Expr chain = X;
        for (int k = 0; k < 600; k++) {
            chain = add(mul(chain, num(0.5)), sin(add(Y, num(k))));
            outputs.add(k % 3 == 0 ? mul(chain, outputs.isEmpty() ? Z : outputs.get(k / 2)) : chain);
        }
        check(outputs, 20);
    }

    private static void check(List<Expr> outputs, int leastMethods) {
        VectorEmitter.Program program = VectorEmitter.emit("observe_", "double[] s, double[] p, double[] x, double[] o, double[] w", "s, p, x, o, w",
                "w", LANES, KernelSource.CALLS_PER_METHOD, INPUTS, j -> "s, " + j * LANES, outputs, i -> "o, " + i * LANES);
        assertTrue(program.calls().split("\n").length >= leastMethods, "split into at least " + leastMethods + " methods");
        assertEquals(JavaEmitter.flops(INPUTS, outputs), program.flops(), "flops as JavaEmitter counts them");
        String empty = "(double[] s, double[] p, double[] x, double[] o, double[] w) {}\n";
        String text = "import jdk.incubator.vector.DoubleVector;\nimport jdk.incubator.vector.VectorOperators;\nimport jdk.incubator.vector.VectorSpecies;\n"
                + "public final class " + KernelSource.CLASS + " implements " + SimdKernel.class.getName() + " {\n"
                + "private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;\n"
                + "public void guess" + empty + "public void residual" + empty + "public void jacobian" + empty + "public void update" + empty
                + "public void observe(double[] s, double[] p, double[] x, double[] o, double[] w) {\n" + program.calls() + "}\n"
                + program.methods() + "}\n";
        SimdKernel kernel = KernelCompiler.load(new KernelSource(text, program.scratch(), 0, 0, 0, 0));
        Random random = new Random(11);
        double[] s = new double[3 * LANES], o = new double[outputs.size() * LANES], w = new double[program.scratch()];
        for (int l = 0; l < LANES; l++) {
            s[l] = random.nextDouble() * 4 - 2;
            s[LANES + l] = 0.1 + random.nextDouble();
            s[2 * LANES + l] = random.nextDouble() * 4 - 2;
        }
        kernel.observe(s, new double[0], new double[0], o, w);
        Tape tape = Tape.compile(INPUTS, outputs);
        double[] in = new double[3], expected = new double[outputs.size()];
        for (int l = 0; l < LANES; l++) {
            for (int j = 0; j < 3; j++) in[j] = s[j * LANES + l];
            tape.eval(in, expected);
            for (int i = 0; i < outputs.size(); i++)
                assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(o[i * LANES + l]), "output " + i + " (" + outputs.get(i) + "), lane " + l);
        }
    }

    @Test
    void rattleStepLoopReadsTheStateAlone() {
        // The values of h, m, l and g alone are hoisted out of the step loop (inputs a0..a9 are the state,
        // a10..a13 the parameters); per step the loop divides 3 times, as the C loop of benchmarks/c/roofline.c 2 and a copysign
        MechanicalSystem sys = Library.system("spherical-pendulum");
        String text = StepKernelSource.of(Methods.parse("rattle").build(sys), Observers.standard(sys), LANES).text();
        int loop = text.indexOf("for (int k = 0; k < steps; k++)");
        String before = text.substring(0, loop), step = text.substring(loop, text.indexOf("check = check.add(", loop));
        assertTrue(before.contains(".div(a11)"), before);
        assertFalse(Pattern.compile("\\ba1[0-3]\\b").matcher(step).find(), step);
        assertEquals(3, step.split("\\.div\\(", -1).length - 1, step);
        // the backend reports that loop's flops per member-step, as describe counts them (without the hoisted values)
        StepSystem rattle = Methods.parse("rattle").build(sys);
        List<Expr> in = new ArrayList<>(rattle.state());
        in.addAll(rattle.params());
        assertEquals(JavaEmitter.flops(in, rattle.stepInvariant(), rattle.update()).each(),
                new SimdBackend().compile(rattle, Observers.standard(sys), NewtonOptions.DEFAULT).flopsPerStep()[0]);
    }
}
