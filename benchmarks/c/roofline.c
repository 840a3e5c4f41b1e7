/*
 * The speed anchor of benchmarks/RESULTS.md (issue 8, item 1): hand-written C of the two benchmarked steps, and
 * the machine's fp64 peak measured with independent FMA chains.
 *
 *   chaotic:  lobatto-nh:2 on chaotic-nh (m = 3), 001 sec. 5 eq. (14) with s = 2 reduced by hand: explicit stage
 *             velocities, one scalar solve for the multiplier Lambda^2 (001 spec sec. 4.3).
 *   rattle:   RATTLE on the spherical pendulum (001 sec. 4.3 (a)): the position constraint is a quadratic in
 *             lambda (solved in closed form, the root nearest 0), the tangency condition is linear in mu.
 *
 * State layout as geomech's StateLayout: q (n), v (n), p (n), multipliers; component-major (SoA), member fastest.
 * Build: gcc -O3 -march=native -fno-math-errno -fopenmp roofline.c -o roofline -lm
 *
 *   roofline check MODEL STEPS H         stdin: N, then N states (one member per line); stdout: the N states after
 *                                        STEPS steps of H, %.17g (RooflineCTest compares them with the reference)
 *   roofline time MODEL N T_END H        N members to T_END, observers (energy, constraint residual) reduced every
 *                                        T_END/100 as geomech run does; prints "member-steps/s X" on all threads
 *   roofline peak                        Gflop/s of FMA chains on one thread and on all threads
 *   roofline flops                       the flops per member-step counted below (an FMA counts 2)
 *
 * Parameters are the models' defaults: spherical pendulum m = 1, l = 1, g = 9.81.
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

typedef struct {
    int size;
    void (*steps)(double *restrict, int, int, double);
    void (*observe)(const double *restrict, int, double *);
    int flops;
} model;

static model model_named(const char *name) {
    if (strcmp(name, "chaotic") == 0) return (model){CHAOTIC_SIZE, chaotic_steps, chaotic_observe, CHAOTIC_FLOPS};
    if (strcmp(name, "rattle") == 0) return (model){RATTLE_SIZE, rattle_steps, rattle_observe, RATTLE_FLOPS};
    fprintf(stderr, "roofline: unknown model %s (chaotic or rattle)\n", name);
    exit(2);
}

/* member j's state at the default initial conditions of geomech (multipliers 0: timing only) */
static void initial(const char *name, double *st, int j, long members) {
    double J = members > 1 ? members - 1 : 1, a = j * M_PI / (2 * J);
    if (strcmp(name, "chaotic") == 0) {
        double q[7] = {cos(a), 0.6, 0.4, 0.2, 1, 1, 1}, v[7] = {0, sin(a), 0, 0, 0, 0, 0};
        v[0] = -(q[4] * v[4] + q[5] * v[5] + q[6] * v[6]);
        for (int i = 0; i < 7; i++) { st[i] = q[i]; st[7 + i] = v[i]; st[14 + i] = v[i]; }
        st[21] = 0;
    } else {
        double q[3] = {cos(a), sin(a), 0}, v[3] = {-sin(a), cos(a), 0.1};
        for (int i = 0; i < 3; i++) { st[i] = q[i]; st[3 + i] = v[i]; st[6 + i] = v[i]; }
        st[9] = 0;
    }
}

static int check(const char *name, int steps, double h) {
    model md = model_named(name);
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
    printf("Gflop/s %.4g\n", (double) members * per * outputs * md.flops / seconds * 1e-9);
    free(s);
    return 0;
}

typedef double vd __attribute__((vector_size(32)));

/* 12 independent chains x = x * a + b on 4-double vectors: 2 x 4 flops per FMA */
static double fma_chains(long rounds) {
    vd x[12], a = {0.999999, 0.999999, 0.999999, 0.999999}, b = {1e-7, 1e-7, 1e-7, 1e-7};
    for (int i = 0; i < 12; i++) x[i] = (vd){i, i + 0.5, i + 0.25, i + 0.75};
    for (long r = 0; r < rounds; r++)
        for (int i = 0; i < 12; i++) x[i] = x[i] * a + b;
    double sum = 0;
    for (int i = 0; i < 12; i++) sum += x[i][0] + x[i][1] + x[i][2] + x[i][3];
    return sum;
}

static double peak(int threads) {
    const long rounds = 200000000L;
    double sink = 0, start = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : sink)
    sink += fma_chains(rounds);
    double seconds = omp_get_wtime() - start;
    if (sink == 42) puts("");
    return (double) threads * rounds * 12 * 8 / seconds * 1e-9;
}

int main(int argc, char **argv) {
    if (argc >= 5 && strcmp(argv[1], "check") == 0) return check(argv[2], atoi(argv[3]), atof(argv[4]));
    if (argc >= 6 && strcmp(argv[1], "time") == 0) return timed(argv[2], atol(argv[3]), atof(argv[4]), atof(argv[5]));
    if (argc >= 2 && strcmp(argv[1], "peak") == 0) {
        printf("peak-1 Gflop/s %.4g\n", peak(1));
        printf("peak-all Gflop/s %.4g threads %d\n", peak(omp_get_max_threads()), omp_get_max_threads());
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "flops") == 0) {
        printf("chaotic %d\nrattle %d\n", CHAOTIC_FLOPS, RATTLE_FLOPS);
        return 0;
    }
    fprintf(stderr, "usage: roofline check MODEL STEPS H | time MODEL N T_END H | peak | flops\n");
    return 2;
}
