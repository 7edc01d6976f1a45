// The parity table of a twin over moment_kernel.h's luma sums:
// float_moment_hip and float_psnr_hip share the kernel, and so its cases.
#pragma once

#include "hip/parity_suites.h"

namespace vmaf::test {

inline TwinParity luma_sums_parity(const char *feature)
{
    return {
        .base = {feature, {}},
        // Depths no clip has (12 and 16 bits: squares that float rounds),
        // tiny and odd sizes, every pixel format.
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
}

} // namespace vmaf::test
