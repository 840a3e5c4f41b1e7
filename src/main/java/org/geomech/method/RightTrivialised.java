package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.lie.LieGroup;
import org.geomech.lie.RetractionKind;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;

import java.util.List;

/**
 * The setting of 003's methods on a system, before their stages: the group (with a closed-form exp), its algebra maps
 * (sec. 2.3), the right-trivialised vector field f (eq. 5), and the layout (g, mu) with the step's q0 and mu0.
 */
record RightTrivialised(LieGroup group, LieAlgebraMaps maps, LieVectorField f, StateLayout layout, List<Expr> g0, List<Expr> mu0) {
    /** What 003's variational methods conserve (sec. 3-5). */
    static final String CONSERVES = "symplectic on T*G; momentum maps of symmetries (equivariant); the group (g stays on G to round-off); energy bounded, no drift";
    /** The same as certify measures it: symplectic on T*G right-trivialised, momentum maps, g on G (003 secs. 3-5, Thm 5.1). */
    static final Claims CLAIMS = Claims.by("003 secs. 3-5, Thm 5.1", "dipole-on-stick", 0.1).symplecticMap().energyError(Claims.Energy.BOUNDED).conservesMomentumMaps()
            .constraints(true, false);

    static RightTrivialised of(LieGroupSystem sys) {
        LieGroup group = sys.group();
        group.retract(RetractionKind.EXP, sys.xi());     // refuses groups without a closed-form exp
        StateLayout layout = LieMethod.rightTrivialisedLayout(sys);
        return new RightTrivialised(group, new LieAlgebraMaps(group), new LieVectorField(sys), layout, layout.block(LieMethod.G).symbols(),
                layout.block(LieMethod.MU).symbols());
    }

    /** xi0 = f1(q0, mu0) where the velocity is explicit in the momentum, else zeros: the guess of the stage velocities. */
    List<Expr> velocityGuess() { return f.explicit() ? f.velocity(g0, mu0) : Vrkmk.zeros(mu0.size()); }

    /** 003 sec. 3.2: every weight b_i nonzero; InputException naming the method otherwise. */
    static void requireNonzeroWeights(String family, ButcherTableau t) {
        for (double bi : t.b()) if (bi == 0) throw new InputException(family + ":" + t.name() + ": every weight b_i must be nonzero (003 sec. 3.2)");
    }

    /** The cut-off r of a truncated series, 0 .. LieAlgebraMaps.MAX_CUTOFF; InputException naming the method otherwise. */
    static void requireCutOff(String family, int r) {
        if (r < 0 || r > LieAlgebraMaps.MAX_CUTOFF) throw new InputException(family + ": cut-off r must be between 0 and " + LieAlgebraMaps.MAX_CUTOFF + ", got " + r);
    }
}
