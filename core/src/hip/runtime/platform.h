// The HIP API on either platform. AMD: the real headers (the runtime API for
// host files built by the C++ compiler, the full runtime for kernels built by
// hipcc). NVIDIA: our mapping of the HIP subset we use onto CUDA, because
// Debian's HIP-on-NVIDIA headers do not build with current CUDA.
#pragma once

#if defined(VMAF_HIP_PLATFORM_NVIDIA)
#include "hip/runtime/hip_cuda_compat.h"
#elif defined(__HIPCC__)
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>
#endif
