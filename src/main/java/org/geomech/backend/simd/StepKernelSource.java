package org.geomech.backend.simd;

import org.geomech.ensemble.Observer;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.NonFinite;
import org.geomech.expr.TreeHeight;
import org.geomech.expr.VectorEmitter;
import org.geomech.method.StepSystem;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The Java source of a SimdStepKernel for an explicit step system: one method, the state's lanes
 * loaded into locals once, a loop over the steps whose body is the update's straight-line code (VectorEmitter.body,
 * bitwise the reference's tape), the constants and every value of the parameters alone (and of parameters carried per
 * member, which no step changes) hoisted out of the loop. The observers of one output are a method of their own, which
 * reads the stored state back from L1: in the step method their code made C2 spill the loop's values (RESULTS.md, code measurements).
 * Over several outputs, the outputs method runs the step loop once per output, each followed by the observers in a
 * block of their own, and is the fastest of the three (outputs).
 * The state check sums the distinct components of a state, pairwise so the sums do not form a long dependency chain:
 * the sum is finite exactly when all values were (or on overflow of finite values, which only sends the block to the
 * exact per-member path). The components whose non-finite values cannot turn finite again (NonFinite.persistent) are
 * checked in the last state only, the others after every step (Checks): on chaotic-nh all are persistent, and summing
 * 15 values a step, where the FP adders are the busiest units, ran about 9 % slower than checking the last state
 * (RESULTS.md, code measurements). Where the step is one long chain (chained), the class
 * also has the group method. key: the text's KernelCache key, taken once (the loader and the forecast both name the
 * kernel by it; a fresh JVM hashes in its interpreter).
 */
record StepKernelSource(String text, String className, boolean grouped, String key) {
    static StepKernelSource of(StepSystem system, List<Observer> observers, int lanes) {
        if (!system.unknowns().isEmpty()) throw new IllegalArgumentException(system.method() + " is not explicit");
        int stateSize = system.state().size();
        List<Expr> inputs = new ArrayList<>(system.state()), outputs = system.update();
        inputs.addAll(system.params());
        List<Expr> observed = new ArrayList<>();
        for (Observer o : observers) observed.add(o.expression());
        VectorEmitter.Body body = VectorEmitter.body("w", lanes, inputs, system.stepInvariant(), outputs);
        VectorEmitter.Body observe = VectorEmitter.body("w", lanes, inputs, Set.of(), observed);
        String className = "GeneratedSimdStep";
        StringBuilder s = new StringBuilder();
        s.append("import jdk.incubator.vector.DoubleVector;\n")
                .append("import jdk.incubator.vector.VectorOperators;\n")
                .append("import jdk.incubator.vector.VectorSpecies;\n\n")
                .append("// ").append(system.method()).append(" on ").append(system.model().name()).append(", the straight-line step and ")
                .append(observers.size()).append(" observers, ").append(lanes).append(" lanes\n")
                .append("public final class ").append(className).append(" implements ").append(SimdStepKernel.class.getName()).append(" {\n")
                .append("private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;\n")
                .append("@Override public boolean steps(double[] data, int stride, int first, double[] p, int steps) {\n");
        int[] carrier = carriers(system);
        Checks checks = Checks.of(system);
        carrierLoads(s, carrier);
        preamble(s, system, lanes, body, body.scratch());
        if (!checks.everyStep().isEmpty()) s.append("DoubleVector check = DoubleVector.zero(S);\n");
        stepLoop(s, body, checks, carrier);
        lastCheck(s, checks, carrier);
        s.append("}\n");
        for (int c = 0; c < stateSize; c++) {
            if (carrier[c] != c) s.append("if (steps > 0) ");
            s.append('a').append(carrier[c]).append(".intoArray(data, ").append(c).append(" * stride + first);\n");
        }
        s.append("return true;\n}\n");
        outputs(s, system, observed.size(), lanes, body, observe, carrier, checks);
        s.append("@Override public void observe(double[] data, int stride, int first, double[] p, double[] values, int base, int members) {\n");
        if (observe.scratch()) scratchArray(s, lanes);
        loads(s, stateSize, "first");
        params(s, system);
        s.append(observe.constants()).append(observe.statements());
        storeObservers(s, observed.size(), "base", "first");
        s.append("}\n");
        boolean grouped = chained(system);
        if (grouped) group(s, system, inputs, observed, observe, checks, lanes);
        s.append("}\n");
        String text = s.toString();
        return new StepKernelSource(text, className, grouped, KernelCache.key(text));
    }

    /**
     * SimdStepKernel.outputs: the steps method's loop, its state in the same locals, run once per output, each output
     * followed by the observers of the state in registers (the components held by a carrier read from it), stored for
     * the output; the state is stored and checked after the last output only. Faster per lane-block and output than a call
     * of steps and one of observe for each output (RESULTS.md, code measurements): no call, no loads and stores of the
     * state between outputs, and the observers overlap the next output's steps. The step's constants and hoisted values
     * are declared in each output's block (the observers' code reuses their names), the observers' after the step
     * loop: whole batches at one thread (RunPhases) run as fast as the kernel
     * measured above with them declared once, before the loop over the outputs. Requires steps >= 1: a component held
     * by a carrier is read and stored from it.
     */
    private static void outputs(StringBuilder s, StepSystem system, int observers, int lanes, VectorEmitter.Body body, VectorEmitter.Body observe,
                                int[] carrier, Checks checks) {
        int stateSize = system.state().size();
        s.append("@Override public boolean outputs(double[] data, int stride, int first, double[] p, int steps, int outputs, double[] values, int base, int members) {\n");
        if (body.scratch() || observe.scratch()) scratchArray(s, lanes);
        carrierLoads(s, carrier);
        params(s, system);
        if (!checks.everyStep().isEmpty()) s.append("DoubleVector check = DoubleVector.zero(S);\n");
        s.append("for (int r = 0; r < outputs; r++) {\n{\n").append(body.constants()).append(body.hoisted());
        stepLoop(s, body, checks, carrier);
        s.append("}\n{\n");
        for (int c = 0; c < stateSize; c++) if (carrier[c] != c) s.append("final DoubleVector a").append(c).append(" = a").append(carrier[c]).append(";\n");
        s.append(observe.constants()).append(observe.statements());
        storeObservers(s, observers, "base + r * " + observers + " * members", "first");
        s.append("}\n}\n");
        lastCheck(s, checks, carrier);
        for (int c = 0; c < stateSize; c++) s.append('a').append(carrier[c]).append(".intoArray(data, ").append(c).append(" * stride + first);\n");
        s.append("return true;\n}\n");
    }

    /** Loads the state's lanes from first into the locals a{c} of the components that carry themselves (carriers). */
    private static void carrierLoads(StringBuilder s, int[] carrier) {
        for (int c = 0; c < carrier.length; c++)
            if (carrier[c] == c) s.append("DoubleVector a").append(c).append(" = DoubleVector.fromArray(S, data, ").append(c).append(" * stride + first);\n");
    }

    /** The loop of steps steps on the carriers' locals, adding the components checked after every step to check. */
    private static void stepLoop(StringBuilder s, VectorEmitter.Body body, Checks checks, int[] carrier) {
        s.append("for (int k = 0; k < steps; k++) {\n").append(body.statements());
        if (!checks.everyStep().isEmpty()) s.append("check = check.add(").append(pairwiseSum(checks.everyStep(), c -> "n" + c)).append(");\n");
        for (int c = 0; c < carrier.length; c++) if (carrier[c] == c) s.append('a').append(c).append(" = n").append(c).append(";\n");
        s.append("}\n");
    }

    /** After the steps: the last state's check (NonFinite.persistent components) added, and false returned where not finite. */
    private static void lastCheck(StringBuilder s, Checks checks, int[] carrier) {
        if (!checks.last().isEmpty()) {
            String last = pairwiseSum(checks.last(), c -> "a" + carrier[c]);
            s.append(checks.everyStep().isEmpty() ? "final DoubleVector check = " + last + ";\n" : "check = check.add(" + last + ");\n");
        }
        reject(s);
    }

    /**
     * SimdStepKernel.group: steps outer, lane-blocks inner, each block's state loaded and stored at every step, so that
     * consecutive blocks' steps are independent and overlap in the core as a C loop over members does (one block's
     * step is a chain of dependent operations); only the values of the shared parameters are hoisted (a parameter
     * carried per member differs from block to block). The check, where every step's state is checked, starts afresh at
     * every step and is tested after it: summed across both loops, JDK 17's C2 left the loop's vectors boxed
     * (a third of the speed; RESULTS.md, code measurements); the last state's check
     * is a loop of its own over the blocks. Then each block's observers, in a loop of this method: the observe method
     * once per block ran RATTLE 8 % slower on Temurin 25.
     */
    private static void group(StringBuilder s, StepSystem system, List<Expr> inputs, List<Expr> observed, VectorEmitter.Body observe,
                              Checks checks, int lanes) {
        int stateSize = system.state().size();
        VectorEmitter.Body body = VectorEmitter.body("w", lanes, inputs, new HashSet<>(system.params()), system.update());
        s.append("@Override public boolean group(double[] data, int stride, int first, int blocks, double[] p, int steps, double[] values, int base, int members) {\n");
        preamble(s, system, lanes, body, body.scratch() || observe.scratch());
        boolean everyStep = !checks.everyStep().isEmpty();
        s.append("for (int k = 0; k < steps; k++) {\n");
        if (everyStep) s.append("DoubleVector check = DoubleVector.zero(S);\n");
        s.append(blockLoop(lanes));
        loads(s, stateSize, "at");
        s.append(body.statements());
        if (everyStep) s.append("check = check.add(").append(pairwiseSum(checks.everyStep(), c -> "n" + c)).append(");\n");
        for (int c = 0; c < stateSize; c++) s.append('n').append(c).append(".intoArray(data, ").append(c).append(" * stride + at);\n");
        s.append("}\n");
        if (everyStep) reject(s);
        s.append("}\n");
        if (!checks.last().isEmpty()) {
            s.append("DoubleVector check = DoubleVector.zero(S);\n").append(blockLoop(lanes));
            for (int c : checks.last())
                s.append("final DoubleVector a").append(c).append(" = DoubleVector.fromArray(S, data, ").append(c).append(" * stride + at);\n");
            s.append("check = check.add(").append(pairwiseSum(checks.last(), c -> "a" + c)).append(");\n}\n");
            reject(s);
        }
        s.append("}\n");
        if (!observed.isEmpty()) {
            s.append("if (values != null) {\n").append(observe.constants());
            s.append(blockLoop(lanes));
            loads(s, stateSize, "at");
            s.append(observe.statements());
            storeObservers(s, observed.size(), "base", "at");
            s.append("}\n}\n");
        }
        s.append("return true;\n}\n");
    }

    /** The head of group's loop over its lane-blocks, the index at the block's first member. */
    private static String blockLoop(int lanes) {
        return "for (int at = first, last = first + blocks * " + lanes + "; at < last; at += " + lanes + ") {\n";
    }

    /**
     * A kernel method's start: the scratch array where the code calls through it, the parameters' lanes, then, in a block
     * of its own (the observers' code reuses the names), the step's constants and its hoisted values.
     */
    private static void preamble(StringBuilder s, StepSystem system, int lanes, VectorEmitter.Body body, boolean scratch) {
        if (scratch) scratchArray(s, lanes);
        params(s, system);
        s.append("{\n").append(body.constants()).append(body.hoisted());
    }

    /** The scratch array w of two lane-blocks. */
    private static void scratchArray(StringBuilder s, int lanes) { s.append("final double[] w = new double[").append(2 * lanes).append("];\n"); }

    /** The parameters' lanes a{stateSize}, a{stateSize + 1}, ... */
    private static void params(StringBuilder s, StepSystem system) {
        int stateSize = system.state().size();
        for (int k = 0; k < system.params().size(); k++)
            s.append("final DoubleVector a").append(stateSize + k).append(" = DoubleVector.broadcast(S, p[").append(k).append("]);\n");
    }

    /** Returns false where the check's sum is not finite. */
    private static void reject(StringBuilder s) {
        s.append("if (!check.mul(0.0).compare(VectorOperators.EQ, 0.0).allTrue()) return false;\n");
    }

    /** The observers n0, n1, ... into values from base on, at the lane-block from `at`. */
    private static void storeObservers(StringBuilder s, int count, String base, String at) {
        for (int o = 0; o < count; o++)
            s.append('n').append(o).append(".intoArray(values, ").append(base).append(" + ").append(o).append(" * members + ").append(at).append(");\n");
    }

    /** Whether the step is one long chain (TreeHeight.chained): then the group kernel, whose blocks' independent steps overlap. */
    static boolean chained(StepSystem system) { return TreeHeight.chained(system.update()); }

    /** The state's lanes of the block at the index named at into a0 ... */
    private static void loads(StringBuilder s, int stateSize, String at) {
        for (int c = 0; c < stateSize; c++)
            s.append("final DoubleVector a").append(c).append(" = DoubleVector.fromArray(S, data, ").append(c).append(" * stride + ").append(at).append(");\n");
    }

    /**
     * The components the state check sums: of those with distinct updates (v' = p' on a unit mass matrix: one check
     * covers both), the ones checked after every step and the ones (NonFinite.persistent) checked in the last state only.
     */
    record Checks(List<Integer> everyStep, List<Integer> last) {
        static Checks of(StepSystem system) {
            List<Expr> update = system.update();
            BitSet persistent = NonFinite.persistent(system.state(), update);
            List<Integer> everyStep = new ArrayList<>(), last = new ArrayList<>();
            for (int c = 0; c < update.size(); c++) if (update.indexOf(update.get(c)) == c) (persistent.get(c) ? last : everyStep).add(c);
            return new Checks(everyStep, last);
        }
    }

    /**
     * For each state component, the local that holds it across the step loop: its own, or, where the step does not
     * read it and its update is another component's that the step reads, that one's (v = V and p = V after a
     * lobatto-nh step: seven locals fewer live across chaotic-nh's loop, a few per cent faster;
     * RESULTS.md, code measurements). Such a component is not loaded; it is stored from its carrier after a step.
     */
    private static int[] carriers(StepSystem system) {
        List<Expr> state = system.state(), update = system.update();
        Set<Expr> read = Exprs.symbols(update);
        int[] carrier = new int[state.size()];
        for (int c = 0; c < state.size(); c++) {
            carrier[c] = c;
            if (read.contains(state.get(c))) continue;
            for (int d = 0; d < state.size(); d++) {
                if (d != c && update.get(d) == update.get(c) && read.contains(state.get(d))) {
                    carrier[c] = d;
                    break;
                }
            }
        }
        return carrier;
    }

    /** The sum of the named components as a balanced tree of add calls. */
    private static String pairwiseSum(List<Integer> components, IntFunction<String> name) {
        if (components.size() == 1) return name.apply(components.get(0));
        int mid = components.size() / 2;
        return "(" + pairwiseSum(components.subList(0, mid), name) + ").add(" + pairwiseSum(components.subList(mid, components.size()), name) + ")";
    }
}
