package org.geomech.method.tableau;

import org.geomech.InputException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The classical explicit Runge-Kutta tableaux (Hairer, Norsett, Wanner, Solving ODEs I, sec. II.1 and II.5): the standard
 * layers of 000 and the plain comparison methods rk:NAME.
 */
public final class ExplicitTableaux {
    private ExplicitTableaux() {}

    private static final Map<String, ButcherTableau> BUILT_IN = new LinkedHashMap<>();

    static {
        add(new ButcherTableau("euler", new double[][]{{0}}, new double[]{1}, new double[]{0}, 1));
        add(new ButcherTableau("heun", new double[][]{{0, 0}, {1, 0}}, new double[]{0.5, 0.5}, new double[]{0, 1}, 2));
        add(new ButcherTableau("kutta3", new double[][]{{0, 0, 0}, {0.5, 0, 0}, {-1, 2, 0}},
                new double[]{1.0 / 6, 2.0 / 3, 1.0 / 6}, new double[]{0, 0.5, 1}, 3));
        add(new ButcherTableau("rk4", new double[][]{{0, 0, 0, 0}, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}},
                new double[]{1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, new double[]{0, 0.5, 0.5, 1}, 4));
        add(new ButcherTableau("rk38", new double[][]{{0, 0, 0, 0}, {1.0 / 3, 0, 0, 0}, {-1.0 / 3, 1, 0, 0}, {1, -1, 1, 0}},
                new double[]{1.0 / 8, 3.0 / 8, 3.0 / 8, 1.0 / 8}, new double[]{0, 1.0 / 3, 2.0 / 3, 1}, 4));
        // Dormand-Prince 5(4), the 5th-order weights (HNW I, Table II.5.2); the 7th stage is FSAL and has weight 0
        add(new ButcherTableau("dopri5", new double[][]{
                {0, 0, 0, 0, 0, 0, 0},
                {1.0 / 5, 0, 0, 0, 0, 0, 0},
                {3.0 / 40, 9.0 / 40, 0, 0, 0, 0, 0},
                {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0, 0},
                {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0, 0},
                {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0, 0},
                {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0}},
                new double[]{35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0},
                new double[]{0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1}, 5));
    }

    private static void add(ButcherTableau t) { BUILT_IN.put(t.name(), t); }

    /** The names of the built-in explicit tableaux. */
    public static Iterable<String> names() { return BUILT_IN.keySet(); }

    /**
     * A built-in explicit tableau by name; the implicit Lobatto IIIA tableau the project has (lobatto-iiia:s, order 2s - 2); or a
     * user's tableau file (a name ending in .yaml or .yml).
     */
    public static ButcherTableau of(String name) {
        String n = name.trim();
        if (n.endsWith(".yaml") || n.endsWith(".yml")) return TableauFile.read(java.nio.file.Path.of(n));
        if (n.startsWith("lobatto-iiia:")) {
            int s;
            try {
                s = Integer.parseInt(n.substring(n.indexOf(':') + 1));
            } catch (NumberFormatException e) {
                throw new InputException("tableau '" + n + "': the stage count is not an integer");
            }
            if (s < 2 || s > 12) throw new InputException("tableau '" + n + "': stage count must be between 2 and 12");
            LobattoIIIAIIIB l = LobattoIIIAIIIB.of(s);
            return new ButcherTableau(n, l.a(), l.b(), l.c(), 2 * s - 2);
        }
        ButcherTableau t = BUILT_IN.get(n);
        if (t == null) throw new InputException("unknown tableau '" + n + "' (built in: " + String.join(", ", BUILT_IN.keySet())
                + ", lobatto-iiia:s; or a file NAME.yaml with a, b, c and order)");
        return t;
    }
}
