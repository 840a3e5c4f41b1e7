package org.geomech.cli;

import org.geomech.ensemble.Variation;
import org.geomech.expr.Expr;
import org.geomech.expr.JavaEmitter;
import org.geomech.method.Method;
import org.geomech.method.MethodFamily;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.InputException;
import org.geomech.method.LieMethod;
import org.geomech.model.Library;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieLibrary;
import org.geomech.model.Model;
import org.geomech.model.MechanicalSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * geomech describe MODEL | METHOD: a model's equations, parameters, defaults and paper section, or a
 * method's paper, orders, conservation and (with --model) its step equations on that model.
 */
@Command(name = "describe", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Describes a built-in model (equations, parameters, defaults, paper) or a method (paper, orders, what it conserves).")
final class DescribeCommand implements Callable<Integer> {
    /** Expressions longer than this are summarised by their size. */
    private static final int SHOWN = 160;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "a model from `geomech list` or a method such as lobatto-nh:3")
    String name;

    @Option(names = "--model", paramLabel = "MODEL", description = "with a method: also show its step equations on this model")
    String model;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "with a model: how a parameter would vary (the forms of run --param), e.g. eps=[0.25,0.5,1]")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--h", paramLabel = "H", description = "with a model: how the step size would vary (the forms of run --h), e.g. 0.01*(1+j/N)")
    String stepSize;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (Library.has(name)) describe(out, Library.system(name), Library.entry(name));
            else if (LieLibrary.has(name)) describe(out, LieLibrary.system(name), LieLibrary.entry(name));
            else if (Methods.family(name).filter(f -> !names(f, name)).isPresent()) describe(out, Methods.family(name).get());
            else describe(out, Methods.parse(name));
            return 0;
        } catch (InputException e) {
            spec.commandLine().getErr().println(Main.errorLine(Library.has(name) || LieLibrary.has(name) || name.contains(":") || Methods.family(name).isPresent() ? e.getMessage()
                    : "'" + name + "' is neither a model (" + String.join(", ", Library.allNames()) + ") nor a method (families: " + String.join(", ", Methods.names()) + ")"));
            return Main.BAD_INPUT;
        }
    }

    private void describe(PrintWriter out, MechanicalSystem sys, Library.Entry entry) {
        out.printf("%s: %s%n", sys.name(), entry.summary());
        out.printf("  paper:        %s%n", sys.reference());
        if (!entry.structureDefaults().isEmpty()) out.printf("  structure:    %s (change with --structure)%n", entry.structureDefaults());
        out.printf("  coordinates:  %s%n", String.join(", ", sys.coordinateNames()));
        out.printf("  parameters:   %s%n", sys.parameters().isEmpty() ? "none" : sys.parameters());
        for (Map.Entry<String, String> p : Assignments.parse("--param", parameters).entrySet()) {
            if (!sys.parameters().containsKey(p.getKey())) throw new InputException("--param: model " + sys.name() + " has no parameter '" + p.getKey() + "'");
            Variation v = Variation.parse("--param " + p.getKey(), p.getValue());
            out.printf("  varies:       %s = %s (%s)%n", p.getKey(), v.describe(), v.isFixed() ? "the same for every member"
                    : v instanceof Variation.Values list ? "a sweep axis of " + list.values().size() + " points"
                    : v instanceof Variation.Draw ? "drawn per member from its own random stream" : "an expression of the member index j and count N");
        }
        describeStepSize(out);
        out.printf("  lagrangian:   L = %s%n", sys.lagrangian());
        for (Expr g : sys.holonomic()) out.printf("  holonomic:    %s = 0%n", g);
        for (Expr phi : sys.nonholonomic()) out.printf("  nonholonomic: %s = 0%n", phi);
        out.printf("  energy:       E = %s%n", show(sys.mechanicalEnergy().orElse(sys.energy())));
        Optional<Expr[][]> mass = sys.constantMassMatrix();
        out.printf("  form:         %s%n", mass.isPresent() ? "mechanical, L = 1/2 v'Mv - U(q) with U = " + show(sys.potential())
                : "general Lagrangian (methods solve D2L(q, v) = p for v)");
        out.printf("  initial q:    %s%n", entry.q0(Map.of()));
        out.printf("  initial v:    %s (j = member index, N = member count, J = max(N - 1, 1))%n", entry.v0(Map.of()));
        out.println("  methods:      " + (sys.holonomicCount() > 0 ? "rattle, lobatto-holonomic:s" : "lobatto-nh:s"
                + (sys.nonholonomicCount() == 0 ? ", lobatto-holonomic:s" : "")));
    }

    // --h: one run per step size, or h per member and how its grid is made
    private void describeStepSize(PrintWriter out) {
        if (stepSize == null) return;
        org.geomech.io.ScenarioDraft d = new org.geomech.io.ScenarioDraft();
        d.stepSizes("--h", stepSize);
        if (d.hPerMember == null) out.printf("  varies:       h = %s (one run per step size)%n", d.h);
        else out.printf("  varies:       h = %s (per member; each member's h kept where it divides the output interval dt, else snapped down to"
                + " dt / ceil(dt / h), and member j takes dt / h_j steps per output interval)%n", d.hPerMember);
    }

    private void describe(PrintWriter out, LieGroupSystem sys, LieLibrary.Entry entry) {
        out.printf("%s: %s%n", sys.name(), entry.summary());
        out.printf("  paper:        %s%n", sys.reference());
        out.printf("  group:        %s, stored as %s%n", sys.describeGroup(), String.join(", ", sys.entryNames()));
        out.printf("  velocities:   %s (in the Lie algebra)%n", String.join(", ", sys.velocityNames()));
        out.printf("  parameters:   %s%n", sys.parameters().isEmpty() ? "none" : sys.parameters());
        describeStepSize(out);
        out.printf("  lagrangian:   l = %s%n", show(sys.lagrangian()));
        sys.hamiltonian().ifPresent(h -> out.printf("  hamiltonian:  h = %s%n", show(h)));
        for (Expr phi : sys.nonholonomic()) out.printf("  nonholonomic: %s = 0%n", show(phi));
        out.printf("  energy:       E = %s%n", show(sys.energy()));
        out.printf("  initial g:    %s%n", java.util.Arrays.toString(sys.initialElement()));
        out.printf("  initial xi:   %s%n", java.util.Arrays.toString(sys.initialVelocity()));
        out.println("  methods:      " + (sys.nonholonomicCount() > 0 ? "lobatto-lie-nh:s" : "lobatto-lie:s, vrkmk:TABLEAU,r, vrkmk-pade:TABLEAU,r, vcg:TABLEAU"));
    }

    // whether name is a method of family f, not the family's bare name where its methods take arguments (lobatto-nh)
    private static boolean names(MethodFamily f, String name) {
        return name.contains(":") || f.syntax().equals(f.name()) || f.syntax().startsWith(f.name() + "[");
    }

    private static void describe(PrintWriter out, MethodFamily f) {
        out.printf("%s: %s%n", f.name(), f.description());
        out.printf("  syntax:       %s%n", f.syntax());
        out.printf("  paper:        %s%n", f.paper());
        out.printf("  examples:     %s (geomech describe NAME for one)%n", String.join(", ", f.examples()));
        out.println("  details:      docs/methods.md");
    }

    private void describe(PrintWriter out, Method m) {
        out.printf("%s: %s%n", m.name(), m.summary());
        out.printf("  order:        %d in q, v, p; %d in the multipliers%n", m.order(), m.multiplierOrder());
        out.printf("  conserves:    %s%n", m.conserves());
        out.println("  details:      docs/methods.md");
        if (model == null) {
            out.println("  (add --model MODEL to see its step equations on a model)");
            return;
        }
        Model sys = Library.builtIn(model, Map.of()).definition().build();
        StepSystem full = equations(m, sys), reduced = full.reduced();
        out.printf("  on %s: %d unknowns as written, %d after reduction (%s)%n", sys.name(), full.unknowns().size(), reduced.unknowns().size(),
                reduced.isLinear() ? "linear: one LU solve per step" : "nonlinear: Newton");
        for (StepSystem.Definition d : reduced.definitions()) out.printf("    explicit  %s = %s%n", d.symbol(), show(d.value()));
        List<Expr> f = reduced.residuals();
        for (int i = 0; i < f.size(); i++) out.printf("    residual  %s: %s = 0%n", reduced.unknowns().get(i), show(f.get(i)));
        StepSystem built = m.build(sys);
        int k = reduced.unknowns().size(), defs = built.definitions().size();
        if (built.unknowns().isEmpty() && k > 0)
            for (int i = 0; i < k; i++)
                out.printf("  straightened: %s = %s (closed form: the step is explicit)%n", reduced.unknowns().get(i),
                        show(built.definitions().get(defs - k + i).value()));
        out.println("  flops:        " + flops(built));
        out.println("  iterations:   " + String.join(", ", built.iterationLabels()) + " (--iteration)");
    }

    // the step equations as the paper writes them, on a system in coordinates or on a Lie group
    private static StepSystem equations(Method m, Model sys) {
        if (sys instanceof MechanicalSystem mechanical) return m.equations(mechanical);
        if (m instanceof LieMethod lie) return lie.equations((LieGroupSystem) sys);
        return m.build(sys);
    }

    /**
     * Floating-point operations per member-step (a function call counts as one): of a straight-line step, the generated
     * code's work that depends on the state, the values of h and the model parameters alone counted apart; of a Newton
     * step, the step's tapes' per full iteration and then the parts as simplified Newton spends them (StepFlops).
     */
    private static String flops(StepSystem s) {
        StepFlops f = StepFlops.of(s);
        if (s.unknowns().isEmpty()) {
            List<Expr> stateParams = new ArrayList<>(s.state());
            stateParams.addAll(s.params());
            return f.guessAndUpdate() + " per member-step (one straight-line step; " + JavaEmitter.flops(stateParams, s.stepInvariant(), s.update()).once()
                    + " more from the parameters alone, outside the step loop)";
        }
        return f.guessAndUpdate() + " for the guess and update, " + f.perIteration() + " per Newton iteration (residual, Jacobian, LU)" + System.lineSeparator()
                + "  flops apart:  residual " + f.residual() + ", Jacobian " + f.jacobian() + ", LU factorisation " + f.factorisation() + ", LU solve "
                + f.solve() + "; a member-step: " + f.guessAndUpdate() + " + factorisations x " + (f.jacobian() + f.factorisation()) + " + iterations x "
                + (f.residual() + f.solve()) + " (per member-step, as summary.json counts them)";
    }

    private static String show(Expr e) { return e.toString(SHOWN); }
}
