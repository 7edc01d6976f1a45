// dwt2_scale0 and dwt2_scale (adm_dwt2.h) for a vector type S
// (cpu/x86/avx2.h, avx512.h, cpu/arm/neon.h), bit-exact with the portable
// ones. Included by
// one file per instruction set.
//
// Scale 0, both passes in _madd_epi16: the db2 taps fit 16 signed bits, and so do the
// vertical pass's inputs once centred (v ^ 0x8000 = v - 32768, for 8- and
// 16-bit samples alike) and its 16-bit outputs. Centring changes the
// lowpass sum by 32768 x 46342 and the highpass sum by 32768 x 0, both
// added back modulo 2^32, where the portable sums live. Every pair of
// products fits 32 bits (|tap pair| <= 43237, |sample| <= 32768).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/target.h"
#include "feature/adm/adm_dwt2.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm::simd {

// Two 16-bit taps as one _madd_epi16 operand: `first` times the pair's low
// lane, `second` times its high one. Outside the region, as every build
// has it (cpu/target.h).
inline constexpr int32_t tap_pair(int32_t first, int32_t second)
{
    return static_cast<int32_t>((static_cast<uint32_t>(static_cast<uint16_t>(second)) << 16) |
                                static_cast<uint16_t>(first));
}

} // namespace vmaf::adm::simd

VMAF_TARGET_BEGIN

namespace vmaf::adm::simd {

// The tap structs are set by constructors of the region (cpu/target.h):
// GCC compiles default member initializers into an implicit constructor
// without the region's set.
template <class S> struct Db2Taps {
    typename S::V lo01, lo23, hi01, hi23;
    Db2Taps()
        : lo01(S::set32(tap_pair(15826, 27411))), lo23(S::set32(tap_pair(7345, -4240))),
          hi01(S::set32(tap_pair(-4240, -7345))), hi23(S::set32(tap_pair(27411, -15826)))
    {
    }
};

template <class S> inline typename S::V load_centred(const uint8_t *p)
{
    return S::bit_xor(S::load_u8_as_u16(p), S::set16(-32768));
}
template <class S> inline typename S::V load_centred(const uint16_t *p)
{
    return S::bit_xor(S::load(p), S::set16(-32768));
}

// The vertical pass of one row: lo (and hi where non-null) from the four
// rows of taps, kBytes / 2 columns at a time.
template <class S, typename Pixel>
void dwt0_vertical(const Pixel *const r[4], int w, int bpc, int16_t *lo, int16_t *hi)
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 2;
    const Db2Taps<S> taps;
    const uint32_t round = 1u << (bpc - 1);
    const V lo_add = S::set32(static_cast<int32_t>(static_cast<uint32_t>(kLoSum) * (32768u - round) + round));
    const V hi_add = S::set32(static_cast<int32_t>(round));
    int j = 0;
    for (; j + kBlock <= w; j += kBlock) {
        const V s0 = load_centred<S>(r[0] + j), s1 = load_centred<S>(r[1] + j);
        const V s2 = load_centred<S>(r[2] + j), s3 = load_centred<S>(r[3] + j);
        const V p01[2] = {S::unpacklo16(s0, s1), S::unpackhi16(s0, s1)};
        const V p23[2] = {S::unpacklo16(s2, s3), S::unpackhi16(s2, s3)};
        auto pass = [&](V t01, V t23, V add) {
            V half[2];
            for (int k = 0; k < 2; k++)
                half[k] = S::sra32(S::add32(S::add32(S::madd16(p01[k], t01), S::madd16(p23[k], t23)), add), bpc);
            return S::pack_trunc32_to_16(half[0], half[1]);
        };
        S::store(lo + j, pass(taps.lo01, taps.lo23, lo_add));
        if (hi) S::store(hi + j, pass(taps.hi01, taps.hi23, hi_add));
    }
    for (; j < w; j++) {
        const uint32_t s0 = r[0][j], s1 = r[1][j], s2 = r[2][j], s3 = r[3][j];
        lo[j] = dwt0_vertical_lo(s0, s1, s2, s3, bpc);
        if (hi) hi[j] = dwt0_vertical_hi(s0, s1, s2, s3, bpc);
    }
}

// The horizontal pass of one row, kBytes / 4 outputs at a time: output j's
// taps 2j-1..2j+2 are the pairs at 2j-1 and 2j+1, one _madd_epi16 each.
template <class S>
void dwt0_horizontal_row(const int16_t *lo, const int16_t *hi, const DwtColumns &cols, int32_t *approx,
                         int16_t *const bands[3])
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 4;
    const Db2Taps<S> taps;
    const V round = S::set32(32768);
    auto filter = [&](V a, V b, V t01, V t23) {
        return S::template srai32<16>(S::add32(S::add32(S::madd16(a, t01), S::madd16(b, t23)), round));
    };
    int j = 1;
    for (; j + kBlock <= cols.n - 2; j += kBlock) {
        const V l1 = S::load(lo + 2 * j - 1), l2 = S::load(lo + 2 * j + 1);
        S::store(approx + j, filter(l1, l2, taps.lo01, taps.lo23));
        if (!bands) continue;
        const V h1 = S::load(hi + 2 * j - 1), h2 = S::load(hi + 2 * j + 1);
        S::store_i32_as_i16(bands[1] + j, filter(l1, l2, taps.hi01, taps.hi23));
        S::store_i32_as_i16(bands[0] + j, filter(h1, h2, taps.lo01, taps.lo23));
        S::store_i32_as_i16(bands[2] + j, filter(h1, h2, taps.hi01, taps.hi23));
    }
    cols.each(
        [&](int k, int c) {
            const int t[4] = {c, c + 1, c + 2, c + 3};
            dwt0_output(lo, hi, k, t, approx, bands);
        },
        [&](int k, const int *c) { dwt0_output(lo, hi, k, c, approx, bands); }, j);
}

template <class S, typename Pixel>
void dwt2_scale0(const Pixel *src, ptrdiff_t stride, int w, int h, int bpc, Detail<int16_t> *detail,
                 Plane<int32_t> &approx, std::vector<int16_t> &tmp)
{
    const int ow = (w + 1) / 2, oh = (h + 1) / 2;
    approx.resize(ow, oh);
    if (detail) detail->resize(ow, oh);
    tmp.resize(2 * static_cast<size_t>(w));
    int16_t *lo = tmp.data(), *hi = detail ? tmp.data() + w : nullptr;
    const DwtColumns cols(w);
    for (int i = 0; i < oh; i++) {
        const Pixel *r[4];
        for (int k = 0; k < 4; k++) r[k] = src + tap_index(i, k, h) * stride;
        dwt0_vertical<S>(r, w, bpc, lo, hi);
        int16_t *bands[3] = {};
        if (detail)
            for (int b = 0; b < 3; b++) bands[b] = (*detail)[b].row(i);
        dwt0_horizontal_row<S>(lo, hi, cols, approx.row(i), detail ? bands : nullptr);
    }
}

// Scales 1-3: every product of a 32-bit sample and a tap in 64 bits
// (_mul_epi32), summed, rounded and shifted, of which the low 32 bits are
// kept (the portable int32_t of the 64-bit shift: arithmetic or logical
// shifts agree there). Where the vertical pass neither rounds nor shifts
// (scale 1), the low 32 bits of the products suffice: 32-bit lanes.
template <class S> struct Db2Taps64 {
    typename S::V lo[4], hi[4];
    Db2Taps64()
        : lo{S::set64(15826), S::set64(27411), S::set64(7345), S::set64(-4240)},
          hi{S::set64(-4240), S::set64(-7345), S::set64(27411), S::set64(-15826)}
    {
    }
};

template <class S>
void dwt_vertical(const int32_t *const r[4], int w, const DwtShifts &sh, int32_t *lo, int32_t *hi)
{
    using V = typename S::V;
    int j = 0;
    if (sh.vround == 0 && sh.vshift == 0) {
        constexpr int kBlock = S::kBytes / 4;
        const V l[4] = {S::set32(15826), S::set32(27411), S::set32(7345), S::set32(-4240)};
        const V g[4] = {S::set32(-4240), S::set32(-7345), S::set32(27411), S::set32(-15826)};
        for (; j + kBlock <= w; j += kBlock) {
            const V s[4] = {S::load(r[0] + j), S::load(r[1] + j), S::load(r[2] + j), S::load(r[3] + j)};
            auto taps = [&](const V *t) {
                return S::add32(S::add32(S::mullo32(s[0], t[0]), S::mullo32(s[1], t[1])),
                                S::add32(S::mullo32(s[2], t[2]), S::mullo32(s[3], t[3])));
            };
            S::store(lo + j, taps(l));
            S::store(hi + j, taps(g));
        }
    } else {
        constexpr int kBlock = S::kBytes / 8;
        const Db2Taps64<S> t;
        const V round = S::set64(sh.vround);
        for (; j + kBlock <= w; j += kBlock) {
            const V s[4] = {S::load_i32_as_i64(r[0] + j), S::load_i32_as_i64(r[1] + j),
                            S::load_i32_as_i64(r[2] + j), S::load_i32_as_i64(r[3] + j)};
            auto taps = [&](const V *c) {
                const V sum = S::add64(S::add64(S::mul_i32_to_i64(s[0], c[0]), S::mul_i32_to_i64(s[1], c[1])),
                                       S::add64(S::mul_i32_to_i64(s[2], c[2]), S::mul_i32_to_i64(s[3], c[3])));
                return S::srl64(S::add64(sum, round), sh.vshift);
            };
            S::store_i64_as_i32(lo + j, taps(t.lo));
            S::store_i64_as_i32(hi + j, taps(t.hi));
        }
    }
    for (; j < w; j++) {
        const int32_t s0 = r[0][j], s1 = r[1][j], s2 = r[2][j], s3 = r[3][j];
        lo[j] = dwt_round(lo_taps<int64_t>(s0, s1, s2, s3), sh.vround, sh.vshift);
        hi[j] = dwt_round(hi_taps<int64_t>(s0, s1, s2, s3), sh.vround, sh.vshift);
    }
}

// kBytes / 8 outputs at a time: the pairs at 2j-1 and 2j+1 hold output j's
// taps, the even one in each 64-bit lane's low half, the odd one above.
template <class S>
void dwt_horizontal(const int32_t *lo, const int32_t *hi, const DwtColumns &cols, const DwtShifts &sh,
                    int32_t *approx, int32_t *const bands[3])
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 8;
    const Db2Taps64<S> t;
    const V round = S::set64(sh.hround);
    auto filter = [&](V p, V q, const V *c) {
        const V sum = S::add64(
            S::add64(S::mul_i32_to_i64(p, c[0]), S::mul_i32_to_i64(S::template srli64<32>(p), c[1])),
            S::add64(S::mul_i32_to_i64(q, c[2]), S::mul_i32_to_i64(S::template srli64<32>(q), c[3])));
        return S::srl64(S::add64(sum, round), sh.hshift);
    };
    int j = 1;
    for (; j + kBlock <= cols.n - 2; j += kBlock) {
        const V l1 = S::load(lo + 2 * j - 1), l2 = S::load(lo + 2 * j + 1);
        const V h1 = S::load(hi + 2 * j - 1), h2 = S::load(hi + 2 * j + 1);
        S::store_i64_as_i32(approx + j, filter(l1, l2, t.lo));
        S::store_i64_as_i32(bands[1] + j, filter(l1, l2, t.hi));
        S::store_i64_as_i32(bands[0] + j, filter(h1, h2, t.lo));
        S::store_i64_as_i32(bands[2] + j, filter(h1, h2, t.hi));
    }
    cols.each(
        [&](int k, int c) {
            const int taps[4] = {c, c + 1, c + 2, c + 3};
            dwt_output(lo, hi, k, taps, sh, approx, bands);
        },
        [&](int k, const int *c) { dwt_output(lo, hi, k, c, sh, approx, bands); }, j);
}

template <class S>
void dwt2_scale(const Plane<int32_t> *const in[], int pictures, int scale, Detail<int32_t> *const detail[],
                Plane<int32_t> *const approx[], std::vector<int32_t> &tmp)
{
    dwt_later_scale(in, pictures, scale, detail, approx, tmp, dwt_vertical<S>, dwt_horizontal<S>);
}

} // namespace vmaf::adm::simd

VMAF_TARGET_END
