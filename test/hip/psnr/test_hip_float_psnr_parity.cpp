// float_psnr_hip against float_psnr: identical doubles. Its kernel is
// float_moment_hip's (moment_kernel.h): the GPU sums each float term in
// integer units of the smallest one, which is exact, and the CPU's double
// sums are exact too at these sizes.
#include "hip/parity_suites.h"

namespace {

using namespace vmaf::test;

// Built at first use, when gtest registers the cases.
const TwinParity &float_psnr_parity()
{
    static const TwinParity table{
        .base = {"float_psnr", {}},
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

VMAF_HIP_PARITY_SUITES(FloatPsnr, float_psnr_parity());

} // namespace
