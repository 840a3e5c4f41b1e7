package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a step carries, as named blocks of components. On a mechanical system: q (n), v = dot(q) (n), p (n), then
 * the multipliers lambda1..lambdaM the method carries or reports. On a Lie group system a method names its own
 * blocks (e.g. g: the group element's stored entries, mu: the trivialised momentum). Values an observer takes from a
 * member's state at t = 0 (initial(E)) are carried as the block "initial" with the expressions E, and model parameters
 * that vary across the ensemble last, as the block "parameters" (both constant along a run). Observers are expressions
 * of these symbols.
 */
public final class StateLayout {
    /** A named block of state components: their symbols and column names. */
    public record Block(String name, List<Expr> symbols, List<String> columns) {
        /** Checks that every symbol has a column name, and keeps copies. */
        public Block {
            if (symbols.size() != columns.size()) throw new IllegalArgumentException("block " + name + ": " + symbols.size() + " symbols, " + columns.size() + " names");
            symbols = List.copyOf(symbols);
            columns = List.copyOf(columns);
        }
        /** The number of components. */
        public int size() { return symbols.size(); }
    }

    /** The names of the standard blocks: positions, velocities, momenta, multipliers, parameters carried per member, values at t = 0. */
    public static final String Q = "q", V = "v", P = "p", LAMBDA = "lambda", PARAMETERS = "parameters", INITIAL = "initial";

    private final List<Block> blocks;
    /** The expression of each symbol of the block INITIAL, evaluated on a member's state at t = 0. */
    private final List<Expr> initialValues;
    private final List<Expr> symbols;
    private final List<String> names;

    /** The layout q, v, p, lambda of a mechanical system with that many multipliers. */
    public StateLayout(MechanicalSystem system, int multipliers) {
        this(mechanicalBlocks(system, multipliers));
    }

    /** The layout of these blocks, in order. */
    public StateLayout(List<Block> blocks) {
        this(blocks, List.of());
    }

    private StateLayout(List<Block> blocks, List<Expr> initialValues) {
        this.blocks = List.copyOf(blocks);
        this.initialValues = List.copyOf(initialValues);
        List<Expr> s = new ArrayList<>();
        List<String> nm = new ArrayList<>();
        for (Block b : blocks) {
            if (blocks.stream().filter(o -> o.name().equals(b.name())).count() > 1) throw new IllegalArgumentException("state block " + b.name() + " given twice");
            s.addAll(b.symbols());
            nm.addAll(b.columns());
        }
        this.symbols = Collections.unmodifiableList(s);
        this.names = Collections.unmodifiableList(nm);
    }

    private static List<Block> mechanicalBlocks(MechanicalSystem system, int multipliers) {
        List<String> c = system.coordinateNames();
        List<Expr> p = new ArrayList<>(), lambda = new ArrayList<>();
        List<String> dot = new ArrayList<>(), pNames = new ArrayList<>(), lNames = new ArrayList<>();
        for (String x : c) { dot.add("dot(" + x + ")"); pNames.add("p(" + x + ")"); p.add(momentumSymbol(x)); }
        for (int a = 1; a <= multipliers; a++) { lambda.add(multiplierSymbol(a)); lNames.add("lambda" + a); }
        return List.of(new Block(Q, system.q(), c), new Block(V, system.v(), dot), new Block(P, p, pNames), new Block(LAMBDA, lambda, lNames));
    }

    /** The symbol p(x) of the momentum of a coordinate. */
    public static Expr momentumSymbol(String coordinate) { return Expr.sym("p(" + coordinate + ")"); }
    /** The symbol lambda_k of the k-th multiplier (1-based). */
    public static Expr multiplierSymbol(int oneBased) { return Expr.sym("lambda" + oneBased); }

    /** This layout with the given model parameters carried per member, as a last block "parameters" (StepSystem.H: column "h"). */
    public StateLayout withParameters(List<Expr> parameters) {
        if (has(PARAMETERS)) throw new IllegalStateException("parameters are carried already");
        List<Block> out = new ArrayList<>(blocks);
        out.add(new Block(PARAMETERS, parameters, parameters.stream().map(s -> s.equals(StepSystem.H) ? "h" : s.name()).toList()));
        return new StateLayout(out, initialValues);
    }

    /**
     * This layout with a block "initial" (before the parameters carried per member, which stay last): symbols[i] holds
     * values[i] (an expression of the other components and the model parameters) as the member's state gave it at t = 0;
     * the symbol's name is its column name.
     */
    public StateLayout withInitialValues(List<Expr> symbols, List<Expr> values) {
        if (has(INITIAL)) throw new IllegalStateException("initial values are carried already");
        if (symbols.size() != values.size()) throw new IllegalArgumentException(symbols.size() + " initial-value symbols, " + values.size() + " values");
        List<Block> out = new ArrayList<>(blocks);
        out.add(has(PARAMETERS) ? out.size() - 1 : out.size(), new Block(INITIAL, symbols, symbols.stream().map(Expr::name).toList()));
        return new StateLayout(out, values);
    }

    /** The expressions whose values at t = 0 the block "initial" holds, in its order (empty where there is none). */
    public List<Expr> initialValues() { return initialValues; }

    /** The model parameters carried per member (empty unless some vary across the ensemble). */
    public List<Expr> parameters() { return has(PARAMETERS) ? block(PARAMETERS).symbols() : List.of(); }

    /** Index of the first carried parameter (the state size when none is carried). */
    public int parameterOffset() { return has(PARAMETERS) ? offset(PARAMETERS) : size(); }

    /** The blocks, in order. */
    public List<Block> blocks() { return blocks; }

    /** The block of that name; IllegalArgumentException if there is none. */
    public Block block(String name) {
        for (Block b : blocks) if (b.name().equals(name)) return b;
        throw new IllegalArgumentException("no state block " + name + " (blocks: " + blocks.stream().map(Block::name).toList() + ")");
    }

    /** True where a block of that name exists. */
    public boolean has(String name) { return blocks.stream().anyMatch(b -> b.name().equals(name)); }

    /** Index of the block's first component in the state. */
    public int offset(String name) {
        int o = 0;
        for (Block b : blocks) {
            if (b.name().equals(name)) return o;
            o += b.size();
        }
        throw new IllegalArgumentException("no state block " + name);
    }

    private int sizeOf(String name) { return has(name) ? block(name).size() : 0; }

    /** Coordinates of a mechanical system (0 on a Lie group layout without a q block). */
    public int n() { return sizeOf(Q); }
    /** The number of multipliers carried. */
    public int multipliers() { return sizeOf(LAMBDA); }
    /** The number of state components. */
    public int size() { return symbols.size(); }
    /** Index of the first position. */
    public int qOffset() { return offset(Q); }
    /** Index of the first velocity. */
    public int vOffset() { return offset(V); }
    /** Index of the first momentum. */
    public int pOffset() { return offset(P); }
    /** Index of the first multiplier (the state size when none is carried). */
    public int lambdaOffset() { return has(LAMBDA) ? offset(LAMBDA) : size(); }
    /** The symbols of all components, in order. */
    public List<Expr> symbols() { return symbols; }
    /** Column names: x, dot(x), p(x), lambda1, ... */
    public List<String> names() { return names; }
    /** The position symbols. */
    public List<Expr> q() { return block(Q).symbols(); }
    /** The velocity symbols. */
    public List<Expr> v() { return block(V).symbols(); }
    /** The momentum symbols. */
    public List<Expr> p() { return block(P).symbols(); }
    /** The multiplier symbols (none where the block is absent). */
    public List<Expr> lambda() { return has(LAMBDA) ? block(LAMBDA).symbols() : List.of(); }
}
