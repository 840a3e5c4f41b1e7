package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.method.StateLayout;
import org.geomech.model.InputException;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

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

    /** Members per parallel block. */
    private static final int BLOCK = 4096;
    /** Spacing of the members' random seeds (the 64-bit golden ratio, as SplittableRandom uses). */
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** J = max(N - 1, 1) of the initial values, under a name no model can use, so a model may have its own J. */
    private static final Expr ENSEMBLE_J = Expr.sym("$J");

    private final MechanicalSystem sys;
    private final List<Expr> q0, v0;

    public InitialStates(MechanicalSystem sys, List<String> q0, List<String> v0) {
        this.sys = sys;
        int n = sys.dimension();
        if (q0.size() != n) throw new InputException("initial positions: model " + sys.name() + " has " + n + " coordinates, " + q0.size() + " values given");
        if (v0.size() != n) throw new InputException("initial velocities: model " + sys.name() + " has " + n + " coordinates, " + v0.size() + " values given");
        Map<String, Expr> known = new HashMap<>();
        known.put("j", Expr.sym("j"));
        known.put("N", Expr.sym("N"));
        known.put("J", ENSEMBLE_J);   // unless the model has a parameter J, which then wins
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

    /** The default initial positions and velocities of a built-in system (at its default structure). */
    public static InitialStates defaults(MechanicalSystem sys) {
        Library.Entry e = Library.entry(sys.name());
        return new InitialStates(sys, e.q0(Map.of()), e.v0(Map.of()));
    }

    /** Fills the state (q, v, p, multipliers) of every member, in parallel blocks; the result does not depend on the scheduling. */
    public Report fill(EnsembleState state, double[] modelParams, Perturbation perturbation) {
        return fill(state, 0, state.members(), modelParams, perturbation);
    }

    /**
     * Fills a slice of an ensemble of total members: member j of state is member first + j of the ensemble, and gets
     * bitwise the state fill gives it in the whole ensemble (slabs streamed through memory, Spark partitions).
     */
    public Report fill(EnsembleState state, long first, long total, double[] modelParams, Perturbation perturbation) {
        StateLayout layout = state.layout();
        int members = state.members(), blocks = (members + BLOCK - 1) / BLOCK;
        List<Expr> inputs = new ArrayList<>(List.of(Expr.sym("j"), Expr.sym("N"), ENSEMBLE_J));
        inputs.addAll(sys.parameterSymbols());
        List<Expr> outputs = new ArrayList<>(q0);
        outputs.addAll(v0);
        Tape tape = Tape.compile(inputs, outputs);
        ThreadLocal<Filler> fillers = ThreadLocal.withInitial(() -> new Filler(tape.copy(), new ConsistentState(sys), modelParams, perturbation));
        if (fillers.get().consistent.multipliers() > layout.multipliers())
            throw new IllegalStateException("layout carries " + layout.multipliers() + " multipliers, system has " + fillers.get().consistent.multipliers());
        double[][] moved = new double[blocks][2];
        InputException[] errors = new InputException[blocks];
        IntStream.range(0, blocks).parallel().forEach(b -> {
            try {
                fillers.get().fill(state, b * BLOCK, Math.min(members, (b + 1) * BLOCK), first, total, moved[b]);
            } catch (InputException e) {
                errors[b] = e;
            }
        });
        double movedQ = 0, movedV = 0;
        for (int b = 0; b < blocks; b++) {
            if (errors[b] != null) throw errors[b];   // the lowest failing member, whatever the scheduling
            movedQ = Math.max(movedQ, moved[b][0]);
            movedV = Math.max(movedV, moved[b][1]);
        }
        return new Report(movedQ, movedV);
    }

    /** One thread's evaluation of the initial-value expressions and consistency projection, member by member. */
    private final class Filler {
        private final Tape tape;
        private final ConsistentState consistent;
        private final double[] modelParams, in, qv, q, v, p, lambda;
        private final Perturbation perturbation;

        Filler(Tape tape, ConsistentState consistent, double[] modelParams, Perturbation perturbation) {
            int n = sys.dimension();
            this.tape = tape;
            this.consistent = consistent;
            this.modelParams = modelParams;
            this.perturbation = perturbation;
            this.in = new double[3 + modelParams.length];
            this.qv = new double[2 * n];
            this.q = new double[n];
            this.v = new double[n];
            this.p = new double[n];
            this.lambda = new double[consistent.multipliers()];
            System.arraycopy(modelParams, 0, in, 3, modelParams.length);
        }

        // members from..to-1 of the state, first + from .. of the ensemble of total; moved receives the largest position and velocity moves
        void fill(EnsembleState state, int from, int to, long first, long total, double[] moved) {
            StateLayout layout = state.layout();
            int n = sys.dimension();
            for (int local = from; local < to; local++) {
                long j = first + local;
                in[0] = j;
                in[1] = total;
                in[2] = Math.max(total - 1, 1);
                tape.eval(in, qv);
                // each member draws from its own stream, so the draws do not depend on the scheduling
                SplittableRandom random = perturbation == null ? null : new SplittableRandom(perturbation.seed() + GOLDEN * j);
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
                    moved[0] = Math.max(moved[0], Math.abs(q[i] - qGiven[i]));
                    moved[1] = Math.max(moved[1], Math.abs(v[i] - vGiven[i]));
                    state.set(layout.qOffset() + i, local, q[i]);
                    state.set(layout.vOffset() + i, local, v[i]);
                    state.set(layout.pOffset() + i, local, p[i]);
                }
                // a method may carry more multipliers than the constraints (004's gamma): those extra ones start at 0
                for (int a = 0; a < layout.multipliers(); a++) state.set(layout.lambdaOffset() + a, local, a < lambda.length ? lambda[a] : 0.0);
            }
        }
    }

    // Box-Muller; two uniform draws per normal keep the stream simple and reproducible
    private static double gaussian(SplittableRandom r) {
        double u = 1.0 - r.nextDouble(), w = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    }
}
