// AVX-512 with Ice Lake's additions (the reference's AVX512ICL: VNNI, VBMI,
// VBMI2, IFMA, BITALG, VPOPCNTDQ, GFNI, VAES, VPCLMULQDQ): Avx512's vector,
// whose multiply-adds accumulate in one instruction. Include only from files
// built for those sets (core_avx512icl_sources). There is no build
// of core_isa_sources for it: the leftover rows of its kernels run Avx512's.
#pragma once

#include "cpu/target.h"
#include "cpu/x86/avx512.h"

VMAF_TARGET_BEGIN

namespace vmaf::cpu {

struct Avx512Icl : Avx512 {
    static constexpr const char *kName = "avx512icl";
    // vpdpwssd: the same wrapping sum as madd16 then add32.
    VMAF_VECTOR_OP V madd16_add(V acc, V a, V b) { return _mm512_dpwssd_epi32(acc, a, b); }
};

} // namespace vmaf::cpu

VMAF_TARGET_END
