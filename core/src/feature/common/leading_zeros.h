// Leading zero bits of a non-zero integer, on the host and in kernels:
// ADM's division table and VIF's log2 table are indexed by them.
#pragma once

#include <cstdint>

#include "base/host_device.h"

namespace vmaf {

VMAF_HOST_DEVICE inline int count_leading_zeros(uint32_t x)
{
#if defined(__CUDA_ARCH__)
    return __clz(static_cast<int>(x)); // nvcc's device code has no __builtin_clz
#else
    return __builtin_clz(x);
#endif
}

VMAF_HOST_DEVICE inline int count_leading_zeros(uint64_t x)
{
#if defined(__CUDA_ARCH__)
    return __clzll(static_cast<long long>(x));
#else
    return __builtin_clzll(x);
#endif
}

} // namespace vmaf
