// One picture's cambi score: resampled to its scored size in 10 bits, the
// spatial mask of its flat areas, then per scale the mode filter, the
// c-values and their top-k mean, weighted 16, 8, 4, 2, 1 from the finest
// scale and divided by the window's area.
#pragma once

#include <cstdint>

#include "feature/cambi/c_values.h"
#include "feature/cambi/cambi_config.h"
#include "feature/cambi/heatmap_files.h"
#include "feature/cambi/scale_filters.h"
#include "feature/cambi/spatial_mask.h"
#include "feature/common/plane.h"
#include "libvmaf/picture.h"

namespace vmaf::cambi {

// The weight of each scale's top-k mean, from the finest.
inline constexpr int kScaleWeights[kScales] = {16, 8, 4, 2, 1};

// A picture's score from its scales' top-k means, with a window of side
// `window`.
inline double weighted_score(const double (&means)[kScales], int window)
{
    double weighted = 0.0;
    for (int scale = 0; scale < kScales; scale++) weighted += means[scale] * kScaleWeights[scale];
    return weighted / (window * window);
}

class CambiScorer {
public:
    // The kernels are the widest `cpu_flags` (cpu::Flag bits) allow.
    CambiScorer(const CambiConfig &config, unsigned cpu_flags)
        : config_(config), levels_(config.levels), spatial_mask_(cpu_flags), mode_filter_(cpu_flags),
          c_values_(cambi_kernels(cpu_flags))
    {
    }

    // The score of `pic`'s luma scored at `size` (unclipped); `heatmaps`,
    // when given, gets every scale's c-values as frame `frame`.
    int score(const VmafPicture &pic, const ScoredSize &size, HeatmapFiles *heatmaps,
              unsigned frame, double &score);

private:
    const CambiConfig &config_;
    CValueLevels levels_;
    Plane<uint16_t> image_, mask_;
    SpatialMask spatial_mask_;
    ModeFilter mode_filter_;
    CValues c_values_;
    Plane<float> c_;
};

} // namespace vmaf::cambi
