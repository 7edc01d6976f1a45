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
// The GNU attribute, which nvcc's __forceinline__ is too and hipcc takes
// without its runtime's header.
#define VMAF_ALWAYS_INLINE inline __attribute__((always_inline))
// VMAF_ALWAYS_INLINE marks a shared template that calls the callables it is
// given: inlined into its caller, its calls become the caller's, so that the
// lambdas of an instruction-set region (cpu/target.h) are inlined too; GCC
// never inlines a set's function into a baseline one.

namespace vmaf {

// std::bit_cast for host and device code (the device compilers do not all
// accept std::bit_cast in kernels).
template <typename To, typename From> VMAF_HOST_DEVICE inline To bits_as(From from)
{
    static_assert(sizeof(To) == sizeof(From), "same size");
    To to;
    __builtin_memcpy(&to, &from, sizeof(To));
    return to;
}

} // namespace vmaf
