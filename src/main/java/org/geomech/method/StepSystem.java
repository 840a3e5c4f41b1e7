package org.geomech.method;

import org.geomech.expr.Derivative;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.TreeHeight;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;
import org.geomech.solve.Iteration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The equations of one step of a method on a system (DESIGN.md): state, parameters (h first),
 * explicit definitions, unknowns X with residuals F(X; state, params) = 0, a guess X0(state) and the
 * update state' = Psi(X, state). Residuals, guess and update are expanded (definitions substituted),
 * so every backend evaluates them directly; the definitions document what was made explicit.
 */
public final class StepSystem {
    /** Step size symbol, the first parameter of every step system. */
    public static final Expr H = Expr.sym("$h");

    /** An explicit quantity: an unknown that reduction solved for, with its closed form. */
    public record Definition(Expr symbol, Expr value) {}

    private final String method;
    private final Model model;
    private final StateLayout layout;
    private final List<Expr> unknowns;
    private final List<Expr> residuals;
    private final List<Expr> guess;
    private final List<Expr> update;
    private final List<Definition> definitions;
    private Expr[][] jacobian;
    /** True when jacobian holds an iteration matrix M standing for dF/dX (x <- x - M^{-1} F(x)). */
    private boolean approximate;
    private final Map<Iteration, Supplier<StepSystem>> iterations = new EnumMap<>(Iteration.class);

    /** A step system; unknowns, residuals and guess have one entry each per unknown, update one per state component. */
    public StepSystem(String method, Model model, StateLayout layout, List<Expr> unknowns, List<Expr> residuals,
                      List<Expr> guess, List<Expr> update, List<Definition> definitions) {
        if (unknowns.size() != residuals.size() || unknowns.size() != guess.size())
            throw new IllegalStateException(method + ": " + unknowns.size() + " unknowns, " + residuals.size() + " residuals, " + guess.size() + " guesses");
        if (update.size() != layout.size()) throw new IllegalStateException(method + ": update has " + update.size() + " entries for a state of " + layout.size());
        this.method = method;
        this.model = model;
        this.layout = layout;
        this.unknowns = List.copyOf(unknowns);
        this.residuals = List.copyOf(residuals);
        this.guess = List.copyOf(guess);
        this.update = List.copyOf(update);
        this.definitions = List.copyOf(definitions);
    }

    /** The method's name. */
    public String method() { return method; }
    /** The system the step was built for: a MechanicalSystem or a LieGroupSystem. */
    public Model model() { return model; }

    /** The mechanical system of a step on R^n; IllegalStateException for a Lie group system. */
    public MechanicalSystem system() {
        if (model instanceof MechanicalSystem m) return m;
        throw new IllegalStateException(method + " on " + model.name() + " is a step on a Lie group system, not a mechanical system");
    }
    /** The state layout. */
    public StateLayout layout() { return layout; }
    /** The state's symbols, in order. */
    public List<Expr> state() { return layout.symbols(); }
    /** h, then the model parameters in declaration order (those carried per member in the state left out, h too where it is carried). */
    public List<Expr> params() {
        List<Expr> p = new ArrayList<>();
        if (!layout.parameters().contains(H)) p.add(H);
        for (Expr s : model.parameterSymbols()) if (!layout.parameters().contains(s)) p.add(s);
        return p;
    }

    /**
     * The inputs no step changes: the shared parameters and the state components the update leaves as they are (the
     * parameters carried per member); a backend computes the values made of them alone once, outside its step loop.
     */
    public Set<Expr> stepInvariant() { return invariantUnder(update); }

    /** The shared parameters and the state components that this update (one value per component) leaves as they are. */
    private Set<Expr> invariantUnder(List<Expr> next) {
        Set<Expr> out = new HashSet<>(params());
        for (int c = 0; c < layout.size(); c++) if (next.get(c) == state().get(c)) out.add(state().get(c));
        return out;
    }

    /** The params array (h, then the shared model parameters) from h and every model parameter's value in declaration order. */
    public double[] paramValues(double h, double[] modelParams) {
        List<Expr> all = model.parameterSymbols();
        double[] out = new double[params().size()];
        int k = 0;
        if (!layout.parameters().contains(H)) out[k++] = h;
        for (int i = 0; i < all.size(); i++) if (!layout.parameters().contains(all.get(i))) out[k++] = modelParams[i];
        return out;
    }

    /**
     * The same step with the named model parameters carried per member as constant state components
     * (update: unchanged), so every backend runs an ensemble whose members differ in them with the
     * code it derives for any step. The equations are not touched: a member computes bitwise what a
     * run with its values as shared parameters computes. H's name carries the step size per member.
     */
    public StepSystem withPerMember(List<String> names) {
        if (names.isEmpty()) return this;
        List<Expr> carried = new ArrayList<>();
        for (String name : names) {
            Expr s = Expr.sym(name);
            if (!s.equals(H) && !model.parameterSymbols().contains(s)) throw new IllegalArgumentException(model.name() + " has no parameter " + name);
            carried.add(s);
        }
        List<Expr> psi = new ArrayList<>(update);
        psi.addAll(carried);
        StepSystem out = new StepSystem(method, model, layout.withParameters(carried), unknowns, residuals, guess, psi, definitions);
        out.jacobian = jacobian;
        out.approximate = approximate;
        iterations.forEach((it, form) -> out.iterations.put(it, () -> form.get().withPerMember(names)));
        return out;
    }

    /**
     * The same step carrying values of each member's state at t = 0 (initial(E) in an observer) as constant state
     * components, the block "initial" (update: unchanged); the state's filling evaluates them once, and every backend,
     * checkpoint and slab carries them as it carries any component. The equations are not touched.
     */
    public StepSystem withInitialValues(List<Definition> values) {
        if (values.isEmpty()) return this;
        List<Expr> symbols = values.stream().map(Definition::symbol).toList();
        StateLayout carrying = layout.withInitialValues(symbols, values.stream().map(Definition::value).toList());
        List<Expr> psi = new ArrayList<>(update);
        psi.addAll(carrying.offset(StateLayout.INITIAL), symbols);
        StepSystem out = new StepSystem(method, model, carrying, unknowns, residuals, guess, psi, definitions);
        out.jacobian = jacobian;
        out.approximate = approximate;
        iterations.forEach((it, form) -> out.iterations.put(it, () -> form.get().withInitialValues(values)));
        return out;
    }

    /**
     * The same step iterated with M in place of dF/dX (x &lt;- x - M^{-1} F(x)): M, made of state and parameters only, is
     * what every backend evaluates and factorises once per step where it would evaluate the Jacobian.
     */
    public StepSystem withIterationMatrix(Expr[][] m) {
        if (m.length != unknowns.size()) throw new IllegalStateException(method + ": iteration matrix of " + m.length + " rows for " + unknowns.size() + " unknowns");
        List<Expr> x = new ArrayList<>(unknowns);
        for (Expr[] row : m) for (Expr e : row) if (Exprs.dependsOn(e, x)) throw new IllegalStateException(method + ": iteration matrix depends on the unknowns");
        StepSystem out = new StepSystem(method, model, layout, unknowns, residuals, guess, update, definitions);
        out.jacobian = m;
        out.approximate = true;
        return out;
    }

    /** The same step with M = I: plain fixed-point iteration x &lt;- x - F(x), for residuals written as unknown minus its fixed-point map. */
    public StepSystem fixedPoint() {
        int k = unknowns.size();
        Expr[][] m = new Expr[k][k];
        for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) m[i][j] = i == j ? Expr.ONE : Expr.ZERO;
        return withIterationMatrix(m);
    }

    /**
     * This step that, asked for iteration it, is solved by form (a step system with an iteration matrix, same state and update);
     * the forms stay with the step through reduced(), straightened(), withPerMember() and withInitialValues().
     */
    public StepSystem withIteration(Iteration it, Supplier<StepSystem> form) {
        iterations.put(it, memoised(form));
        return this;
    }

    /** The step system a backend runs for this iteration: this one for Newton; InputException where the method has no such form. */
    public StepSystem solvedBy(Iteration it) {
        if (it == Iteration.NEWTON) return this;
        Supplier<StepSystem> form = iterations.get(it);
        if (form == null) throw new InputException("method " + method + " has no " + it.label() + " iteration"
                + (iterations.isEmpty() ? "; use --iteration newton" : "; it has " + String.join(", ", iterationLabels())));
        return form.get();
    }

    /** The iterations this step can be solved by: newton, then those with a form (withIteration). */
    public List<String> iterationLabels() {
        List<String> out = new ArrayList<>(List.of(Iteration.NEWTON.label()));
        for (Iteration it : iterations.keySet()) out.add(it.label());
        return out;
    }

    private static Supplier<StepSystem> memoised(Supplier<StepSystem> form) {
        StepSystem[] once = new StepSystem[1];
        return () -> {
            synchronized (once) {
                if (once[0] == null) once[0] = form.get();
                return once[0];
            }
        };
    }
    /** The unknowns X. */
    public List<Expr> unknowns() { return unknowns; }
    /** The residuals F(X; state, params), one per unknown. */
    public List<Expr> residuals() { return residuals; }
    /** The guess X0(state), one per unknown. */
    public List<Expr> guess() { return guess; }
    /** The update state' = Psi(X, state), one per state component. */
    public List<Expr> update() { return update; }
    /** The explicit quantities reduction solved for, with their closed forms. */
    public List<Definition> definitions() { return definitions; }

    /** dF/dX, derived symbolically once; for a step made by withIterationMatrix, its iteration matrix. */
    public synchronized Expr[][] jacobian() {
        if (jacobian == null) jacobian = Derivative.jacobian(residuals, unknowns);
        return jacobian;
    }

    /** True when F is affine in X: one Newton iteration solves the step exactly. */
    public boolean isLinear() {
        if (approximate) return false;
        for (Expr[] row : jacobian()) for (Expr e : row) if (Exprs.dependsOn(e, unknowns)) return false;
        return true;
    }

    /**
     * Eliminates every unknown that some residual determines explicitly: where a residual is affine in
     * an unknown with a coefficient made of model parameters and constants only (not h, so nothing is
     * divided by the step size), that unknown becomes a definition and is substituted everywhere
     * (symbolic Gaussian elimination). For the 2-stage Lobatto methods on mechanical systems this
     * leaves only the multipliers implicit (001 spec sec. 4.3).
     */
    public StepSystem reduced() {
        List<Expr> x = new ArrayList<>(unknowns), f = new ArrayList<>(residuals), x0 = new ArrayList<>(guess), psi = new ArrayList<>(update);
        List<Definition> defs = new ArrayList<>(definitions);
        Set<Expr> constantOnly = new HashSet<>(layout.symbols());
        constantOnly.add(H);
        while (true) {
            Set<Expr> nonConstant = new HashSet<>(constantOnly);
            nonConstant.addAll(x);
            int[] pivot = null;
            Expr coefficient = null;
            for (int k = 0; k < f.size() && pivot == null; k++) {     // residual by residual: the first ones hold the pivot
                Expr[] row = Derivative.jacobian(List.of(f.get(k)), x)[0];
                int i = explicitPivot(row, nonConstant);
                if (i >= 0) { pivot = new int[]{k, i}; coefficient = row[i]; }
            }
            if (pivot == null) {
                StepSystem out = new StepSystem(method, model, layout, x, f, x0, psi, defs);
                out.jacobian = Derivative.jacobian(f, x);
                out.iterations.putAll(iterations);
                return out;
            }
            int k = pivot[0], i = pivot[1];
            Expr xi = x.get(i), r = f.get(k);
            Expr value = Expr.neg(Expr.div(Exprs.substitute(r, Map.of(xi, Expr.ZERO)), coefficient));
            Map<Expr, Expr> sub = new HashMap<>(Map.of(xi, value));
            f.remove(k);
            x.remove(i);
            x0.remove(i);
            f = Exprs.substitute(f, sub);
            psi = Exprs.substitute(psi, sub);
            List<Definition> updated = new ArrayList<>();
            for (Definition d : defs) updated.add(new Definition(d.symbol(), Exprs.substitute(d.value(), sub)));
            updated.add(new Definition(xi, value));
            defs = updated;
        }
    }

    /**
     * This system with its unknowns solved in closed form where StepProgram finds one (a single unknown F is affine
     * in, or a triangular chain of affine and quadratic residuals): an explicit system whose update
     * is one straight-line program, its sums with a product fused multiply-adds (Exprs.fused: one rounding each, and
     * lobatto-nh:2 on chaotic-nh stepped a tenth faster on simd and on POCL, RESULTS.md; every backend computes them
     * alike), the unknowns definitions; otherwise this system.
     */
    public StepSystem straightened() {
        Optional<List<Expr>> program = StepProgram.of(this);
        if (program.isEmpty()) return this;
        List<Expr> next = program.get();
        int states = next.size() - unknowns.size();
        List<Definition> defs = new ArrayList<>(definitions);
        for (int i = 0; i < unknowns.size(); i++) defs.add(new Definition(unknowns.get(i), next.get(states + i)));
        List<Expr> psi = next.subList(0, states);
        StepSystem out = new StepSystem(method, model, layout, List.of(), List.of(), List.of(), TreeHeight.reduced(state(), psi, invariantUnder(psi)), defs);
        out.iterations.putAll(iterations);
        return out;
    }

    /** The first unknown whose coefficient in a residual's row is a nonzero expression of parameters and constants only, or -1. */
    private static int explicitPivot(Expr[] row, Set<Expr> nonConstant) {
        for (int i = 0; i < row.length; i++) if (!row[i].isConst(0) && !Exprs.dependsOn(row[i], nonConstant)) return i;
        return -1;
    }

    /** Vector helper: the symbols prefix[0..count). */
    static List<Expr> unknownVector(String prefix, int count) {
        List<Expr> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) out.add(Expr.sym("$" + prefix + "[" + i + "]"));
        return Collections.unmodifiableList(out);
    }
}
