package org.geomech.model;

import org.geomech.InputException;
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
        add(new Entry("unicycle", "vertical disc (unicycle) with a spring on SE(2), body velocities (001 sec. 7.4)", LieLibrary::unicycle));
        add(new Entry("turntable-ball", "homogeneous ball rolling on a turntable, SO(3) x R^2 (001 sec. 7.5)", LieLibrary::turntableBall));
        add(new Entry("dipole-on-stick", "charged dipole on a stick over a fixed charge, chaotic, on SO(3) (003 sec. 6)", LieLibrary::dipole));
    }

    private static void add(Entry e) { ENTRIES.put(e.name(), e); }

    /** The names of the built-in systems on Lie groups. */
    public static Set<String> names() { return ENTRIES.keySet(); }

    /** True for a built-in system on a Lie group of that name. */
    public static boolean has(String name) { return ENTRIES.containsKey(name); }

    /** The built-in system on a Lie group of that name; a one-line InputException for an unknown one. */
    public static Entry entry(String name) {
        Entry e = ENTRIES.get(name);
        if (e == null) throw new InputException("unknown Lie group model '" + name + "' (built in: " + String.join(", ", ENTRIES.keySet()) + ")");
        return e;
    }

    /** The built-in system on a Lie group of that name, built. */
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
                List.of("1", "0", "0", "0", "0", "-1", "0", "1", "0"), List.of("0", "1", "0"), LieGroupSystem.Velocities.SPATIAL);
    }

    /**
     * 001 sec. 7.4: l = 1/2 (m (v1^2 + v2^2) + Iz omega^2) - 1/2 (x^2 + y^2) on SE(2), g = [[R, (x, y)], [0, 1]] stored as
     * g11, g12, g21, g22, g13, g23, left-trivialised velocities (omega, v1, v2), phi = v2. Data of the 001 spec R.4 (chosen
     * there): m = 1, Iz = 0.5, (x, y, theta) = (1, 0.5, 0.3), (v1, v2, omega) = (0.2, 0, 1).
     */
    private static LieModelDefinition unicycle() {
        Map<String, Double> p = new LinkedHashMap<>();
        p.put("m", 1.0);
        p.put("Iz", 0.5);
        return new LieModelDefinition("unicycle", "001 sec. 7.4", "SE(2)", List.of("g"), List.of("omega", "v1", "v2"), p,
                "0.5*(m*(v1^2 + v2^2) + Iz*omega^2) - 0.5*(g13^2 + g23^2)", null, List.of("v2"),
                List.of("cos(0.3)", "-sin(0.3)", "sin(0.3)", "cos(0.3)", "1", "0.5"), List.of("1", "0.2", "0"));
    }

    /**
     * 001 sec. 7.5: l = 1/2 (vx^2 + vy^2) + r^2/2 (a w1^2 + b w2^2 + c w3^2) with body angular velocity w, rolling
     * constraints on the spatial one R w (001 spec pitfall P9): vx + Omega y - r (R w)_2 = 0, vy - Omega x + r (R w)_1 = 0.
     * Data of the 001 spec R.5 (chosen there): a = b = c = 0.4, r = 1, Omega = 1, R0 = I, (x, y) = (1, 0), v = (0.1, 0.3),
     * w = (0.7, 0.1, 0.5) (the first two from the constraints).
     */
    private static LieModelDefinition turntableBall() {
        Map<String, Double> p = new LinkedHashMap<>();
        for (String k : List.of("a", "b", "c")) p.put(k, 0.4);
        p.put("r", 1.0);
        p.put("Omega", 1.0);
        return new LieModelDefinition("turntable-ball", "001 sec. 7.5", "SO(3) x R^2", List.of("R", "x"), List.of("w1", "w2", "w3", "vx", "vy"), p,
                "0.5*(vx^2 + vy^2) + r^2/2*(a*w1^2 + b*w2^2 + c*w3^2)", null,
                List.of("vx + Omega*x2 - r*(R21*w1 + R22*w2 + R23*w3)", "vy - Omega*x1 + r*(R11*w1 + R12*w2 + R13*w3)"),
                List.of("1", "0", "0", "0", "1", "0", "0", "0", "1", "1", "0"), List.of("0.7", "0.1", "0.5", "0.1", "0.3"));
    }
}
