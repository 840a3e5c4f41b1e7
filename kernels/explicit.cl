// geomech OpenCL program, part 2 of 3 for an explicit step (no unknowns: lobatto-nh:2 and RATTLE once straightened,
// issue 8 item 4): LANES members per work-item, straight-line and branch-free, so that a CPU runs one step for a
// vector of members and a GPU one member per SIMD lane. Every loop over components is unrolled (#pragma unroll, here
// and in load_members), so that s and next live in registers: rolled, POCL kept them on the stack, at half the speed.

// state' = Psi(state, params): StepSystem.update.
static void gm_update(const real *s, const double *p, real *next) {
/*@UPDATE@*/
}

// Advances every ok member of state[c * pitch + j] by `steps` steps (ReferenceStepper.step in a loop); a member
// whose next state is not finite keeps the state before that step and records its absolute step number. With
// `observe`, values[o * pitch + j] are then the observers of the final states (observe_members fused in: the
// state is read once per output). The Newton counters stay as they are: an explicit step takes no iteration.
__kernel void advance_members(__global double *state, __global int *status, __global long *failed_step,
                              __global long *iteration_sum, __global int *iteration_max, __global long *factorisation_sum,
                              __constant double *params, const int pitch, const int steps, const long first_step,
                              __global double *values, const int observe) {
    const int j = get_global_id(0) * LANES;
    if (j >= pitch) return;
    real s[N_STATE], next[N_STATE];
    double p[N_PARAM];
    load_members(state, params, pitch, j, s, p);
    const mask started = TO_MASK(LOAD(status, j)) == STATUS_OK;
    mask ok = started;
    whole failed = LOAD(failed_step, j);
    for (int k = 0; k < steps; k++) {
        gm_update(s, p, next);
        mask finite = ok;
        #pragma unroll
        for (int c = 0; c < N_STATE; c++) finite &= isfinite(next[c]);
        failed = PICK(ok && !finite, (whole) (first_step + k + 1), failed);
        ok = finite;
        #pragma unroll
        for (int c = 0; c < N_STATE; c++) s[c] = PICK(ok, next[c], s[c]);
    }
    #pragma unroll
    for (int c = 0; c < N_STATE; c++) STORE(s[c], state, c * pitch + j);
    STORE(TO_INT(PICK(started && !ok, (mask) STATUS_NON_FINITE, TO_MASK(LOAD(status, j)))), status, j);
    STORE(failed, failed_step, j);
    if (observe) store_observers(s, p, values, pitch, j);
}
