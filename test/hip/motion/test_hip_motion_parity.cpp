// motion_hip against motion: identical doubles on every key (the motion
// score, motion2 and motion3 and, with debug, integer_motion), over clips,
// depths 8 to 16, odd sizes down to the smallest motion takes, 1, 2 and 3
// frames (first and last frames, the five-frame window's first score),
// still pictures, subsampling, and every option.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

const Options kWindows = {{"motion_five_frame_window", "true"}, {"motion_moving_average", "true"}};

// Built at first use, when gtest registers the cases.
const TwinParity &motion_parity()
{
    static const TwinParity table{
        .base = {"motion", {{"debug", "true"}}},
        .options = {{kSmallClip, {{"motion_force_zero", "true"}}},
                    {kSmallClip, {{"motion_blend_factor", "0.5"}, {"motion_blend_offset", "2"}}},
                    {kSmallClip, {{"motion_fps_weight", "2.5"}, {"motion_max_val", "3"}}},
                    {kSmallClip, {{"motion_five_frame_window", "true"}}},
                    {kSmallClip, {{"motion_moving_average", "true"}}},
                    {"tree_640x360_420p10", kWindows},
                    {kSmallClip, {}, -1.0, true}},
        .subsample = {2, 5},
        // Noise over the whole range: 16-bit input fills the vertical sums' 32
        // bits; 3x3 is the smallest motion takes.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 3, 3},
                  {VMAF_PIX_FMT_YUV420P, 8, 131, 67},
                  {VMAF_PIX_FMT_YUV420P, 10, 258, 129},
                  {VMAF_PIX_FMT_YUV420P, 12, 65, 97},
                  {VMAF_PIX_FMT_YUV420P, 16, 200, 120},
                  {VMAF_PIX_FMT_YUV420P, 16, 1920, 1080},
                  {VMAF_PIX_FMT_YUV420P, 8, 1920, 1080}},
        .noise_runs = {{}, {Against::kOtherNoise, kWindows}},
        .noise_frames = 4,
        // The same picture in every frame: every score 0.
        .flat = {{10, 96, 64, 4, 512, 515}},
        // The first frames, which have no score, and the last, which has no next.
        .short_videos = {1, 2, 3},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Motion, motion_parity());

} // namespace
