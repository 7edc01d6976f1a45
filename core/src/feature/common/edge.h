// Edge rules: which sample a filter tap reads when it falls outside a
// signal of n samples. Each filter follows its reference's rule, so each
// rule is named here once and every filter says which one it uses.
#pragma once

#include "base/host_device.h"

namespace vmaf::edge {

// Mirror about the edge sample, which is not repeated: -1 -> 1, n -> n - 2.
// Integer VIF and motion, float_vif and float_motion.
VMAF_HOST_DEVICE inline int reflect_about_sample(int i, int n)
{
    if (i < 0) return -i;
    if (i >= n) return 2 * n - 2 - i;
    return i;
}

// Mirror about the edge itself, so the edge sample repeats: -1 -> 0,
// n -> n - 1. SSIM and MS-SSIM decimation.
VMAF_HOST_DEVICE inline int reflect_about_edge(int i, int n)
{
    if (i < 0) return -1 - i;
    if (i >= n) return 2 * n - 1 - i;
    return i;
}

// About the first sample at the start, about the edge at the end: -1 -> 1,
// n -> n - 1. ADM's wavelet taps and 3x3 masking window (integer and
// float), float_ansnr's filter.
VMAF_HOST_DEVICE inline int reflect_sample_then_edge(int i, int n)
{
    if (i < 0) return -i;
    if (i >= n) return 2 * n - 1 - i;
    return i;
}

// float_vif's resampling positions, in float: -i below 0, 2 * right - i
// above right (right = n - 1). Clamped as well, where the reference would
// read outside pictures narrower than its kernel.
VMAF_HOST_DEVICE inline int reflect_position(float i, float right)
{
    const float m = i < 0.0f ? -i : i > right ? 2 * right - i : i;
    const int at = static_cast<int>(m), last = static_cast<int>(right);
    return at < 0 ? 0 : at > last ? last : at;
}

} // namespace vmaf::edge
