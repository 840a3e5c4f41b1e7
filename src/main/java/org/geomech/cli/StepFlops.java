package org.geomech.cli;

import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.List;

/**
 * Floating-point operations of one member-step, apart as a Newton step spends them, counted from the step's instruction
 * lists (Tape: what the reference backend and the simd backend's lane tapes run; the simd backend's generated code finds
 * common subexpressions in another order, within 1 % of these; a function call counts as one): the guess and update once a step; the Jacobian and its LU factorisation (2k^3/3 for k
 * unknowns) once a factorisation; the residual and one solve with the factors (2k^2) once an iteration. A straight-line
 * step is its update alone.
 *
 * @param guessAndUpdate the guess and the update (of a straight-line step: the step, the parameters' values apart)
 * @param residual       the residual
 * @param jacobian       the Jacobian
 * @param factorisation  the LU factorisation of the Jacobian
 * @param solve          one forward and back substitution
 */
record StepFlops(long guessAndUpdate, long residual, long jacobian, long factorisation, long solve) {
    static StepFlops of(StepSystem s) {
        List<Expr> stateParams = new ArrayList<>(s.state());
        stateParams.addAll(s.params());
        if (s.unknowns().isEmpty()) return new StepFlops(JavaEmitter.flops(stateParams, s.stepInvariant(), s.update()).each(), 0, 0, 0, 0);
        List<Expr> all = new ArrayList<>(stateParams);
        all.addAll(s.unknowns());
        List<Expr> jacobian = new ArrayList<>();
        for (Expr[] row : s.jacobian()) jacobian.addAll(List.of(row));
        long k = s.unknowns().size();
        return new StepFlops(Tape.compile(stateParams, s.guess()).flops() + Tape.compile(all, s.update()).flops(), Tape.compile(all, s.residuals()).flops(),
                Tape.compile(all, jacobian).flops(), 2 * k * k * k / 3, 2 * k * k);
    }

    /** A full Newton iteration: residual, Jacobian, factorisation and solve (Backend.Compiled.flopsPerStep's second count). */
    long perIteration() { return residual + jacobian + factorisation + solve; }

    /**
     * Flops per member-step of a run that made these Newton iterations and Jacobian factorisations per member-step (a run's
     * summary.json: newton_iterations and jacobian_factorisations over member_steps).
     */
    double perMemberStep(double iterations, double factorisations) {
        return guessAndUpdate + factorisations * (jacobian + factorisation) + iterations * (residual + solve);
    }
}
