// The summary that FFmpeg's xpsnr filter prints after the last frame ("XPSNR
// average, N frames  y: ...  u: ...  v: ...  (minimum: ...)"), kept over the
// frames scored and written as aggregate keys, by the CPU extractor and its
// HIP twin alike, with the option `average`.
#pragma once

#include <cstdint>

#include "extractor/extractor.h"
#include "feature/xpsnr/xpsnr_math.h"

namespace vmaf::xpsnr {

// One key a plane (4:0:0 and chroma left out: the first only), then the
// smallest of the planes' values.
inline constexpr const char *kAverageKeys[] = {"xpsnr_average_y", "xpsnr_average_cb", "xpsnr_average_cr"};
inline constexpr const char *kMinimumKey = "xpsnr_average_minimum";

class Summary {
public:
    // `enabled`: the option `average`; otherwise write() writes nothing.
    explicit Summary(bool enabled) : enabled_(enabled) {}

    // A frame's weighted squared errors and values, frames in order.
    void add(const uint64_t wsse[3], const double xpsnr[3], int planes);

    // The aggregate keys, as the filter prints them.
    int write(VmafFeatureSink *sink, const Layout &layout, unsigned depth) const;

private:
    bool enabled_;
    double sum_root_wsse_[3] = {}, sum_xpsnr_[3] = {};
    uint64_t frames_ = 0;
};

} // namespace vmaf::xpsnr
