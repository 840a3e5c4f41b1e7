package org.geomech.model;

import org.geomech.InputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** The built-in systems of the papers, with their data and default initial conditions. */
public final class Library {
    private Library() {}

    /** The largest value of a structure option (a model also has at most ModelDefinition.MAX_COORDINATES coordinates). */
    public static final int MAX_STRUCTURE = 1000;

    /**
     * A built-in system: its definition given integer structure options (for example m of chaotic-nh),
     * and default initial positions and velocities as expressions of the parameters, the member index j
     * and the member count N.
     */
    public record Entry(String name, String summary, Map<String, Integer> structureDefaults,
                        Function<Map<String, Integer>, ModelDefinition> definition,
                        Function<Map<String, Integer>, List<String>> q0, Function<Map<String, Integer>, List<String>> v0) {

        /** The definition with these structure options (the defaults for those not given). */
        public ModelDefinition definition(Map<String, Integer> structure) { return definition.apply(merged(structure)); }
        /** The default initial positions with these structure options. */
        public List<String> q0(Map<String, Integer> structure) { return q0.apply(merged(structure)); }
        /** The default initial velocities with these structure options. */
        public List<String> v0(Map<String, Integer> structure) { return v0.apply(merged(structure)); }

        private Map<String, Integer> merged(Map<String, Integer> structure) {
            Map<String, Integer> m = new LinkedHashMap<>(structureDefaults);
            for (Map.Entry<String, Integer> e : structure.entrySet()) {
                if (!m.containsKey(e.getKey())) throw new InputException("model " + name + " has no structure option " + e.getKey()
                        + (m.isEmpty() ? "" : " (it has " + String.join(", ", m.keySet()) + ")"));
                if (e.getValue() == null || e.getValue() < 1 || e.getValue() > MAX_STRUCTURE)
                    throw new InputException("model " + name + ": structure option " + e.getKey() + " must be between 1 and " + MAX_STRUCTURE
                            + ", got " + e.getValue());
                m.put(e.getKey(), e.getValue());
            }
            return m;
        }
    }

    private static final Map<String, Entry> ENTRIES = new TreeMap<>();

    static {
        add(new Entry("nh-particle", "nonholonomic particle in a harmonic potential (001 sec. 7.1)", Map.of(),
                s -> new ModelDefinition("nh-particle", "001 sec. 7.1", List.of("x", "y", "z"), Map.of(),
                        "0.5*(dot(x)^2 + dot(y)^2 + dot(z)^2) - 0.5*(x^2 + y^2)", List.of(), List.of("dot(z) - y*dot(x)")),
                // 001 spec R.1 (chosen there): q0 = (1, 0.5, 0), v0 = (0.2, 1, 0.1)
                s -> List.of("1", "0.5", "0"), s -> List.of("0.2", "1", "0.1")));
        add(new Entry("cvt", "pendulum-driven continuously variable transmission (001 sec. 7.2)", Map.of(),
                s -> new ModelDefinition("cvt", "001 sec. 7.2", List.of("x", "y", "z"), params("eps", 0.5),
                        "0.5*(dot(x)^2 + dot(y)^2 + dot(z)^2) - 0.5*(x^2 + z^2 - 2*cos(y) + eps*sin(2*y))",
                        List.of(), List.of("dot(z) + sin(y)*dot(x)")),
                // 001 sec. 7.2, low-energy case: E_T = 9/5
                s -> List.of("1", "0", "1"), s -> List.of("0", "3*sqrt(10)/5", "0")));
        add(new Entry("chaotic-nh", "fully chaotic nonholonomic system, n = 2m+1 (001 sec. 7.3)", Map.of("m", 3),
                Library::chaotic, Library::chaoticQ0, Library::chaoticV0));
        add(new Entry("planar-pendulum", "planar pendulum in Cartesian coordinates (002 sec. 5.1)", Map.of(),
                s -> new ModelDefinition("planar-pendulum", "002 sec. 5.1", List.of("x", "y"), Map.of(),
                        "0.5*(dot(x)^2 + dot(y)^2) - y", List.of("x^2 + y^2 - 1"), List.of()),
                s -> List.of("0", "-1"), s -> List.of("1", "0")));
        add(new Entry("spherical-pendulum", "spherical pendulum with mass m, length l, gravity g (004 sec. 6.1)", Map.of(),
                s -> new ModelDefinition("spherical-pendulum", "004 sec. 6.1", List.of("x", "y", "z"), params("m", 1.0, "l", 1.0, "g", 9.81),
                        "0.5*m*(dot(x)^2 + dot(y)^2 + dot(z)^2) - m*g*z", List.of("0.5*((x^2 + y^2 + z^2)/l^2 - 1)"), List.of()),
                s -> List.of("1", "0", "0"), s -> List.of("0", "1", "0")));
        // 002 sec. 5.2 (eqs. 69-74): uniform rotation at height -2^(-1/2), lambda = 2^(-1/2) constant (002 sign)
        add(new Entry("conical-pendulum", "conical pendulum: spherical pendulum on a uniform circle (002 sec. 5.2)", Map.of(),
                s -> new ModelDefinition("conical-pendulum", "002 sec. 5.2", List.of("x", "y", "z"), Map.of(),
                        "0.5*(dot(x)^2 + dot(y)^2 + dot(z)^2) - z", List.of("x^2 + y^2 + z^2 - 1"), List.of()),
                s -> List.of("sqrt(0.5)", "0", "-sqrt(0.5)"), s -> List.of("0", "2^(-0.25)", "0")));
        // 002 sec. 5.3 (eqs. 75-76): quartic potential, sextic constraint; same initial data as the conical pendulum
        add(new Entry("modified-pendulum", "modified pendulum: U = z^4, g = x^6 + y^4 + z^2 - 0.625 (002 sec. 5.3)", Map.of(),
                s -> new ModelDefinition("modified-pendulum", "002 sec. 5.3", List.of("x", "y", "z"), Map.of(),
                        "0.5*(dot(x)^2 + dot(y)^2 + dot(z)^2) - z^4", List.of("x^6 + y^4 + z^2 - 0.625"), List.of()),
                s -> List.of("sqrt(0.5)", "0", "-sqrt(0.5)"), s -> List.of("0", "2^(-0.25)", "0")));
        add(new Entry("tethered-satellites", "three satellites on unit tethers around a central body, GM = 1 (002 sec. 5.4)", Map.of(),
                s -> tethered(), s -> List.of("0", "0.5", "z0", "0", "-0.5", "z0", "0", "0", "z0 - sqrt(3)/2"),
                // 002 sec. 5.4: v0 makes H = 0; positive root as in the 002 spec (P10): 0.5517822421601886
                s -> List.of("0", "0", "0", "0", "0", "0", "sqrt(2*(2/sqrt(z0^2 + 0.25) + 1/(z0 - sqrt(3)/2)))", "0", "0")));
        add(new Entry("heavy-top", "heavy top in steady precession, director coordinates phi, d1, d2, d3 (004 sec. 6.2)", Map.of(),
                s -> heavyTop(), s -> heavyTopInitial(false), s -> heavyTopInitial(true)));
        // 000 sec. 1: the case the paper names, a rigid body as a 3 x 3 matrix with A A^T = I (6 holonomic constraints)
        add(new Entry("matrix-top", "heavy top as a rotation matrix A (9 entries a_ij, A A^T = I, 6 constraints; 000 sec. 1)", Map.of(),
                s -> matrixTop(), s -> matrixTopInitial(false), s -> matrixTopInitial(true)));
        // 004 sec. 6.3 (eqs. 116-117, 127): Gonzalez's four particles, springs 1-3 and 2-4, rods 1-2 and 3-4
        add(new Entry("four-particle", "four particles, two nonlinear springs, two rigid rods (004 sec. 6.3, Gonzalez)", Map.of(),
                s -> fourParticle(),
                s -> List.of("0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "0"),
                s -> List.of("0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "2/m4")));
        // 000 spec sec. 6 (problem DP): planar double pendulum in Cartesian coordinates, unit masses, lengths and gravity;
        // absolute link angles 0.5 and 1.0 from the downward vertical, rates 0.3 and -0.4
        add(new Entry("double-pendulum", "planar double pendulum in Cartesian coordinates (000 spec sec. 6, DP)", Map.of(),
                s -> new ModelDefinition("double-pendulum", "000 spec sec. 6", List.of("x1", "y1", "x2", "y2"),
                        params("m1", 1.0, "m2", 1.0, "l1", 1.0, "l2", 1.0, "g", 1.0),
                        "0.5*m1*(dot(x1)^2 + dot(y1)^2) + 0.5*m2*(dot(x2)^2 + dot(y2)^2) - g*(m1*y1 + m2*y2)",
                        List.of("0.5*(x1^2 + y1^2 - l1^2)", "0.5*((x2 - x1)^2 + (y2 - y1)^2 - l2^2)"), List.of()),
                s -> List.of("l1*sin(0.5)", "-l1*cos(0.5)", "l1*sin(0.5) + l2*sin(1)", "-l1*cos(0.5) - l2*cos(1)"),
                s -> List.of("0.3*l1*cos(0.5)", "0.3*l1*sin(0.5)", "0.3*l1*cos(0.5) - 0.4*l2*cos(1)", "0.3*l1*sin(0.5) - 0.4*l2*sin(1)")));
    }

    // 004 sec. 6.2 (eqs. 100-104): q = (phi, d1, d2, d3), M = diag(m I, E1 I, E2 I, E3 I), V = m g phi3,
    // g_int = (1/2(d_i.d_i - 1), d1.d2, d1.d3, d2.d3), g_ext = phi/l - d3. Data: the exact cone of the 004 spec sec. 4.2
    // (rho = 2700, a = 0.1, r = a/2): m = rho pi r^2 a / 3, I1 = I2 = I3 = 3/10 m r^2, E_i = I/2, l = 3a/4.
    static final double TOP_MASS = 2700 * Math.PI * 0.05 * 0.05 * 0.1 / 3, TOP_INERTIA = 0.3 * TOP_MASS * 0.05 * 0.05;

    private static ModelDefinition heavyTop() {
        List<String> q = List.of("phi1", "phi2", "phi3", "d11", "d12", "d13", "d21", "d22", "d23", "d31", "d32", "d33");
        String l = "0.5*m*(dot(phi1)^2 + dot(phi2)^2 + dot(phi3)^2) + 0.5*E1*(dot(d11)^2 + dot(d12)^2 + dot(d13)^2)"
                + " + 0.5*E2*(dot(d21)^2 + dot(d22)^2 + dot(d23)^2) + 0.5*E3*(dot(d31)^2 + dot(d32)^2 + dot(d33)^2) - m*g*phi3";
        List<String> g = new ArrayList<>();
        for (int i = 1; i <= 3; i++) g.add("0.5*(d" + i + "1^2 + d" + i + "2^2 + d" + i + "3^2 - 1)");
        int[][] pairs = {{1, 2}, {1, 3}, {2, 3}};
        for (int[] ij : pairs) g.add("d" + ij[0] + "1*d" + ij[1] + "1 + d" + ij[0] + "2*d" + ij[1] + "2 + d" + ij[0] + "3*d" + ij[1] + "3");
        for (int c = 1; c <= 3; c++) g.add("phi" + c + "/l - d3" + c);
        double e = TOP_INERTIA / 2;
        return new ModelDefinition("heavy-top", "004 sec. 6.2", q, params("m", TOP_MASS, "E1", e, "E2", e, "E3", e, "l", 0.075, "g", 9.81), l, g, List.of());
    }

    // 004 eqs. (108)-(111): R = rotation by alpha0 = pi/3 about e1, d_i = R e_i, phi = R (0, 0, l), omega0 = omega_p e3 +
    // omega_s d3, v_i = omega0 x q_i; omega_p = 10 and omega_s from steady precession (112), 135.6 for these data
    private static List<String> heavyTopInitial(boolean velocities) {
        double a = Math.PI / 3, c = Math.cos(a), s = Math.sin(a), l = 0.075, wp = 10, g = 9.81, i = TOP_INERTIA, m = TOP_MASS;
        double ws = m * g * l / (i * wp) + (i + m * l * l - i) / i * wp * c;
        double[][] d = {{1, 0, 0}, {0, c, s}, {0, -s, c}};
        double[] w = {ws * d[2][0], ws * d[2][1], wp + ws * d[2][2]};
        List<double[]> qs = List.of(new double[]{l * d[2][0], l * d[2][1], l * d[2][2]}, d[0], d[1], d[2]);
        List<String> out = new ArrayList<>();
        for (double[] x : qs) {
            double[] y = velocities ? new double[]{w[1] * x[2] - w[2] * x[1], w[2] * x[0] - w[0] * x[2], w[0] * x[1] - w[1] * x[0]} : x;
            for (double v : y) out.add(Double.toString(v));
        }
        return out;
    }

    // L = 1/2 tr(dot(A) J dot(A)^T) - m g l a33 (000 sec. 1, the body's columns a_.j in space, J = tr(I)/2 - I, centre of
    // mass at l on body axis 3), g = the upper triangle of A A^T - I. Data: m = g = l = 1, principal moments I = (2, 2, 1)
    private static ModelDefinition matrixTop() {
        List<String> q = new ArrayList<>();
        StringBuilder l = new StringBuilder();
        for (int i = 1; i <= 3; i++) for (int j = 1; j <= 3; j++) q.add("a" + i + j);
        for (int j = 1; j <= 3; j++)
            for (int i = 1; i <= 3; i++) l.append(l.length() == 0 ? "" : " + ").append("0.5*J").append(j).append("*dot(a").append(i).append(j).append(")^2");
        l.append(" - m*g*l*a33");
        List<String> g = new ArrayList<>();
        for (int i = 1; i <= 3; i++) g.add("0.5*(a" + i + "1^2 + a" + i + "2^2 + a" + i + "3^2 - 1)");
        for (int[] ik : new int[][]{{1, 2}, {1, 3}, {2, 3}}) g.add("a" + ik[0] + "1*a" + ik[1] + "1 + a" + ik[0] + "2*a" + ik[1] + "2 + a" + ik[0] + "3*a" + ik[1] + "3");
        return new ModelDefinition("matrix-top", "000 sec. 1", q, params("m", 1.0, "g", 1.0, "l", 1.0, "J1", 0.5, "J2", 0.5, "J3", 1.5),
                l.toString(), g, List.of());
    }

    // A0 = rotation by 0.5 about e1, dot(A)0 = A0 hat(Omega) with body angular velocity Omega = (0.3, 0.2, 2)
    private static List<String> matrixTopInitial(boolean velocities) {
        double c = Math.cos(0.5), s = Math.sin(0.5);
        double[][] a = {{1, 0, 0}, {0, c, -s}, {0, s, c}}, w = {{0, -2, 0.2}, {2, 0, -0.3}, {-0.2, 0.3, 0}};
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double x = a[i][j];
                if (velocities) { x = 0; for (int k = 0; k < 3; k++) x += a[i][k] * w[k][j]; }
                out.add(Double.toString(x));
            }
        return out;
    }

    // 004 eqs. (116)-(117) with Gonzalez's data: masses 1, 3, 2.3, 1.7; k13 = 50, k24 = 500; all lengths 1
    private static ModelDefinition fourParticle() {
        List<String> q = new ArrayList<>();
        StringBuilder l = new StringBuilder();
        for (int i = 1; i <= 4; i++) {
            for (String c : List.of("x", "y", "z")) q.add(c + i);
            l.append(i > 1 ? " + " : "").append("0.5*m").append(i).append("*(dot(x").append(i).append(")^2 + dot(y").append(i)
                    .append(")^2 + dot(z").append(i).append(")^2)");
        }
        l.append(" - 0.5*k13*(").append(dist2(1, 3)).append(" - l13^2)^2 - 0.5*k24*(").append(dist2(2, 4)).append(" - l24^2)^2");
        List<String> g = List.of("0.5*((" + dist2(1, 2) + ")/l12^2 - 1)", "0.5*((" + dist2(3, 4) + ")/l34^2 - 1)");
        return new ModelDefinition("four-particle", "004 sec. 6.3", q, params("m1", 1.0, "m2", 3.0, "m3", 2.3, "m4", 1.7,
                "k13", 50.0, "k24", 500.0, "l13", 1.0, "l24", 1.0, "l12", 1.0, "l34", 1.0), l.toString(), g, List.of());
    }

    private static String dist2(int a, int b) {
        return "(x" + b + " - x" + a + ")^2 + (y" + b + " - y" + a + ")^2 + (z" + b + " - z" + a + ")^2";
    }

    // 002 sec. 5.4 (eqs. 77-80): q_i in R^3, unit masses and tethers, U = -sum 1/|q_i|, g = (|q1-q2|^2-1, |q2-q3|^2-1, |q3-q1|^2-1)
    private static ModelDefinition tethered() {
        List<String> q = new ArrayList<>();
        StringBuilder l = new StringBuilder("0.5*(");
        for (int i = 1; i <= 3; i++) for (String c : List.of("x", "y", "z")) {
            q.add(c + i);
            l.append(q.size() > 1 ? " + " : "").append("dot(").append(c).append(i).append(")^2");
        }
        l.append(")");
        for (int i = 1; i <= 3; i++) l.append(" + 1/sqrt(x").append(i).append("^2 + y").append(i).append("^2 + z").append(i).append("^2)");
        List<String> g = new ArrayList<>();
        int[][] pairs = {{1, 2}, {2, 3}, {3, 1}};
        for (int[] ab : pairs) {
            int a = ab[0], b = ab[1];
            g.add("(x" + a + " - x" + b + ")^2 + (y" + a + " - y" + b + ")^2 + (z" + a + " - z" + b + ")^2 - 1");
        }
        return new ModelDefinition("tethered-satellites", "002 sec. 5.4", q, params("z0", 20.0), l.toString(), g, List.of());
    }

    private static void add(Entry e) { ENTRIES.put(e.name(), e); }

    private static Map<String, Double> params(Object... nameValue) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) m.put((String) nameValue[i], (Double) nameValue[i + 1]);
        return m;
    }

    /** The names of the built-in systems in coordinates. */
    public static List<String> names() { return new ArrayList<>(ENTRIES.keySet()); }

    /** True for a built-in system in coordinates of that name. */
    public static boolean has(String name) { return ENTRIES.containsKey(name); }

    /** The built-in system in coordinates of that name; a one-line InputException for an unknown one. */
    public static Entry entry(String name) {
        Entry e = ENTRIES.get(name);
        if (e == null) throw new InputException("unknown model '" + name + "' (built-in: " + String.join(", ", allNames()) + ")");
        return e;
    }

    /** A built-in system of either kind, with its default initial positions (or group entries) and velocities. */
    public record BuiltIn(Definition definition, List<String> q0, List<String> v0) {}

    /** Every built-in name: the systems in coordinates, then those on Lie groups. */
    public static List<String> allNames() {
        List<String> out = names();
        out.addAll(LieLibrary.names());
        return out;
    }

    /** The built-in system of this name, in coordinates (with structure options) or on a Lie group (none). */
    public static BuiltIn builtIn(String name, Map<String, Integer> structure) {
        if (LieLibrary.has(name)) {
            if (!structure.isEmpty()) throw new InputException("model " + name + " has no structure options");
            LieModelDefinition d = LieLibrary.entry(name).definition().get();
            return new BuiltIn(d, d.initialElement(), d.initialVelocity());
        }
        Entry e = entry(name);
        return new BuiltIn(e.definition(structure), e.q0(structure), e.v0(structure));
    }

    /** The built-in system in coordinates of that name with its default structure, built. */
    public static MechanicalSystem system(String name) { return entry(name).definition(Map.of()).build(); }

    // 001 sec. 7.3: L = 1/2|v|^2 - 1/2(|q|^2 + q_{m+2}^2 q_{m+3}^2 + sum_i q_{1+i}^2 q_{m+1+i}^2), Phi = v_1 + sum_{i>=m+2} q_i v_i
    private static ModelDefinition chaotic(Map<String, Integer> s) {
        int m = s.get("m");
        if (m < 2) throw new InputException("chaotic-nh needs m >= 2, got m = " + m);
        int n = 2 * m + 1;
        List<String> q = new ArrayList<>();
        for (int i = 1; i <= n; i++) q.add("q" + i);
        StringBuilder kinetic = new StringBuilder(), potential = new StringBuilder(), constraint = new StringBuilder("dot(q1)");
        for (int i = 1; i <= n; i++) {
            kinetic.append(i > 1 ? " + " : "").append("dot(q").append(i).append(")^2");
            potential.append(i > 1 ? " + " : "").append("q").append(i).append("^2");
        }
        potential.append(" + q").append(m + 2).append("^2*q").append(m + 3).append("^2");
        for (int i = 1; i <= m; i++) potential.append(" + q").append(1 + i).append("^2*q").append(m + 1 + i).append("^2");
        for (int i = m + 2; i <= n; i++) constraint.append(" + q").append(i).append("*dot(q").append(i).append(")");
        return new ModelDefinition("chaotic-nh", "001 sec. 7.3 (m = " + m + ")", q, Map.of(),
                "0.5*(" + kinetic + ") - 0.5*(" + potential + ")", List.of(), List.of(constraint.toString()));
    }

    // 001 sec. 7.3 ensemble: q0 = (cos(j pi/(2J)), 0.6, 0.4, 0.2, 1, 1, 1) for m = 3 with J = max(N - 1, 1);
    // for other m the middle block continues 0.8 - 0.2 i.
    private static List<String> chaoticQ0(Map<String, Integer> s) {
        int m = s.get("m");
        List<String> q = new ArrayList<>();
        q.add("cos(j*pi/(2*J))");
        for (int i = 1; i <= m; i++) q.add(Double.toString(Math.round((0.8 - 0.2 * i) * 1e12) / 1e12));
        for (int i = 1; i <= m; i++) q.add("1");
        return q;
    }

    private static List<String> chaoticV0(Map<String, Integer> s) {
        int m = s.get("m");
        List<String> v = new ArrayList<>();
        v.add("0");
        v.add("sin(j*pi/(2*J))");
        for (int i = 3; i <= 2 * m + 1; i++) v.add("0");
        return v;
    }
}
