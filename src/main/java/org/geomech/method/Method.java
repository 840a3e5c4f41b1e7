package org.geomech.method;

import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

/** A one-step method, written once as the equations of one step. */
public interface Method {
    /** The name users type, e.g. lobatto-nh:3. */
    String name();
    /** One line: what it is and which paper and equation it implements. */
    String summary();
    /** Global order in q, v and p. */
    int order();
    /** Global order of the multipliers. */
    int multiplierOrder();
    /** What the method preserves, as the paper states it. */
    String conserves();
    /** What the method's paper claims about its step map, as geomech certify measures it. */
    Claims claims();
    /** The step equations for this system as the paper writes them; InputException if unsupported. */
    StepSystem equations(MechanicalSystem system);

    /**
     * The equations reduced (every unknown a residual determines explicitly becomes a definition), then straightened
     * (unknowns solved in closed form where StepProgram finds one): what every backend runs.
     */
    default StepSystem build(MechanicalSystem system) { return equations(system).reduced().straightened(); }

    /** Any model: a mechanical system as above; methods on Lie groups override this for LieGroupSystem. */
    default StepSystem build(Model model) {
        if (model instanceof MechanicalSystem m) return build(m);
        throw new InputException("method " + name() + " runs on systems in coordinates, not on the Lie group system " + model.name());
    }
}
