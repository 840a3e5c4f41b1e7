package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.method.StateLayout;
import org.geomech.model.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Initial conditions of an ensemble: q and v as expressions of the member index j, the member count N,
 * J = max(N - 1, 1) and the parameters, plus optional seeded normal perturbations; every member is then
 * made consistent (ConsistentState) and the largest move is reported. Multipliers a method carries beyond the
 * constraint count (the velocity-level gamma of 004's GGL methods) start at 0, their exact value.
 */
public final class InitialStates {
    /** Standard deviations of seeded normal draws added to each q and v component (zero: none). */
    public record Perturbation(long seed, double[] sigmaQ, double[] sigmaV) {}

    /** How far consistency moved the given initial values (largest over members, infinity norm). */
    public record Report(double maxPositionMove, double maxVelocityMove) {}

    private final MechanicalSystem sys;
    private final List<Expr> q0, v0;

    public InitialStates(MechanicalSystem sys, List<String> q0, List<String> v0) {
        this.sys = sys;
        int n = sys.dimension();
        if (q0.size() != n) throw new InputException("initial positions: model " + sys.name() + " has " + n + " coordinates, " + q0.size() + " values given");
        if (v0.size() != n) throw new InputException("initial velocities: model " + sys.name() + " has " + n + " coordinates, " + v0.size() + " values given");
        Map<String, Expr> known = new HashMap<>();
        for (String s : List.of("j", "N", "J")) known.put(s, Expr.sym(s));
        for (Expr p : sys.parameterSymbols()) known.put(p.name(), p);
        this.q0 = parse("initial position", q0, known);
        this.v0 = parse("initial velocity", v0, known);
    }

    private List<Expr> parse(String what, List<String> texts, Map<String, Expr> known) {
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            try {
                out.add(Parser.parse(texts.get(i), known::get));
            } catch (ParseException | ArithmeticException e) {
                throw new InputException(what + " of " + sys.coordinateNames().get(i) + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** Fills the state (q, v, p, multipliers) of every member. */
    public Report fill(EnsembleState state, double[] modelParams, Perturbation perturbation) {
        StateLayout layout = state.layout();
        int n = sys.dimension(), members = state.members();
        List<Expr> inputs = new ArrayList<>(List.of(Expr.sym("j"), Expr.sym("N"), Expr.sym("J")));
        inputs.addAll(sys.parameterSymbols());
        List<Expr> outputs = new ArrayList<>(q0);
        outputs.addAll(v0);
        Tape tape = Tape.compile(inputs, outputs);
        ConsistentState consistent = new ConsistentState(sys);
        // a method may carry more multipliers than the constraints (004's gamma): those extra ones start at 0
        if (consistent.multipliers() > layout.multipliers())
            throw new IllegalStateException("layout carries " + layout.multipliers() + " multipliers, system has " + consistent.multipliers());
        double[] in = new double[3 + modelParams.length], qv = new double[2 * n];
        double[] q = new double[n], v = new double[n], p = new double[n], lambda = new double[consistent.multipliers()];
        System.arraycopy(modelParams, 0, in, 3, modelParams.length);
        SplittableRandom random = perturbation == null ? null : new SplittableRandom(perturbation.seed());
        double movedQ = 0, movedV = 0;
        for (int j = 0; j < members; j++) {
            in[0] = j;
            in[1] = members;
            in[2] = Math.max(members - 1, 1);
            tape.eval(in, qv);
            for (int i = 0; i < n; i++) {
                q[i] = qv[i] + (random == null ? 0 : perturbation.sigmaQ()[i] * gaussian(random));
                v[i] = qv[n + i] + (random == null ? 0 : perturbation.sigmaV()[i] * gaussian(random));
            }
            for (int i = 0; i < n; i++) {
                if (!Double.isFinite(q[i])) throw new InputException("initial value of " + sys.coordinateNames().get(i) + " for member " + j + " is not finite (" + q[i] + ")");
                if (!Double.isFinite(v[i])) throw new InputException("initial value of dot(" + sys.coordinateNames().get(i) + ") for member " + j + " is not finite (" + v[i] + ")");
            }
            double[] qGiven = q.clone(), vGiven = v.clone();
            if (!consistent.apply(q, v, modelParams, p, lambda))
                throw new InputException("initial state of member " + j + " cannot be made consistent with the constraints of " + sys.name()
                        + " (projection failed or constraints dependent there)");
            for (int i = 0; i < n; i++) {
                movedQ = Math.max(movedQ, Math.abs(q[i] - qGiven[i]));
                movedV = Math.max(movedV, Math.abs(v[i] - vGiven[i]));
                state.set(layout.qOffset() + i, j, q[i]);
                state.set(layout.vOffset() + i, j, v[i]);
                state.set(layout.pOffset() + i, j, p[i]);
            }
            for (int a = 0; a < layout.multipliers(); a++) state.set(layout.lambdaOffset() + a, j, a < lambda.length ? lambda[a] : 0.0);
        }
        return new Report(movedQ, movedV);
    }

    // Box-Muller; two uniform draws per normal keep the stream simple and reproducible
    private static double gaussian(SplittableRandom r) {
        double u = 1.0 - r.nextDouble(), w = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    }
}
