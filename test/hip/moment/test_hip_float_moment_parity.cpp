// float_moment_hip against float_moment: identical doubles on every key.
// The GPU sums each float term in integer units of the smallest one, which
// is exact; the CPU's double sums are exact too at these sizes
// (moment_kernel.h).
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &float_moment_parity()
{
    static const TwinParity table{
        .base = {"float_moment", {}},
        // Depths no clip has (12 and 16 bits: squares that float rounds), tiny
        // and odd sizes, every pixel format.
        .noise = {{VMAF_PIX_FMT_YUV420P, 8, 33, 17},
                  {VMAF_PIX_FMT_YUV420P, 10, 1, 1},
                  {VMAF_PIX_FMT_YUV420P, 12, 257, 31},
                  {VMAF_PIX_FMT_YUV422P, 16, 129, 7},
                  {VMAF_PIX_FMT_YUV444P, 9, 7, 7},
                  {VMAF_PIX_FMT_YUV400P, 16, 1921, 1081}},
        // Frames of the full scale: every 16-bit square is 65535^2 / 2^16,
        // which float rounds.
        .flat = {{16, 640, 480, 2, 65535, 0}},
    };
    return table;
}

VMAF_HIP_PARITY_SUITES(FloatMoment, float_moment_parity());

} // namespace
