package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.List;

/** A method of 003 on Lie group systems in spatial velocities (right-trivialised): built from a LieGroupSystem, refused on systems in coordinates. */
public interface LieMethod extends Method {
    /** The step equations on a Lie group system. */
    StepSystem equations(LieGroupSystem system);

    @Override
    default StepSystem equations(MechanicalSystem system) {
        throw new InputException("method " + name() + " runs on Lie group systems (a model with group:), not on " + system.name());
    }

    @Override
    default StepSystem build(Model model) {
        if (model instanceof LieGroupSystem lie) return equations(lie.requireVelocities(LieGroupSystem.Velocities.SPATIAL, name())).reduced();
        throw new InputException("method " + name() + " runs on Lie group systems (a model with group:), not on " + model.name());
    }

    /** State block of the stored entries of the group element. */
    String G = "g";
    /** State block of the right-trivialised momentum mu (003). */
    String MU = "mu";

    /** The 003 layout: g's stored entries, then mu = p(v) for each velocity v. */
    static StateLayout rightTrivialisedLayout(LieGroupSystem sys) {
        List<String> mu = new ArrayList<>();
        for (Expr m : sys.mu()) mu.add(m.name());
        return new StateLayout(List.of(new StateLayout.Block(G, sys.g(), sys.entryNames()), new StateLayout.Block(MU, sys.mu(), mu)));
    }
}
