// The psnr_hip kernel's launcher, shared by psnr.hip (which defines it) and
// psnr.cpp (which calls it). Plain types only: psnr.hip is built by hipcc or
// nvcc and sees none of the host code.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::psnr {

struct SsePlanes {
    const void *ref[3];
    const void *dis[3];
    unsigned long long samples[3]; // tightly packed w * h samples per plane
};

// Queues sums[p] += sum over plane p of (ref - dis)^2 for p < count, with
// 8-bit samples for sample_bytes 1 and 16-bit ones for 2. sums must be zeroed
// by the caller. Returns the launch's status.
hipError_t launch_sse(const SsePlanes &planes, unsigned count, unsigned sample_bytes,
                      unsigned long long *sums, hipStream_t stream);

} // namespace vmaf::hip::psnr
