package org.geomech.study.paper001lie;

/**
 * The exact flows the Lie group experiments of 001 are measured against, integrated to round-off: the unicycle
 * with a spring on SE(2) (001 sec. 7.4) and the homogeneous ball on a turntable on SO(3) x R^2 (001 sec. 7.5),
 * each reduced to an ODE by eliminating its multipliers with the formulas of the 001 spec sec. 5.4-5.5.
 */
public final class LieFlows {
    private LieFlows() {}

    /** Classical Runge-Kutta steps per unit time: the error, about (1/STEPS)^4, is below round-off (sums compensated). */
    private static final int STEPS = 20000;

    /**
     * Unicycle (001 spec sec. 5.4): omega = theta' is constant, x' = v1 cos theta, y' = v1 sin theta,
     * m v1' = -(x cos theta + y sin theta), v2 = 0; lambda = y cos theta - x sin theta + m omega v1.
     * From (x, y, theta, v1, omega) at t = 0, returns (x, y, theta, x', y', theta', v1, v2, omega, lambda) at t.
     */
    public static double[] unicycle(double m, double x, double y, double theta, double v1, double omega, double t) {
        double[] z = {x, y, theta, v1};
        rk4(z, t, (s, dz) -> {
            double c = Math.cos(s[2]), sn = Math.sin(s[2]);
            dz[0] = s[3] * c;
            dz[1] = s[3] * sn;
            dz[2] = omega;
            dz[3] = -(s[0] * c + s[1] * sn) / m;
        });
        double c = Math.cos(z[2]), s = Math.sin(z[2]);
        return new double[]{z[0], z[1], z[2], z[3] * c, z[3] * s, omega, z[3], 0, omega, z[1] * c - z[0] * s + m * omega * z[3]};
    }

    /**
     * Homogeneous ball on a turntable, a = b = c (001 spec sec. 5.5, spatial angular velocity w):
     * x' = v, v' = (lambda1, lambda2) = Omega a/(1 + a) (-v_y, v_x), w from the rolling constraints
     * (w_x = (Omega x - v_y)/r, w_y = (v_x + Omega y)/r, w_z constant), R' = hat(w) R.
     * From R (row-major 3 x 3), (x, y), (v_x, v_y), w_z at t = 0, returns R (9), x, y, v_x, v_y, w (3), lambda (2) at t.
     */
    public static double[] turntable(double a, double r, double omegaTable, double[] rotation, double x, double y,
                                     double vx, double vy, double wz, double t) {
        double k = omegaTable * a / (1 + a);
        double[] z = new double[13];
        System.arraycopy(rotation, 0, z, 0, 9);
        z[9] = x;
        z[10] = y;
        z[11] = vx;
        z[12] = vy;
        rk4(z, t, (s, dz) -> {
            double[] w = {(omegaTable * s[9] - s[12]) / r, (s[11] + omegaTable * s[10]) / r, wz};
            for (int col = 0; col < 3; col++) {
                double r0 = s[col], r1 = s[3 + col], r2 = s[6 + col];
                dz[col] = w[1] * r2 - w[2] * r1;
                dz[3 + col] = w[2] * r0 - w[0] * r2;
                dz[6 + col] = w[0] * r1 - w[1] * r0;
            }
            dz[9] = s[11];
            dz[10] = s[12];
            dz[11] = -k * s[12];
            dz[12] = k * s[11];
        });
        double[] out = new double[18];
        System.arraycopy(z, 0, out, 0, 13);
        out[13] = (omegaTable * z[9] - z[12]) / r;
        out[14] = (z[11] + omegaTable * z[10]) / r;
        out[15] = wz;
        out[16] = -k * z[12];
        out[17] = k * z[11];
        return out;
    }

    private interface Field { void eval(double[] z, double[] dz); }

    private static void rk4(double[] z, double t, Field f) {
        int n = z.length, steps = (int) Math.ceil(Math.abs(t) * STEPS);
        if (steps == 0) return;
        double h = t / steps;
        double[] k1 = new double[n], k2 = new double[n], k3 = new double[n], k4 = new double[n], tmp = new double[n], carry = new double[n];
        for (int step = 0; step < steps; step++) {
            f.eval(z, k1);
            for (int i = 0; i < n; i++) tmp[i] = z[i] + 0.5 * h * k1[i];
            f.eval(tmp, k2);
            for (int i = 0; i < n; i++) tmp[i] = z[i] + 0.5 * h * k2[i];
            f.eval(tmp, k3);
            for (int i = 0; i < n; i++) tmp[i] = z[i] + h * k3[i];
            f.eval(tmp, k4);
            for (int i = 0; i < n; i++) {                 // Kahan summation: 10^4 rounded increments would cost 1e-13
                double dz = h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) - carry[i], sum = z[i] + dz;
                carry[i] = (sum - z[i]) - dz;
                z[i] = sum;
            }
        }
    }
}
