// geomech OpenCL program, part 2 of 3: one step of the method (StepSystem) for one member per work-item.

// X0(state, params): StepSystem.guess.
static void gm_guess(const double *s, const double *p, double *x) {
/*@GUESS@*/
}

// F(X; state, params): StepSystem.residuals.
static void gm_residual(const double *s, const double *p, const double *x, double *f) {
/*@RESIDUAL@*/
}

// dF/dX, row-major: StepSystem.jacobian.
static void gm_jacobian(const double *s, const double *p, const double *x, double *jac) {
/*@JACOBIAN@*/
}

// state' = Psi(X, state, params): StepSystem.update.
static void gm_update(const double *s, const double *p, const double *x, double *next) {
/*@UPDATE@*/
}

// In-place LU with partial pivoting in the order of EJML's LUDecompositionAlt_DDRM (Jama's left-looking
// Crout), the reference's factorisation, operation by operation; indx[j] is the row swapped with row j.
static void lu_decompose(double *lu, int *indx) {
    double col[UNKNOWN_ALLOC];
    for (int j = 0; j < N_UNKNOWN; j++) {
        for (int i = 0; i < N_UNKNOWN; i++) col[i] = lu[i * N_UNKNOWN + j];
        for (int i = 0; i < N_UNKNOWN; i++) {
            int kmax = i < j ? i : j;
            double sum = 0.0;
            for (int k = 0; k < kmax; k++) sum += lu[i * N_UNKNOWN + k] * col[k];
            col[i] -= sum;
            lu[i * N_UNKNOWN + j] = col[i];
        }
        int pivot = j;
        double largest = fabs(col[j]);
        for (int i = j + 1; i < N_UNKNOWN; i++) {
            double v = fabs(col[i]);
            if (v > largest) { pivot = i; largest = v; }
        }
        if (pivot != j) {
            for (int k = 0; k < N_UNKNOWN; k++) {
                double t = lu[pivot * N_UNKNOWN + k];
                lu[pivot * N_UNKNOWN + k] = lu[j * N_UNKNOWN + k];
                lu[j * N_UNKNOWN + k] = t;
            }
        }
        indx[j] = pivot;
        double diagonal = lu[j * N_UNKNOWN + j];
        if (diagonal != 0.0) for (int i = j + 1; i < N_UNKNOWN; i++) lu[i * N_UNKNOWN + j] /= diagonal;
    }
}

// Solves LU x = P b in place, as EJML's LUDecompositionBase_DDRM._solveVectorInternal and TriangularSolver_DDRM.solveU.
static void lu_solve(const double *lu, const int *indx, double *b) {
    int first = 0;
    for (int i = 0; i < N_UNKNOWN; i++) {
        int ip = indx[i];
        double sum = b[ip];
        b[ip] = b[i];
        if (first != 0) {
            for (int j = first - 1; j < i; j++) sum -= lu[i * N_UNKNOWN + j] * b[j];
        } else if (sum != 0.0) {
            first = i + 1;
        }
        b[i] = sum;
    }
    for (int i = N_UNKNOWN - 1; i >= 0; i--) {
        double sum = b[i];
        for (int j = i + 1; j < N_UNKNOWN; j++) sum -= lu[i * N_UNKNOWN + j] * b[j];
        b[i] = sum / lu[i * N_UNKNOWN + i];
    }
}

// Newton.solve: full Newton (an LU at every iteration) or simplified Newton (SIMPLIFIED: the guess's LU kept
// until a step contracts by less than STALL, full Newton after that); stops at |dx| <= tol (1 + |x|), with a
// fresh LU at the round-off floor (steps that stop contracting below sqrt(tol) (1 + |x|)), or after one solve
// of a linear system.
static int newton(const double *s, const double *p, double *x, int *iterations, int *factorisations) {
    double f[UNKNOWN_ALLOC], jac[UNKNOWN_ALLOC * UNKNOWN_ALLOC];
    int indx[UNKNOWN_ALLOC];
    double previous = HUGE_VAL;
    bool full = !SIMPLIFIED, fresh = true;
    *iterations = 0;
    *factorisations = 0;
    if (N_UNKNOWN == 0) return STATUS_OK;
    while (*iterations < MAX_ITERATIONS) {
        gm_residual(s, p, x, f);
        if (fresh) gm_jacobian(s, p, x, jac);
        if (!all_finite(f, N_UNKNOWN) || (fresh && !all_finite(jac, N_UNKNOWN * N_UNKNOWN))) return STATUS_NON_FINITE;
        if (fresh) {
            lu_decompose(jac, indx);
            (*factorisations)++;
        }
        lu_solve(jac, indx, f);
        (*iterations)++;
        double step = 0.0, size = 0.0;
        for (int i = 0; i < N_UNKNOWN; i++) {
            x[i] -= f[i];
            step = java_max(step, fabs(f[i]));
            size = java_max(size, fabs(x[i]));
        }
        if (!isfinite(step)) return STATUS_SINGULAR_JACOBIAN;
        if (LINEAR || step <= TOLERANCE * (1 + size)) return STATUS_OK;
        if (fresh && step >= 0.5 * previous && step <= SQRT_TOLERANCE * (1 + size)) return STATUS_OK;
        full = full || step > STALL * previous;
        fresh = full;
        previous = step;
    }
    return STATUS_NEWTON_ITERATION_LIMIT;
}

// Advances every ok member of state[c * pitch + j] by `ticks` ticks of steps_per_tick[j] steps each (1 where h is
// shared; issue 11 item 1: h per member), ReferenceStepper.step in a loop; a failing member keeps the state before the
// failing step and records its absolute step number, counted in its own steps. With `observe`, values[o * pitch + j]
// are then the observers of the final states, failed members' included (observe_members fused in). One member per
// work-item (LANES is 1 for a Newton step).
__kernel void advance_members(__global double *state, __global int *status, __global long *failed_step,
                              __global long *iteration_sum, __global int *iteration_max, __global long *factorisation_sum,
                              __constant double *params, __global const int *steps_per_tick, const int pitch,
                              const int ticks, const long first_tick, __global double *values, const int observe) {
    const int j = get_global_id(0);
    if (j >= pitch) return;
    double s[N_STATE], next[N_STATE], p[PARAM_ALLOC], x[UNKNOWN_ALLOC];
    for (int c = 0; c < N_STATE; c++) s[c] = state[c * pitch + j];
    for (int c = 0; c < N_PARAM; c++) p[c] = params[c];
    long sum = iteration_sum[j], factored = factorisation_sum[j];
    int most = iteration_max[j];
    const bool ok = status[j] == STATUS_OK;
    const long per = steps_per_tick[j], steps = ticks * per, first_step = first_tick * per;
    for (long k = 0; ok && k < steps; k++) {
        int iterations, factorisations;
        gm_guess(s, p, x);
        int outcome = newton(s, p, x, &iterations, &factorisations);
        sum += iterations;
        factored += factorisations;
        most = max(most, iterations);
        if (outcome == STATUS_OK) {
            gm_update(s, p, x, next);
            if (!all_finite(next, N_STATE)) outcome = STATUS_NON_FINITE;
        }
        if (outcome != STATUS_OK) {
            status[j] = outcome;
            failed_step[j] = first_step + k + 1;
            break;
        }
        for (int c = 0; c < N_STATE; c++) s[c] = next[c];
    }
    for (int c = 0; c < N_STATE; c++) state[c * pitch + j] = s[c];
    iteration_sum[j] = sum;
    iteration_max[j] = most;
    factorisation_sum[j] = factored;
    if (observe) store_observers(s, p, values, pitch, j);
}
