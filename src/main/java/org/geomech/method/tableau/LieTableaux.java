package org.geomech.method.tableau;

import org.geomech.InputException;

/**
 * The tableaux of 003 Tables 1 and 2: Gauss with s stages (gauss1 = midpoint, gauss2, gauss3; generated from the
 * Gauss-Legendre nodes, a_ij = b_j sum_m P_m(c_j) int_0^c_i P_m), kutta3, and the symmetric compositions of the
 * midpoint rule written as DIRK tableaux by 003 Lemma 5.4 (a_ij = b_j for j &lt; i, a_ii = b_i / 2): triple-jump (order 4)
 * and yoshida6 (order 6, Yoshida 1990 solution A); any other name goes to ExplicitTableaux (built-in explicit tableaux
 * and a user's NAME.yaml file).
 */
public final class LieTableaux {
    private LieTableaux() {}

    /** 003 Table 2(b): gamma1 = 1/(2 - 2^(1/3)), gamma2 = -2^(1/3)/(2 - 2^(1/3)). */
    static final double[] TRIPLE_JUMP;
    /** 003 Table 2(c), the 26-digit constants. */
    static final double[] YOSHIDA6 = {0.78451361047755726381949763, 0.23557321335935813368479318, -1.17767998417887100694641568,
            1.31518632068391121888424973, -1.17767998417887100694641568, 0.23557321335935813368479318, 0.78451361047755726381949763};

    static {
        double cbrt2 = Math.cbrt(2);
        double g1 = 1 / (2 - cbrt2), g2 = -cbrt2 / (2 - cbrt2);
        TRIPLE_JUMP = new double[]{g1, g2, g1};
    }

    /** The tableau of that name: 003 Tables 1 and 2, else ExplicitTableaux. */
    public static ButcherTableau of(String name) {
        String n = name.trim();
        switch (n) {
            case "midpoint": return gauss(1, "midpoint");
            case "triple-jump": return composition("triple-jump", TRIPLE_JUMP, 4);
            case "yoshida6": return composition("yoshida6", YOSHIDA6, 6);
            default:
        }
        if (n.matches("gauss\\d+")) {
            int s = Integer.parseInt(n.substring(5));
            if (s < 1 || s > 8) throw new InputException("tableau '" + n + "': Gauss stage count must be between 1 and 8");
            return gauss(s, n);
        }
        try {
            return ExplicitTableaux.of(n);
        } catch (InputException e) {
            if (n.endsWith(".yaml") || n.endsWith(".yml")) throw e;
            throw new InputException("unknown tableau '" + n + "' (003 tableaux: gauss1, gauss2, gauss3, gaussS, kutta3, midpoint, triple-jump, yoshida6; "
                    + "also the explicit ones and a file NAME.yaml with a, b, c and order)");
        }
    }

    /** The s-stage Gauss collocation tableau, order 2s. */
    public static ButcherTableau gauss(int s, String name) {
        GaussLegendre rule = GaussLegendre.of(s);
        double[][] a = new double[s][s];
        for (int i = 0; i < s; i++)
            for (int j = 0; j < s; j++) {
                double sum = 0;
                for (int m = 0; m < s; m++) sum += rule.p(j, m) * rule.integral(i, m);
                a[i][j] = rule.b(j) * sum;
            }
        return new ButcherTableau(name, a, rule.b(), rule.c(), 2 * s);
    }

    /** 003 Lemma 5.4: the composition of midpoint steps of lengths gamma_k h as one DIRK tableau. */
    public static ButcherTableau composition(String name, double[] gamma, int order) {
        int s = gamma.length;
        double[][] a = new double[s][s];
        double[] c = new double[s];
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < i; j++) a[i][j] = gamma[j];
            a[i][i] = gamma[i] / 2;
            for (int j = 0; j <= i; j++) c[i] += a[i][j];
        }
        return new ButcherTableau(name, a, gamma.clone(), c, order);
    }
}
