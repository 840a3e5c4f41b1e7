package org.geomech.backend.simd;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.ConsistentState;
import org.geomech.ensemble.LieConsistentState;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.function.Supplier;

/** The simd backend's projections of initial states over blocks of members: the equations derived once per system, one lane projection per thread. */
final class LaneProjections {
    /** Members per block: a tape instruction's dispatch is shared by this many members. */
    static final int WIDTH = 64;

    private LaneProjections() {}

    static Supplier<BlockConsistency> of(Model sys) {
        if (sys instanceof LieGroupSystem lie) {
            LaneLieConsistentState.Shared shared = LaneLieConsistentState.Shared.of(LieConsistentState.Equations.of(lie));
            return () -> new LaneLieConsistentState(shared, WIDTH);
        }
        LaneConsistentState.Shared shared = LaneConsistentState.Shared.of(sys.name(), ConsistentState.Equations.of((MechanicalSystem) sys), WIDTH);
        return () -> new LaneConsistentState(shared, WIDTH);
    }
}
