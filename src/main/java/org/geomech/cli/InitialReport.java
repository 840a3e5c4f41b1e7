package org.geomech.cli;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.method.StateLayout;
import org.geomech.model.MechanicalSystem;

/** How far consistency moves an ensemble's initial values, for studies that make their states themselves. */
final class InitialReport {
    private InitialReport() {}

    static InitialStates.Report of(MechanicalSystem sys, InitialStates initial, double[] modelParams, int members,
                                   InitialStates.Perturbation perturbation) {
        StateLayout layout = new StateLayout(sys, sys.holonomicCount() + sys.nonholonomicCount());
        return initial.fill(new EnsembleState(layout, members), modelParams, perturbation);
    }
}
