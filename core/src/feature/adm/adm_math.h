// ADM fixed-point arithmetic, element by element: the one definition of every
// rounding, shift and quirk of the reference's integer ADM. The CPU stages
// (adm_dwt2, adm_decouple, adm_csf, adm_cm) and the kernels of adm_hip
// (hip/adm/) loop over these, so both agree bit for bit.
//
// Scale 0 works on 16-bit bands, scales 1-3 on 32-bit bands with other
// shifts; ScaleMath<int16_t> and ScaleMath<int32_t> hold the two variants.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "feature/common/edge.h"
#include "base/host_device.h"
#include "feature/common/leading_zeros.h"

namespace vmaf::adm {

inline constexpr int kScales = 4;

// Each scale's input needs at least 5 samples per side: the mirrored 4-tap
// filter of the reference reaches outside smaller inputs (33 -> 17 -> 9 -> 5).
inline constexpr unsigned kMinSize = 33;

// Daubechies db2 analysis filters in Q15 (lowpass taps sum to 46342), applied
// to four samples in the accumulator type Acc: unsigned sums wrap modulo
// 2^32 as the reference's do.
inline constexpr int32_t kLoSum = 46342;
template <typename Acc, typename S>
VMAF_HOST_DEVICE inline Acc lo_taps(S s0, S s1, S s2, S s3)
{
    return static_cast<Acc>(15826) * s0 + static_cast<Acc>(27411) * s1 +
           static_cast<Acc>(7345) * s2 + static_cast<Acc>(-4240) * s3;
}
template <typename Acc, typename S>
VMAF_HOST_DEVICE inline Acc hi_taps(S s0, S s1, S s2, S s3)
{
    return static_cast<Acc>(-4240) * s0 + static_cast<Acc>(-7345) * s1 +
           static_cast<Acc>(27411) * s2 + static_cast<Acc>(-15826) * s3;
}

// Scale 0's vertical pass from four samples of `bpc` bits: the lowpass
// centred on zero and the highpass, each >> bpc into 16 bits.
VMAF_HOST_DEVICE inline int16_t dwt0_vertical_lo(uint32_t s0, uint32_t s1, uint32_t s2,
                                                 uint32_t s3, int bpc)
{
    const uint32_t round = 1u << (bpc - 1);
    const uint32_t l = lo_taps<uint32_t>(s0, s1, s2, s3) - static_cast<uint32_t>(kLoSum) * round +
                       round;
    return static_cast<int16_t>(static_cast<int32_t>(l) >> bpc);
}
VMAF_HOST_DEVICE inline int16_t dwt0_vertical_hi(uint32_t s0, uint32_t s1, uint32_t s2,
                                                 uint32_t s3, int bpc)
{
    const uint32_t g = hi_taps<uint32_t>(s0, s1, s2, s3) + (1u << (bpc - 1));
    return static_cast<int16_t>(static_cast<int32_t>(g) >> bpc);
}
// Scale 0's horizontal pass: a 32-bit tap sum of 16-bit samples, rounded to
// 16 bits.
VMAF_HOST_DEVICE inline int16_t dwt0_horizontal(int32_t sum)
{
    return static_cast<int16_t>((sum + 32768) >> 16);
}

// Rounding and shift of the vertical, then horizontal pass of scales 1..3.
struct DwtShifts {
    int64_t vround;
    int vshift;
    int64_t hround;
    int hshift;
};
VMAF_HOST_DEVICE inline DwtShifts dwt_shifts(int scale)
{
    return scale == 1   ? DwtShifts{0, 0, 16384, 15}
           : scale == 2 ? DwtShifts{32768, 16, 32768, 16}
                        : DwtShifts{32768, 16, 16384, 15};
}
// A 64-bit tap sum of scales 1..3, rounded and shifted into the reference's
// 32-bit intermediate.
VMAF_HOST_DEVICE inline int32_t dwt_round(int64_t sum, int64_t round, int shift)
{
    return static_cast<int32_t>((sum + round) >> shift);
}

// The reference's AVX-512 horizontal pass of scales 1..3 filters 8 outputs at
// a time from unreflected taps 2j-1..2j+2 for j in [1, ow - (ow - 1) % 8).
// When that reaches the last output, its taps past the row read the next
// buffer of the reference's row layout instead of reflected samples.
VMAF_HOST_DEVICE inline bool last_output_unreflected(int ow) { return (ow - 1) % 8 == 0; }

// Input row/column of filter tap k (0..3) for output sample i of a length-n
// signal: taps 2i-1 .. 2i+2, reflected by the reference's rule for ADM.
VMAF_HOST_DEVICE inline int tap_index(int i, int k, int n)
{
    return edge::reflect_sample_then_edge(2 * i - 1 + k, n);
}

// Neighbour idx (-1..n) of the 3x3 masking window, by the same rule.
VMAF_HOST_DEVICE inline int window_index(int idx, int n)
{
    return edge::reflect_sample_then_edge(idx, n);
}

// |x| and x - y modulo 2^32, as the reference's 32-bit arithmetic gives
// them when large CSF factors (Barten at coarse scales) overflow it.
VMAF_HOST_DEVICE inline int32_t wrapping_abs(int32_t x)
{
    const uint32_t u = static_cast<uint32_t>(x);
    return static_cast<int32_t>(x < 0 ? 0u - u : u);
}
VMAF_HOST_DEVICE inline int32_t wrapping_sub(int32_t x, int32_t y)
{
    return static_cast<int32_t>(static_cast<uint32_t>(x) - static_cast<uint32_t>(y));
}

// Half-open rectangle of a band.
struct Region {
    int left, top, right, bottom;
    VMAF_HOST_DEVICE int width() const { return right - left; }
    VMAF_HOST_DEVICE int height() const { return bottom - top; }
};

// Where scores are pooled: 10% of each side is left out.
inline Region score_region(int w, int h)
{
    const int left = static_cast<int>(w * 0.1 - 0.5);
    const int top = static_cast<int>(h * 0.1 - 0.5);
    return {left, top, w - left, h - top};
}

// Columns [lo, hi) of a row; empty where lo >= hi.
struct ColumnSpan {
    int lo, hi;
    VMAF_HOST_DEVICE bool holds(int j) const { return j >= lo && j < hi; }
};

// The reference's x86 build (AVX-512, ADR 0024) runs ADM's stages in
// vector blocks from a region's left edge and the rest column by column,
// and its vector arithmetic differs from its C code; these say which
// columns are vector ones.
// Decoupling and CSF: blocks of 16 columns of the work region.
inline constexpr int kX86WorkBlock = 16;
VMAF_HOST_DEVICE inline int x86_work_end(const Region &work)
{
    return work.right - work.width() % kX86WorkBlock;
}
// Contrast masking: blocks of ScaleMath<T>::kX86MaskBlock columns of the
// score region, in its rows 1..h-2, when the region leaves column 0 out.
VMAF_HOST_DEVICE inline ColumnSpan x86_mask_columns(const Region &reg, int h, int i, int block)
{
    if (reg.left <= 0 || i < 1 || i < reg.top || i >= reg.bottom || i >= h - 1) return {0, 0};
    return {reg.left, reg.right - reg.width() % block};
}

// Where decoupling and CSF run: the score region plus the masking window.
inline Region work_region(int w, int h)
{
    int left = static_cast<int>(w * 0.1 - 0.5 - 1);
    int top = static_cast<int>(h * 0.1 - 0.5 - 1);
    int right = w - left + 2;
    int bottom = h - top + 2;
    return {left < 0 ? 0 : left, top < 0 ? 0 : top, right > w ? w : right,
            bottom > h ? h : bottom};
}

// 2^30 / d for d in -32768..32768 at index d + 32768; 0 where d is 0, as in
// the reference, whose table leaves that entry unset.
inline constexpr size_t kDivisionTableSize = 65537;
const int32_t *division_table();

// Rounding term of a right shift by `shift`. The reference computes it as
// (uint32_t)pow(2, shift - 1), which is 0 on x86 for a zero shift.
VMAF_HOST_DEVICE inline uint32_t half_of(uint32_t shift)
{
    return shift ? 1u << (shift - 1) : 0;
}

inline uint32_t ceil_log2(double x) { return static_cast<uint32_t>(std::ceil(std::log2(x))); }

// Whether the angle between (oh, ov) and (th, tv) is below one degree,
// decided in the reference's mix of float-rounded inputs and double math.
// The inputs are the dot product and squared magnitudes rounded to float.
VMAF_HOST_DEVICE inline bool within_one_degree(float ot_dp, float o_mag_sq, float t_mag_sq,
                                               float cos_1deg_sq)
{
    const double dp = static_cast<double>(ot_dp) / 4096.0;
    const double o = static_cast<double>(o_mag_sq) / 4096.0;
    const double t = static_cast<double>(t_mag_sq) / 4096.0;
    // & rather than &&: no branch, so that the loop vectorises.
    return (dp >= 0.0) & (dp * dp >= static_cast<double>(cos_1deg_sq) * o * t);
}

// The float-rounded products of within_one_degree() from 16-bit bands:
// exact in double, so rounding the double gives the reference's float.
VMAF_HOST_DEVICE inline float dot_to_float(int16_t a, int16_t b, int16_t c, int16_t d)
{
    return static_cast<float>(static_cast<double>(a) * b + static_cast<double>(c) * d);
}
// From 32-bit bands the products need 64-bit integers first.
VMAF_HOST_DEVICE inline float dot_to_float(int32_t a, int32_t b, int32_t c, int32_t d)
{
    return static_cast<float>(static_cast<int64_t>(a) * b + static_cast<int64_t>(c) * d);
}

inline float cos_1deg_sq()
{
    return static_cast<float>(std::cos(1.0 * M_PI / 180.0) * std::cos(1.0 * M_PI / 180.0));
}

// The restored (detail-preserving) part of a distorted coefficient, after the
// enhancement-gain limit: within one degree of the reference direction, a
// gain up to `egl` is kept, capped by the distorted value itself.
// Branch-free so that the loop vectorises; the limited value is always in
// range, as it lies between 0 and t.
// With `nearest` (the reference's x86 vector columns, x86_work_end())
// rst * egl is rounded to the nearest integer (even on ties) before the
// limit, as its AVX-512 conversion does; elsewhere the limit is truncated.
template <typename T>
VMAF_HOST_DEVICE inline T limit_gain(T rst, T t, int32_t k, T o, bool angle, double egl, bool nearest)
{
    const double product = static_cast<double>(rst) * egl;
    const double g = nearest ? ::rint(product) : product;
    const double td = static_cast<double>(t);
    const double lim = o > 0 ? (g < td ? g : td) : (g > td ? g : td);
    const T limited = static_cast<T>(static_cast<int32_t>(lim));
    return (angle & (k > 0) & (o != 0)) ? limited : rst;
}

// Band B of the functions below: 0 = h, 1 = v, 2 = d.

// Shifts of the masking sum (contrast masking, adm_cm) for one scale.
struct CmShifts {
    uint32_t cube[3];  // per band h, v, d
    uint32_t row;      // each row's sum
    double to_float[3]; // divisor turning the integer sum into a float
};

template <typename T> struct ScaleMath;

// Scale 0: 16-bit bands, CSF factors in Q21 (h, v) and Q23 (d).
template <> struct ScaleMath<int16_t> {
    using Factors = std::array<uint16_t, 3>;
    static constexpr int kX86MaskBlock = 14;

    // k = t / o in Q15, clamped to [0, 1].
    VMAF_HOST_DEVICE static int32_t ratio(int16_t o, int16_t t, const int32_t *div)
    {
        const int64_t q = (static_cast<int64_t>(div[o + 32768]) * t + 16384) >> 15;
        const int64_t k = o == 0 ? 32768 : q;
        return static_cast<int32_t>(k < 0 ? 0 : (k > 32768 ? 32768 : k));
    }
    VMAF_HOST_DEVICE static int16_t restore(int32_t k, int16_t o)
    {
        return static_cast<int16_t>((k * o + 16384) >> 15);
    }
    // CSF-weighted coefficient; the d band's rounding term is 65535, as in
    // the reference.
    // The x86 columns' CSF is the C code's here.
    template <int B> VMAF_HOST_DEVICE static int16_t csf(int16_t x, uint16_t f, bool = false)
    {
        constexpr int shift = B == 2 ? 17 : 15;
        constexpr int32_t round = B == 2 ? 65535 : 16384;
        return static_cast<int16_t>((static_cast<int32_t>(f) * x + round) >> shift);
    }
    // |csf| / 30: this sample's share of its neighbours' masking threshold.
    VMAF_HOST_DEVICE static int16_t floor30(int16_t c)
    {
        return static_cast<int16_t>((4369 * wrapping_abs(c) + 2048) >> 12);
    }
    // |csf| / 15: the centre sample's own share, wrapped to 16 bits but in
    // the x86 columns (x86_mask_columns()); it exceeds them where
    // |c| >= 15360.
    VMAF_HOST_DEVICE static int32_t floor15(int16_t c, bool x86)
    {
        const int32_t share = (8738 * wrapping_abs(c) + 2048) >> 12;
        return x86 ? share : static_cast<int16_t>(share);
    }
    // Cube of the CSF-weighted coefficient above its masking threshold.
    template <int B>
    VMAF_HOST_DEVICE static int64_t masked_cube(int16_t x, uint16_t f, int64_t thr64, uint32_t cube,
                                                bool = false)
    {
        const int32_t thr = static_cast<int32_t>(thr64); // 32-bit sums in every column
        constexpr int sub = B == 2 ? 12 : 10;
        constexpr int sq = B == 2 ? 30 : 29;
        // Modulo 2^32, as the reference's x86 code forms it.
        int32_t v = wrapping_sub(wrapping_abs(static_cast<int32_t>(x) * f),
                                 static_cast<int32_t>(static_cast<uint32_t>(thr) << sub));
        if (v < 0) v = 0;
        const int32_t v2 =
            static_cast<int32_t>((static_cast<int64_t>(v) * v + (int64_t{1} << (sq - 1))) >> sq);
        return (static_cast<int64_t>(v2) * v + half_of(cube)) >> cube;
    }
    static CmShifts cm_shifts(int w, int h)
    {
        CmShifts s;
        s.cube[0] = s.cube[1] = static_cast<uint32_t>(std::ceil(std::log2(w) - 4));
        s.cube[2] = static_cast<uint32_t>(std::ceil(std::log2(w) - 3));
        s.row = ceil_log2(h);
        for (int b = 0; b < 3; b++)
            s.to_float[b] =
                std::pow(2, static_cast<uint32_t>((b == 2 ? 57 : 52) - s.cube[b] - s.row));
        return s;
    }
    static float to_float(int64_t sum, double divisor)
    {
        return static_cast<float>(static_cast<double>(sum) / divisor);
    }
};

// Scales 1-3: 32-bit bands, CSF factors in Q32.
template <> struct ScaleMath<int32_t> {
    using Factors = std::array<uint32_t, 3>;
    static constexpr int kX86MaskBlock = 6;

    // k = t / o in Q15, clamped to [0, 1]; o is first rounded to 15
    // significant bits so that the 2^30 / o table applies.
    VMAF_HOST_DEVICE static int32_t ratio(int32_t o, int32_t t, const int32_t *div)
    {
        if (o == 0) return 32768;
        const uint32_t mag = static_cast<uint32_t>(wrapping_abs(o));
        int shift = 0;
        uint32_t d = mag;
        if (mag >= 32768) {
            shift = 17 - count_leading_zeros(mag);
            d = (mag + (1u << (shift - 1))) >> shift;
        }
        const int64_t q = static_cast<int64_t>(div[static_cast<uint16_t>(d) + 32768]) * t *
                          (o < 0 ? -1 : 1);
        const int64_t k = (q + (int64_t{1} << (14 + shift))) >> (15 + shift);
        return static_cast<int32_t>(k < 0 ? 0 : (k > 32768 ? 32768 : k));
    }
    VMAF_HOST_DEVICE static int32_t restore(int32_t k, int32_t o)
    {
        return static_cast<int32_t>((static_cast<int64_t>(k) * o + 16384) >> 15);
    }
    // CSF-weighted coefficient in 64 bits; with `x86` the factor as the
    // reference's vector code reads it, signed (x86_work_end()).
    VMAF_HOST_DEVICE static int64_t csf64(int32_t x, uint32_t f, bool x86)
    {
        const int64_t factor = x86 ? static_cast<int64_t>(static_cast<int32_t>(f)) : static_cast<int64_t>(f);
        return (factor * x + (1 << 27)) >> 28;
    }
    template <int> VMAF_HOST_DEVICE static int32_t csf(int32_t x, uint32_t f, bool x86 = false)
    {
        return static_cast<int32_t>(csf64(x, f, x86));
    }
    // The reference's rounding term here is (int32_t)(1u << 31), i.e. -2^31.
    VMAF_HOST_DEVICE static int32_t floor30(int32_t c)
    {
        return static_cast<int32_t>((int64_t{143165577} * wrapping_abs(c) + INT32_MIN) >> 32);
    }
    // No 16-bit form here: the x86 columns change nothing.
    VMAF_HOST_DEVICE static int32_t floor15(int32_t c, bool)
    {
        return static_cast<int32_t>((int64_t{286331153} * wrapping_abs(c) + INT32_MIN) >> 32);
    }
    // thr is the masking threshold's exact sum; the reference's C code
    // wraps it and the coefficient to 32 bits, its x86 vector columns
    // (x86_mask_columns()) keep both in 64 and take the low 32 bits of the
    // difference for the products.
    template <int B>
    VMAF_HOST_DEVICE static int64_t masked_cube(int32_t x, uint32_t f, int64_t thr, uint32_t cube,
                                                bool x86 = false)
    {
        int32_t v;
        if (x86) {
            const int64_t c = csf64(x, f, true);
            const int64_t d = (c < 0 ? -c : c) - thr;
            v = static_cast<int32_t>(d < 0 ? 0 : d);
        } else {
            v = wrapping_sub(wrapping_abs(csf<B>(x, f)), static_cast<int32_t>(thr));
            if (v < 0) v = 0;
        }
        const int32_t v2 =
            static_cast<int32_t>((static_cast<int64_t>(v) * v + (1 << 29)) >> 30);
        return (static_cast<int64_t>(v2) * v + half_of(cube)) >> cube;
    }
    static CmShifts cm_shifts(int w, int h, int scale)
    {
        constexpr uint32_t total[3] = {45, 39, 36};
        CmShifts s;
        s.cube[0] = s.cube[1] = s.cube[2] = ceil_log2(w);
        s.row = ceil_log2(h);
        const float d = static_cast<float>(std::pow(2, total[scale - 1] - s.cube[0] - s.row));
        s.to_float[0] = s.to_float[1] = s.to_float[2] = d;
        return s;
    }
    // The reference divides in float here.
    static float to_float(int64_t sum, double divisor)
    {
        return static_cast<float>(sum) / static_cast<float>(divisor);
    }
};

} // namespace vmaf::adm
