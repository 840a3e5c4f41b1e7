package org.geomech.backend.simd;

import org.geomech.solve.NewtonOptions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java source of a SimdNewtonKernel for k unknowns: one simplified-Newton iteration as
 * straight-line Vector API code, the solve with the LU of EJML's LUDecompositionAlt_DDRM on rows in their pivot order
 * (its forward pass with the first-nonzero rule, LUDecompositionBase_DDRM._solveVectorInternal, then
 * TriangularSolver_DDRM.solveU) followed by Newton.solve's tests, so every lane is bitwise the reference's member.
 * The code is cut into methods of about CALLS Vector API calls (C1 compiles no larger ones, and a method C1 cannot
 * compile waits long for C2); within a method the values are locals, between methods they are in the arrays.
 */
record NewtonKernelSource(String text, String className) {
    /** Most unknowns for which the kernel is generated: its code grows as k^2. */
    static final int MOST_UNKNOWNS = 12;
    /** Vector API calls per generated method, about. */
    private static final int CALLS = 70;

    static NewtonKernelSource of(int n, boolean linear, NewtonOptions options, int lanes) {
        if (n < 1 || n > MOST_UNKNOWNS) throw new IllegalArgumentException(n + " unknowns: no unrolled Newton kernel");
        String className = "GeneratedSimdNewton";
        Methods iterate = new Methods("iterate", "double[] a, double[] f, double[] x, double[] lanes, boolean last",
                "a, f, x, lanes, last", lanes);
        solve(iterate, n);
        tests(iterate, n, linear, options);
        iterate.finish();
        String text = "import jdk.incubator.vector.DoubleVector;\n"
                + "import jdk.incubator.vector.VectorMask;\n"
                + "import jdk.incubator.vector.VectorOperators;\n"
                + "import jdk.incubator.vector.VectorSpecies;\n\n"
                + "// simplified Newton on " + n + " unknowns, " + lanes + " lanes\n"
                + "public final class " + className + " implements " + SimdNewtonKernel.class.getName() + " {\n"
                + "private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;\n"
                + iterate.method() + iterate.text()
                + "}\n";
        return new NewtonKernelSource(text, className);
    }

    /** The cell of LU entry (i, j) for n unknowns. */
    private static String entry(int n, int i, int j) { return "a:" + (i * n + j); }

    /**
     * The forward pass on the residual f in place, its entries already in the pivots' order: term j of a sum is
     * subtracted (a masked sub) once some entry up to j was nonzero (EJML's ii; lanes cell 3 + j holds 1 from there); then
     * TriangularSolver_DDRM.solveU, the sums in column order divided by the diagonal. Ends with a non-finite
     * residual (-1).
     */
    private static void solve(Methods m, int n) {
        List<String> residual = new ArrayList<>();
        for (int i = 0; i < n; i++) residual.add(m.read("f:" + i));
        m.line("if (!" + finite(m, residual) + ") return -1;");
        m.cut();
        for (int i = 0; i < n; i++) {
            String sum = m.read("f:" + i);
            for (int j = 0; j < i; j++)
                sum = m.vector(sum + ".sub(" + m.read(entry(n, i, j)) + ".mul(" + m.read("f:" + j) + "), " + m.flag("lanes:" + (3 + j)) + ")");
            m.write("f:" + i, sum);
            String nonzero = sum + ".compare(VectorOperators.NE, 0.0)";
            m.flag("lanes:" + (3 + i), i == 0 ? nonzero : m.flag("lanes:" + (2 + i)) + ".or(" + nonzero + ")");
            m.cut();
        }
        for (int i = n - 1; i >= 0; i--) {
            String sum = m.read("f:" + i);
            for (int j = i + 1; j < n; j++) sum = m.vector(sum + ".sub(" + m.read(entry(n, i, j)) + ".mul(" + m.read("f:" + j) + "))");
            m.write("f:" + i, sum + ".div(" + m.read(entry(n, i, i)) + ")");
            m.cut();
        }
    }

    /**
     * x -= dx in the lanes still iterating (lanes cell 0), their solves counted (cell 2), and Newton.solve's tests: a
     * non-finite step is a singular Jacobian; converged lanes stop; a step above stall times the previous (cell 1)
     * would turn a lane to full Newton: -1, as is an unconverged lane on the last iteration.
     */
    private static void tests(Methods m, int n, boolean linear, NewtonOptions options) {
        String active = m.mask(m.read("lanes:0") + ".compare(VectorOperators.NE, 0.0)");
        String step = "DoubleVector.zero(S)", size = step;
        for (int i = 0; i < n; i++) {
            String dx = m.read("f:" + i);
            String x = m.write("x:" + i, m.read("x:" + i) + ".sub(" + dx + ", " + active + ")");
            step = m.vector(step + ".max(" + dx + ".abs())");
            size = m.vector(size + ".max(" + x + ".abs())");
        }
        m.write("lanes:2", m.read("lanes:2") + ".add(1.0, " + active + ")");
        m.line("if (" + active + ".andNot(" + step + ".compare(VectorOperators.LE, Double.MAX_VALUE)).anyTrue()) return -1;");
        String still = m.mask(linear ? active + ".and(" + active + ".not())"
                : active + ".andNot(" + step + ".compare(VectorOperators.LE, " + size + ".add(1.0).mul(" + options.tolerance() + ")))");
        m.write("lanes:0", "DoubleVector.zero(S).blend(1.0, " + still + ")");
        String stall = Double.isInfinite(options.stall()) ? "Double.POSITIVE_INFINITY" : Double.toString(options.stall());
        String stalled = still + ".and(" + step + ".compare(VectorOperators.GT, " + m.read("lanes:1") + ".mul(" + stall + ")))";
        m.write("lanes:1", step);
        m.store();
        m.line("if (!" + still + ".anyTrue()) return 1;");
        m.line("return last || " + stalled + ".anyTrue() ? -1 : 0;");
    }

    /** Whether every lane of the values is finite: their sum times 0 is 0 (a finite sum's overflow only declines the step). */
    private static String finite(Methods m, List<String> values) {
        List<String> terms = values;
        while (terms.size() > 1) {
            List<String> next = new ArrayList<>();
            for (int k = 0; k + 1 < terms.size(); k += 2) next.add(m.vector(terms.get(k) + ".add(" + terms.get(k + 1) + ")"));
            if (terms.size() % 2 == 1) next.add(terms.get(terms.size() - 1));
            terms = next;
        }
        return terms.get(0) + ".mul(0.0).compare(VectorOperators.EQ, 0.0).allTrue()";
    }

    /**
     * Straight-line code cut into private static int methods name0, name1, ... called in turn: each but the last
     * returns PROCEED when the next is to run, else the result. Values live in cells "array:index" (a lane-block at
     * [index * lanes] of the array): a cell is loaded into a local where a method first reads it and stored at the
     * method's end if written; cut() starts a new method where the current one has CALLS Vector API calls.
     */
    private static final class Methods {
        /** What a part returns when the next part is to run: no result of SimdNewtonKernel.iterate. */
        private static final int PROCEED = 2;
        private final String name, parameters, arguments;
        private final int lanes;
        private final StringBuilder text = new StringBuilder(), body = new StringBuilder();
        private final Map<String, String> local = new LinkedHashMap<>(), written = new LinkedHashMap<>(), flags = new LinkedHashMap<>();
        private int names, calls, methods;

        Methods(String name, String parameters, String arguments, int lanes) {
            this.name = name;
            this.parameters = parameters;
            this.arguments = arguments;
            this.lanes = lanes;
        }

        void line(String s) { body.append(s).append('\n'); }

        /** The local holding cell's value in this method. */
        String read(String cell) {
            String v = local.get(cell);
            if (v != null) return v;
            v = vector("DoubleVector.fromArray(S, " + location(cell) + ")");
            local.put(cell, v);
            return v;
        }

        /** cell = value (a vector expression); returns the local now holding it. */
        String write(String cell, String value) {
            String v = vector(value);
            local.put(cell, v);
            written.put(cell, v);
            return v;
        }

        /** The mask local of the flag cell (1 where set, 0 where not) in this method. */
        String flag(String cell) {
            String v = flags.get(cell);
            if (v != null) return v;
            v = mask(read(cell) + ".compare(VectorOperators.NE, 0.0)");
            flags.put(cell, v);
            return v;
        }

        /** Flag cell = the mask expression value; returns the mask local now holding it. */
        String flag(String cell, String value) {
            String v = mask(value);
            flags.put(cell, v);
            write(cell, "DoubleVector.zero(S).blend(1.0, " + v + ")");
            return v;
        }

        /** A new final vector local holding value. */
        String vector(String value) {
            String v = "v" + names++;
            line("final DoubleVector " + v + " = " + value + ";");
            calls++;
            return v;
        }

        /** A new final mask local holding value. */
        String mask(String value) {
            String v = "m" + names++;
            line("final VectorMask<Double> " + v + " = " + value + ";");
            calls++;
            return v;
        }

        /** Stores the cells written in this method. */
        void store() {
            for (Map.Entry<String, String> e : written.entrySet()) line(e.getValue() + ".intoArray(" + location(e.getKey()) + ");");
            written.clear();
        }

        /** A point where no local but the cells' is needed later: a new method starts here if this one is full. */
        void cut() {
            if (calls < CALLS) return;
            store();
            line("return " + PROCEED + ";");
            close();
        }

        /** Ends the last method (its body has stored its cells and returned). */
        void finish() { close(); }

        private void close() {
            text.append("private static int ").append(name).append(methods++)
                    .append('(').append(parameters).append(") {\n").append(body).append("}\n");
            body.setLength(0);
            local.clear();
            flags.clear();
            calls = 0;
        }

        /** "array, offset" of a cell. */
        private String location(String cell) {
            int colon = cell.indexOf(':');
            return cell.substring(0, colon) + ", " + Integer.parseInt(cell.substring(colon + 1)) * lanes;
        }

        /** The interface method: the parts in turn, the first result other than PROCEED returned. */
        String method() {
            StringBuilder s = new StringBuilder("@Override public int " + name + "(" + parameters + ") {\n");
            s.append("int result;\n");
            for (int k = 0; k < methods - 1; k++)
                s.append("if ((result = ").append(name).append(k).append('(').append(arguments).append(")) != ").append(PROCEED).append(") return result;\n");
            return s.append("return ").append(name).append(methods - 1).append('(').append(arguments).append(");\n}\n").toString();
        }

        String text() { return text.toString(); }
    }
}
