// vif_hip's kernel launchers, shared by vif.hip (which defines them) and
// vif.cpp (which calls them). Each is the per-sample arithmetic of vif's
// row loops (feature/vif/vif.cpp, vif_rows.cpp) from vif_math.h. Planes are
// packed (stride = width); scale 0 reads the staged luma (16-bit samples
// when bpc > 8), scales 1-3 the 16-bit decimated planes. Every launcher
// returns the launch's status.
#pragma once

#include <cstdint>

#include "feature/vif/vif_math.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::vif {

using vmaf::vif::VerticalShift;

// One scale's filter, copied from vif::kFilter (device code cannot read the
// host's table).
struct Filter {
    uint16_t taps[17];
    int width;
};

// One scale's statistic: per sample of a w x h plane, the vertical pass
// (filtered means and second moments of both pictures, rounded by `shift`),
// the horizontal pass and the sample's contribution (vif::accumulate),
// summed over the plane into sums[0..3]: num_log, den_log, num_non_log,
// den_non_log, as 64-bit two's complement.
struct StatisticArgs {
    const void *ref, *dis;
    bool wide; // 16-bit samples (scale 0 of a deep picture, scales 1-3)
    int w, h;
    Filter filter;
    VerticalShift shift;
    const uint16_t *log2_table; // vif::Log2Table, on the device
    double gain_limit;
    unsigned long long *sums; // 4, zeroed by the caller
};
hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream);

// Blur with the next scale's filter and keep every second sample of every
// second row, for both pictures (vif::blur_row_for_decimation).
struct DecimateArgs {
    const void *src[2];
    bool wide;
    int w, h; // the input's size; the output is w / 2 x h / 2
    Filter filter;
    VerticalShift shift;
    uint16_t *out[2];
};
hipError_t launch_decimate(const DecimateArgs &a, hipStream_t stream);

} // namespace vmaf::hip::vif
