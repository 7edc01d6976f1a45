// xpsnr_hip against xpsnr: identical doubles on every key, and on the
// summary's aggregate keys (average=true). The GPU's block
// sums are integers (any order gives the CPU's); the weights and weighted
// sums are the host's, the CPU extractor's own code (xpsnr_math's
// weighted_sse).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &xpsnr_parity()
{
    static const TwinParity table{
        .base = {"xpsnr", {}},
        .options = {{kSmallClip, {{"fps", "60"}}},
                    {"tree_640x360_420p10", {{"temporal", "false"}}},
                    {"box_960x540_420p8", {{"average", "true"}}}},
        // The smallest size (blocks of 4), odd sizes, 4:2:2, 4:4:4 and
        // 4:0:0, 16-bit samples read as int16, and a picture above 2048x1152
        // (2x2 cells).
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 65, 33},
                  {VMAF_PIX_FMT_YUV422P, 12, 257, 131},
                  {VMAF_PIX_FMT_YUV444P, 10, 130, 98},
                  {VMAF_PIX_FMT_YUV400P, 16, 641, 481},
                  {VMAF_PIX_FMT_YUV420P, 10, 2560, 1440}},
        .noise_runs = {{}, {Against::kOtherNoise, {{"fps", "50"}, {"average", "true"}}}},
        .noise_frames = 4,
        // The first frames, whose history is partly zeros.
        .short_videos = {1, 2, 3},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Xpsnr, xpsnr_parity());

} // namespace
