package org.geomech.backend.simd;

import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.expr.VectorEmitter;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.List;

/**
 * The Java source of a SimdKernel for a step system and its observers: VectorEmitter's methods for the guess,
 * residual, Jacobian, update and observers, and the floating-point operations each performs per member.
 */
record KernelSource(String text, int scratch, int guessFlops, int residualFlops, int jacobianFlops, int updateFlops) {
    static final String CLASS = "GeneratedSimdKernel";

    /**
     * Vector API calls per generated method: C1 gives up on much longer ones (out of virtual registers), which
     * can leave a method interpreted; far below HotSpot's 8000-bytecode JIT limit.
     */
    static final int CALLS_PER_METHOD = 100;

    private static final String PARAMETERS = "double[] s, double[] p, double[] x, double[] o, double[] w";
    private static final String ARGUMENTS = "s, p, x, o, w";

    static KernelSource of(StepSystem system, List<Observer> observers, int lanes) {
        int stateSize = system.state().size(), paramCount = system.params().size();
        List<Expr> inputs = new ArrayList<>(system.state());
        inputs.addAll(system.params());
        inputs.addAll(system.unknowns());
        List<Expr> jacobian = new ArrayList<>();
        for (Expr[] row : system.jacobian()) jacobian.addAll(List.of(row));
        List<Expr> observed = new ArrayList<>();
        for (Observer o : observers) observed.add(o.expression());
        List<Expr> stateParams = inputs.subList(0, stateSize + paramCount);
        String[] names = {"guess", "residual", "jacobian", "update", "observe"};
        List<List<Expr>> outputs = List.of(system.guess(), system.residuals(), jacobian, system.update(), observed);
        StringBuilder methods = new StringBuilder(), interfaceMethods = new StringBuilder();
        int scratch = 0;
        int[] flops = new int[names.length];
        for (int k = 0; k < names.length; k++) {
            List<Expr> in = k == 0 || k == 4 ? stateParams : inputs;
            VectorEmitter.Program program = VectorEmitter.emit(names[k] + "_", PARAMETERS, ARGUMENTS, "w", lanes, CALLS_PER_METHOD,
                    in, j -> location(j, stateSize, paramCount, lanes), outputs.get(k), i -> "o, " + i * lanes);
            methods.append(program.methods());
            interfaceMethods.append("@Override public void ").append(names[k]).append('(').append(PARAMETERS).append(") {\n")
                    .append(program.calls()).append("}\n");
            scratch = Math.max(scratch, program.scratch());
            flops[k] = program.flops();
        }
        String text = "import jdk.incubator.vector.DoubleVector;\n"
                + "import jdk.incubator.vector.VectorOperators;\n"
                + "import jdk.incubator.vector.VectorSpecies;\n\n"
                + "// " + system.method() + " on " + system.model().name() + ", " + lanes + " lanes\n"
                + "public final class " + CLASS + " implements " + SimdKernel.class.getName() + " {\n"
                + "private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;\n"
                + interfaceMethods + methods + "}\n";
        return new KernelSource(text, scratch, flops[0], flops[1], flops[2], flops[3]);
    }

    /** Input j of (state, params, unknowns) in its lane-block array. */
    private static String location(int j, int stateSize, int paramCount, int lanes) {
        if (j < stateSize) return "s, " + j * lanes;
        if (j < stateSize + paramCount) return "p, " + (j - stateSize) * lanes;
        return "x, " + (j - stateSize - paramCount) * lanes;
    }
}
