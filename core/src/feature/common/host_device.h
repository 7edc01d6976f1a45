// Marks arithmetic that the CPU extractors and their HIP kernels share:
// compiled for both host and device where a device compiler (hipcc, nvcc)
// reads it, plain inline C++ elsewhere. The one definition keeps both sides'
// arithmetic identical.
#pragma once

#if defined(__HIPCC__) || defined(__CUDACC__)
#define VMAF_HOST_DEVICE __host__ __device__
#else
#define VMAF_HOST_DEVICE
#endif
