// ciede_hip against ciede: within 1e-6 on every frame. Each pixel's
// difference follows the CPU's arithmetic (ciede_math.h) without fused
// multiply-adds, but the GPU's double pow, atan2, sin, cos, exp and sqrt
// may round differently in the last bit, and the sum is grouped by rows.
// Identical frames are exact: both sum 0 and write the same infinity.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &ciede_parity()
{
    static const TwinParity table{
        .base = {"ciede", {}, 1e-6},
        .except_clips = {"cup_320x240_420p8_identical"},
        .options = {{"cup_320x240_420p8_identical", {}, 0.0}},
        // Odd sizes (reads past the floor-sized chroma, ciede_math.h's
        // ChromaAt; at 65 wide the chroma fills the 32-sample pitch),
        // 4:2:2 and 4:4:4, rows longer than a shared-memory chunk (1024),
        // 10 to 16 bits.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                  {VMAF_PIX_FMT_YUV420P, 10, 65, 63},
                  {VMAF_PIX_FMT_YUV422P, 10, 1, 1},
                  {VMAF_PIX_FMT_YUV422P, 12, 2049, 5},
                  {VMAF_PIX_FMT_YUV444P, 16, 129, 7},
                  {VMAF_PIX_FMT_YUV420P, 10, 1921, 1081}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(Ciede, ciede_parity());

} // namespace
