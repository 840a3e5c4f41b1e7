package org.geomech.expr;

import java.math.BigInteger;

/**
 * The Stumpff functions c_n(x) = sum_k (-x)^k / (2k + n)!, entire in x: c_0 = cos(sqrt x), c_1 = sin(sqrt x)/sqrt x,
 * c_2 = (1 - cos(sqrt x))/x, c_3 = (sqrt x - sin(sqrt x))/x^(3/2), ... With x = theta^2 they give the coefficients of
 * exp, dexp and dexp^-1 on SO(3) (003 sec. 2.4) without dividing by theta. Their derivatives close in the family:
 * c_n'(x) = (n c_{n+2}(x) - c_{n+1}(x)) / 2. Evaluated to a few ulps for every x: the Taylor series (Horner) where the
 * closed forms cancel (|x| &lt;= 1 for n &lt;= 2, |x| &lt;= 16 for n &gt;= 3), the closed forms and c_n = (1/(n-2)! - c_{n-2})/x
 * elsewhere (a few ulps for x >= -16, about 1e-14 relative below). The Java and OpenCL code evaluate the same branches with the same coefficients.
 */
public final class Stumpff {
    /** The largest n supported (the derivatives of c_n use c_{n+2}). */
    public static final int MAX_ORDER = 16;
    /** Taylor terms kept: the first neglected term is below 2^-60 of c_n on the series interval. */
    static final int TERMS = 18;
    private static final double[][] COEFFICIENTS = new double[MAX_ORDER + 1][TERMS];
    private static final double[] INVERSE_FACTORIAL = new double[MAX_ORDER + 1];

    static {
        for (int n = 0; n <= MAX_ORDER; n++) {
            INVERSE_FACTORIAL[n] = 1.0 / factorial(n).doubleValue();
            for (int k = 0; k < TERMS; k++) {
                double c = new java.math.BigDecimal(BigInteger.ONE).divide(new java.math.BigDecimal(factorial(2 * k + n)),
                        java.math.MathContext.DECIMAL128).doubleValue();
                COEFFICIENTS[n][k] = k % 2 == 0 ? c : -c;
            }
        }
    }

    private Stumpff() {}

    static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) f = f.multiply(BigInteger.valueOf(i));
        return f;
    }

    static void checkOrder(int n) {
        if (n < 0 || n > MAX_ORDER) throw new IllegalArgumentException("Stumpff function order " + n + " outside 0.." + MAX_ORDER);
    }

    /** True where c_n(x) is evaluated by its Taylor series. */
    static boolean series(int n, double x) { return Math.abs(x) <= (n <= 2 ? 1.0 : 16.0); }

    /** c_n(x). */
    public static double value(int n, double x) {
        if (series(n, x)) {
            double[] a = COEFFICIENTS[n];
            double c = a[TERMS - 1];
            for (int k = TERMS - 2; k >= 0; k--) c = a[k] + x * c;
            return c;
        }
        if (x != x) return x;
        double c;
        int k;
        if (n % 2 == 0) { c = n == 0 ? even0(x) : even2(x); k = n == 0 ? 0 : 2; }
        else { c = n == 1 ? odd1(x) : odd3(x); k = n == 1 ? 1 : 3; }
        for (; k < n; k += 2) c = (INVERSE_FACTORIAL[k] - c) / x;
        return c;
    }

    private static double even0(double x) { return x > 0 ? StrictMath.cos(Math.sqrt(x)) : Math.cosh(Math.sqrt(-x)); }

    private static double even2(double x) {
        if (x > 0) { double s = StrictMath.sin(0.5 * Math.sqrt(x)); return 2.0 * s * s / x; }
        double s = Math.sinh(0.5 * Math.sqrt(-x));
        return 2.0 * s * s / -x;
    }

    private static double odd1(double x) {
        if (x > 0) { double r = Math.sqrt(x); return StrictMath.sin(r) / r; }
        double r = Math.sqrt(-x);
        return Math.sinh(r) / r;
    }

    private static double odd3(double x) {
        if (x > 0) { double r = Math.sqrt(x); return (r - StrictMath.sin(r)) / (x * r); }
        double r = Math.sqrt(-x);
        return (Math.sinh(r) - r) / (-x * r);
    }

    /**
     * The OpenCL C function {@code double geomech_stumpff(int n, double x)} with this class's branches and
     * coefficients (the transcendental functions are OpenCL's, within an ulp or so of Java's).
     */
    public static String openClSource() {
        StringBuilder s = new StringBuilder("// Stumpff functions c_n(x) (expr/Stumpff.java): series where closed forms cancel\n");
        s.append("__constant double GEOMECH_STUMPFF_A[").append((MAX_ORDER + 1) * TERMS).append("] = {");
        for (int n = 0; n <= MAX_ORDER; n++) for (int k = 0; k < TERMS; k++) s.append(n + k == 0 ? "" : ", ").append(literal(COEFFICIENTS[n][k]));
        s.append("};\n__constant double GEOMECH_STUMPFF_F[").append(MAX_ORDER + 1).append("] = {");
        for (int n = 0; n <= MAX_ORDER; n++) s.append(n == 0 ? "" : ", ").append(literal(INVERSE_FACTORIAL[n]));
        s.append("};\n");
        s.append("static double geomech_stumpff(int n, double x) {\n")
         .append("    if (fabs(x) <= (n <= 2 ? 1.0 : 16.0)) {\n")
         .append("        double c = GEOMECH_STUMPFF_A[n * ").append(TERMS).append(" + ").append(TERMS - 1).append("];\n")
         .append("        for (int k = ").append(TERMS - 2).append("; k >= 0; k--) c = GEOMECH_STUMPFF_A[n * ").append(TERMS).append(" + k] + x * c;\n")
         .append("        return c;\n    }\n")
         .append("    if (x != x) return x;\n")
         .append("    double c, r = sqrt(fabs(x));\n")
         .append("    int k;\n")
         .append("    if (n == 0) { c = x > 0 ? geomech_cos(r) : cosh(r); k = 0; }\n")
         .append("    else if (n % 2 == 0) { double h = x > 0 ? geomech_sin(0.5 * r) : sinh(0.5 * r); c = x > 0 ? 2.0 * h * h / x : 2.0 * h * h / -x; k = 2; }\n")
         .append("    else if (n == 1) { c = x > 0 ? geomech_sin(r) / r : sinh(r) / r; k = 1; }\n")
         .append("    else { c = x > 0 ? (r - geomech_sin(r)) / (x * r) : (sinh(r) - r) / (-x * r); k = 3; }\n")
         .append("    for (; k < n; k += 2) c = (GEOMECH_STUMPFF_F[k] - c) / x;\n")
         .append("    return c;\n}\n");
        return s.toString();
    }

    private static String literal(double v) { return v < 0 ? "(-" + Double.toString(-v) + ")" : Double.toString(v); }
}
