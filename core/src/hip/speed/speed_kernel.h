// speed_chroma_hip's and speed_temporal_hip's kernel launchers, shared by
// speed.hip (which defines them) and the twins (which call them). The band
// pass uses float_vif_hip's conversion, resampling and decimation; these
// are SpEED's own: each launcher works on both pictures of a frame (0
// reference, 1 distorted) and returns the launch's status.
#pragma once

#include "hip/runtime/platform.h"
#include "hip/vif/float_vif_kernel.h"

namespace vmaf::hip::speed {

// Queues out = a - b, n samples of each picture.
hipError_t launch_difference(PlanePair<const float> a, PlanePair<const float> b, long long n,
                             PlanePair<float> out, hipStream_t stream);

// What the block statistics of one band-passed plane pair work in.
struct BlockArgs {
    PlanePair<const float> band; // stride x the operating height each
    int stride;                  // the operating width
    int window_w, window_h;      // what each block position spans
    int blocks_x, blocks;
    float sigma_nn, nn_floor;
    int weight_var_mode;
    // Per picture: 25 means, the 625 covariances, 25 x blocks observations
    // and as many solved values, 25 eigenvalues, blocks entropies and
    // variances, a flag; and two flags of the solve (speed.hip).
    float *means, *cov, *observed, *solution, *eigenvalues, *entropy, *variance, *singular;
    int *flags;
    // score, then 1 where a covariance was singular (the CPU's
    // SpeedResult).
    float *result;
};

// Queues SpEED of the pair's band-passed planes: the window means, the
// covariances, the observations, each picture's eigenvalues and solve, the
// entropies and the weighted difference, as the CPU's SpeedScorer.
hipError_t launch_blocks(const BlockArgs &a, hipStream_t stream);

} // namespace vmaf::hip::speed
