package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.method.StepSystem;
import org.geomech.model.InputException;
import org.geomech.model.MechanicalSystem;

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
