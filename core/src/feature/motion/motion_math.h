// Motion arithmetic: the integer blur's taps and roundings (VMAF_HOST_DEVICE:
// motion's loops and motion_hip's kernels share them), the score of one SAD,
// and how motion2 and motion3 follow from the per-frame scores (motion,
// motion_hip and float_motion alike). Exactly as libvmaf computes them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/host_device.h"

namespace vmaf::motion {

// 5-tap Gaussian, 16-bit fixed point (sums to 65536).
inline constexpr int32_t kFilter[5] = {3571, 16004, 26386, 16004, 3571};
inline constexpr int kRadius = 2;

// The vertical pass's sum over a difference of pictures, back to the
// samples' scale.
VMAF_HOST_DEVICE inline int32_t round_vertical(int64_t sum, unsigned bpc)
{
    return static_cast<int32_t>((sum + (int64_t{1} << (bpc - 1))) >> bpc);
}

// |horizontal pass| of one sample, summed per row in 32 bits (wrapping) as
// the reference sums it.
VMAF_HOST_DEVICE inline uint32_t blurred_magnitude(int64_t sum)
{
    const int32_t v = static_cast<int32_t>((sum + 32768) >> 16);
    return static_cast<uint32_t>(v < 0 ? -v : v);
}

struct MotionParams {
    double blend_factor, blend_offset, fps_weight, max_val;
    bool five_frame_window, moving_average;
};

inline double blend(double score, double factor, double offset)
{
    return score * factor + (1 - factor) * std::min(offset, score);
}

// The per-frame score from the sum of absolute blurred differences.
inline double score_of_sad(uint64_t sad, unsigned w, unsigned h, const MotionParams &s)
{
    return std::min(static_cast<double>(sad) / 256.0 / (w * h) * s.fps_weight, s.max_val);
}

// The frame at which a score first exists: one (or two) frames back.
inline unsigned first_scored(const MotionParams &s) { return s.five_frame_window ? 2 : 1; }

struct Derived {
    std::vector<double> motion2, motion3;
};

// motion2 is the smaller of a frame's score and the next one's (the last
// frame keeps its own); motion3 is motion2 blended and clipped, optionally
// averaged with the previous frame's. Frames before the first score take
// the blended score of the first scored frame.
inline Derived derive(const std::vector<double> &sad, const MotionParams &s)
{
    const size_t n = sad.size();
    const unsigned min_idx = first_scored(s);
    const unsigned window = s.five_frame_window ? 2 : 1;
    Derived d{std::vector<double>(n), std::vector<double>(n)};
    const double stamp =
        n > min_idx ? std::min(blend(sad[min_idx], s.blend_factor, s.blend_offset), s.max_val) : 0.0;
    double prev = 0.0;
    for (size_t i = 0; i < n; i++) {
        if (i < min_idx) {
            d.motion2[i] = 0.0;
            d.motion3[i] = stamp;
            prev = stamp;
            continue;
        }
        const long lo = static_cast<long>(i) - static_cast<long>(window - 1);
        if (i + 1 >= n) d.motion2[i] = sad[i];
        else if (lo >= static_cast<long>(min_idx)) d.motion2[i] = std::min(sad[lo], sad[i + 1]);
        else d.motion2[i] = sad[i + 1];
        const double processed =
            std::min(blend(d.motion2[i], s.blend_factor, s.blend_offset), s.max_val);
        d.motion3[i] = s.moving_average ? (processed + prev) / 2.0 : processed;
        prev = processed;
    }
    return d;
}

} // namespace vmaf::motion
