// psnr_hip against psnr: identical doubles on every key, at 8 to 16 bits,
// odd sizes, every pixel format and every option.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &psnr_parity()
{
    static const TwinParity table{
        .base = {"psnr", {{"enable_mse", "true"}, {"enable_apsnr", "true"}}},
        .options = {{"tree_640x360_420p10", {{"reduced_hbd_peak", "true"}}},
                    {kSmallClip, {{"enable_chroma", "false"}}, -1.0, true},
                    // Identical frames hit the cap.
                    {"cup_320x240_420p8_identical", {{"min_sse", "0.5"}}, -1.0, true}},
        // Noise frames where no clip reaches: 12 and 16 bits (16-bit squared
        // errors need 64-bit sums), tiny odd sizes, 4:2:2 and 4:0:0.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                  {VMAF_PIX_FMT_YUV420P, 12, 33, 17},
                  {VMAF_PIX_FMT_YUV420P, 16, 1, 1},
                  {VMAF_PIX_FMT_YUV422P, 16, 257, 3},
                  {VMAF_PIX_FMT_YUV444P, 9, 7, 7},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}},
        .noise_runs = {{}, {Against::kOtherNoise, {{"reduced_hbd_peak", "true"}}}},
        // Full-scale errors: each 16-bit squared error is 2^32 - 2^17 + 1,
        // beyond 32 bits.
        .flat = {{16, 640, 480, 2, 0, 65535}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Psnr, psnr_parity());

} // namespace
