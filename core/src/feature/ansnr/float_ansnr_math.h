// float_ansnr's filter taps, keys and scores, shared by the CPU extractor
// and its HIP twin.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cmath>

#include "base/log.h"
#include "feature/common/float_picture.h"

namespace vmaf::float_ansnr {

// The reference's filter taps, rounded to float as it stores them: a 3x3
// binomial blur of the reference, a 5x5 one of the distorted picture.
inline constexpr int kRefLen = 3, kDisLen = 5;
inline constexpr float kRefTaps[kRefLen * kRefLen] = {
    1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0, //
    2.0 / 16.0, 4.0 / 16.0, 2.0 / 16.0, //
    1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0,
};
inline constexpr float kDisTaps[kDisLen * kDisLen] = {
    2.0 / 571.0,  7.0 / 571.0,  12.0 / 571.0,  7.0 / 571.0,  2.0 / 571.0,  //
    7.0 / 571.0,  31.0 / 571.0, 52.0 / 571.0,  31.0 / 571.0, 7.0 / 571.0,  //
    12.0 / 571.0, 52.0 / 571.0, 127.0 / 571.0, 52.0 / 571.0, 12.0 / 571.0, //
    7.0 / 571.0,  31.0 / 571.0, 52.0 / 571.0,  31.0 / 571.0, 7.0 / 571.0,  //
    2.0 / 571.0,  7.0 / 571.0,  12.0 / 571.0,  7.0 / 571.0,  2.0 / 571.0,
};
// The 5-tap filter reflects two samples.
inline constexpr int kMinSize = 3;
// Samples are centred on zero.
inline constexpr float kOffset = -128.0f;

// -EINVAL with a message naming `extractor` for pictures the 5x5 filter
// cannot reflect in.
inline int check_size(const char *extractor, unsigned w, unsigned h)
{
    if (w >= static_cast<unsigned>(kMinSize) && h >= static_cast<unsigned>(kMinSize)) return 0;
    log_error("{}: {}x{} is too small: its 5x5 filter needs at least {}x{}", extractor, w, h,
              kMinSize, kMinSize);
    return -EINVAL;
}

inline constexpr const char *kFeatures[] = {"float_ansnr", "float_anpsnr", nullptr};

// The blurred pictures' energies, summed in float per row, then over rows.
struct Energies {
    float signal, noise;
};

struct Scores {
    double ansnr, anpsnr;
};

inline Scores scores(const Energies &e, double samples, const FloatPeak &peak)
{
    // The ratio in float, its logarithm in double: the reference's types
    // (std::log10 of a float would be the float logarithm).
    const double ansnr =
        e.noise == 0 ? peak.psnr_max : 10.0 * std::log10(static_cast<double>(e.signal / e.noise));
    const double anpsnr = std::min(
        10 * std::log10(peak.peak * peak.peak * samples / std::max<double>(e.noise, 1e-10)),
        peak.psnr_max);
    return {ansnr, anpsnr};
}

} // namespace vmaf::float_ansnr
