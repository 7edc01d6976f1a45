// The float_motion_hip kernels' launchers, shared by float_motion.hip
// (which defines them) and float_motion.cpp (which calls them). Plain types
// only.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::float_motion {

// The blur's taps (3, or 5 of which the no-op blur has one non-zero).
struct BlurTaps {
    float tap[5];
    int count;
};

// Queues out = the plane (tightly packed w x h samples, 8-bit for
// sample_bytes 1, else 16-bit, taken as float minus 128 on the 8-bit scale)
// blurred down the columns into `column`, then along the rows, each sum in
// the CPU's order.
hipError_t launch_blur(const void *plane, int w, int h, unsigned bpc, const BlurTaps &taps,
                       float *column, float *out, hipStream_t stream);

// Queues result[0] = the mean |a - b| over w x h floats, summed in float
// along each row, then over the rows (row_sums holds h floats), as the CPU.
hipError_t launch_mean_abs_diff(const float *a, const float *b, int w, int h, float *row_sums,
                                float *result, hipStream_t stream);

// Queues dst = src (w x h) resampled bilinearly to dw x dh, as the CPU's
// floatf::scale_plane.
hipError_t launch_bilinear(const float *src, int w, int h, float *dst, int dw, int dh,
                           hipStream_t stream);

} // namespace vmaf::hip::float_motion
