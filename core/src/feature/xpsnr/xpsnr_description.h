// xpsnr's options, keys and table description, shared by the CPU extractor
// and its HIP twin.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::xpsnr {

enum OptionIndex { kFps, kTemporal, kAverage };

inline constexpr VmafOption kOptions[] = {
    {"fps", nullptr,
     "the input's frame rate, which picks the temporal difference as FFmpeg's xpsnr does: "
     "the last frame's below 32, the last two frames' from 32 (default: the rate the input "
     "states, else 0: below 32)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 1000.0, VMAF_OPT_FLAG_INPUT_FPS},
    {"temporal", nullptr, "weigh blocks by their temporal activity as well as their spatial (as FFmpeg's xpsnr)",
     VMAF_OPT_TYPE_BOOL, {true, 0, 0, nullptr}, 0, 0, 0},
    {"average", nullptr,
     "also write FFmpeg's summary over the frames (its XPSNR average) as the aggregate keys "
     "xpsnr_average_y, _cb, _cr and _minimum (a whole run: not with one pair in chunks)",
     VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(kOptions, {{kFps, "fps"}, {kTemporal, "temporal"}, {kAverage, "average"}}));

// One key a plane; 4:0:0 input has the first only.
inline constexpr const char *kFeatures[] = {"xpsnr_y", "xpsnr_cb", "xpsnr_cr", nullptr};

// The temporal term reads the reference's last two pictures; temporal, so
// that the HIP twin, which keeps them itself, sees every frame in order.
inline constexpr ExtractorDescription kDescription{
    "xpsnr", kOptions, VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_PREV_REF | VMAF_EXTRACTOR_CHROMA, kFeatures,
    {2, 0}};

// The filter's rule for the second-order temporal difference.
inline bool high_rate(double fps) { return fps >= 32.0; }

} // namespace vmaf::xpsnr
