package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.method.StateLayout;
import org.geomech.method.StepSystem;
import org.geomech.method.TrivialisedSystem;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.geomech.expr.Expr.*;

/** The standard observers (energy, constraint residuals) and user expressions. */
public final class Observers {
    private Observers() {}

    /** energy; g_pos = |g(q)| (holonomic); g_vel = |(G(q) v, A(q) v + a(q))| (any constraint). */
    public static List<Observer> standard(MechanicalSystem sys) {
        List<Observer> out = new ArrayList<>();
        out.add(new Observer("energy", sys.energy(), "E = v.dL/dv - L"));
        if (sys.holonomicCount() > 0) {
            Expr s = ZERO;
            for (Expr g : sys.holonomic()) s = add(s, pow(g, 2));
            out.add(new Observer("g_pos", sqrt(s), "|g(q)|, holonomic residual"));
        }
        if (sys.holonomicCount() + sys.nonholonomicCount() > 0) {
            Expr s = ZERO;
            for (Expr[] row : sys.holonomicJacobian()) s = add(s, pow(dot(List.of(row), sys.v()), 2));
            for (Expr phi : sys.nonholonomic()) s = add(s, pow(phi, 2));
            out.add(new Observer("g_vel", sqrt(s), "|(G(q) v, Phi(q, v))|, velocity-level residual"));
        }
        return out;
    }

    /** The standard observers of a step: standard(MechanicalSystem) in coordinates, onGroup(...) on a Lie group. */
    public static List<Observer> standard(Model model, StateLayout layout) {
        return model instanceof LieGroupSystem lie ? onGroup(lie, layout) : standard((MechanicalSystem) model);
    }

    /**
     * On a Lie group system, in the blocks the method's layout carries: energy E = mu . xi - l(g, xi) where xi is
     * carried, else the Hamiltonian H(g, mu) (or E at the velocity mu determines, for a metric diagonal in xi);
     * group_defect = |defect of g| (|R^T R - I| per SO(3) factor, Frobenius), the distance of g from the group;
     * g_vel = |phi(g, xi)| with nonholonomic constraints.
     */
    public static List<Observer> onGroup(LieGroupSystem sys, StateLayout layout) {
        List<Observer> out = new ArrayList<>();
        if (layout.has("xi")) out.add(new Observer("energy", sys.energy(), "E = mu.xi - l(g, xi)"));
        else if (sys.hamiltonian().isPresent()) out.add(new Observer("energy", sys.hamiltonian().get(), "H(g, mu)"));
        else TrivialisedSystem.of(sys).velocity(sys.g(), sys.mu())
                    .ifPresent(xi -> out.add(new Observer("energy", sys.at(List.of(sys.energy()), null, xi).get(0), "E = mu.xi - l at xi(g, mu)")));
        List<Expr> defect = sys.group().defect(sys.g());
        if (!defect.isEmpty()) out.add(new Observer("group_defect", sqrt(sumOfSquares(defect)), "|R^T R - I|, distance of g from the group"));
        if (sys.nonholonomicCount() > 0 && layout.has("xi"))
            out.add(new Observer("g_vel", sqrt(sumOfSquares(sys.nonholonomic())), "|phi(g, xi)|, nonholonomic residual"));
        return out;
    }

    private static Expr sumOfSquares(List<Expr> terms) {
        Expr s = ZERO;
        for (Expr t : terms) s = add(s, pow(t, 2));
        return s;
    }

    /** A user observer: an expression of the coordinates, dot(x), p(x), lambda1.., and the parameters. */
    public static Observer parse(StepSystem step, String name, String text) {
        Map<String, Expr> known = new HashMap<>();
        List<String> names = step.layout().names();
        for (int i = 0; i < names.size(); i++) known.put(names.get(i), step.state().get(i));
        for (Expr p : step.model().parameterSymbols()) known.put(p.name(), p);
        try {
            return new Observer(name, Parser.parse(text, known::get), text);
        } catch (ParseException | ArithmeticException e) {
            throw new InputException("observer " + name + ": " + e.getMessage(), e);
        }
    }
}
