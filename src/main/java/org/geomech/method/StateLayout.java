package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a step carries, component by component: q (n), v = dot(q) (n), p (n), then the multipliers
 * lambda1..lambdaM the method carries or reports. Observers are expressions of these symbols.
 */
public final class StateLayout {
    private final int n;
    private final int multipliers;
    private final List<Expr> symbols;
    private final List<String> names;
    private final List<Expr> carried;

    public StateLayout(MechanicalSystem system, int multipliers) {
        this.n = system.dimension();
        this.multipliers = multipliers;
        List<Expr> s = new ArrayList<>(system.q());
        s.addAll(system.v());
        List<String> nm = new ArrayList<>(system.coordinateNames());
        for (String c : system.coordinateNames()) nm.add("dot(" + c + ")");
        for (String c : system.coordinateNames()) { s.add(momentumSymbol(c)); nm.add("p(" + c + ")"); }
        for (int a = 1; a <= multipliers; a++) { s.add(multiplierSymbol(a)); nm.add("lambda" + a); }
        this.symbols = Collections.unmodifiableList(s);
        this.names = Collections.unmodifiableList(nm);
        this.carried = List.of();
    }

    private StateLayout(StateLayout base, List<Expr> carried) {
        this.n = base.n;
        this.multipliers = base.multipliers;
        List<Expr> s = new ArrayList<>(base.symbols);
        List<String> nm = new ArrayList<>(base.names);
        for (Expr p : carried) { s.add(p); nm.add(p.name()); }
        this.symbols = Collections.unmodifiableList(s);
        this.names = Collections.unmodifiableList(nm);
        this.carried = List.copyOf(carried);
    }

    /** This layout with the given model parameters carried per member after the multipliers. */
    public StateLayout withParameters(List<Expr> parameters) {
        if (!carried.isEmpty()) throw new IllegalStateException("parameters are carried already");
        return new StateLayout(this, parameters);
    }

    public static Expr momentumSymbol(String coordinate) { return Expr.sym("p(" + coordinate + ")"); }
    public static Expr multiplierSymbol(int oneBased) { return Expr.sym("lambda" + oneBased); }

    public int n() { return n; }
    public int multipliers() { return multipliers; }
    public int size() { return 3 * n + multipliers + carried.size(); }
    public int qOffset() { return 0; }
    public int vOffset() { return n; }
    public int pOffset() { return 2 * n; }
    public int lambdaOffset() { return 3 * n; }
    public int parameterOffset() { return 3 * n + multipliers; }
    /** The model parameters carried per member (empty unless some vary across the ensemble). */
    public List<Expr> parameters() { return carried; }
    public List<Expr> symbols() { return symbols; }
    /** Column names: x, dot(x), p(x), lambda1, ... */
    public List<String> names() { return names; }
    public List<Expr> q() { return symbols.subList(0, n); }
    public List<Expr> v() { return symbols.subList(n, 2 * n); }
    public List<Expr> p() { return symbols.subList(2 * n, 3 * n); }
    public List<Expr> lambda() { return symbols.subList(3 * n, 3 * n + multipliers); }
}
