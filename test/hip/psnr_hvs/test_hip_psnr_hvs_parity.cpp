// psnr_hvs_hip against psnr_hvs: identical doubles on every key. Each
// block's terms are the CPU's block_terms (psnr_hvs_math.h: integer DCT,
// float masking in the CPU's order without fused multiply-adds, correctly
// rounded sqrt and division on both), and each plane's terms are added to
// one float in the CPU's order (psnr_hvs.hip).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &psnr_hvs_parity()
{
    static const TwinParity table{
        .base = {"psnr_hvs", {}},
        // The smallest planes (one 8x8 block each), sizes just past a block
        // step, 10 and 12 bits (the DCT's limit), and a 1080p-plus-one picture;
        // against other noise and against a flat picture.
        .noise = {{VMAF_PIX_FMT_YUV444P, 8, 8, 8},
                  {VMAF_PIX_FMT_YUV420P, 10, 16, 16},
                  {VMAF_PIX_FMT_YUV422P, 12, 257, 31},
                  {VMAF_PIX_FMT_YUV420P, 8, 1921, 1081}},
        .noise_runs = {{}, {Against::kMidGrey}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(PsnrHvs, psnr_hvs_parity());

} // namespace
