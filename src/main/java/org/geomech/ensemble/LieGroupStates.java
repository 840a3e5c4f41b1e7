package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.StateLayout;
import org.geomech.method.TrivialisedSystem;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Initial states of a Lie group system for the blocks a method's layout has: g (the stored entries of the initial
 * element), xi (the algebra velocity) and mu (mu = D2 l(g, xi), the momentum the velocity has). An optional seeded
 * normal perturbation of xi (sigma per component, one random stream per member) makes an ensemble; g stays exactly
 * the model's element, so every member starts on the group. On a nonholonomic system xi is then projected onto the
 * constraints and the multipliers (block lambda) start at their continuous values (LieConsistentState).
 */
public final class LieGroupStates {
    private final LieGroupSystem sys;
    private final double[] element;
    private final double[] velocity;

    /** Initial states at the model's initial element and velocity. */
    public LieGroupStates(LieGroupSystem sys) { this(sys, sys.initialElement(), sys.initialVelocity()); }

    /** Initial states at the given element (its stored entries) and algebra velocity. */
    public LieGroupStates(LieGroupSystem sys, double[] element, double[] velocity) {
        this.sys = sys;
        this.element = element.clone();
        this.velocity = velocity.clone();
    }

    /** Fills every member; sigma (length = algebra dimension) may be null for identical members. */
    public void fill(EnsembleState state, double[] modelParams, long seed, double[] sigma) {
        StateLayout layout = state.layout();
        List<Expr> inputs = new ArrayList<>(sys.g());
        inputs.addAll(sys.xi());
        inputs.addAll(sys.parameterSymbols());
        Tape momentum = Tape.compile(inputs, sys.momentum());
        int d = sys.dimension();
        double[] in = new double[inputs.size()], mu = new double[d];
        System.arraycopy(element, 0, in, 0, element.length);
        System.arraycopy(modelParams, 0, in, element.length + d, modelParams.length);
        // nonholonomic systems (001 sec. 6.4): xi projected onto the constraints, mu and the continuous multipliers to match
        TrivialisedSystem trivialised = sys.nonholonomicCount() > 0 ? TrivialisedSystem.of(sys) : null;
        LieConsistentState consistent = trivialised == null ? null : new LieConsistentState(trivialised, trivialised.retraction("cay"));
        double[] lambda = new double[sys.nonholonomicCount()];
        for (int j = 0; j < state.members(); j++) {
            SplittableRandom random = new SplittableRandom(seed + 0x9E3779B97F4A7C15L * j);
            double[] xi = velocity.clone();
            if (sigma != null) for (int k = 0; k < d; k++) xi[k] += sigma[k] * gaussian(random);
            System.arraycopy(xi, 0, in, element.length, d);
            momentum.eval(in, mu);
            if (consistent != null && !consistent.apply(element.clone(), xi, modelParams, mu, lambda))
                throw new InputException("initial state of member " + j + " cannot be made consistent with the constraints of " + sys.name());
            put(state, layout, "g", j, element);
            put(state, layout, "xi", j, xi);
            put(state, layout, "mu", j, mu);
            put(state, layout, StateLayout.LAMBDA, j, lambda);
        }
    }

    private static void put(EnsembleState state, StateLayout layout, String block, int member, double[] values) {
        if (!layout.has(block)) return;
        int o = layout.offset(block);
        for (int k = 0; k < values.length; k++) state.set(o + k, member, values[k]);
    }

    /** A standard normal by Box-Muller (deterministic per stream). */
    private static double gaussian(SplittableRandom r) {
        double u = 1 - r.nextDouble(), v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
