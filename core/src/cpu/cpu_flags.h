// Which SIMD instruction sets the CPU kernels may use. The bits are the
// reference's (VMAF_X86_CPU_FLAG_*), so a `cpumask` written for libvmaf
// masks the same sets here: a set bit forbids that instruction set.
#pragma once

#include <cstdint>
#include <type_traits>

namespace vmaf::cpu {

enum Flag : unsigned {
    kSse2 = 1u << 0,
    kSsse3 = 1u << 1,
    kSse41 = 1u << 2,
    kAvx2 = 1u << 3,   // with FMA
    kAvx512 = 1u << 4, // AVX-512 F, CD, BW, DQ and VL
    // Ice Lake's additions as the reference defines them: VNNI, VBMI, VBMI2,
    // IFMA, BITALG, VPOPCNTDQ, GFNI, VAES and VPCLMULQDQ. Its kernels run
    // only where kAvx512 is allowed too.
    kAvx512Icl = 1u << 5,
    // aarch64: the reference's VMAF_ARM_CPU_FLAG_NEON, the bit that is
    // kSse2 on x86.
    kNeon = 1u << 0,
};

// The instruction sets of the running CPU (and operating system) that this
// build has kernels for: x86-64's, kNeon on aarch64 (every aarch64 CPU has
// it), else 0.
unsigned detected();

// The mask in the environment variable VMAF_CPU_MASK (same bits, decimal
// or 0x hex; 0 when unset), or -EINVAL with a message when it is not a
// number.
int environment_mask(uint64_t &mask);

// detected() less the sets masked by `cpumask` and by VMAF_CPU_MASK (as 0
// when it is not a number: vmaf_init refuses that first).
unsigned permitted(uint64_t cpumask);

// The widest of a metric's kernel tables that `flags` allow: the portable
// one, or an AVX2 / AVX-512 (/ AVX-512 ICL) / NEON one where built
// (non-null) and allowed. A build has the x86 tables or NEON's, never both.
// The table type comes from `portable` alone, so that a build without x86
// kernels passes nullptr for them.
template <typename Table>
const Table &widest(unsigned flags, const Table &portable, std::type_identity_t<const Table *> avx2,
                    std::type_identity_t<const Table *> avx512,
                    std::type_identity_t<const Table *> avx512icl = nullptr,
                    std::type_identity_t<const Table *> neon = nullptr)
{
    if ((flags & kNeon) && neon) return *neon;
    if ((flags & kAvx512) && (flags & kAvx512Icl) && avx512icl) return *avx512icl;
    if ((flags & kAvx512) && avx512) return *avx512;
    if ((flags & kAvx2) && avx2) return *avx2;
    return portable;
}

} // namespace vmaf::cpu
