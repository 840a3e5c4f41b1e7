// geomech OpenCL program, part 2 of 3 for an explicit step (no unknowns: lobatto-nh:2 and RATTLE once straightened,
// issue 8 item 4): LANES members per work-item, straight-line and branch-free, so that a CPU runs one step for a
// vector of members and a GPU one member per SIMD lane. Every loop over components is unrolled (#pragma unroll, here
// and in load_members), so that s and next live in registers: rolled, POCL kept them on the stack, at half the speed.
// The update's statements are pasted into the step loop, those of its values of the parameters alone before it.

// Advances the LANES members s by `ticks` ticks of `per` steps each (1 where h is shared; issue 11 item 1: h per member),
// ReferenceStepper.step in a loop; a member whose next state is not finite keeps the state before that step, leaves
// `ok` and records its absolute step number (counted in its own steps, after first_tick ticks) in `failed`. The lanes
// step together as many times as the most of them (`most` steps per tick) needs, a lane past its own count masked.
static void step_ticks(real *s, const double *p, mask *ok, whole *failed, const whole per, const int most, const int ticks,
                       const long first_tick) {
    real next[N_STATE];
    // the values of StepSystem.update made of the parameters alone (and of parameters carried per member, which no
    // step changes), once per call rather than once a step (issue 8 item 3)
/*@INVARIANTS@*/
    const whole steps = ticks * per, first_step = first_tick * per;
    for (long k = 0; k < (long) ticks * most; k++) {
        {   // state' = Psi(state, params): StepSystem.update, its invariant values from above
/*@UPDATE@*/
        }
        const mask moving = *ok && k < steps;
        mask finite = moving;
        #pragma unroll
        for (int c = 0; c < N_STATE; c++) finite &= isfinite(next[c]);
        *failed = PICK(moving && !finite, first_step + k + 1, *failed);
        *ok = PICK(moving, finite, *ok);
        #pragma unroll
        for (int c = 0; c < N_STATE; c++) s[c] = PICK(finite, next[c], s[c]);
    }
}

// The most steps per tick of the LANES members from j on.
static int most_per_tick(__global const int *steps_per_tick, const int j) {
    int most = 0;
    #pragma unroll
    for (int l = 0; l < LANES; l++) most = max(most, steps_per_tick[j + l]);
    return most;
}

// The statuses after stepping: NON_FINITE where a member started ok and is no longer, else as it started.
static void store_status(const mask started, const mask ok, __global const int *status, __global int *out, const long at, const int j) {
    STORE(TO_INT(PICK(started && !ok, (mask) STATUS_NON_FINITE, TO_MASK(LOAD(status, j)))), out, at);
}

// The LANES members from j on: states, parameters, whether each started ok, its failed step.
static void load_lanes(__global const double *state, __global const int *status, __global const long *failed_step,
                       __constant double *params, const int pitch, const int j, real *s, double *p, mask *started, whole *failed) {
    load_members(state, params, pitch, j, s, p);
    *started = TO_MASK(LOAD(status, j)) == STATUS_OK;
    *failed = LOAD(failed_step, j);
}

// Stores the LANES members from j on after stepping: states, statuses, failed steps.
static void store_lanes(const real *s, const mask started, const mask ok, const whole failed, __global double *state,
                        __global int *status, __global long *failed_step, const int pitch, const int j) {
    #pragma unroll
    for (int c = 0; c < N_STATE; c++) STORE(s[c], state, c * pitch + j);
    store_status(started, ok, status, status, j, j);
    STORE(failed, failed_step, j);
}

// The LANES members from j on advanced through `outputs` outputs of `ticks` ticks each (step_ticks), the state kept in
// registers from one output to the next; where values is not null, values[(r * N_OBSERVER + o) * pitch + j] are then
// the observers after output r (observe_members fused in: the state is read once), and where status_at is not null,
// status_at[r * pitch + j] the statuses.
static void advance_lanes(__global double *state, __global int *status, __global long *failed_step, __constant double *params,
                          __global const int *steps_per_tick, const int pitch, const int ticks, const long first_tick,
                          const int outputs, __global double *values, __global int *status_at, const int j) {
    real s[N_STATE];
    double p[PARAM_ALLOC];
    mask started;
    whole failed;
    load_lanes(state, status, failed_step, params, pitch, j, s, p, &started, &failed);
    mask ok = started;
    const whole per = TO_WHOLE(LOAD(steps_per_tick, j));
    const int most = most_per_tick(steps_per_tick, j);
    for (int r = 0; r < outputs; r++) {
        step_ticks(s, p, &ok, &failed, per, most, ticks, first_tick + (long) r * ticks);
        if (values) store_observers(s, p, values + (long) r * N_OBSERVER * pitch, pitch, j);
        if (status_at) store_status(started, ok, status, status_at, (long) r * pitch + j, j);
    }
    store_lanes(s, started, ok, failed, state, status, failed_step, pitch, j);
}

// Advances every ok member of state[c * pitch + j] by `ticks` ticks; with `observe`, values[o * pitch + j] are then the
// observers of the final states. The Newton counters stay as they are: an explicit step takes no iteration.
__kernel void advance_members(__global double *state, __global int *status, __global long *failed_step,
                              __global long *iteration_sum, __global int *iteration_max, __global long *factorisation_sum,
                              __constant double *params, __global const int *steps_per_tick, const int pitch,
                              const int ticks, const long first_tick, __global double *values, const int observe) {
    const int j = get_global_id(0) * LANES;
    if (j < pitch) advance_lanes(state, status, failed_step, params, steps_per_tick, pitch, ticks, first_tick, 1, observe ? values : 0, 0, j);
}

// advance_members over `outputs` outputs of `ticks` ticks in one launch (issue 8 item 4: no launch per output), each
// output's observers and statuses kept for reduce_outputs.
__kernel void advance_outputs(__global double *state, __global int *status, __global long *failed_step, __constant double *params,
                              __global const int *steps_per_tick, const int pitch, const int ticks, const long first_tick,
                              __global double *values, const int outputs, __global int *status_at) {
    const int j = get_global_id(0) * LANES;
    if (j < pitch) advance_lanes(state, status, failed_step, params, steps_per_tick, pitch, ticks, first_tick, outputs, values, status_at, j);
}
