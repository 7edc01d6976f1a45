// float_ssim_hip against float_ssim: within 1e-6 on every key, at 8 to 16
// bits, every pixel format, odd and minimal sizes, the automatic scale and
// forced ones, and every option. The GPU follows the CPU's arithmetic, so
// only the grouping of the sum over window positions differs; the means
// are floats, so the values agree to the bit unless that sum falls on a
// float's rounding boundary.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

const Options kDecibels = {{"enable_db", "true"}, {"clip_db", "true"}};

// Built at first use, when gtest registers the cases.
const TwinParity &ssim_parity()
{
    static const TwinParity table{
        .base = {"float_ssim", {{"enable_lcs", "true"}}, 1e-6},
        .options =
            {
                // SSIM 1 is infinite in dB: clip_db caps it.
                {"cup_320x240_420p8_identical", kDecibels},
                // Scale 1 skips the decimation; 2 and 3 use the box filter; 10,
                // the largest, leaves 96x54 of the large clip.
                {kSmallClip, {{"scale", "1"}}},
                {kSmallClip, {{"scale", "2"}}},
                {kSmallClip, {{"scale", "3"}}},
                {"vtest_481x271_420p8", {{"scale", "1"}}},
                {"vtest_481x271_420p8", {{"scale", "2"}}},
                {"vtest_481x271_420p8", {{"scale", "3"}}},
                {"box_960x540_420p8", {{"scale", "10"}}},
                {kSmallClip, {{"enable_db", "true"}}},
                {"tree_640x360_420p10", kDecibels},
                // Without enable_lcs: the score alone.
                {"box_352x288_444p8", {}, -1.0, true},
            },
        .pageable = {{kSmallClip}, {"box_960x540_420p8"}},
        // Scale 0 is the automatic one: 1 below 384 lines, 2 at 520, 4 at 1081.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 300, 200},
                  {VMAF_PIX_FMT_YUV420P, 8, 11, 11},
                  {VMAF_PIX_FMT_YUV422P, 10, 257, 131},
                  {VMAF_PIX_FMT_YUV444P, 12, 600, 520},
                  {VMAF_PIX_FMT_YUV420P, 12, 67, 45, {{"scale", "3"}}},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081},
                  {VMAF_PIX_FMT_YUV400P, 16, 333, 222, {{"scale", "2"}}},
                  {VMAF_PIX_FMT_YUV422P, 9, 45, 34, {{"scale", "1"}}}},
        // Two noise videos have next to no structure in common: a copy with a
        // little noise added keeps SSIM's terms in their usual range.
        .noise_runs = {{Against::kDistorted}, {Against::kDistorted, kDecibels}, {Against::kOtherNoise}},
        .flat = {{8, 64, 64, 2, 100, 140}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Ssim, ssim_parity());

} // namespace
