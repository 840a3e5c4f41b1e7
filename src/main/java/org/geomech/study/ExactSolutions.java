package org.geomech.study;

/**
 * Closed-form solutions the 002 tables are measured against (002 spec sec. 4.1-4.2), in 002's sign convention
 * (force -grad g lambda).
 */
public final class ExactSolutions {
    private ExactSolutions() {}

    /**
     * Jacobi sn(u|m), cn(u|m) by the arithmetic-geometric mean (Abramowitz and Stegun 16.4), 0 &lt;= m &lt; 1.
     */
    public static double[] snCn(double u, double m) {
        double[] a = new double[40], c = new double[40];
        double ai = 1, bi = Math.sqrt(1 - m), ci = Math.sqrt(m);
        int nIt = 0;
        a[0] = ai;
        c[0] = ci;
        while (Math.abs(ci) > 1e-17 && nIt < 38) {
            double an = 0.5 * (ai + bi), bn = Math.sqrt(ai * bi);
            ci = 0.5 * (ai - bi);
            ai = an;
            bi = bn;
            nIt++;
            a[nIt] = ai;
            c[nIt] = ci;
        }
        double phi = Math.scalb(1.0, nIt) * a[nIt] * u;
        for (int i = nIt; i >= 1; i--) phi = 0.5 * (phi + Math.asin(c[i] / a[i] * Math.sin(phi)));
        return new double[]{Math.sin(phi), Math.cos(phi)};
    }

    /**
     * Planar pendulum of 002 sec. 5.1, q0 = (0,-1), p0 = (1,0): theta = 2 asin(sn(t|1/4)/2), theta' = cn(t|1/4),
     * x = sin theta, y = -cos theta, p = q', lambda = (theta'^2 + cos theta)/2 (eq. 68). Returns (x, y, px, py, lambda).
     */
    public static double[] planarPendulum(double t) {
        double[] sc = snCn(t, 0.25);
        double theta = 2 * Math.asin(0.5 * sc[0]), dtheta = sc[1];
        double x = Math.sin(theta), y = -Math.cos(theta);
        return new double[]{x, y, dtheta * Math.cos(theta), dtheta * Math.sin(theta), 0.5 * (dtheta * dtheta + Math.cos(theta))};
    }

    /** Conical pendulum angular velocity 2^(1/4) and period 2^(3/4) pi (002 eqs. 71-72). */
    public static final double CONICAL_OMEGA = Math.pow(2, 0.25);
    /** The conical pendulum's period 2^(3/4) pi (002 eq. 72). */
    public static final double CONICAL_PERIOD = Math.pow(2, 0.75) * Math.PI;
    /** The conical pendulum's multiplier, sqrt(1/2). */
    public static final double CONICAL_LAMBDA = Math.sqrt(0.5);

    /** Conical pendulum of 002 sec. 5.2: (x, y, z, px, py, pz) at time t. */
    public static double[] conicalPendulum(double t) {
        double r = Math.sqrt(0.5), w = CONICAL_OMEGA, c = Math.cos(w * t), s = Math.sin(w * t);
        return new double[]{r * c, r * s, -r, -r * w * s, r * w * c, 0};
    }
}
