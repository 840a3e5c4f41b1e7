package org.geomech.study.certify;

import org.geomech.InputException;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.lie.RetractionKind;
import org.geomech.method.StateLayout;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An initial state and its neighbours along each direction of its chart, made consistent as every run's members are: member 0
 * is the state, members 2k + 1 and 2k + 2 are moved by +eps and -eps along direction k. In coordinates the directions are
 * q_i and v_i (the consistency projection takes them onto the constraint manifold); on a group g tau(+-eps e_k) with tau the
 * Cayley map (staying on the group) and the velocities.
 */
final class Probe {
    private final Model model;
    private final double[] q0, v0, modelParams;

    Probe(Model model, List<String> q0, List<String> v0, double[] modelParams) {
        this.model = model;
        this.modelParams = modelParams.clone();
        this.q0 = values(model, q0, modelParams);
        this.v0 = values(model, v0, modelParams);
    }

    /** Directions of the chart: position directions (entries or algebra directions), then velocities. */
    int directions() { return positionDirections() + v0.length; }

    private int positionDirections() { return model instanceof LieGroupSystem lie ? lie.dimension() : q0.length; }

    /** The state and its neighbours along the first count directions, consistent, in layout. */
    EnsembleState ensemble(StateLayout layout, double eps, int count) {
        int members = 1 + 2 * count;
        double[][] q = new double[members][], v = new double[members][];
        q[0] = q0;
        v[0] = v0;
        Tape moved = model instanceof LieGroupSystem lie ? cayleyMove(lie) : null;
        for (int k = 0; k < count; k++)
            for (int sign = 0; sign < 2; sign++) {
                double s = sign == 0 ? eps : -eps;
                int j = 1 + 2 * k + sign;
                q[j] = q0.clone();
                v[j] = v0.clone();
                if (k >= positionDirections()) v[j][k - positionDirections()] += s;
                else if (moved == null) q[j][k] += s;
                else {
                    double[] in = new double[q0.length + positionDirections()];
                    System.arraycopy(q0, 0, in, 0, q0.length);
                    in[q0.length + k] = s;
                    moved.eval(in, q[j]);
                }
            }
        EnsembleState state = new EnsembleState(layout, members);
        new InitialStates(model, q, v).fill(state, modelParams, null);
        return state;
    }

    // g tau(xi) with tau the Cayley map, inputs g's entries then xi
    private static Tape cayleyMove(LieGroupSystem lie) {
        List<Expr> xi = new ArrayList<>();
        for (int k = 0; k < lie.dimension(); k++) xi.add(Expr.sym("$probe" + k));
        List<Expr> in = new ArrayList<>(lie.g());
        in.addAll(xi);
        return Tape.compile(in, lie.group().multiply(lie.g(), lie.group().retract(RetractionKind.CAY, xi)));
    }

    // initial-value expressions of one member (j = 0, N = 1) in the model's parameters
    private static double[] values(Model model, List<String> texts, double[] modelParams) {
        Map<String, Expr> known = new HashMap<>();
        known.put("j", Expr.ZERO);
        known.put("N", Expr.ONE);
        known.put("J", Expr.ONE);
        for (Expr p : model.parameterSymbols()) known.put(p.name(), p);
        List<Expr> exprs = new ArrayList<>();
        for (String t : texts) {
            try {
                exprs.add(Parser.parse(t, known::get));
            } catch (ParseException | ArithmeticException e) {
                throw new InputException("initial value '" + t + "': " + e.getMessage(), e);
            }
        }
        double[] out = new double[exprs.size()];
        Tape.compile(model.parameterSymbols(), exprs).eval(modelParams, out);
        return out;
    }
}
