package org.geomech.model;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The derived quantities of every built-in system agree with central differences at random points. */
class SymbolicDerivativesTest {
    static List<String> models() { return Library.names(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void derivedQuantitiesMatchCentralDifferences(String model) {
        MechanicalSystem sys = Library.system(model);
        int n = sys.dimension();
        List<Expr> inputs = new ArrayList<>(sys.q());
        inputs.addAll(sys.v());
        inputs.addAll(sys.parameterSymbols());
        double[] params = sys.parameterValues();
        List<Expr> scalars = new ArrayList<>(List.of(sys.lagrangian()));
        scalars.addAll(sys.holonomic());
        scalars.addAll(sys.nonholonomic());
        scalars.addAll(sys.momenta());
        Tape f = Tape.compile(inputs, scalars);
        List<Expr> derived = new ArrayList<>();
        derived.addAll(sys.momenta());                                       // dL/dv
        derived.addAll(sys.force());                                         // dL/dq
        for (Expr[] row : sys.holonomicJacobian()) derived.addAll(List.of(row));   // dg/dq
        for (Expr[] row : sys.nonholonomicMatrix()) derived.addAll(List.of(row));  // dPhi/dv
        for (Expr[] row : sys.kineticMetric()) derived.addAll(List.of(row));       // d^2L/dv^2
        Tape d = Tape.compile(inputs, derived);

        Random random = new Random(20261122L + model.hashCode());
        double worst = 0;
        for (int trial = 0; trial < 20; trial++) {
            double[] x = new double[inputs.size()];
            for (int i = 0; i < 2 * n; i++) x[i] = random.nextDouble() * 2 - 1;
            System.arraycopy(params, 0, x, 2 * n, params.length);
            double[] exact = new double[derived.size()];
            d.eval(x, exact);
            double[] fd = numeric(f, x, n, sys.holonomicCount(), sys.nonholonomicCount());
            for (int i = 0; i < exact.length; i++) {
                double err = Math.abs(exact[i] - fd[i]) / Math.max(1, Math.abs(exact[i]));
                worst = Math.max(worst, err);
            }
        }
        assertTrue(worst < 1e-7, model + ": worst relative error " + worst);
    }

    /** The same quantities by central differences of L, g, Phi and p. */
    private static double[] numeric(Tape f, double[] x, int n, int mh, int mn) {
        int outs = f.outputCount();
        List<Double> out = new ArrayList<>();
        double[][] dv = new double[n][], dq = new double[n][];
        for (int i = 0; i < n; i++) { dq[i] = central(f, x, i, outs); dv[i] = central(f, x, n + i, outs); }
        for (int i = 0; i < n; i++) out.add(dv[i][0]);
        for (int i = 0; i < n; i++) out.add(dq[i][0]);
        for (int a = 0; a < mh; a++) for (int i = 0; i < n; i++) out.add(dq[i][1 + a]);
        for (int a = 0; a < mn; a++) for (int i = 0; i < n; i++) out.add(dv[i][1 + mh + a]);
        for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) out.add(dv[c][1 + mh + mn + r]);
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] central(Tape f, double[] x, int i, int outs) {
        double step = 1e-5 * Math.max(1, Math.abs(x[i]));
        double[] plus = x.clone(), minus = x.clone(), a = new double[outs], b = new double[outs], r = new double[outs];
        plus[i] += step;
        minus[i] -= step;
        f.eval(plus, a);
        f.eval(minus, b);
        for (int k = 0; k < outs; k++) r[k] = (a[k] - b[k]) / (2 * step);
        return r;
    }
}
