/*
 * The speed anchor of benchmarks/RESULTS.md (issue 8, item 1): hand-written C of the benchmarked steps, two explicit and
 * two implicit, and the machine's fp64 peak measured with independent FMA chains.
 *
 *   chaotic:  lobatto-nh:2 on chaotic-nh (m = 3), 001 sec. 5 eq. (14) with s = 2 reduced by hand: explicit stage
 *             velocities, one scalar solve for the multiplier Lambda^2 (001 spec sec. 4.3).
 *   rattle:   RATTLE on the spherical pendulum (001 sec. 4.3 (a)): the position constraint is a quadratic in
 *             lambda (solved in closed form, the root nearest 0), the tangency condition is linear in mu.
 *   lobatto3: lobatto-nh:3 on chaotic-nh (001 sec. 5 eq. (14), s = 3), implicit: the 9 unknowns of geomech's
 *             stage-position form (Q^2, Lambda^2, Lambda^3) by simplified Newton, as geomech's default iteration.
 *   holonomic3: lobatto-holonomic:3 on the spherical pendulum (001 sec. 4.3 eq. (13), s = 3), implicit: the 6 unknowns
 *             (Q^2, Lambda^1, Lambda^2, Lambda^3) by simplified Newton.
 *
 * State layout as geomech's StateLayout: q (n), v (n), p (n), multipliers; component-major (SoA), member fastest.
 * Build: gcc -O3 -march=native -fno-math-errno -fopenmp roofline.c -o roofline -lm
 *
 *   roofline check MODEL STEPS H         stdin: N, then N states (one member per line); stdout: the N states after
 *                                        STEPS steps of H, %.17g (RooflineCTest compares them with the reference)
 *   roofline time MODEL N T_END H        N members to T_END, observers (energy, constraint residual) reduced every
 *                                        T_END/100 as geomech run does; prints "member-steps/s X" on all threads
 *                                        (and, for the implicit models, Newton's LU solves per member-step)
 *   roofline peak                        Gflop/s of FMA chains on one thread and on all threads, on the widest double
 *                                        vectors -march=native gives (8 doubles with AVX-512, else 4), and that width
 *   roofline flops                       the flops per member-step of the explicit steps, counted below (an FMA counts 2)
 *
 * Parameters are the models' defaults: spherical pendulum m = 1, l = 1, g = 9.81.
 *
 * The implicit models' Newton iteration is geomech's default (NewtonOptions.DEFAULT, solve.Newton): the Jacobian at the
 * guess, factorised once per step and reused while each step contracts by at least 0.5 (full Newton after one that
 * does not), stopping at |dx|_inf <= tol (1 + |x|_inf) or at the round-off floor, tol = 1e-12 (1e-14 in check mode, as
 * RooflineCTest's reference), at most 50 solves; the guess is geomech's (StagePositions: stage velocities predicted
 * with the step's first force, the multipliers at their last values), so that both take the same LU solves per step
 * (3.26 and 5.69 over 100 steps of h = 0.05 from the same state, against the reference backend's Newton). One member at
 * a time: the members' iterations differ in number, so the loops over members are OpenMP's alone, not SIMD's.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* members per block: a block's state (22 doubles a member) stays in L1 across the steps between outputs */
#define BLOCK 128

enum { CHAOTIC_N = 7, CHAOTIC_SIZE = 22, RATTLE_N = 3, RATTLE_SIZE = 10 };

/* flops per member-step of the loops below, counted by hand (FMA = 2) */
#define CHAOTIC_FLOPS 109
#define RATTLE_FLOPS 70

/*
 * lobatto-nh:2 on chaotic-nh, U = 1/2 (|q|^2 + q5^2 q6^2 + q2^2 q5^2 + q3^2 q6^2 + q4^2 q7^2), M = I,
 * A(q) = (1, 0, 0, 0, q5, q6, q7). With hh = h/2 (001 eq. 14, IIIB aHat = [[1/2, 0], [1/2, 0]], IIIA b = [1/2, 1/2]):
 *   V1 = V2 = V = p + hh (-grad U(q) + A(q)^T lambda)                   42 flops (with the squares of q)
 *   Q2 = q + h V                                                        14
 *   u  = V - hh grad U(Q2)                                              34 (with the squares of Q2)
 *   A(Q2) (u + hh A(Q2)^T L) = 0:  L = -(A(Q2) u) / (hh |A(Q2)|^2)     11
 *   q' = Q2, v' = p' = u + hh A(Q2)^T L, lambda' = L                    8   (109 in all)
 */
static void chaotic_steps(double *restrict s, int count, int steps, double h) {
    const double hh = 0.5 * h;
    double *q1 = s, *q2 = s + BLOCK, *q3 = s + 2 * BLOCK, *q4 = s + 3 * BLOCK, *q5 = s + 4 * BLOCK, *q6 = s + 5 * BLOCK, *q7 = s + 6 * BLOCK;
    double *v = s + 7 * BLOCK, *p = s + 14 * BLOCK, *lam = s + 21 * BLOCK;
    for (int k = 0; k < steps; k++) {
#pragma omp simd
        for (int j = 0; j < count; j++) {
            double x1 = q1[j], x2 = q2[j], x3 = q3[j], x4 = q4[j], x5 = q5[j], x6 = q6[j], x7 = q7[j], l = lam[j];
            double s2 = x2 * x2, s3 = x3 * x3, s4 = x4 * x4, s5 = x5 * x5, s6 = x6 * x6, s7 = x7 * x7;
            double hl = hh * l;
            double V1 = p[0 * BLOCK + j] - hh * x1 + hl;
            double V2 = p[1 * BLOCK + j] - hh * (x2 * (1 + s5));
            double V3 = p[2 * BLOCK + j] - hh * (x3 * (1 + s6));
            double V4 = p[3 * BLOCK + j] - hh * (x4 * (1 + s7));
            double V5 = p[4 * BLOCK + j] - hh * (x5 * (1 + s6 + s2)) + x5 * hl;
            double V6 = p[5 * BLOCK + j] - hh * (x6 * (1 + s5 + s3)) + x6 * hl;
            double V7 = p[6 * BLOCK + j] - hh * (x7 * (1 + s4)) + x7 * hl;
            double y1 = x1 + h * V1, y2 = x2 + h * V2, y3 = x3 + h * V3, y4 = x4 + h * V4, y5 = x5 + h * V5, y6 = x6 + h * V6, y7 = x7 + h * V7;
            double t2 = y2 * y2, t3 = y3 * y3, t4 = y4 * y4, t5 = y5 * y5, t6 = y6 * y6, t7 = y7 * y7;
            double u1 = V1 - hh * y1;
            double u2 = V2 - hh * (y2 * (1 + t5));
            double u3 = V3 - hh * (y3 * (1 + t6));
            double u4 = V4 - hh * (y4 * (1 + t7));
            double u5 = V5 - hh * (y5 * (1 + t6 + t2));
            double u6 = V6 - hh * (y6 * (1 + t5 + t3));
            double u7 = V7 - hh * (y7 * (1 + t4));
            double L = -(u1 + y5 * u5 + y6 * u6 + y7 * u7) / (hh * (1 + t5 + t6 + t7));
            double hL = hh * L;
            double w1 = u1 + hL, w5 = u5 + y5 * hL, w6 = u6 + y6 * hL, w7 = u7 + y7 * hL;
            q1[j] = y1; q2[j] = y2; q3[j] = y3; q4[j] = y4; q5[j] = y5; q6[j] = y6; q7[j] = y7;
            v[0 * BLOCK + j] = p[0 * BLOCK + j] = w1;
            v[1 * BLOCK + j] = p[1 * BLOCK + j] = u2;
            v[2 * BLOCK + j] = p[2 * BLOCK + j] = u3;
            v[3 * BLOCK + j] = p[3 * BLOCK + j] = u4;
            v[4 * BLOCK + j] = p[4 * BLOCK + j] = w5;
            v[5 * BLOCK + j] = p[5 * BLOCK + j] = w6;
            v[6 * BLOCK + j] = p[6 * BLOCK + j] = w7;
            lam[j] = L;
        }
    }
}

/* energy E = |v|^2 / 2 + U(q) and the residual |A(q) v| of a block, summed into e[0], maximum into e[1] */
static void chaotic_observe(const double *restrict s, int count, double *e) {
    double sum = 0, most = 0;
#pragma omp simd reduction(+ : sum) reduction(max : most)
    for (int j = 0; j < count; j++) {
        double x[CHAOTIC_N], w[CHAOTIC_N], kin = 0, sq = 0;
        for (int i = 0; i < CHAOTIC_N; i++) { x[i] = s[i * BLOCK + j]; w[i] = s[(7 + i) * BLOCK + j]; kin += w[i] * w[i]; sq += x[i] * x[i]; }
        double U = 0.5 * (sq + x[4] * x[4] * x[5] * x[5] + x[1] * x[1] * x[4] * x[4] + x[2] * x[2] * x[5] * x[5] + x[3] * x[3] * x[6] * x[6]);
        sum += 0.5 * kin + U;
        most = fmax(most, fabs(w[0] + x[4] * w[4] + x[5] * w[5] + x[6] * w[6]));
    }
    e[0] += sum;
    e[1] = fmax(e[1], most);
}

/* the spherical pendulum's parameters (geomech's defaults), run-time values as geomech's: nothing folded at compile time */
double pendulum_m = 1.0, pendulum_l = 1.0, pendulum_g = 9.81;

/*
 * RATTLE, L = m/2 |v|^2 - m g z, g(q) = (|q|^2 / l^2 - 1) / 2, G(q) = q^T / l^2, force F = (0, 0, -m g), hh = h/2:
 *   r0 = p + hh F;  a = q + h/m r0;  q' = a + c lambda q with c = h^2 / (2 m l^2)          7 flops
 *   |a + c lambda q|^2 = l^2: A lambda^2 + B lambda + C = 0, root nearest 0 (stable form)   26 (sqrt, div 1 each)
 *   q' = a + c lambda q;  r = r0 + hh lambda q / l^2 + hh F (the half kicks)                  15
 *   G(q') (r + hh mu q' / l^2) = 0:  mu = -(q' r) / (hh |q'|^2 / l^2)                         12
 *   p' = r + hh mu q' / l^2, v' = p' / m, lambda' = mu                                         10   (70 in all)
 */
static void rattle_steps(double *restrict s, int count, int steps, double h) {
    const double m = pendulum_m, l = pendulum_l, hh = 0.5 * h, hm = h / m, c = h * h / (2 * m * l * l), c2 = 2 * c, cc = c * c,
            kq = hh / (l * l), hf = -hh * m * pendulum_g, ll = l * l, im = 1 / m;
    double *x = s, *y = s + BLOCK, *z = s + 2 * BLOCK, *v = s + 3 * BLOCK, *p = s + 6 * BLOCK, *lam = s + 9 * BLOCK;
    for (int k = 0; k < steps; k++) {
#pragma omp simd
        for (int j = 0; j < count; j++) {
            double qx = x[j], qy = y[j], qz = z[j];
            double px = p[j], py = p[BLOCK + j], pz = p[2 * BLOCK + j] + hf;
            double ax = qx + hm * px, ay = qy + hm * py, az = qz + hm * pz;
            double A = cc * (qx * qx + qy * qy + qz * qz), B = c2 * (ax * qx + ay * qy + az * qz), C = ax * ax + ay * ay + az * az - ll;
            double root = sqrt(B * B - 4 * A * C);
            double L = -2 * C / (B + copysign(root, B));
            double cL = c * L, X = ax + cL * qx, Y = ay + cL * qy, Z = az + cL * qz;
            double kick = kq * L;
            double rx = px + kick * qx, ry = py + kick * qy, rz = pz + kick * qz + hf;
            double mu = -(X * rx + Y * ry + Z * rz) / (kq * (X * X + Y * Y + Z * Z));
            double k1 = kq * mu;
            double ox = rx + k1 * X, oy = ry + k1 * Y, oz = rz + k1 * Z;
            x[j] = X; y[j] = Y; z[j] = Z;
            p[j] = ox; p[BLOCK + j] = oy; p[2 * BLOCK + j] = oz;
            v[j] = ox * im; v[BLOCK + j] = oy * im; v[2 * BLOCK + j] = oz * im;
            lam[j] = mu;
        }
    }
}

/* energy m |v|^2 / 2 + m g z summed into e[0]; max(|g(q)|, |G(q) v|) into e[1] */
static void rattle_observe(const double *restrict s, int count, double *e) {
    const double m = pendulum_m, l = pendulum_l, g = pendulum_g;
    double sum = 0, most = 0;
#pragma omp simd reduction(+ : sum) reduction(max : most)
    for (int j = 0; j < count; j++) {
        double qx = s[j], qy = s[BLOCK + j], qz = s[2 * BLOCK + j], vx = s[3 * BLOCK + j], vy = s[4 * BLOCK + j], vz = s[5 * BLOCK + j];
        sum += 0.5 * m * (vx * vx + vy * vy + vz * vz) + m * g * qz;
        most = fmax(most, fmax(fabs(0.5 * ((qx * qx + qy * qy + qz * qz) / (l * l) - 1)), fabs((qx * vx + qy * vy + qz * vz) / (l * l))));
    }
    e[0] += sum;
    e[1] = fmax(e[1], most);
}

/* ---- the implicit models: simplified Newton on a few unknowns per member ---- */

enum { NEWTON_MOST = 50, MOST_UNKNOWNS = 9 };
static double newton_tolerance = 1e-12;
static long newton_solves;   /* LU solves of the time mode's run, summed over members and steps (per thread, then added) */
#pragma omp threadprivate(newton_solves)

/* LU with partial pivoting of the k x k matrix a in place; false where a pivot is zero */
static int lu_factor(double a[MOST_UNKNOWNS][MOST_UNKNOWNS], int k, int *pivot) {
    for (int j = 0; j < k; j++) {
        int p = j;
        for (int i = j + 1; i < k; i++) if (fabs(a[i][j]) > fabs(a[p][j])) p = i;
        pivot[j] = p;
        if (a[p][j] == 0) return 0;
        if (p != j) for (int c = 0; c < k; c++) { double t = a[j][c]; a[j][c] = a[p][c]; a[p][c] = t; }
        for (int i = j + 1; i < k; i++) {
            double f = a[i][j] /= a[j][j];
            for (int c = j + 1; c < k; c++) a[i][c] -= f * a[j][c];
        }
    }
    return 1;
}

/* x = A^-1 x from lu_factor's LU: its row swaps (whole rows, L's entries included) first, then L y = P x, U x = y */
static void lu_solve(double a[MOST_UNKNOWNS][MOST_UNKNOWNS], int k, const int *pivot, double *x) {
    for (int j = 0; j < k; j++) { double t = x[pivot[j]]; x[pivot[j]] = x[j]; x[j] = t; }
    for (int j = 0; j < k; j++)
        for (int i = j + 1; i < k; i++) x[i] -= a[i][j] * x[j];
    for (int i = k - 1; i >= 0; i--) {
        for (int c = i + 1; c < k; c++) x[i] -= a[i][c] * x[c];
        x[i] /= a[i][i];
    }
}

/* one implicit step's equations: residual r(x) (and what the update needs, into the model's stage record), Jacobian dr/dx */
typedef struct {
    int k;
    void (*residual)(const void *step, const double *x, double *r, void *stages);
    void (*jacobian)(const void *step, const double *x, const void *stages, double J[MOST_UNKNOWNS][MOST_UNKNOWNS]);
} implicit_step;

/*
 * geomech's Newton (solve.Newton) from the guess in x: the Jacobian at the guess, LU-factored and reused while |dx| contracts
 * by 0.5, full Newton (a Jacobian every iteration) from a step that does not; converged where |dx|_inf <= tol (1 + |x|_inf),
 * or, just after a fresh Jacobian, where steps stopped contracting below sqrt(tol) (1 + |x|_inf) (the round-off floor:
 * multipliers are O(eps / h^2)); 0 when it does not converge in NEWTON_MOST solves. stages then hold x's.
 */
static int newton(const implicit_step *eq, const void *step, double *x, void *stages) {
    double J[MOST_UNKNOWNS][MOST_UNKNOWNS], r[MOST_UNKNOWNS], previous = INFINITY;
    int pivot[MOST_UNKNOWNS], k = eq->k, full = 0, fresh = 1;
    for (int it = 0; it < NEWTON_MOST; it++) {
        eq->residual(step, x, r, stages);
        if (fresh) {
            eq->jacobian(step, x, stages, J);
            if (!lu_factor(J, k, pivot)) return 0;
        }
        lu_solve(J, k, pivot, r);
        newton_solves++;
        double size = 0, dx = 0;
        for (int i = 0; i < k; i++) { x[i] -= r[i]; dx = fmax(dx, fabs(r[i])); size = fmax(size, fabs(x[i])); }
        if (!isfinite(dx)) return 0;
        if (dx <= newton_tolerance * (1 + size) || (fresh && dx >= 0.5 * previous && dx <= sqrt(newton_tolerance) * (1 + size))) {
            eq->residual(step, x, r, stages);
            return 1;
        }
        full |= dx > 0.5 * previous;
        fresh = full;
        previous = dx;
    }
    return 0;
}

/*
 * lobatto-nh:3 on chaotic-nh (001 eq. 14, s = 3; IIIA a = [[0,0,0],[5/24,1/3,-1/24],[1/6,2/3,1/6]], IIIB aHat =
 * [[1/6,-1/6,0],[1/6,1/3,0],[1/6,5/6,0]]), M = I so V^i = P^i = p + h sum_j aHat_ij W^j, W^i = -grad U(Q^i) + A(Q^i)^T Lambda^i,
 * Lambda^1 = lambda_k. With aHat's last column zero the stages reduce by hand to
 *   Q^3 = q + h p + h^2 (W^1 + 2 W^2) / 6,   p^2 = p + h (5/24 W^1 + 1/3 W^2 - 1/24 W^3),   p^3 = p + h (W^1 + 4 W^2 + W^3) / 6,
 * and the unknowns x = (Q^2, Lambda^2, Lambda^3) solve
 *   Q^2 - q - h p / 2 - h^2 (W^1 / 12 + W^2 / 24) = 0 (14b),   A(Q^2) p^2 = 0,   A(Q^3) p^3 = 0 (14d-e);
 * then q' = Q^3, v' = p' = p^3, lambda' = Lambda^3. A(q) = (1, 0, 0, 0, q5, q6, q7).
 */
typedef struct { double q[7], p[7], W1[7], h; } lobatto3_step;
typedef struct { double W2[7], Q3[7], W3[7], p2[7], p3[7]; } lobatto3_stages;

static void chaotic_gradient(const double *x, double *g) {
    double s2 = x[1] * x[1], s3 = x[2] * x[2], s4 = x[3] * x[3], s5 = x[4] * x[4], s6 = x[5] * x[5], s7 = x[6] * x[6];
    g[0] = x[0];
    g[1] = x[1] * (1 + s5);
    g[2] = x[2] * (1 + s6);
    g[3] = x[3] * (1 + s7);
    g[4] = x[4] * (1 + s6 + s2);
    g[5] = x[5] * (1 + s5 + s3);
    g[6] = x[6] * (1 + s4);
}

/* K = d/dQ (-grad U(Q) + A(Q)^T L) = -Hess U(Q) + L diag(0, 0, 0, 0, 1, 1, 1) */
static void chaotic_force_jacobian(const double *x, double L, double K[7][7]) {
    memset(K, 0, 49 * sizeof(double));
    double s2 = x[1] * x[1], s3 = x[2] * x[2], s4 = x[3] * x[3], s5 = x[4] * x[4], s6 = x[5] * x[5], s7 = x[6] * x[6];
    K[0][0] = -1;
    K[1][1] = -(1 + s5); K[1][4] = K[4][1] = -2 * x[1] * x[4];
    K[2][2] = -(1 + s6); K[2][5] = K[5][2] = -2 * x[2] * x[5];
    K[3][3] = -(1 + s7); K[3][6] = K[6][3] = -2 * x[3] * x[6];
    K[4][4] = -(1 + s6 + s2) + L; K[4][5] = K[5][4] = -2 * x[4] * x[5];
    K[5][5] = -(1 + s5 + s3) + L;
    K[6][6] = -(1 + s4) + L;
}

/* A(x) y */
static double chaotic_constraint(const double *x, const double *y) { return y[0] + x[4] * y[4] + x[5] * y[5] + x[6] * y[6]; }

static void lobatto3_residual(const void *step, const double *x, double *r, void *stages) {
    const lobatto3_step *st = step;
    lobatto3_stages *sg = stages;
    const double *q = st->q, *p = st->p, *W1 = st->W1, h = st->h, *Q2 = x, L2 = x[7], L3 = x[8];
    double g[7];
    chaotic_gradient(Q2, g);
    for (int i = 0; i < 7; i++) sg->W2[i] = -g[i];
    sg->W2[0] += L2; sg->W2[4] += Q2[4] * L2; sg->W2[5] += Q2[5] * L2; sg->W2[6] += Q2[6] * L2;
    for (int i = 0; i < 7; i++) sg->Q3[i] = q[i] + h * p[i] + h * h * (W1[i] + 2 * sg->W2[i]) / 6;
    const double *Q3 = sg->Q3;
    chaotic_gradient(Q3, g);
    for (int i = 0; i < 7; i++) sg->W3[i] = -g[i];
    sg->W3[0] += L3; sg->W3[4] += Q3[4] * L3; sg->W3[5] += Q3[5] * L3; sg->W3[6] += Q3[6] * L3;
    for (int i = 0; i < 7; i++) {
        sg->p2[i] = p[i] + h * (5.0 / 24 * W1[i] + sg->W2[i] / 3 - sg->W3[i] / 24);
        sg->p3[i] = p[i] + h * (W1[i] + 4 * sg->W2[i] + sg->W3[i]) / 6;
        r[i] = Q2[i] - q[i] - h * p[i] / 2 - h * h * (W1[i] / 12 + sg->W2[i] / 24);
    }
    r[7] = chaotic_constraint(Q2, sg->p2);
    r[8] = chaotic_constraint(Q3, sg->p3);
}

/* column c of dr/dx: dW^2, then dQ^3 = h^2/3 dW^2, dW^3 = K(Q^3) dQ^3 (+ A(Q^3)^T for Lambda^3), dp^2 and dp^3 */
static void lobatto3_jacobian(const void *step, const double *x, const void *stages, double J[MOST_UNKNOWNS][MOST_UNKNOWNS]) {
    const lobatto3_step *st = step;
    const lobatto3_stages *sg = stages;
    const double h = st->h, *Q2 = x, *Q3 = sg->Q3;
    double K2[7][7], K3[7][7], a2[7] = {1, 0, 0, 0, Q2[4], Q2[5], Q2[6]}, a3[7] = {1, 0, 0, 0, Q3[4], Q3[5], Q3[6]};
    chaotic_force_jacobian(Q2, x[7], K2);
    chaotic_force_jacobian(Q3, x[8], K3);
    for (int c = 0; c < 9; c++) {
        double dW2[7], dQ3[7], dW3[7], dp2[7], dp3[7];
        for (int i = 0; i < 7; i++) dW2[i] = c < 7 ? K2[i][c] : c == 7 ? a2[i] : 0;
        for (int i = 0; i < 7; i++) dQ3[i] = h * h / 3 * dW2[i];
        for (int i = 0; i < 7; i++) {
            double sum = c == 8 ? a3[i] : 0;
            for (int k = 0; k < 7; k++) sum += K3[i][k] * dQ3[k];
            dW3[i] = sum;
        }
        for (int i = 0; i < 7; i++) {
            dp2[i] = h * (dW2[i] / 3 - dW3[i] / 24);
            dp3[i] = h * (2 * dW2[i] / 3 + dW3[i] / 6);
            J[i][c] = (i == c) - h * h / 24 * dW2[i];
        }
        J[7][c] = (c >= 4 && c < 7 ? sg->p2[c] : 0) + chaotic_constraint(Q2, dp2);
        J[8][c] = sg->p3[4] * dQ3[4] + sg->p3[5] * dQ3[5] + sg->p3[6] * dQ3[6] + chaotic_constraint(Q3, dp3);
    }
}

static const implicit_step LOBATTO3 = {9, lobatto3_residual, lobatto3_jacobian};

/* a member that fails its step keeps its state and is marked by a NaN multiplier: it then stops stepping */
static void lobatto3_steps(double *restrict s, int count, int steps, double h) {
    for (int j = 0; j < count; j++) {
        lobatto3_step st = {.h = h};
        lobatto3_stages sg;
        double x[9], lam = s[21 * BLOCK + j];
        for (int i = 0; i < 7; i++) { st.q[i] = s[i * BLOCK + j]; st.p[i] = s[(14 + i) * BLOCK + j]; }
        for (int k = 0; k < steps && !isnan(lam); k++) {
            chaotic_gradient(st.q, st.W1);
            for (int i = 0; i < 7; i++) st.W1[i] = -st.W1[i];
            st.W1[0] += lam; st.W1[4] += st.q[4] * lam; st.W1[5] += st.q[5] * lam; st.W1[6] += st.q[6] * lam;
            for (int i = 0; i < 7; i++) x[i] = st.q[i] + h * st.p[i] / 2 + h * h * st.W1[i] / 8;
            x[7] = x[8] = lam;
            if (!newton(&LOBATTO3, &st, x, &sg)) { lam = NAN; break; }
            for (int i = 0; i < 7; i++) { st.q[i] = sg.Q3[i]; st.p[i] = sg.p3[i]; }
            lam = x[8];
        }
        for (int i = 0; i < 7; i++) { s[i * BLOCK + j] = st.q[i]; s[(7 + i) * BLOCK + j] = st.p[i]; s[(14 + i) * BLOCK + j] = st.p[i]; }
        s[21 * BLOCK + j] = lam;
    }
}

/*
 * lobatto-holonomic:3 on the spherical pendulum (001 eq. 13, s = 3, the tableaux above), V^i = P^i / m, W^i = F + G(Q^i)^T
 * Lambda^i with F = (0, 0, -m g), G(Q) = Q^T / l^2; every Lambda^i an unknown. As above
 *   Q^3 = q + (h p + h^2 (W^1 + 2 W^2) / 6) / m,   p' = p + h (W^1 + 4 W^2 + W^3) / 6,
 * and x = (Q^2, Lambda^1, Lambda^2, Lambda^3) solves
 *   Q^2 - q - (h p / 2 + h^2 (W^1 / 12 + W^2 / 24)) / m = 0 (13b),   g(Q^2) = g(Q^3) = 0,   G(Q^3) p' / m = 0 (13d);
 * then q' = Q^3, p' as above, v' = p' / m, lambda' = Lambda^3.
 */
typedef struct { double q[3], p[3], h; } holonomic3_step;
typedef struct { double W1[3], W2[3], Q3[3], W3[3], pn[3]; } holonomic3_stages;

static void holonomic3_residual(const void *step, const double *x, double *r, void *stages) {
    const holonomic3_step *st = step;
    holonomic3_stages *sg = stages;
    const double m = pendulum_m, il2 = 1 / (pendulum_l * pendulum_l), h = st->h, *q = st->q, *p = st->p, *Q2 = x;
    const double F[3] = {0, 0, -m * pendulum_g};
    for (int i = 0; i < 3; i++) {
        sg->W1[i] = F[i] + q[i] * x[3] * il2;
        sg->W2[i] = F[i] + Q2[i] * x[4] * il2;
        sg->Q3[i] = q[i] + (h * p[i] + h * h * (sg->W1[i] + 2 * sg->W2[i]) / 6) / m;
    }
    for (int i = 0; i < 3; i++) {
        sg->W3[i] = F[i] + sg->Q3[i] * x[5] * il2;
        sg->pn[i] = p[i] + h * (sg->W1[i] + 4 * sg->W2[i] + sg->W3[i]) / 6;
        r[i] = Q2[i] - q[i] - (h * p[i] / 2 + h * h * (sg->W1[i] / 12 + sg->W2[i] / 24)) / m;
    }
    const double *Q3 = sg->Q3;
    r[3] = 0.5 * ((Q2[0] * Q2[0] + Q2[1] * Q2[1] + Q2[2] * Q2[2]) * il2 - 1);
    r[4] = 0.5 * ((Q3[0] * Q3[0] + Q3[1] * Q3[1] + Q3[2] * Q3[2]) * il2 - 1);
    r[5] = (Q3[0] * sg->pn[0] + Q3[1] * sg->pn[1] + Q3[2] * sg->pn[2]) * il2 / m;
}

static void holonomic3_jacobian(const void *step, const double *x, const void *stages, double J[MOST_UNKNOWNS][MOST_UNKNOWNS]) {
    const holonomic3_step *st = step;
    const holonomic3_stages *sg = stages;
    const double m = pendulum_m, il2 = 1 / (pendulum_l * pendulum_l), h = st->h, *q = st->q, *Q2 = x, *Q3 = sg->Q3;
    for (int c = 0; c < 6; c++) {
        double dQ2[3], dW1[3], dW2[3], dQ3[3], dW3[3], dpn[3];
        for (int i = 0; i < 3; i++) {
            dQ2[i] = i == c;
            dW1[i] = c == 3 ? q[i] * il2 : 0;
            dW2[i] = (i == c ? x[4] * il2 : 0) + (c == 4 ? Q2[i] * il2 : 0);
            dQ3[i] = h * h * (dW1[i] + 2 * dW2[i]) / (6 * m);
            dW3[i] = dQ3[i] * x[5] * il2 + (c == 5 ? Q3[i] * il2 : 0);
            dpn[i] = h * (dW1[i] + 4 * dW2[i] + dW3[i]) / 6;
            J[i][c] = dQ2[i] - h * h * (dW1[i] / 12 + dW2[i] / 24) / m;
        }
        J[3][c] = (Q2[0] * dQ2[0] + Q2[1] * dQ2[1] + Q2[2] * dQ2[2]) * il2;
        J[4][c] = (Q3[0] * dQ3[0] + Q3[1] * dQ3[1] + Q3[2] * dQ3[2]) * il2;
        J[5][c] = (dQ3[0] * sg->pn[0] + dQ3[1] * sg->pn[1] + dQ3[2] * sg->pn[2] + Q3[0] * dpn[0] + Q3[1] * dpn[1] + Q3[2] * dpn[2]) * il2 / m;
    }
}

static const implicit_step HOLONOMIC3 = {6, holonomic3_residual, holonomic3_jacobian};

static void holonomic3_steps(double *restrict s, int count, int steps, double h) {
    const double m = pendulum_m, il2 = 1 / (pendulum_l * pendulum_l);
    for (int j = 0; j < count; j++) {
        holonomic3_step st = {.h = h};
        holonomic3_stages sg;
        double x[6], lam = s[9 * BLOCK + j];
        for (int i = 0; i < 3; i++) { st.q[i] = s[i * BLOCK + j]; st.p[i] = s[(6 + i) * BLOCK + j]; }
        for (int k = 0; k < steps && !isnan(lam); k++) {
            for (int i = 0; i < 3; i++) {
                double W1 = (i == 2 ? -m * pendulum_g : 0) + st.q[i] * lam * il2;
                x[i] = st.q[i] + (h * st.p[i] / 2 + h * h * W1 / 8) / m;
            }
            x[3] = x[4] = x[5] = lam;
            if (!newton(&HOLONOMIC3, &st, x, &sg)) { lam = NAN; break; }
            for (int i = 0; i < 3; i++) { st.q[i] = sg.Q3[i]; st.p[i] = sg.pn[i]; }
            lam = x[5];
        }
        for (int i = 0; i < 3; i++) { s[i * BLOCK + j] = st.q[i]; s[(3 + i) * BLOCK + j] = st.p[i] / m; s[(6 + i) * BLOCK + j] = st.p[i]; }
        s[9 * BLOCK + j] = lam;
    }
}

typedef struct {
    int size;
    void (*steps)(double *restrict, int, int, double);
    void (*observe)(const double *restrict, int, double *);
    int flops;
} model;

static model model_named(const char *name) {
    if (strcmp(name, "chaotic") == 0) return (model){CHAOTIC_SIZE, chaotic_steps, chaotic_observe, CHAOTIC_FLOPS};
    if (strcmp(name, "rattle") == 0) return (model){RATTLE_SIZE, rattle_steps, rattle_observe, RATTLE_FLOPS};
    /* implicit: flops per step vary with the Newton iterations, reported instead */
    if (strcmp(name, "lobatto3") == 0) return (model){CHAOTIC_SIZE, lobatto3_steps, chaotic_observe, 0};
    if (strcmp(name, "holonomic3") == 0) return (model){RATTLE_SIZE, holonomic3_steps, rattle_observe, 0};
    fprintf(stderr, "roofline: unknown model %s (chaotic, rattle, lobatto3 or holonomic3)\n", name);
    exit(2);
}

/* member j's state at the default initial conditions of geomech (the pendulum's multiplier 0: timing only) */
static void initial(const char *name, double *st, int j, long members) {
    double J = members > 1 ? members - 1 : 1, a = j * M_PI / (2 * J);
    if (strcmp(name, "chaotic") == 0 || strcmp(name, "lobatto3") == 0) {
        double q[7] = {cos(a), 0.6, 0.4, 0.2, 1, 1, 1}, v[7] = {0, sin(a), 0, 0, 0, 0, 0};
        v[0] = -(q[4] * v[4] + q[5] * v[5] + q[6] * v[6]);
        for (int i = 0; i < 7; i++) { st[i] = q[i]; st[7 + i] = v[i]; st[14 + i] = v[i]; }
        /* the continuous multiplier (001 spec sec. 5.3), as geomech starts: lobatto-nh carries it and never corrects a wrong one */
        double g[7], a[7] = {1, 0, 0, 0, q[4], q[5], q[6]}, num = -(v[4] * v[4] + v[5] * v[5] + v[6] * v[6]), den = 0;
        chaotic_gradient(q, g);
        for (int i = 0; i < 7; i++) { num += a[i] * g[i]; den += a[i] * a[i]; }
        st[21] = num / den;
    } else {
        double q[3] = {cos(a), sin(a), 0}, v[3] = {-sin(a), cos(a), 0.1};
        for (int i = 0; i < 3; i++) { st[i] = q[i]; st[3 + i] = v[i]; st[6 + i] = v[i]; }
        st[9] = 0;
    }
}

static int check(const char *name, int steps, double h) {
    model md = model_named(name);
    newton_tolerance = 1e-14;
    int members;
    if (scanf("%d", &members) != 1) return 2;
    double *block = calloc((size_t) md.size * BLOCK, sizeof(double));
    double *all = malloc((size_t) members * md.size * sizeof(double));
    for (long i = 0; i < (long) members * md.size; i++) if (scanf("%lf", &all[i]) != 1) return 2;
    for (int first = 0; first < members; first += BLOCK) {
        int count = members - first < BLOCK ? members - first : BLOCK;
        for (int j = 0; j < count; j++) for (int c = 0; c < md.size; c++) block[c * BLOCK + j] = all[(long) (first + j) * md.size + c];
        md.steps(block, count, steps, h);
        for (int j = 0; j < count; j++) for (int c = 0; c < md.size; c++) all[(long) (first + j) * md.size + c] = block[c * BLOCK + j];
    }
    for (int j = 0; j < members; j++)
        for (int c = 0; c < md.size; c++) printf("%.17g%c", all[(long) j * md.size + c], c + 1 < md.size ? ' ' : '\n');
    return 0;
}

static int timed(const char *name, long members, double tEnd, double h) {
    model md = model_named(name);
    long steps = lround(tEnd / h), blocks = (members + BLOCK - 1) / BLOCK;
    int outputs = 100, per = (int) (steps / outputs > 0 ? steps / outputs : 1);
    double *s = aligned_alloc(64, (size_t) blocks * md.size * BLOCK * sizeof(double));
#pragma omp parallel for
    for (long b = 0; b < blocks; b++) {
        double st[CHAOTIC_SIZE];
        for (int j = 0; j < BLOCK; j++) {
            initial(name, st, (int) (b * BLOCK + j < members ? b * BLOCK + j : members - 1), members);
            for (int c = 0; c < md.size; c++) s[(b * md.size + c) * BLOCK + j] = st[c];
        }
    }
    double start = omp_get_wtime(), energy = 0, residual = 0;
    for (int o = 0; o < outputs; o++) {
        double e0 = 0, e1 = 0;
#pragma omp parallel for reduction(+ : e0) reduction(max : e1)
        for (long b = 0; b < blocks; b++) {
            int count = (int) (members - b * BLOCK < BLOCK ? members - b * BLOCK : BLOCK);
            double e[2] = {0, 0};
            md.steps(s + b * md.size * BLOCK, count, per, h);
            md.observe(s + b * md.size * BLOCK, count, e);
            e0 += e[0];
            e1 = fmax(e1, e[1]);
        }
        energy = e0 / members;
        residual = e1;
    }
    double seconds = omp_get_wtime() - start;
    printf("model %s members %ld steps %ld threads %d seconds %.3f mean-energy %.6g max-residual %.3g\n", name, members,
           (long) per * outputs, omp_get_max_threads(), seconds, energy, residual);
    printf("member-steps/s %.4g\n", (double) members * per * outputs / seconds);
    if (md.flops > 0) printf("Gflop/s %.4g\n", (double) members * per * outputs * md.flops / seconds * 1e-9);
    else {
        long solves = 0;
#pragma omp parallel reduction(+ : solves)
        solves += newton_solves;
        printf("newton-solves/member-step %.4g\n", (double) solves / ((double) members * per * outputs));
    }
    free(s);
    return 0;
}

/* the widest double vector the compiler targets (-march=native): 8 doubles with AVX-512, 4 with AVX2 */
#ifdef __AVX512F__
enum { WIDTH = 8 };
#else
enum { WIDTH = 4 };
#endif
typedef double vd __attribute__((vector_size(8 * WIDTH)));

/* 12 independent chains x = x * a + b on WIDTH-double vectors: 2 x WIDTH flops per FMA */
static double fma_chains(long rounds) {
    vd x[12], a, b;
    for (int l = 0; l < WIDTH; l++) { a[l] = 0.999999; b[l] = 1e-7; }
    for (int i = 0; i < 12; i++) for (int l = 0; l < WIDTH; l++) x[i][l] = i + 0.25 * l;
    for (long r = 0; r < rounds; r++)
        for (int i = 0; i < 12; i++) x[i] = x[i] * a + b;
    double sum = 0;
    for (int i = 0; i < 12; i++) for (int l = 0; l < WIDTH; l++) sum += x[i][l];
    return sum;
}

static double peak(int threads) {
    const long rounds = 800000000L / WIDTH;
    double sink = 0, start = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : sink)
    sink += fma_chains(rounds);
    double seconds = omp_get_wtime() - start;
    if (sink == 42) puts("");
    return (double) threads * rounds * 12 * 2 * WIDTH / seconds * 1e-9;
}

int main(int argc, char **argv) {
    if (argc >= 5 && strcmp(argv[1], "check") == 0) return check(argv[2], atoi(argv[3]), atof(argv[4]));
    if (argc >= 6 && strcmp(argv[1], "time") == 0) return timed(argv[2], atol(argv[3]), atof(argv[4]), atof(argv[5]));
    if (argc >= 2 && strcmp(argv[1], "peak") == 0) {
        printf("peak-1 Gflop/s %.4g\n", peak(1));
        printf("peak-all Gflop/s %.4g threads %d\n", peak(omp_get_max_threads()), omp_get_max_threads());
        printf("vector-width %d doubles\n", WIDTH);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "flops") == 0) {
        printf("chaotic %d\nrattle %d\n", CHAOTIC_FLOPS, RATTLE_FLOPS);
        return 0;
    }
    fprintf(stderr, "usage: roofline check MODEL STEPS H | time MODEL N T_END H | peak | flops   (MODEL: chaotic, rattle, lobatto3, holonomic3)\n");
    return 2;
}
