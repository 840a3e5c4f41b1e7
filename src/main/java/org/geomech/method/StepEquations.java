package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The implicit equations of one step as a method writes them: blocks of unknowns, each with its guess and the residual
 * that determines it, so that the unknowns, the residuals F(X) = 0 and the guess X0 of the StepSystem cannot disagree.
 * A block's residual comes in the same call where it can be written then; otherwise the block is declared with its guess
 * and its residual given later (determine), once the expressions it reads exist. Several blocks that a set of residuals
 * determines only together (000's w1 and w2 blocks) form a Subsystem. The unknowns are listed in the order they are
 * declared and the residuals in the order they are given: the order every backend's generated code follows.
 * system() refuses a block without its residual and a residual of another size than the unknowns it determines.
 */
final class StepEquations {
    private final List<Expr> unknowns = new ArrayList<>(), residuals = new ArrayList<>(), guess = new ArrayList<>();
    /** Declared blocks (by their first symbol) that wait for their residual. */
    private final Map<Expr, List<Expr>> open = new IdentityHashMap<>();
    private final List<Subsystem> subsystems = new ArrayList<>();

    /** A block of count new unknowns $name[i] with their guess; its residual comes with determine(). */
    List<Expr> unknowns(String name, int count, List<Expr> x0) {
        List<Expr> x = StepSystem.unknownVector(name, count);
        unknowns(x, x0);
        return x;
    }

    /** Unknowns made before (symbols that earlier expressions read) declared now with their guess; their residual comes with determine(). */
    void unknowns(List<Expr> x, List<Expr> x0) {
        declare(x, x0);
        if (!x.isEmpty()) open.put(x.get(0), x);
    }

    /** A block of count new unknowns $name[i] with their guess and their residual F(X), written in the new unknowns X. */
    List<Expr> unknowns(String name, int count, List<Expr> x0, Function<List<Expr>, List<Expr>> residual) {
        List<Expr> x = StepSystem.unknownVector(name, count);
        unknowns(x, x0, residual.apply(x));
        return x;
    }

    /** Unknowns made before (symbols that earlier expressions read) declared now with their guess and residual. */
    void unknowns(List<Expr> x, List<Expr> x0, List<Expr> residual) {
        declare(x, x0);
        list(residual, x.size(), x);
    }

    /** The residual that determines the given blocks (declared by unknowns(name, count, guess), in any order) together. */
    @SafeVarargs
    final void determine(List<Expr> residual, List<Expr>... blocks) {
        int size = 0;
        for (List<Expr> x : blocks) {
            if (x.isEmpty()) continue;
            if (open.remove(x.get(0)) != x) throw new IllegalStateException("unknowns " + x + " were not declared or have their residual already");
            size += x.size();
        }
        list(residual, size, List.of(blocks));
    }

    /**
     * The stage vectors 1..s of count components: the carried ones first (values the step starts from, such as Lambda^1 =
     * lambda_k), then new blocks of unknowns name + (i + 1) with the guess x0(i) of stage i, their residuals to come with
     * determine().
     */
    List<List<Expr>> stages(String name, List<List<Expr>> carried, int s, int count, IntFunction<List<Expr>> x0) {
        List<List<Expr>> out = new ArrayList<>(carried);
        for (int i = carried.size(); i < s; i++) {
            List<Expr> x = StepSystem.unknownVector(name + (i + 1), count);
            unknowns(x, x0.apply(i));
            out.add(x);
        }
        return out;
    }

    /** A set of blocks and residuals that only together form a square system: 000's w1 and w2 blocks. */
    Subsystem subsystem(String name) {
        Subsystem s = new Subsystem(name);
        subsystems.add(s);
        return s;
    }

    final class Subsystem {
        private final String name;
        private int unknownCount, residualCount;

        private Subsystem(String name) { this.name = name; }

        List<Expr> unknowns(String symbol, int count, List<Expr> x0) {
            List<Expr> x = StepSystem.unknownVector(symbol, count);
            declare(x, x0);
            unknownCount += count;
            return x;
        }

        void residuals(List<Expr> residual) {
            residuals.addAll(residual);
            residualCount += residual.size();
        }
    }

    /** The step: these equations, the state's layout and the update state' = Psi(X, state). */
    StepSystem system(String method, Model model, StateLayout layout, List<Expr> update) {
        if (!open.isEmpty()) throw new IllegalStateException(method + ": unknowns without a residual: " + new LinkedHashMap<>(open).values());
        for (Subsystem s : subsystems)
            if (s.unknownCount != s.residualCount)
                throw new IllegalStateException(method + ": block " + s.name + " has " + s.unknownCount + " unknowns and " + s.residualCount + " residuals");
        return new StepSystem(method, model, layout, unknowns, residuals, guess, update, List.of());
    }

    private void declare(List<Expr> x, List<Expr> x0) {
        if (x0.size() != x.size()) throw new IllegalStateException("unknowns " + x + " with a guess of " + x0.size());
        unknowns.addAll(x);
        guess.addAll(x0);
    }

    private void list(List<Expr> residual, int size, Object of) {
        if (residual.size() != size) throw new IllegalStateException("a residual of " + residual.size() + " for the " + size + " unknowns " + of);
        residuals.addAll(residual);
    }
}
