// geomech OpenCL program, part 1 of 3: sizes, status codes and shared helpers (filled in by KernelSource).
// Built without fast-math options (no -cl-fast-relaxed-math, no -cl-mad-enable): +, -, *, /, sqrt are
// correctly rounded in double precision, so the results match the reference backend to round-off.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// No contraction into fma: every operation rounds separately, as in the reference (Tape, EJML).
#pragma OPENCL FP_CONTRACT OFF

// sin and cos as fdlibm computes them (Java's StrictMath, which the reference and simd backends use), so that every
// backend gives bitwise the same values: argument reduction by pi/2 in three parts (|x| up to 2^19 pi/2; beyond,
// the device's own sin and cos), then fdlibm's polynomial kernels.
static int geomech_hi(double x) { return (int) (as_ulong(x) >> 32); }

static double geomech_ksin(double x, double y, int iy) {
    if ((geomech_hi(x) & 0x7fffffff) < 0x3e400000 && (int) x == 0) return x;
    double z = x * x, v = z * x;
    double r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)));
    if (iy == 0) return x + v * (-1.66666666666666324348e-01 + z * r);
    return x - ((z * (0.5 * y - v * r) - y) - v * -1.66666666666666324348e-01);
}

static double geomech_kcos(double x, double y) {
    int ix = geomech_hi(x) & 0x7fffffff;
    if (ix < 0x3e400000 && (int) x == 0) return 1.0;
    double z = x * x;
    double r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05
            + z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))));
    if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));
    double qx = ix > 0x3fe90000 ? 0.28125 : as_double((ulong) (uint) (ix - 0x00200000) << 32);
    return (1.0 - qx) - ((0.5 * z - qx) - (z * r - x * y));
}

// x - n pi/2 as y[0] + y[1], returning n; 99 when |x| is beyond 2^19 pi/2
static int geomech_rem_pio2(double x, double *y) {
    const double pio2_1 = 1.57079632673412561417e+00, pio2_1t = 6.07710050650619224932e-11, pio2_2 = 6.07710050630396597660e-11,
            pio2_2t = 2.02226624879595063154e-21, pio2_3 = 2.02226624871116645580e-21, pio2_3t = 8.47842766036889956997e-32;
    int hx = geomech_hi(x), ix = hx & 0x7fffffff;
    if (ix < 0x4002d97c) {
        double z = hx > 0 ? x - pio2_1 : x + pio2_1, s = hx > 0 ? 1.0 : -1.0;
        if (ix != 0x3ff921fb) { y[0] = z - s * pio2_1t; y[1] = (z - y[0]) - s * pio2_1t; }
        else { z -= s * pio2_2; y[0] = z - s * pio2_2t; y[1] = (z - y[0]) - s * pio2_2t; }
        return hx > 0 ? 1 : -1;
    }
    if (ix > 0x413921fb) return 99;
    double t = fabs(x);
    int n = (int) (t * 6.36619772367581382433e-01 + 0.5);
    double fn = (double) n, r = t - fn * pio2_1, w = fn * pio2_1t;
    if (n < 32 && ix != geomech_hi(n * 1.57079632679489661923)) {
        y[0] = r - w;
    } else {
        int j = ix >> 20;
        y[0] = r - w;
        if (j - ((geomech_hi(y[0]) >> 20) & 0x7ff) > 16) {
            t = r; w = fn * pio2_2; r = t - w; w = fn * pio2_2t - ((t - r) - w); y[0] = r - w;
            if (j - ((geomech_hi(y[0]) >> 20) & 0x7ff) > 49) { t = r; w = fn * pio2_3; r = t - w; w = fn * pio2_3t - ((t - r) - w); y[0] = r - w; }
        }
    }
    y[1] = (r - y[0]) - w;
    if (hx < 0) { y[0] = -y[0]; y[1] = -y[1]; return -n; }
    return n;
}

static double geomech_sin(double x) {
    int ix = geomech_hi(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return geomech_ksin(x, 0.0, 0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    int n = geomech_rem_pio2(x, y);
    if (n == 99) return sin(x);
    switch (n & 3) {
        case 0: return geomech_ksin(y[0], y[1], 1);
        case 1: return geomech_kcos(y[0], y[1]);
        case 2: return -geomech_ksin(y[0], y[1], 1);
        default: return -geomech_kcos(y[0], y[1]);
    }
}

static double geomech_cos(double x) {
    int ix = geomech_hi(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) return geomech_kcos(x, 0.0);
    if (ix >= 0x7ff00000) return x - x;
    double y[2];
    int n = geomech_rem_pio2(x, y);
    if (n == 99) return cos(x);
    switch (n & 3) {
        case 0: return geomech_kcos(y[0], y[1]);
        case 1: return -geomech_ksin(y[0], y[1], 1);
        case 2: return -geomech_kcos(y[0], y[1]);
        default: return geomech_ksin(y[0], y[1], 1);
    }
}

/*@DEFINES@*/

// LANES consecutive members per work-item (issue 8 item 4): one vector of the device's preferred double width for an
// explicit step (8 on POCL with AVX-512), 1 on GPUs, whose SIMD lanes are the work-items, and for Newton steps.
// real holds one value of every lane, mask a lane condition (-1 or 0 in vectors, nonzero or 0 in scalars: select's
// convention either way) and whole a long of every lane (a step number); LOAD and STORE move a lane vector from and
// to SoA rows, consecutive members contiguous.
#if LANES == 1
typedef double real;
typedef long mask;
typedef long whole;
#define LOAD(a, i) ((a)[i])
#define STORE(v, a, i) ((a)[i] = (v))
#define TO_MASK(x) ((long) (x))
#define TO_WHOLE(x) ((long) (x))
#define TO_INT(x) ((int) (x))
#define PICK(m, yes, no) ((m) ? (yes) : (no))
#else
#define LANE_NAME(t, n) t##n
#define LANE(t, n) LANE_NAME(t, n)
typedef LANE(double, LANES) real;
typedef LANE(long, LANES) mask;
typedef LANE(long, LANES) whole;
#define LOAD(a, i) LANE(vload, LANES)(0, (a) + (i))
#define STORE(v, a, i) LANE(vstore, LANES)((v), 0, (a) + (i))
#define TO_MASK(x) LANE(convert_long, LANES)(x)
#define TO_WHOLE(x) LANE(convert_long, LANES)(x)
#define TO_INT(x) LANE(convert_int, LANES)(x)
#define PICK(m, yes, no) select((no), (yes), (m))
#endif

// Observer values of one state (kernels/observe.cl), also evaluated by the step kernels after their last step.
static void gm_observe(const real *s, const double *p, real *out);

// The members from j on (one lane vector) of every state row (rows of `pitch`), and the parameters. The loops are
// unrolled so that s stays in registers.
static void load_members(__global const double *state, __constant double *params, const int pitch, const int j, real *s,
                         double *p) {
    #pragma unroll
    for (int c = 0; c < N_STATE; c++) s[c] = LOAD(state, c * pitch + j);
    #pragma unroll
    for (int c = 0; c < N_PARAM; c++) p[c] = params[c];
}

// The observers of the members from j on, stored observer-major: values[o * pitch + j].
static void store_observers(const real *s, const double *p, __global double *values, const int pitch, const int j) {
    real out[OBSERVER_ALLOC];
    gm_observe(s, p, out);
    #pragma unroll
    for (int o = 0; o < N_OBSERVER; o++) STORE(out[o], values, o * pitch + j);
}

// Java's Math.max: NaN wins, +0.0 is above -0.0 (the reference's Newton norms and reductions use it).
static double java_max(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0 && signbit(a)) return b;
    return a >= b ? a : b;
}

// Newton.allFinite: no NaN and no infinity among a[0..n).
static bool all_finite(const double *a, int n) {
    for (int i = 0; i < n; i++) if (!isfinite(a[i])) return false;
    return true;
}
