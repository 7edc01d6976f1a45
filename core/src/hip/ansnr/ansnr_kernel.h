// The float_ansnr_hip kernels' launcher, shared by ansnr.hip (which defines
// it) and float_ansnr.cpp (which calls it). Plain types only.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::ansnr {

// The CPU's taps (float_ansnr_math.h), passed by value.
struct AnsnrTaps {
    float ref[9];
    float dis[25];
};

// Queues energies[0] = signal, energies[1] = noise of the blurred w x h
// luma planes (tightly packed, 8-bit samples for sample_bytes 1, else
// 16-bit), each row summed in float left to right and the rows summed in
// float top to bottom, as the CPU does. row_sums holds 2 * h floats.
hipError_t launch_energies(const void *ref, const void *dis, int w, int h, unsigned bpc,
                           const AnsnrTaps &taps, float *row_sums, float *energies,
                           hipStream_t stream);

} // namespace vmaf::hip::ansnr
