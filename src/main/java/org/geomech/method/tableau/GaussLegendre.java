package org.geomech.method.tableau;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The k-node Gauss-Legendre rule on [0,1] and the shifted orthonormal Legendre basis P_j(c) = sqrt(2j+1) L_j(2c-1)
 * evaluated at its nodes, as the HBVM(k,s) methods of 002 (sec. 3, Lemma 2, eqs. 21, 26-28, 49-50) need them.
 *
 * <p>Nothing is typed in: the nodes are the zeros of L_k found by Newton iteration in {@link BigDecimal}, the
 * weights are 1 / ((1 - t^2) L_k'(t)^2) on [0,1], and the basis values and their integrals
 * (int_0^c P_j = xi_{j+1} P_{j+1}(c) - xi_j P_{j-1}(c), int_0^c P_0 = c) come from the three-term recurrence in
 * the same precision. Everything is rounded to double at the end. Indices are 0-based: node i is the paper's
 * node i+1, coefficient j is the paper's P_j.
 */
public final class GaussLegendre {
    private static final MathContext MC = new MathContext(50);
    private static final Map<Integer, GaussLegendre> CACHE = new ConcurrentHashMap<>();
    /** Basis functions kept per rule: enough for s <= k (and P_{s} for the integrals). */
    private final int k;
    private final double[] c, b;
    private final double[][] p;      // p[i][j] = P_j(c_i), j = 0..k
    private final double[][] ip;     // ip[i][j] = int_0^{c_i} P_j, j = 0..k-1

    /** The k-node rule, k >= 1; computed once per k and cached. */
    public static GaussLegendre of(int k) {
        if (k < 1) throw new IllegalArgumentException("Gauss-Legendre needs k >= 1 nodes, got k = " + k);
        return CACHE.computeIfAbsent(k, GaussLegendre::new);
    }

    private GaussLegendre(int k) {
        this.k = k;
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal tol = BigDecimal.ONE.movePointLeft(MC.getPrecision() - 5);
        BigDecimal[] cBig = new BigDecimal[k], bBig = new BigDecimal[k];
        for (int i = 0; i < k; i++) {
            // zeros of L_k on [-1,1], ascending; start at the Tricomi approximation -cos(pi (i + 3/4) / (k + 1/2))
            BigDecimal t = new BigDecimal(-Math.cos(Math.PI * (i + 0.75) / (k + 0.5)), MC);
            boolean converged = false;
            BigDecimal[] d = null;
            for (int it = 0; it < 200 && !converged; it++) {
                d = legendre(k, t);
                BigDecimal step = d[0].divide(d[1], MC);
                t = t.subtract(step, MC);
                converged = step.abs().compareTo(tol) < 0;
            }
            if (!converged) throw new ArithmeticException("Newton iteration for Gauss node " + i + " of k = " + k + " did not converge");
            d = legendre(k, t);
            cBig[i] = t.add(BigDecimal.ONE, MC).divide(two, MC);                                   // c = (t + 1) / 2
            BigDecimal oneMinusT2 = BigDecimal.ONE.subtract(t.multiply(t, MC), MC);
            bBig[i] = BigDecimal.ONE.divide(oneMinusT2.multiply(d[1].multiply(d[1], MC), MC), MC);  // 2/((1-t^2)L'^2) / 2
        }
        this.c = new double[k];
        this.b = new double[k];
        this.p = new double[k][k + 1];
        this.ip = new double[k][k];
        BigDecimal[] xi = new BigDecimal[k + 1];
        for (int j = 0; j <= k; j++) xi[j] = xiBig(j);
        for (int i = 0; i < k; i++) {
            c[i] = cBig[i].doubleValue();
            b[i] = bBig[i].doubleValue();
            BigDecimal[] pj = shiftedOrthonormal(k + 1, cBig[i]);
            for (int j = 0; j <= k; j++) p[i][j] = pj[j].doubleValue();
            ip[i][0] = cBig[i].doubleValue();
            for (int j = 1; j < k; j++) ip[i][j] = xi[j + 1].multiply(pj[j + 1], MC).subtract(xi[j].multiply(pj[j - 1], MC), MC).doubleValue();
        }
    }

    /** {L_n(t), L_n'(t)} by (m+1) L_{m+1} = (2m+1) t L_m - m L_{m-1} and L_{m+1}' = L_{m-1}' + (2m+1) L_m. */
    private static BigDecimal[] legendre(int n, BigDecimal t) {
        BigDecimal p0 = BigDecimal.ONE, p1 = t, dp0 = BigDecimal.ZERO, dp1 = BigDecimal.ONE;
        if (n == 0) return new BigDecimal[]{p0, dp0};
        for (int m = 1; m < n; m++) {
            BigDecimal w = BigDecimal.valueOf(2L * m + 1);
            BigDecimal p2 = w.multiply(t, MC).multiply(p1, MC).subtract(BigDecimal.valueOf(m).multiply(p0, MC), MC)
                    .divide(BigDecimal.valueOf(m + 1L), MC);
            BigDecimal dp2 = dp0.add(w.multiply(p1, MC), MC);
            p0 = p1; p1 = p2; dp0 = dp1; dp1 = dp2;
        }
        return new BigDecimal[]{p1, dp1};
    }

    /** P_0(c) .. P_count-1(c), the shifted orthonormal Legendre polynomials (002 eq. 21). */
    private static BigDecimal[] shiftedOrthonormal(int count, BigDecimal c) {
        BigDecimal t = c.multiply(BigDecimal.valueOf(2), MC).subtract(BigDecimal.ONE, MC);
        BigDecimal[] l = new BigDecimal[count];
        l[0] = BigDecimal.ONE;
        if (count > 1) l[1] = t;
        for (int m = 1; m + 1 < count; m++)
            l[m + 1] = BigDecimal.valueOf(2L * m + 1).multiply(t, MC).multiply(l[m], MC)
                    .subtract(BigDecimal.valueOf(m).multiply(l[m - 1], MC), MC).divide(BigDecimal.valueOf(m + 1L), MC);
        for (int m = 0; m < count; m++) l[m] = l[m].multiply(BigDecimal.valueOf(2L * m + 1).sqrt(MC), MC);
        return l;
    }

    private static BigDecimal xiBig(int j) {
        BigDecimal q = BigDecimal.valueOf(Math.abs(4L * j * j - 1));
        return BigDecimal.ONE.divide(BigDecimal.valueOf(2).multiply(q.sqrt(MC), MC), MC);
    }

    /** xi_j = 1 / (2 sqrt|4 j^2 - 1|) (002 Lemma 2). */
    public static double xi(int j) {
        if (j < 0) throw new IllegalArgumentException("xi_j needs j >= 0");
        return xiBig(j).doubleValue();
    }

    /**
     * X_s (002 Lemma 2, eq. 28): X[0][0] = xi_0, X[j][j-1] = xi_j, X[j-1][j] = -xi_j, zero elsewhere; equals
     * Phat^T Omega Ihat for every k >= s.
     */
    public static double[][] x(int s) {
        double[][] x = new double[s][s];
        x[0][0] = xi(0);
        for (int j = 1; j < s; j++) { x[j][j - 1] = xi(j); x[j - 1][j] = -xi(j); }
        return x;
    }

    /** The number of nodes k. */
    public int nodes() { return k; }

    /** Node c_i in (0,1). */
    public double c(int i) { return c[i]; }

    /** Weight b_i; the rule is exact for polynomials of degree &lt;= 2k-1. */
    public double b(int i) { return b[i]; }

    /** A copy of the nodes c. */
    public double[] c() { return c.clone(); }

    /** A copy of the weights b. */
    public double[] b() { return b.clone(); }

    /** P_j(c_i), j = 0..k (Phat_s is the k x s block j &lt; s). */
    public double p(int i, int j) { return p[i][j]; }

    /** int_0^{c_i} P_j(x) dx, j = 0..k-1 (Ihat_s is the k x s block j &lt; s). */
    public double integral(int i, int j) { return ip[i][j]; }
}
