// cambi's settings for one input: the options resolved against the picture
// (sizes, windows, which of two synonymous options wins) and checked.
#pragma once

#include <string>

#include "extractor/extractor.h"
#include "feature/cambi/contrast_levels.h"

namespace vmaf::cambi {

// The reference's least size: one of width and height must reach it.
inline constexpr int kMinSide = 216;

// Where one picture is scored: its size (it is resampled to it) and the side
// of the square window its c-values count in, odd.
struct ScoredSize {
    int w = 0, h = 0;
    int window = 0;
};

// The score is a weighted sum over five scales, each half the size of the
// one before (rounded up).
inline constexpr int kScales = 5;

struct CambiConfig {
    ScoredSize enc;      // the distorted picture, at the encoding size
    ScoredSize src;      // the reference picture (full_ref), at the source size
    int enc_bitdepth = 0;
    // Scale 0 is already half the size (cambi_high_res_speedup reached).
    bool high_res_speedup = false;
    double topk = 0;
    double max_val = 0;
    bool full_ref = false;
    std::string heatmaps_path; // empty: no heatmaps
    ContrastLevels levels;
};

// Fills `config` from the setup; logs and returns -EINVAL where the options
// or the picture size cannot be scored.
int resolve_config(const VmafExtractorSetup &setup, CambiConfig &config);

} // namespace vmaf::cambi
