// float_ms_ssim_hip against float_ms_ssim: within 1e-6 on every key, at 8
// to 16 bits, every pixel format, odd sizes and the smallest picture five
// scales allow (176x176), and every option. As for float_ssim_hip, only the
// grouping of each scale's sum over window positions differs from the CPU.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

const Options kDecibels = {{"enable_db", "true"}, {"clip_db", "true"}};

// Built at first use, when gtest registers the cases.
const TwinParity &ms_ssim_parity()
{
    static const TwinParity table{
        .base = {"float_ms_ssim", {{"enable_lcs", "true"}}, 1e-6},
        // Five scales need 176x176.
        .except_clips = {"flat_64x64_420p8"},
        .options = {// MS-SSIM 1 is infinite in dB: clip_db caps it.
                    {"cup_320x240_420p8_identical", kDecibels},
                    {kSmallClip, {{"enable_db", "true"}}},
                    {"tree_640x360_420p10", kDecibels},
                    // Without enable_lcs: the score alone.
                    {"box_352x288_444p8", {}, -1.0, true}},
        .pageable = {{kSmallClip}, {"box_960x540_420p8"}},
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 176, 176},
                  {VMAF_PIX_FMT_YUV420P, 8, 301, 177},
                  {VMAF_PIX_FMT_YUV422P, 10, 257, 199},
                  {VMAF_PIX_FMT_YUV444P, 12, 640, 480},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081},
                  {VMAF_PIX_FMT_YUV422P, 14, 353, 289}},
        .noise_runs = {{Against::kDistorted}, {Against::kDistorted, kDecibels}, {Against::kOtherNoise}},
        .flat = {{8, 192, 176, 2, 100, 140}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(MsSsim, ms_ssim_parity());

} // namespace
