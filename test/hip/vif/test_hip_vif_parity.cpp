// vif_hip against vif: identical doubles on every key (the four scale scores
// and, with debug, the combined score and every numerator and denominator),
// over clips, depths 8 to 16, odd sizes down to the smallest VIF takes, flat
// and identical pictures, one and two frames, subsampling, and every option
// (gain limit, scale 0 skipped).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &vif_parity()
{
    static const TwinParity table{
        .base = {"vif", {{"debug", "true"}}},
        .options = {{kSmallClip, {{"vif_enhn_gain_limit", "1.0"}}},
                    {"tree_640x360_420p10", {{"vif_enhn_gain_limit", "1.2"}}},
                    {kSmallClip, {{"vif_skip_scale0", "true"}}},
                    {kSmallClip, {}, -1.0, true}},
        .subsample = {3},
        // Noise over the whole range, against other noise: 16-bit input fills
        // the vertical pass's 32-bit means; odd sizes make every scale's
        // decimation drop a row and a column; 16x16 is the smallest VIF takes
        // (scale 3 is 2x2).
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 16, 16},
                  {VMAF_PIX_FMT_YUV420P, 8, 131, 67},
                  {VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                  {VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                  {VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                  {VMAF_PIX_FMT_YUV420P, 16, 1920, 1080},
                  {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080}},
        .noise_runs = {{}, {Against::kOtherNoise, {{"vif_enhn_gain_limit", "1.0"}}}},
        .flat = {{10, 96, 64, 2, 512, 515}},
        .short_videos = {1, 2},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Vif, vif_parity());

} // namespace
