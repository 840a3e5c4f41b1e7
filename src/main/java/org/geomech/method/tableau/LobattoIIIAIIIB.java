package org.geomech.method.tableau;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * s-stage Lobatto IIIA (a, b, c) and its symplectic conjugate Lobatto IIIB (aHat), generated from the nodes
 * (001 spec section 3).
 *
 * <p>Nothing is typed in: the nodes are computed by Newton iteration in {@link BigDecimal}, the weights and the
 * IIIA matrix from the simplifying assumptions B(s) and C(s) (paper 001 Appendix A, eqs 43-44), and the IIIB
 * matrix from the symplectic-conjugacy relation. Everything is rounded to double only at the end. Indices are
 * 0-based: stage 0 is the paper's stage 1 (c = 0), stage s-1 the paper's stage s (c = 1).
 *
 * <p>Exact zeros are guaranteed where the theory has them (downstream symbolic code relies on them): H1
 * {@code a(0, j) == 0.0}, H1' {@code aHat(i, s-1) == 0.0}; and exact equalities H3 {@code a(s-1, j) == b(j)},
 * H2' {@code aHat(i, 0) == b(0)}, {@code c(0) == 0.0}, {@code c(s-1) == 1.0}.
 */
public final class LobattoIIIAIIIB {

    /** Working precision of the generation (~50 significant digits). */
    private static final MathContext MC = new MathContext(50);
    /** Entries below this magnitude are rounding noise of the BigDecimal computation and become exactly 0.0. */
    private static final double SNAP = 1e-30;
    private static final Map<Integer, LobattoIIIAIIIB> CACHE = new ConcurrentHashMap<>();

    private final int s;
    private final double[][] a;
    private final double[][] aHat;
    private final double[] b;
    private final double[] c;

    /** The s-stage pair, s >= 2; computed once per s and cached. */
    public static LobattoIIIAIIIB of(int s) {
        if (s < 2) {
            throw new IllegalArgumentException("Lobatto IIIA/IIIB needs s >= 2 stages, got s = " + s);
        }
        return CACHE.computeIfAbsent(s, LobattoIIIAIIIB::new);
    }

    private LobattoIIIAIIIB(int s) {
        this.s = s;
        BigDecimal[] cBig = nodes(s);

        // Vandermonde-type matrix V[k][j] = c_j^k (row k = paper's k+1).
        BigDecimal[][] v = new BigDecimal[s][s];
        for (int j = 0; j < s; j++) {
            v[0][j] = BigDecimal.ONE;
            for (int k = 1; k < s; k++) {
                v[k][j] = v[k - 1][j].multiply(cBig[j], MC);
            }
        }

        // B(s), eq 43: sum_j b_j c_j^{k-1} = 1/k, k = 1..s.
        BigDecimal[] rhs = new BigDecimal[s];
        for (int k = 1; k <= s; k++) {
            rhs[k - 1] = BigDecimal.ONE.divide(BigDecimal.valueOf(k), MC);
        }
        BigDecimal[] bBig = solve(v, rhs);

        // C(s), eq 44: sum_j a_ij c_j^{k-1} = c_i^k / k, k = 1..s (row i = collocation at node c_i).
        BigDecimal[][] aBig = new BigDecimal[s][];
        for (int i = 0; i < s; i++) {
            BigDecimal ck = BigDecimal.ONE;
            for (int k = 1; k <= s; k++) {
                ck = ck.multiply(cBig[i], MC);
                rhs[k - 1] = ck.divide(BigDecimal.valueOf(k), MC);
            }
            aBig[i] = solve(v, rhs);
        }
        // H3 (stiffly accurate): c_s = 1 makes row s the B(s) system, so a_sj = b_j; set it exactly.
        aBig[s - 1] = bBig.clone();

        // Symplectic conjugate (Lobatto IIIB): bHat = b and b_i aHat_ij + b_j a_ji = b_i b_j,
        // i.e. aHat_ij = b_j (1 - a_ji / b_i). With H1 and H3 this gives aHat_i1 = b_1 and aHat_is = 0 exactly.
        BigDecimal[][] aHatBig = new BigDecimal[s][s];
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < s; j++) {
                aHatBig[i][j] = bBig[j].multiply(
                        BigDecimal.ONE.subtract(aBig[j][i].divide(bBig[i], MC), MC), MC);
            }
        }

        // c_0 = 0, c_s = 1 and a_sj = b_j are exact in BigDecimal; a_1j = 0 (zero right-hand side), aHat_i1 = b_1
        // and aHat_is = 0 come out exact as well, so rounding (with snapping) keeps H1, H3, H1', H2' exactly.
        this.c = toDouble(cBig);
        this.b = toDouble(bBig);
        this.a = new double[s][];
        this.aHat = new double[s][];
        for (int i = 0; i < s; i++) {
            a[i] = toDouble(aBig[i]);
            aHat[i] = toDouble(aHatBig[i]);
        }
    }

    /**
     * Lobatto nodes on [0,1]: zeros of x (x-1) P'_{s-1}(2x-1). The interior ones are found on t = 2x-1 in
     * [-1,1] by Newton iteration on P'_n (n = s-1), started at the Chebyshev–Gauss–Lobatto points -cos(pi k/n).
     */
    private static BigDecimal[] nodes(int s) {
        int n = s - 1;
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal tol = BigDecimal.ONE.movePointLeft(MC.getPrecision() - 5);
        BigDecimal[] x = new BigDecimal[s];
        x[0] = BigDecimal.ZERO;
        x[s - 1] = BigDecimal.ONE;
        for (int k = 1; k < n; k++) {
            BigDecimal t = new BigDecimal(-Math.cos(Math.PI * k / n), MC);
            boolean converged = false;
            for (int it = 0; it < 200 && !converged; it++) {
                BigDecimal[] d = legendreDerivatives(n, t);
                BigDecimal step = d[0].divide(d[1], MC);      // Newton on P'_n: t -= P'_n / P''_n
                t = t.subtract(step, MC);
                converged = step.abs().compareTo(tol) < 0;
            }
            if (!converged) {
                throw new ArithmeticException("Newton iteration for Lobatto node " + k + " of s = " + s
                        + " did not converge");
            }
            x[k] = t.add(BigDecimal.ONE, MC).divide(two, MC);   // x = (t + 1) / 2
        }
        return x;
    }

    /**
     * {P'_n(t), P''_n(t)} from the three-term recurrences (k+1) P_{k+1} = (2k+1) t P_k - k P_{k-1},
     * P'_{k+1} = P'_{k-1} + (2k+1) P_k and P''_{k+1} = P''_{k-1} + (2k+1) P'_k.
     */
    private static BigDecimal[] legendreDerivatives(int n, BigDecimal t) {
        BigDecimal p0 = BigDecimal.ONE, p1 = t;            // P_{k-1}, P_k
        BigDecimal dp0 = BigDecimal.ZERO, dp1 = BigDecimal.ONE;   // P'_{k-1}, P'_k
        BigDecimal ddp0 = BigDecimal.ZERO, ddp1 = BigDecimal.ZERO; // P''_{k-1}, P''_k
        for (int k = 1; k < n; k++) {
            BigDecimal m = BigDecimal.valueOf(2L * k + 1);
            BigDecimal p2 = m.multiply(t, MC).multiply(p1, MC)
                    .subtract(BigDecimal.valueOf(k).multiply(p0, MC), MC)
                    .divide(BigDecimal.valueOf(k + 1L), MC);
            BigDecimal dp2 = dp0.add(m.multiply(p1, MC), MC);
            BigDecimal ddp2 = ddp0.add(m.multiply(dp1, MC), MC);
            p0 = p1; p1 = p2;
            dp0 = dp1; dp1 = dp2;
            ddp0 = ddp1; ddp1 = ddp2;
        }
        return new BigDecimal[] {dp1, ddp1};
    }

    /** Solves m x = r by Gaussian elimination with partial pivoting (inputs are not modified). */
    private static BigDecimal[] solve(BigDecimal[][] m, BigDecimal[] r) {
        int n = r.length;
        BigDecimal[][] w = new BigDecimal[n][];
        for (int i = 0; i < n; i++) {
            w[i] = new BigDecimal[n + 1];
            System.arraycopy(m[i], 0, w[i], 0, n);
            w[i][n] = r[i];
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int i = col + 1; i < n; i++) {
                if (w[i][col].abs().compareTo(w[piv][col].abs()) > 0) {
                    piv = i;
                }
            }
            BigDecimal[] tmp = w[col]; w[col] = w[piv]; w[piv] = tmp;
            if (w[col][col].signum() == 0) {
                throw new ArithmeticException("singular system in Lobatto coefficient generation");
            }
            for (int i = col + 1; i < n; i++) {
                BigDecimal f = w[i][col].divide(w[col][col], MC);
                for (int j = col; j <= n; j++) {
                    w[i][j] = w[i][j].subtract(f.multiply(w[col][j], MC), MC);
                }
            }
        }
        BigDecimal[] x = new BigDecimal[n];
        for (int i = n - 1; i >= 0; i--) {
            BigDecimal acc = w[i][n];
            for (int j = i + 1; j < n; j++) {
                acc = acc.subtract(w[i][j].multiply(x[j], MC), MC);
            }
            x[i] = acc.divide(w[i][i], MC);
        }
        return x;
    }

    /** Rounds to double, snapping |x| < 1e-30 to exactly 0.0. */
    private static double[] toDouble(BigDecimal[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            double d = v[i].doubleValue();
            out[i] = Math.abs(d) < SNAP ? 0.0 : d;
        }
        return out;
    }

    /** The number of stages s. */
    public int stages() {
        return s;
    }

    /** Lobatto IIIA coefficient a_ij (0-based). */
    public double a(int i, int j) {
        return a[i][j];
    }

    /** Lobatto IIIB coefficient aHat_ij (0-based). */
    public double aHat(int i, int j) {
        return aHat[i][j];
    }

    /** Weight b_i (shared by IIIA and IIIB: bHat = b). */
    public double b(int i) {
        return b[i];
    }

    /** Node c_i (shared by IIIA and IIIB). */
    public double c(int i) {
        return c[i];
    }

    /** Copy of the IIIA matrix. */
    public double[][] a() {
        return copy(a);
    }

    /** Copy of the IIIB matrix. */
    public double[][] aHat() {
        return copy(aHat);
    }

    /** Copy of the weights. */
    public double[] b() {
        return b.clone();
    }

    /** Copy of the nodes. */
    public double[] c() {
        return c.clone();
    }

    private static double[][] copy(double[][] m) {
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            out[i] = m[i].clone();
        }
        return out;
    }
}
