package org.geomech.study.paper000;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.Iteration;
import org.geomech.solve.Newton;
import org.geomech.solve.NonlinearSystem;

import java.util.ArrayList;
import java.util.List;

/**
 * The asymptotic contraction factor of 000's chord iteration (sec. 4.4) x &lt;- x - M^-1 F(x) on one step of SP from the spec's
 * initial state: the spectral radius of I - M^-1 dF/dx at the step's Newton solution, M the iteration matrix of the chord
 * form (corrected, as printed, or one typo fixed), from the same step system every backend runs. Above 1 the iteration diverges.
 */
public final class ChordContraction {
    private final Tape guess, residual, jacobian, chordMatrix;
    private final double[] state, modelParams;
    private final StepSystem step;
    private final int k;

    /** The contraction of the chord iteration chord of method on 000's spherical pendulum. */
    public ChordContraction(String method, Iteration chord) {
        MechanicalSystem sys = Paper000.sphericalPendulum();
        Stepper stepper = new Stepper(sys, Methods.parse(method), Paper000.sphericalParams());
        state = stepper.initial(Paper000.sphericalInitial(sys));
        modelParams = Paper000.sphericalParams();
        step = stepper.stepSystem().solvedBy(chord);     // the chord form: its own unknowns, its iteration matrix as jacobian()
        k = step.unknowns().size();
        List<Expr> stateParams = new ArrayList<>(step.state());
        stateParams.addAll(step.params());
        List<Expr> all = new ArrayList<>(stateParams);
        all.addAll(step.unknowns());
        guess = Tape.compile(stateParams, step.guess());
        residual = Tape.compile(all, step.residuals());
        jacobian = Tape.compile(all, flat(Derivative.jacobian(step.residuals(), step.unknowns())));
        chordMatrix = Tape.compile(all, flat(step.jacobian()));
    }

    /** rho(I - M^-1 J) at the Newton solution of the step of size h; NaN where Newton fails there. */
    public double at(double h) {
        double[] params = step.paramValues(h, modelParams);
        double[] in = new double[state.length + params.length + k];
        System.arraycopy(state, 0, in, 0, state.length);
        System.arraycopy(params, 0, in, state.length, params.length);
        double[] x = new double[k];
        guess.eval(in, x);
        NonlinearSystem f = new NonlinearSystem() {
            @Override public int size() { return k; }
            @Override public void residual(double[] xs, double[] out) { residual.eval(at(in, xs), out); }
            @Override public void jacobian(double[] xs, double[] out) { jacobian.eval(at(in, xs), out); }
        };
        if (new Newton(f, Paper000.TIGHT, false).solve(x) != Newton.Outcome.CONVERGED) return Double.NaN;
        DMatrixRMaj j = new DMatrixRMaj(k, k), m = new DMatrixRMaj(k, k), iteration = new DMatrixRMaj(k, k);
        jacobian.eval(at(in, x), j.data);
        chordMatrix.eval(at(in, x), m.data);
        if (!CommonOps_DDRM.solve(m, j, iteration)) return Double.NaN;
        CommonOps_DDRM.scale(-1, iteration);
        for (int i = 0; i < k; i++) iteration.add(i, i, 1);                 // I - M^-1 J
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, false);
        if (!eig.decompose(iteration)) return Double.NaN;
        double rho = 0;
        for (int i = 0; i < k; i++) rho = Math.max(rho, eig.getEigenvalue(i).getMagnitude());
        return rho;
    }

    /** The step size in [lo, hi] where the contraction factor reaches 1 (bisection to 1e-3), given rho(lo) &lt; 1 &lt; rho(hi). */
    public double limit(double lo, double hi) {
        while (hi - lo > 1e-3) {
            double mid = 0.5 * (lo + hi), rho = at(mid);
            if (rho < 1) lo = mid;
            else hi = mid;
        }
        return 0.5 * (lo + hi);
    }

    private double[] at(double[] in, double[] x) {
        System.arraycopy(x, 0, in, in.length - k, k);
        return in;
    }

    private static List<Expr> flat(Expr[][] m) {
        List<Expr> out = new ArrayList<>();
        for (Expr[] row : m) out.addAll(List.of(row));
        return out;
    }
}
