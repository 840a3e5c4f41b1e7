package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

import static org.geomech.expr.Expr.*;

/** The standard observers (energy, constraint residuals), the energy error, and user expressions. */
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

    /** The name of the built-in energy error observer, E(t) - E(0). */
    public static final String ENERGY_ERROR = "energy_error";

    /**
     * The observers of a run: the standard ones and, after the energy where there is one, energy_error = E(t) - E(0), the change of
     * each member's energy since t = 0 (an energy-conserving method keeps it at round-off; 001 eq. 33 averages its square).
     */
    public static List<Observer> ofRun(Model model, StateLayout layout) {
        List<Observer> out = new ArrayList<>();
        for (Observer o : standard(model, layout)) {
            out.add(o);
            if (o.name().equals("energy")) {
                StepSystem.Definition e0 = initialValue(o.name(), o.expression());
                out.add(new Observer(ENERGY_ERROR, sub(o.expression(), e0.symbol()), "E(t) - E(0), energy change since t = 0", List.of(e0)));
            }
        }
        return out;
    }

    /** The observers of a run (ofRun) on a step, then the user's (name to expression text), each able to name those before it. */
    public static List<Observer> ofRun(StepSystem step, Map<String, String> user) {
        List<Observer> out = new ArrayList<>(ofRun(step.model(), step.layout()));
        for (Map.Entry<String, String> e : user.entrySet()) out.add(parse(step, out, e.getKey(), e.getValue()));
        return out;
    }

    /**
     * A user observer: an expression of the coordinates, dot(x), p(x), lambda1.., the parameters, the observers known
     * (by name, e.g. energy), and initial(E): the value E had for the member at t = 0 (e.g. energy - initial(energy)).
     */
    public static Observer parse(StepSystem step, List<Observer> known, String name, String text) {
        Map<String, Expr> names = new HashMap<>();
        for (Observer o : known) names.put(o.name(), o.expression());
        List<String> state = step.layout().names();
        for (int i = 0; i < state.size(); i++) names.put(state.get(i), step.state().get(i));
        for (Expr p : step.model().parameterSymbols()) names.put(p.name(), p);
        List<Expr> initialSymbols = new ArrayList<>();
        for (Observer o : known) for (StepSystem.Definition d : o.initial()) initialSymbols.add(d.symbol());
        List<StepSystem.Definition> initial = new ArrayList<>();
        BiFunction<Expr, String, Expr> atStart = (value, argument) -> {
            if (Exprs.dependsOn(value, initialSymbols)) throw new IllegalArgumentException("initial(" + argument + ") holds initial values itself");
            StepSystem.Definition d = initialValue(argument, value);
            if (!initial.contains(d)) initial.add(d);
            initialSymbols.add(d.symbol());
            return d.symbol();
        };
        Expr expression;
        try {
            expression = Parser.parse(text, names::get, Map.of("initial", atStart));
        } catch (ParseException | ArithmeticException e) {
            throw new InputException("observer " + name + ": " + e.getMessage(), e);
        }
        // the initial values of the known observers this one names come with it
        List<StepSystem.Definition> carried = new ArrayList<>();
        Set<Expr> used = Exprs.symbols(expression);
        for (Observer o : known) for (StepSystem.Definition d : o.initial()) if (used.contains(d.symbol()) && !carried.contains(d)) carried.add(d);
        for (StepSystem.Definition d : initial) if (!carried.contains(d)) carried.add(d);
        return new Observer(name, expression, text, carried);
    }

    // the symbol initial(text) standing for value at t = 0
    private static StepSystem.Definition initialValue(String text, Expr value) {
        return new StepSystem.Definition(Expr.sym("initial(" + text + ")"), value);
    }

    /**
     * The step with the values at t = 0 that the observers name carried in its state (StepSystem.withInitialValues), each
     * once; the step itself where they name none. The state of an ensemble is then made from this step's layout.
     */
    public static StepSystem carrying(StepSystem step, List<Observer> observers) {
        Map<Expr, StepSystem.Definition> values = new LinkedHashMap<>();
        for (Observer o : observers)
            for (StepSystem.Definition d : o.initial()) {
                StepSystem.Definition before = values.putIfAbsent(d.symbol(), d);
                if (before != null && !before.equals(d)) throw new InputException("observers: " + d.symbol() + " stands for two values (a name of the model is also an observer's)");
            }
        return step.withInitialValues(new ArrayList<>(values.values()));
    }

    /** The initial values the observers name that the step's state does not carry (empty where it carries all). */
    public static List<Expr> missingInitialValues(StepSystem step, List<Observer> observers) {
        List<Expr> carried = step.layout().has(StateLayout.INITIAL) ? step.layout().block(StateLayout.INITIAL).symbols() : List.of();
        List<Expr> out = new ArrayList<>();
        for (Observer o : observers) for (StepSystem.Definition d : o.initial()) if (!carried.contains(d.symbol())) out.add(d.symbol());
        return out;
    }
}
