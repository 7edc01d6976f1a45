// csf_row of scale 0's 16-bit bands (adm_csf.h) for a vector type S
// (cpu/x86/avx2.h, avx512.h, cpu/arm/neon.h), bit-exact with the portable one: kBytes / 4
// samples in 32-bit lanes, where x * factor (< 2^31 in magnitude) and
// 4369 * |csf| are exact. The x86 columns change nothing at this scale.
// Included by one file per instruction set.
#pragma once

#include <cstdint>

#include "cpu/target.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_math.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm::simd {

template <class S>
void csf_row16(const int16_t *const x[3], const ScaleMath<int16_t>::Factors &factors, int lo, int,
               int hi, int16_t *const weighted[3], int16_t *const floor[3])
{
    using V = typename S::V;
    using M = ScaleMath<int16_t>;
    constexpr int kBlock = S::kBytes / 4;
    auto band = [&]<int B>() {
        constexpr int kShift = B == 2 ? 17 : 15;
        const V factor = S::set32(factors[B]), round = S::set32(B == 2 ? 65535 : 16384);
        const V third = S::set32(4369), floor_round = S::set32(2048);
        const int16_t *in = x[B];
        int16_t *c = weighted[B], *f = floor[B];
        int j = lo;
        for (; j + kBlock <= hi; j += kBlock) {
            const V v = S::template srai32<kShift>(S::add32(S::mullo32(S::load_i16_as_i32(in + j), factor), round));
            // floor30 of v as the 16-bit value it is stored as.
            const V v16 = S::template srai32<16>(S::template slli32<16>(v));
            const V share = S::template srai32<12>(S::add32(S::mullo32(S::abs32(v16), third), floor_round));
            S::store_i32_as_i16(c + j, v);
            S::store_i32_as_i16(f + j, share);
        }
        for (; j < hi; j++) {
            c[j] = M::template csf<B>(in[j], factors[B]);
            f[j] = M::floor30(c[j]);
        }
    };
    band.template operator()<0>();
    band.template operator()<1>();
    band.template operator()<2>();
}

} // namespace vmaf::adm::simd

VMAF_TARGET_END
