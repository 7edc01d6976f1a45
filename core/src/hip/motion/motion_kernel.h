// motion_hip's kernel launchers, shared by motion.hip (which defines them)
// and motion.cpp (which calls them). motion blurs the difference of two
// reference lumas; the vertical pass is linear until it rounds, so it is
// run once per picture and kept unrounded: the difference of two kept sums
// is the sum over the difference of the pictures, exactly. Planes are
// packed (stride = width). Every launcher returns the launch's status.
#pragma once

#include <cstdint>

#include "hip/runtime/platform.h"

namespace vmaf::hip::motion {

// motion::kFilter, copied (device code cannot read the host's table).
struct Taps {
    int32_t tap[5];
};

// sums = the vertical pass of the 5-tap blur over the luma, unrounded.
struct VerticalSumArgs {
    const void *luma; // w x h, 16-bit samples when wide
    bool wide;
    int w, h;
    Taps taps;
    uint32_t *sums; // w x h
};
hipError_t launch_vertical_sum(const VerticalSumArgs &a, hipStream_t stream);

// *sad += the sum over rows of each row's 32-bit (wrapping) sum of
// |horizontal pass| of round_vertical(prev - cur), as motion's blurred_sad.
struct SadArgs {
    const uint32_t *prev, *cur; // vertical sums, w x h
    int w, h;
    unsigned bpc;
    Taps taps;
    unsigned long long *sad; // zeroed by the caller
};
hipError_t launch_sad(const SadArgs &a, hipStream_t stream);

} // namespace vmaf::hip::motion
