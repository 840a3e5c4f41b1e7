package org.geomech.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The built-in systems on Lie groups, with their data and default initial states from the papers' specs. */
public final class LieLibrary {
    private LieLibrary() {}

    /** A built-in Lie group system: a one-line summary and its definition. */
    public record Entry(String name, String summary, Supplier<LieModelDefinition> definition) {}

    private static final Map<String, Entry> ENTRIES = new TreeMap<>();

    static {
        add(new Entry("dipole-on-stick", "charged dipole on a stick over a fixed charge, chaotic, on SO(3) (003 sec. 6)", LieLibrary::dipole));
    }

    private static void add(Entry e) { ENTRIES.put(e.name(), e); }

    public static Set<String> names() { return ENTRIES.keySet(); }

    public static boolean has(String name) { return ENTRIES.containsKey(name); }

    public static Entry entry(String name) {
        Entry e = ENTRIES.get(name);
        if (e == null) throw new InputException("unknown Lie group model '" + name + "' (built in: " + String.join(", ", ENTRIES.keySet()) + ")");
        return e;
    }

    public static LieGroupSystem system(String name) { return entry(name).definition().get().build(); }

    /**
     * 003 sec. 6 (spec sec. 10): right-trivialised, spatial angular velocity w = xi and momentum mu. Inertia
     * I = m diag(1 + alpha^2, 1, alpha^2), charges +-q at R (0, +-alpha, -1), fixed charge beta at (0, 0, -zc). Gravity
     * term sg m e3^T R e3: sg = -1 is the physical sign that reproduces 003 Fig. 3 (spec pitfall P2), +1 as printed.
     * Initial data (003 sec. 6.1): R0 = [[1,0,0],[0,0,-1],[0,1,0]], w0 = e2, so mu0 = (0, 0.01, 0).
     */
    private static LieModelDefinition dipole() {
        Map<String, Double> p = new LinkedHashMap<>();
        p.put("m", 1.0);
        p.put("q", 1.0);
        p.put("beta", 1.0);
        p.put("alpha", 0.1);
        p.put("zc", 1.5);
        p.put("sg", -1.0);
        // spatial inertia R I R^T, and its inverse R I^-1 R^T, written through the body vector R^T w / R^T mu
        String bw1 = "(R11*w1 + R21*w2 + R31*w3)", bw2 = "(R12*w1 + R22*w2 + R32*w3)", bw3 = "(R13*w1 + R23*w2 + R33*w3)";
        String bm1 = "(R11*p(w1) + R21*p(w2) + R31*p(w3))", bm2 = "(R12*p(w1) + R22*p(w2) + R32*p(w3))", bm3 = "(R13*p(w1) + R23*p(w2) + R33*p(w3))";
        // y+- - z = R (0, +-alpha, -1) - (0, 0, -zc)
        String plus = "((alpha*R12 - R13)^2 + (alpha*R22 - R23)^2 + (alpha*R32 - R33 + zc)^2)";
        String minus = "((-alpha*R12 - R13)^2 + (-alpha*R22 - R23)^2 + (-alpha*R32 - R33 + zc)^2)";
        String potential = "sg*m*R33 + q*beta*(" + plus + "^(-0.5) - " + minus + "^(-0.5))";
        String kinetic = "0.5*m*((1 + alpha^2)*" + bw1 + "^2 + " + bw2 + "^2 + alpha^2*" + bw3 + "^2)";
        String hamiltonianKinetic = "0.5/m*(" + bm1 + "^2/(1 + alpha^2) + " + bm2 + "^2 + " + bm3 + "^2/alpha^2)";
        return new LieModelDefinition("dipole-on-stick", "003 sec. 6", "SO(3)", List.of("R"), List.of("w1", "w2", "w3"), p,
                kinetic + " - (" + potential + ")", hamiltonianKinetic + " + " + potential, List.of(),
                List.of("1", "0", "0", "0", "0", "-1", "0", "1", "0"), List.of("0", "1", "0"));
    }
}
