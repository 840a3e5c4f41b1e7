// geomech OpenCL program, part 1 of 3: sizes, status codes and shared helpers (filled in by KernelSource).
// Built without fast-math options (no -cl-fast-relaxed-math, no -cl-mad-enable): +, -, *, /, sqrt are
// correctly rounded in double precision, so the results match the reference backend to round-off.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// No contraction into fma: every operation rounds separately, as in the reference (Tape, EJML).
#pragma OPENCL FP_CONTRACT OFF

/*@DEFINES@*/

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
