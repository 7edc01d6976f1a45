// masked_row of scale 0's 16-bit bands (adm_cm.h) for a vector type S
// (cpu/x86/avx2.h, avx512.h, cpu/arm/neon.h), bit-exact with the portable
// one. Included by
// one file per instruction set.
//
// The masking threshold in 32-bit lanes, modulo 2^32 as the portable sums;
// the masked cube of each sample in 64-bit lanes (even and odd 32-bit lanes
// apart): v * v unsigned (v >= 0), its shifted square truncated to 32 bits
// and times v signed, then the arithmetic shift by the band's cube shift.
#pragma once

#include <cstdint>

#include "cpu/target.h"
#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_math.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm::simd {

// |csf| / 15 of kBytes / 4 weighted coefficients (ScaleMath::floor15): the
// full share in x86 columns (lanes of `in_x86`), its low 16 bits elsewhere.
template <class S> inline typename S::V own_share_lanes(const int16_t *c, typename S::V in_x86)
{
    const typename S::V share = S::template srai32<12>(
        S::add32(S::mullo32(S::abs32(S::load_i16_as_i32(c)), S::set32(8738)), S::set32(2048)));
    return S::select(in_x86, share, S::template srai32<16>(S::template slli32<16>(share)));
}

// The masking threshold of a row (threshold_row in adm_cm_rows.cpp).
template <class S>
void threshold_row16(const MaskerRows<int16_t> &m, const MaskedSpan &span, uint32_t *thr, uint32_t *col,
                     uint32_t *centre)
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 4;
    const int w = span.w;
    const int lo = span.left > 0 ? span.left - 1 : 0;
    const int hi = span.right < w ? span.right + 1 : w;
    const int16_t *const *f0 = m.floor[0], *const *f1 = m.floor[1], *const *f2 = m.floor[2];
    const int16_t *const *c1 = m.weighted;
    auto s = [](int32_t v) { return static_cast<uint32_t>(v); };
    int c = lo;
    for (; c + kBlock <= hi; c += kBlock) {
        V mid = S::zero(), all = S::zero();
        for (int b = 0; b < 3; b++) {
            mid = S::add32(mid, S::load_i16_as_i32(f1[b] + c));
            all = S::add32(all, S::add32(S::load_i16_as_i32(f0[b] + c), S::load_i16_as_i32(f2[b] + c)));
        }
        S::store(col + c, S::add32(all, mid));
        S::store(centre + c, mid);
    }
    for (; c < hi; c++) {
        const uint32_t mid = s(f1[0][c]) + s(f1[1][c]) + s(f1[2][c]);
        col[c] = s(f0[0][c]) + s(f0[1][c]) + s(f0[2][c]) + mid + s(f2[0][c]) + s(f2[1][c]) + s(f2[2][c]);
        centre[c] = mid;
    }
    const ColumnSpan inner = inner_columns(span);
    const V x86_lo = S::set32(span.x86.lo - 1), x86_hi = S::set32(span.x86.hi);
    int j = inner.lo;
    for (; j + kBlock <= inner.hi; j += kBlock) {
        const V idx = S::add32(S::iota32(), S::set32(j));
        const V in_x86 = S::bit_and(S::gt32(idx, x86_lo), S::gt32(x86_hi, idx));
        V t = S::sub32(S::add32(S::add32(S::load(col + j - 1), S::load(col + j)), S::load(col + j + 1)),
                       S::load(centre + j));
        for (int b = 0; b < 3; b++) t = S::add32(t, own_share_lanes<S>(c1[b] + j, in_x86));
        S::store(thr + j, t);
    }
    for (; j < inner.hi; j++)
        thr[j] = col[j - 1] + col[j] + col[j + 1] - centre[j] + adm::own_share<int16_t>(m, j, span.x86.holds(j));
    edge_thresholds(m, span, col, centre, thr);
}

// The sum of masked_cube<B> over columns [lo, hi) of one band's row.
template <class S, int B>
int64_t masked_band_row(const int16_t *x, uint16_t factor, const uint32_t *thr, int lo, int hi, uint32_t cube)
{
    using V = typename S::V;
    using M = ScaleMath<int16_t>;
    constexpr int kBlock = S::kBytes / 4;
    constexpr int kSub = B == 2 ? 12 : 10;
    constexpr int kSq = B == 2 ? 30 : 29;
    const V f = S::set32(factor), sq_round = S::set64(int64_t{1} << (kSq - 1));
    const V cube_round = S::set64(half_of(cube));
    V acc = S::zero();
    auto add_cubes = [&](V v) { // v's even 32-bit lanes
        const V v2 = S::template srli64<kSq>(S::add64(S::mul_u32_to_u64(v, v), sq_round));
        acc = S::add64(acc, S::sra64(S::add64(S::mul_i32_to_i64(v2, v), cube_round), static_cast<int>(cube)));
    };
    int j = lo;
    for (; j + kBlock <= hi; j += kBlock) {
        const V weighted = S::abs32(S::mullo32(S::load_i16_as_i32(x + j), f));
        const V v = S::max32(S::sub32(weighted, S::template slli32<kSub>(S::load(thr + j))), S::zero());
        add_cubes(v);
        add_cubes(S::template srli64<32>(v));
    }
    uint64_t row = S::sum64(acc); // modulo 2^64, as the portable row
    for (; j < hi; j++)
        row += static_cast<uint64_t>(M::template masked_cube<B>(x[j], factor, static_cast<int32_t>(thr[j]), cube));
    return static_cast<int64_t>(row);
}

template <class S>
void masked_row16(const int16_t *const src[3], const ScaleMath<int16_t>::Factors &factors,
                  const MaskerRows<int16_t> &masker, const MaskedSpan &span, const CmShifts &shifts,
                  int64_t sums[3], uint32_t *scratch)
{
    uint32_t *thr = scratch, *col = thr + span.w, *centre = col + span.w;
    threshold_row16<S>(masker, span, thr, col, centre);
    sums[0] = masked_band_row<S, 0>(src[0], factors[0], thr, span.left, span.right, shifts.cube[0]);
    sums[1] = masked_band_row<S, 1>(src[1], factors[1], thr, span.left, span.right, shifts.cube[1]);
    sums[2] = masked_band_row<S, 2>(src[2], factors[2], thr, span.left, span.right, shifts.cube[2]);
}

} // namespace vmaf::adm::simd

VMAF_TARGET_END
