// blurred_row_sad (motion_rows.h) for a vector type S (cpu/x86/avx2.h,
// avx512.h, cpu/arm/neon.h), bit-exact with the portable one. Included by
// one file per instruction set.
//
// Vertical: differences of samples up to 15 bits fit 16-bit lanes and the
// taps (below 2^15) pair up in _madd_epi16, rows 0/4 and 1/3 sharing a tap;
// the sums stay within 32 bits. Horizontal: the vertical results (17 bits)
// times the taps may need 33 bits, so each value y is split as a * 256 + b
// (b the low 8 bits) and the two sums are joined in the final rounding:
// (256 A + B + 2^15) >> 16 = (A + (B + 2^15) >> 8) >> 8.
#pragma once

#include <cstdint>

#include "cpu/target.h"
#include "feature/motion/motion_math.h"
#include "feature/motion/motion_rows.h"

VMAF_TARGET_BEGIN

namespace vmaf::motion::simd {

template <class S> inline typename S::V load_samples(const uint8_t *p) { return S::load_u8_as_u16(p); }
template <class S> inline typename S::V load_samples(const uint16_t *p) { return S::load(p); }

template <class S, typename Sample>
uint32_t blurred_row_sad(const Sample *const *prev, const Sample *const *cur, int w, unsigned bpc,
                         int32_t *y)
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 2;
    if (bpc > 15 || w < kBlock) return motion::blurred_row_sad<Sample>(prev, cur, w, bpc, y);

    // y[-2..w+1] with the reflected edges: the vertical pass writes y + 2.
    int32_t *yc = y + kRadius;
    const V outer = S::set32(kFilter[0] | (kFilter[0] << 16));
    const V inner = S::set32(kFilter[1] | (kFilter[1] << 16));
    const V centre = S::set32(kFilter[2]);
    const V round = S::set32(1 << (bpc - 1));
    V any = S::zero();
    int j = 0;
    auto vertical = [&](int at) {
        V diff[5];
        for (int k = 0; k < 5; k++)
            diff[k] = S::sub16(load_samples<S>(prev[k] + at), load_samples<S>(cur[k] + at));
        V lo = S::madd16(S::unpacklo16(diff[0], diff[4]), outer);
        V hi = S::madd16(S::unpackhi16(diff[0], diff[4]), outer);
        lo = S::add32(lo, S::madd16(S::unpacklo16(diff[1], diff[3]), inner));
        hi = S::add32(hi, S::madd16(S::unpackhi16(diff[1], diff[3]), inner));
        lo = S::add32(lo, S::madd16(S::unpacklo16(diff[2], S::zero()), centre));
        hi = S::add32(hi, S::madd16(S::unpackhi16(diff[2], S::zero()), centre));
        lo = S::sra32(S::add32(lo, round), static_cast<int>(bpc));
        hi = S::sra32(S::add32(hi, round), static_cast<int>(bpc));
        any = S::bit_or(any, S::bit_or(lo, hi));
        S::deinterleave_store32(reinterpret_cast<uint32_t *>(yc + at), lo, hi);
    };
    for (; j + kBlock <= w; j += kBlock) vertical(j);
    // The last columns again from w - kBlock: the same values, rewritten.
    if (j < w) vertical(w - kBlock);
    if (S::all_zero(any)) return 0;

    for (int k = 1; k <= kRadius; k++) {
        yc[-k] = yc[k];
        yc[w - 1 + k] = yc[w - 1 - k];
    }
    constexpr int kLanes = S::kBytes / 4;
    const V t0 = S::set32(kFilter[0]), t1 = S::set32(kFilter[1]), t2 = S::set32(kFilter[2]);
    const V low8 = S::set32(255), half = S::set32(32768);
    V sad = S::zero();
    auto horizontal = [&](int at) {
        const V s0 = S::add32(S::load(yc + at - 2), S::load(yc + at + 2));
        const V s1 = S::add32(S::load(yc + at - 1), S::load(yc + at + 1));
        const V s2 = S::load(yc + at);
        const V a = S::add32(S::add32(S::mullo32(S::template srai32<8>(s0), t0),
                                      S::mullo32(S::template srai32<8>(s1), t1)),
                             S::mullo32(S::template srai32<8>(s2), t2));
        const V b = S::add32(S::add32(S::mullo32(S::bit_and(s0, low8), t0),
                                      S::mullo32(S::bit_and(s1, low8), t1)),
                             S::mullo32(S::bit_and(s2, low8), t2));
        const V v = S::template srai32<8>(S::add32(a, S::template srai32<8>(S::add32(b, half))));
        return S::abs32(v);
    };
    int i = 0;
    for (; i + kLanes <= w; i += kLanes) sad = S::add32(sad, horizontal(i));
    uint32_t row_sad = S::sum32(sad);
    for (; i < w; i++) {
        int64_t acc = 0;
        for (int k = 0; k < 5; k++) acc += int64_t{kFilter[k]} * yc[i - kRadius + k];
        row_sad += blurred_magnitude(acc);
    }
    return row_sad;
}

template <class S> const MotionRowKernels &row_kernels()
{
    static constexpr MotionRowKernels kernels{blurred_row_sad<S, uint8_t>, blurred_row_sad<S, uint16_t>,
                                              S::kName};
    return kernels;
}

} // namespace vmaf::motion::simd

VMAF_TARGET_END
