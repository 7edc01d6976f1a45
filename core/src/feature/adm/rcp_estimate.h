// The x86 reciprocal estimate (rcpss) as a portable function. libvmaf's float
// ADM divides by it (ADR 0006), and the instruction's bits are the CPU's own:
// Intel's and AMD's differ, and the reference's scores with them (its float
// vmaf moves by up to 7e-6 between an AMD EPYC and an Intel Xeon). The table
// here is the estimate of the AMD EPYC (Zen) CPUs that match the golden data,
// so every CPU divides as they did.
#pragma once

#include <cstdint>

#include "base/host_device.h"

namespace vmaf {

// Mantissa bits 22..11 of the estimate of 1 / x for x in [1, 2), indexed by
// bits 22..11 of x's mantissa: the estimate depends on nothing else
// (`scripts/rcp_table.c` prints it from the CPU it runs on).
extern const uint16_t kRcpEstimate[4096];

// The estimate with `table` (kRcpEstimate, or its copy on a GPU).
VMAF_HOST_DEVICE inline float rcp_estimate(float x, const uint16_t *table)
{
    const uint32_t u = bits_as<uint32_t>(x);
    const uint32_t sign = u & 0x80000000u, exponent = (u >> 23) & 0xffu;
    if (exponent == 0xffu) // infinity -> 0, NaN stays NaN (quieted)
        return bits_as<float>((u & 0x007fffffu) ? (u | 0x00400000u) : sign);
    if (exponent == 0) // zero and subnormals count as zero -> infinity
        return bits_as<float>(sign | 0x7f800000u);
    if (exponent >= 253) // the estimate would be subnormal: flushed to zero
        return bits_as<float>(sign);
    // 1 / (m * 2^e) = (1 / m) * 2^-e with 1 / m in (0.5, 1]: biased exponent
    // 126 - (exponent - 127).
    const uint32_t mantissa = static_cast<uint32_t>(table[(u >> 11) & 0xfffu]) << 11;
    return bits_as<float>(sign | ((253u - exponent) << 23) | mantissa);
}

inline float rcp_estimate(float x) { return rcp_estimate(x, kRcpEstimate); }

} // namespace vmaf
