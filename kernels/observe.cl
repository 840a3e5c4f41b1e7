// geomech OpenCL program, part 3 of 3: observers and their block reductions.

// Observer values of one state: the Observer expressions.
static void gm_observe(const real *s, const double *p, real *out) {
/*@OBSERVE@*/
}

// Observer values of every member (failed ones too, as the reference), observer-major: values[o * pitch + j];
// LANES members per work-item.
__kernel void observe_members(__global const double *state, __constant double *params, __global double *values,
                              const int pitch) {
    const int j = get_global_id(0) * LANES;
    if (j >= pitch) return;
    real s[N_STATE];
    double p[PARAM_ALLOC];
    load_members(state, params, pitch, j, s, p);
    store_observers(s, p, values, pitch, j);
}

// Reduction.block: one work-item per block of BLOCK members and observer (per block with no observers). Each field
// is accumulated in REDUCTION_LANES interleaved lanes, lane l taking the block's ok members from + l,
// from + l + REDUCTION_LANES, ... in member order, and the lanes are then added in lane order, so the partials do not
// depend on the work-group size; values and initial are rows of `pitch`, the first `members` of them members;
// partials[b * (1 + 3 N_OBSERVER) ...] is count (from the block's first work-item), then per observer sum, max and
// squared deviation from the initial values.
static void reduce_block(__global const double *values, __global const double *initial, __global const int *status,
                         __global double *partials, const int members, const int pitch, const int item) {
    const int b = item / OBSERVER_ALLOC, o = item % OBSERVER_ALLOC;
    if (b >= (members + BLOCK - 1) / BLOCK) return;
    const int base = b * (1 + REDUCTION_FIELDS * N_OBSERVER);
    const int from = b * BLOCK, to = min(members, from + BLOCK);
    double sum[REDUCTION_LANES], largest[REDUCTION_LANES], square[REDUCTION_LANES];
    for (int l = 0; l < REDUCTION_LANES; l++) {
        sum[l] = 0.0;
        largest[l] = -HUGE_VAL;
        square[l] = 0.0;
    }
    int count = 0;
    for (int j = from; j < to; j += REDUCTION_LANES) {
        #pragma unroll
        for (int l = 0; l < REDUCTION_LANES; l++) {
            if (j + l >= to || status[j + l] != STATUS_OK) continue;
            count++;
            if (o < N_OBSERVER) {
                double x = values[o * pitch + j + l], d = x - initial[o * pitch + j + l];
                sum[l] += x;
                largest[l] = java_max(largest[l], x);
                square[l] += d * d;
            }
        }
    }
    if (o == 0) partials[base] = count;
    if (o < N_OBSERVER) {
        double s = sum[0], m = largest[0], q = square[0];
        for (int l = 1; l < REDUCTION_LANES; l++) {
            s += sum[l];
            m = java_max(m, largest[l]);
            q += square[l];
        }
        partials[base + 1 + REDUCTION_FIELDS * o] = s;
        partials[base + 2 + REDUCTION_FIELDS * o] = m;
        partials[base + 3 + REDUCTION_FIELDS * o] = q;
    }
}

// The block reductions of the current observer values.
__kernel void reduce_blocks(__global const double *values, __global const double *initial, __global const int *status,
                            __global double *partials, const int members, const int pitch) {
    reduce_block(values, initial, status, partials, members, pitch, get_global_id(0));
}

// The block reductions of advance_outputs' outputs, output r in the second dimension, its partials from
// r * blocks * (1 + 3 N_OBSERVER) on (issue 8 item 4: one launch for a batch's reductions).
__kernel void reduce_outputs(__global const double *values, __global const double *initial, __global const int *status,
                             __global double *partials, const int members, const int pitch) {
    const long r = get_global_id(1);
    reduce_block(values + r * N_OBSERVER * pitch, initial, status + r * pitch,
                 partials + r * ((members + BLOCK - 1) / BLOCK) * (1 + REDUCTION_FIELDS * N_OBSERVER), members, pitch, get_global_id(0));
}
