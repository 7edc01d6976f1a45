#include "cpu/cpu_flags.h"

#include <cerrno>
#include <cstdlib>

#if defined(VMAF_X86_SIMD)
#include <cpuid.h>
#endif

#include "base/excerpt.h"
#include "base/log.h"

namespace vmaf::cpu {

#if defined(VMAF_X86_SIMD)
namespace {

// Ice Lake's additions, read as the reference reads them (CPUID leaf 7:
// EBX IFMA; ECX VBMI, VBMI2, GFNI, VAES, VPCLMULQDQ, VNNI, BITALG,
// VPOPCNTDQ); clang 14's __builtin_cpu_supports knows not all their names.
// The OS's saving of the wide registers is checked with AVX-512's.
bool has_icl_extensions()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & (1u << 21)) && (c & 0x5f42u) == 0x5f42u;
}

} // namespace
#endif

unsigned detected()
{
#if defined(VMAF_X86_SIMD)
    // __builtin_cpu_supports also checks that the OS saves the wide registers.
    unsigned f = kSse2;
    if (__builtin_cpu_supports("ssse3")) f |= kSsse3;
    if (__builtin_cpu_supports("sse4.1")) f |= kSse41;
    // Every AVX2 CPU has FMA; SpEED's AVX2 kernel uses it.
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) f |= kAvx2;
    if ((f & kAvx2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        f |= kAvx512;
    if ((f & kAvx512) && has_icl_extensions()) f |= kAvx512Icl;
    return f;
#elif defined(VMAF_ARM_SIMD)
    return kNeon;
#else
    return 0;
#endif
}

int environment_mask(uint64_t &mask)
{
    mask = 0;
    const char *text = std::getenv("VMAF_CPU_MASK");
    if (!text || !*text) return 0;
    char *end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text, &end, 0);
    if (errno || *end || *text == '-') {
#if defined(VMAF_ARM_SIMD)
        log_error("VMAF_CPU_MASK='{}' is not a number (instruction sets to forbid: 1 NEON)", excerpt(text));
#else
        log_error("VMAF_CPU_MASK='{}' is not a number (instruction sets to forbid: 8 AVX2, "
                  "16 AVX-512, 32 AVX-512 ICL)", excerpt(text));
#endif
        return -EINVAL;
    }
    mask = v;
    return 0;
}

unsigned permitted(uint64_t cpumask)
{
    uint64_t from_environment = 0;
    if (environment_mask(from_environment)) from_environment = 0;
    return detected() & ~static_cast<unsigned>(cpumask | from_environment);
}

} // namespace vmaf::cpu
