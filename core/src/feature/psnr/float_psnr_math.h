// float_psnr's keys and its score from the sum of squared errors, shared by
// the CPU extractor and its HIP twin.
#pragma once

#include <algorithm>
#include <cmath>

#include "feature/common/float_picture.h"

namespace vmaf::float_psnr {

inline constexpr const char *kFeatures[] = {"float_psnr", nullptr};

// `noise_sum`: the float squared errors summed in double, as the reference.
inline double score(double noise_sum, double samples, const FloatPeak &peak)
{
    const double noise = noise_sum / samples;
    return std::min(10 * std::log10(peak.peak * peak.peak / std::max(noise, 1e-10)), peak.psnr_max);
}

} // namespace vmaf::float_psnr
