package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Method;
import org.geomech.method.StepSystem;
import org.geomech.model.Model;
import org.geomech.solve.NewtonOptions;

import java.util.List;
import java.util.function.LongConsumer;

/** One ensemble simulation wired end to end: system, method, initial states, backend, observers, grid. */
public final class Simulation {
    private final StepSystem step;
    private final double[] modelParams;
    private final InitialStates initial;
    private final InitialStates.Perturbation perturbation;
    private final int members;

    /** The simulation of method on sys with these model parameters, initial states, perturbation and members. */
    public Simulation(Model sys, Method method, double[] modelParams, InitialStates initial,
                      InitialStates.Perturbation perturbation, int members) {
        this(method.build(sys), modelParams, initial, perturbation, members);
    }

    /** The same with the method's step system built already. */
    public Simulation(StepSystem step, double[] modelParams, InitialStates initial, InitialStates.Perturbation perturbation, int members) {
        this.step = step;
        this.modelParams = modelParams.clone();
        this.initial = initial;
        this.perturbation = perturbation;
        this.members = members;
    }

    /** The step system. */
    public StepSystem step() { return step; }

    /** A fresh consistent initial ensemble and the report of how far consistency moved it. */
    public EnsembleState initialState(InitialStates.Report[] report) {
        EnsembleState state = new EnsembleState(step.layout(), members);
        InitialStates.Report r = initial.fill(state, modelParams, perturbation);
        if (report != null) report[0] = r;
        return state;
    }

    /** The ensemble's size. */
    public int members() { return members; }

    /** Members first .. first + count - 1 of the initial ensemble, bitwise as initialState() makes them, and the report on them. */
    public EnsembleState initialSlice(long first, int count, InitialStates.Report[] report) {
        EnsembleState state = new EnsembleState(step.layout(), count);
        InitialStates.Report r = initial.fill(state, first, members, modelParams, perturbation);
        if (report != null) report[0] = r;
        return state;
    }

    /** This ensemble as a launch over a grid (every member with the model parameters given), to be run in slabs or partitions. */
    public Launch launch(TimeGrid grid) { return new Launch(step, SweepPlan.of(step.model(), modelParams, members), initial, perturbation, grid); }

    /** The step's parameters: h, then the model parameters. */
    public double[] params(double h) {
        double[] p = new double[modelParams.length + 1];
        p[0] = h;
        System.arraycopy(modelParams, 0, p, 1, modelParams.length);
        return p;
    }

    /** Runs state over grid on backend (the step compiled with observers), progress hearing the steps done. */
    public EnsembleRun.Result run(Backend backend, NewtonOptions newton, List<Observer> observers, TimeGrid grid,
                                  EnsembleState state, LongConsumer progress) {
        Backend.Compiled compiled = Engine.compile(backend, step, observers, newton);
        return EnsembleRun.run(compiled, state, params(grid.h()), grid, progress);
    }
}
