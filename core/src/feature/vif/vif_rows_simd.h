// The row passes of vif_rows.h for a vector type S (cpu/x86/avx2.h,
// avx512.h, avx512icl.h; cpu/arm/neon.h for the filter passes), bit-exact
// with the portable ones. Included by one file per instruction set.
//
// The filters' taps are below 2^15 at scales 0-2 and sum to 2^16, which lets
// _madd_epi16 (signed 16 x 16 -> 32 bits, two products added) form the
// sums: an unsigned 16-bit value v enters as v ^ 0x8000 = v - 32768, and the
// filter's sum times -32768, -2^31, is added back at the end. The sums
// themselves stay below 2^32, so 32-bit lanes hold them exactly. A 32-bit
// value is filtered as its two 16-bit halves, whose sums are joined when the
// result is rounded. Scale 3's centre tap (43728) does not fit, so its rows
// (1/64 of the samples) take the column loops.
// The vertical pass pairs rows that share a tap in one _madd_epi16; it
// stores MomentPlanes, already centred, in which the horizontal pass pairs
// neighbouring columns (taps k, k+1) by loading at every offset: half the
// multiplies of one tap per 32-bit lane, and no shuffles per tap. With VNNI
// (Avx512Icl) each multiply-add also accumulates in one instruction.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/target.h"
#include "feature/vif/vif_rows.h"

namespace vmaf::vif::simd {

// The sign bias of 16-bit values in 16- and 32-bit lanes, and its total.
inline constexpr int32_t kBias16 = static_cast<int32_t>(0x80008000u);
inline constexpr uint32_t kBiasTotal = 0x80000000u;
// A mean (below 2^16) centred in the low half of its 32-bit lane.
inline constexpr uint32_t kMeanBias = 0x8000u;

// Outside the region: every build's kernels share these column loops
// (cpu/target.h), which they inline and compile for their set.
inline bool fits_madd(int fw) { return fw != 3; }

// The vertical pass of column j, as the portable pass computes it.
template <typename Sample>
void vertical_column(const Sample *const *ref_rows, const Sample *const *dis_rows, const uint16_t *filter,
                     int fw, int j, const VerticalShift &vs, const MomentPlanes &p)
{
    uint32_t m1 = 0, m2 = 0;
    uint64_t xx = 0, yy = 0, xy = 0;
    for (int k = 0; k < fw; k++) {
        const uint32_t r = ref_rows[k][j], d = dis_rows[k][j];
        const uint32_t fr = filter[k] * r, fd = filter[k] * d;
        m1 += fr;
        m2 += fd;
        xx += uint64_t{fr} * r;
        yy += uint64_t{fd} * d;
        xy += uint64_t{fr} * d;
    }
    p.mu1[j] = centred(round_mean(m1, vs));
    p.mu2[j] = centred(round_mean(m2, vs));
    put_moment(p.xx, j, round_moment(xx, vs));
    put_moment(p.yy, j, round_moment(yy, vs));
    put_moment(p.xy, j, round_moment(xy, vs));
}

// The filter's reach reflected about the row's ends, and the one value past
// it that the horizontal pass reads with a zero tap.
inline void reflect_planes(const MomentPlanes &p, int w, int half)
{
    for (int16_t *plane : {p.mu1, p.mu2, p.xx[0], p.xx[1], p.yy[0], p.yy[1], p.xy[0], p.xy[1]}) {
        for (int k = 1; k <= half; k++) {
            plane[-k] = plane[k];
            plane[w - 1 + k] = plane[w - 1 - k];
        }
        plane[w + half] = 0;
    }
}

// The horizontal pass of column j, as the portable pass computes it.
inline void horizontal_column(const MomentPlanes &p, const uint16_t *filter, int fw, int j, const MomentRows &out)
{
    uint32_t m1 = 0, m2 = 0;
    uint64_t xx = 0, yy = 0, xy = 0;
    for (int k = 0; k < fw; k++) {
        const int c = j - fw / 2 + k;
        const uint32_t f = filter[k];
        m1 += f * plain(p.mu1[c]);
        m2 += f * plain(p.mu2[c]);
        xx += uint64_t{f} * joined(p.xx, c);
        yy += uint64_t{f} * joined(p.yy, c);
        xy += uint64_t{f} * joined(p.xy, c);
    }
    out.mu1[j] = m1;
    out.mu2[j] = m2;
    out.xx[j] = round_second_moment(xx);
    out.yy[j] = round_second_moment(yy);
    out.xy[j] = round_second_moment(xy);
}

} // namespace vmaf::vif::simd

VMAF_TARGET_BEGIN

namespace vmaf::vif::simd {

template <class S> struct Pair {
    typename S::V lo, hi; // the unpacklo16 / unpackhi16 halves' sums
};

// Sums f * (v0 ^ bias) + f' * (v1 ^ bias) of the 16-bit lanes of v0, v1 into
// acc (in unpacklo/unpackhi order).
template <class S, bool kBiased>
inline void madd_pair(Pair<S> &acc, typename S::V v0, typename S::V v1, typename S::V taps)
{
    typename S::V lo = S::unpacklo16(v0, v1), hi = S::unpackhi16(v0, v1);
    if constexpr (kBiased) {
        const typename S::V bias = S::set32(kBias16);
        lo = S::bit_xor(lo, bias);
        hi = S::bit_xor(hi, bias);
    }
    acc.lo = S::madd16_add(acc.lo, lo, taps);
    acc.hi = S::madd16_add(acc.hi, hi, taps);
}

template <class S> inline typename S::V load_samples(const uint8_t *p) { return S::load_u8_as_u16(p); }
template <class S> inline typename S::V load_samples(const uint16_t *p) { return S::load(p); }

// Vertical pass over blocks of kBytes / 2 columns, every tap in registers.
// Rows k and fw-1-k share a tap and go through one _madd_epi16.
template <class S, typename Sample>
void vertical_moments(const Sample *const *ref_rows, const Sample *const *dis_rows,
                      const uint16_t *filter, int fw, int w, const VerticalShift &vs,
                      const MomentRows &out, const WideRows &)
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 2;
    constexpr bool kDeep = sizeof(Sample) == 2;
    const MomentPlanes p = planes_of(out, w);
    const int half = fw / 2;
    int j = 0;
    if (fits_madd(fw)) {
        for (; j + kBlock <= w; j += kBlock) {
            Pair<S> mu1{S::zero(), S::zero()}, mu2 = mu1;
            Pair<S> xl = mu1, yl = mu1, zl = mu1; // low halves (all of it at 8 bits)
            Pair<S> xh = mu1, yh = mu1, zh = mu1; // high halves
            for (int k = 0; k <= half; k++) {
                const int k2 = fw - 1 - k;
                const bool centre = k == half;
                const V taps = S::set32(static_cast<int32_t>(centre ? filter[k] : filter[k] | (uint32_t{filter[k]} << 16)));
                const V r0 = load_samples<S>(ref_rows[k] + j), d0 = load_samples<S>(dis_rows[k] + j);
                const V r1 = centre ? S::zero() : load_samples<S>(ref_rows[k2] + j);
                const V d1 = centre ? S::zero() : load_samples<S>(dis_rows[k2] + j);
                madd_pair<S, kDeep>(mu1, r0, r1, taps);
                madd_pair<S, kDeep>(mu2, d0, d1, taps);
                madd_pair<S, true>(xl, S::mullo16(r0, r0), S::mullo16(r1, r1), taps);
                madd_pair<S, true>(yl, S::mullo16(d0, d0), S::mullo16(d1, d1), taps);
                madd_pair<S, true>(zl, S::mullo16(r0, d0), S::mullo16(r1, d1), taps);
                if constexpr (kDeep) {
                    madd_pair<S, true>(xh, S::mulhi_u16(r0, r0), S::mulhi_u16(r1, r1), taps);
                    madd_pair<S, true>(yh, S::mulhi_u16(d0, d0), S::mulhi_u16(d1, d1), taps);
                    madd_pair<S, true>(zh, S::mulhi_u16(r0, d0), S::mulhi_u16(r1, d1), taps);
                }
            }
            const V unbias = S::set32(static_cast<int32_t>(kBiasTotal));
            auto mean = [&](V sum) {
                if constexpr (kDeep) sum = S::add32(sum, unbias);
                return S::srl32(S::add32(sum, S::set32(static_cast<int32_t>(vs.mu_round))),
                                static_cast<int>(vs.mu_shift));
            };
            // (hi * 2^16 + lo + round) >> shift, modulo 2^32, for shift <= 16.
            const int shift = static_cast<int>(vs.sq_shift);
            auto moment = [&](V lo, V hi) {
                lo = S::add32(lo, unbias);
                const V low = S::srl32(S::add32(lo, S::set32(static_cast<int32_t>(vs.sq_round))), shift);
                if constexpr (!kDeep) return low; // the high halves are 0
                return S::add32(S::sll32(S::add32(hi, unbias), 16 - shift), low);
            };
            // unpacklo16 / unpackhi16 halves pack back in column order.
            const V bias = S::set32(kBias16);
            auto store = [&](int16_t *plane, V lo, V hi) {
                S::store(plane + j, S::bit_xor(S::pack_trunc32_to_16(lo, hi), bias));
            };
            auto store_moment = [&](int16_t *const (&halves)[2], V lo, V hi) {
                store(halves[0], lo, hi);
                store(halves[1], S::template srli32<16>(lo), S::template srli32<16>(hi));
            };
            store(p.mu1, mean(mu1.lo), mean(mu1.hi));
            store(p.mu2, mean(mu2.lo), mean(mu2.hi));
            store_moment(p.xx, moment(xl.lo, xh.lo), moment(xl.hi, xh.hi));
            store_moment(p.yy, moment(yl.lo, yh.lo), moment(yl.hi, yh.hi));
            store_moment(p.xy, moment(zl.lo, zh.lo), moment(zl.hi, zh.hi));
        }
    }
    // The last columns, and scale 3.
    for (; j < w; j++) vertical_column(ref_rows, dis_rows, filter, fw, j, vs, p);
    reflect_planes(p, w, half);
}

// Horizontal pass over blocks of kBytes / 2 outputs. A load at column c
// holds the pairs (c + 2i, c + 2i + 1): _madd_epi16 with taps (k, k+1)
// gives the even outputs' share of two taps from loads at j - half + k, the
// odd outputs' from one column further on.
template <class S>
void horizontal_moments(const MomentRows &in, const uint16_t *filter, int fw, int w,
                        const MomentRows &out, const WideRows &)
{
    using V = typename S::V;
    constexpr int kBlock = S::kBytes / 2;
    const MomentPlanes p = planes_of(in, w);
    const int half = fw / 2;
    int j = 0;
    if (fits_madd(fw)) {
        const int pairs = (fw + 1) / 2;
        V taps[9];
        for (int q = 0; q < pairs; q++) {
            const uint32_t next = 2 * q + 1 < fw ? filter[2 * q + 1] : 0;
            taps[q] = S::set32(static_cast<int32_t>(filter[2 * q] | next << 16));
        }
        const V unbias = S::set32(static_cast<int32_t>(kBiasTotal));
        // round_second_moment(hi * 2^16 + lo) = hi + (lo + 2^15) >> 16.
        const V round = S::set32(static_cast<int32_t>(kBiasTotal + 32768));
        auto moment = [&](V lo, V hi) {
            return S::add32(S::add32(hi, unbias), S::template srli32<16>(S::add32(lo, round)));
        };
        // Even and odd outputs back in column order.
        auto store = [&](uint32_t *row, V even, V odd) {
            S::deinterleave_store32(row + j, S::unpacklo32(even, odd), S::unpackhi32(even, odd));
        };
        for (; j + kBlock <= w; j += kBlock) {
            auto sums = [&](const int16_t *plane, V &even, V &odd) {
                const int16_t *at = plane + j - half;
                even = odd = S::zero();
                for (int q = 0; q < pairs; q++) {
                    even = S::madd16_add(even, S::load(at + 2 * q), taps[q]);
                    odd = S::madd16_add(odd, S::load(at + 2 * q + 1), taps[q]);
                }
            };
            V even, odd;
            sums(p.mu1, even, odd);
            store(out.mu1, S::add32(even, unbias), S::add32(odd, unbias));
            sums(p.mu2, even, odd);
            store(out.mu2, S::add32(even, unbias), S::add32(odd, unbias));
            auto moments = [&](int16_t *const (&halves)[2], uint32_t *row) {
                V even_hi, odd_hi;
                sums(halves[0], even, odd);
                sums(halves[1], even_hi, odd_hi);
                store(row, moment(even, even_hi), moment(odd, odd_hi));
            };
            moments(p.xx, out.xx);
            moments(p.yy, out.yy);
            moments(p.xy, out.xy);
        }
    }
    // The last columns, and scale 3.
    for (; j < w; j++) horizontal_column(p, filter, fw, j, out);
}

// Decimation: the vertical pass as vertical_moments' means, the horizontal
// pass at every sample of a block, of which the even ones are kept.
template <class S, typename Sample>
void blur_row_for_decimation(const Sample *const *rows, const uint16_t *filter, int fw, int w,
                             const VerticalShift &vs, uint32_t *conv, uint16_t *out)
{
    using V = typename S::V;
    constexpr bool kDeep = sizeof(Sample) == 2;
    if (!fits_madd(fw))
        return vif::blur_row_for_decimation<typename S::Isa, Sample>(rows, filter, fw, w, vs, conv, out);
    const int half = fw / 2;
    constexpr int kBlock = S::kBytes / 2;
    int j = 0;
    for (; j + kBlock <= w; j += kBlock) {
        Pair<S> mu{S::zero(), S::zero()};
        for (int k = 0; k <= half; k++) {
            const bool centre = k == half;
            const V taps = S::set32(static_cast<int32_t>(centre ? filter[k] : filter[k] | (uint32_t{filter[k]} << 16)));
            const V r0 = load_samples<S>(rows[k] + j);
            const V r1 = centre ? S::zero() : load_samples<S>(rows[fw - 1 - k] + j);
            madd_pair<S, kDeep>(mu, r0, r1, taps);
        }
        // Stored centred, as the horizontal pass reads them.
        auto mean = [&](V sum) {
            if constexpr (kDeep) sum = S::add32(sum, S::set32(static_cast<int32_t>(kBiasTotal)));
            const V m = S::srl32(S::add32(sum, S::set32(static_cast<int32_t>(vs.mu_round))),
                                 static_cast<int>(vs.mu_shift));
            return S::bit_xor(m, S::set32(kMeanBias));
        };
        S::deinterleave_store32(conv + j, mean(mu.lo), mean(mu.hi));
    }
    for (; j < w; j++) {
        uint32_t sum = 0;
        for (int k = 0; k < fw; k++) sum += filter[k] * uint32_t{rows[k][j]};
        conv[j] = round_mean(sum, vs) ^ kMeanBias;
    }
    for (int k = 1; k <= half; k++) {
        conv[-k] = conv[k];
        conv[w - 1 + k] = conv[w - 1 - k];
    }

    constexpr int kLanes = S::kBytes / 4;
    const int ow = w / 2;
    const V round = S::set32(static_cast<int32_t>(kBiasTotal + 32768));
    int i = 0; // first input sample of the block, even
    for (; i + kLanes <= 2 * ow; i += kLanes) {
        V sum = S::zero();
        for (int k = 0; k < fw; k++) sum = S::madd16_add(sum, S::load(conv + i + k - half), S::set32(filter[k]));
        S::store_even32_as_u16(out + i / 2, S::template srli32<16>(S::add32(sum, round)));
    }
    for (int o = i / 2; o < ow; o++) {
        uint32_t acc = 0;
        for (int k = 0; k < fw; k++) acc += filter[k] * (conv[2 * o - half + k] ^ kMeanBias);
        out[o] = round_decimated(acc);
    }
}

// A mean times a mean, as mean_product(), in 32-bit lanes.
template <class S> inline typename S::V mean_product(typename S::V a, typename S::V b)
{
    const typename S::V round = S::set64(int64_t{1} << 31);
    const typename S::V even = S::template srli64<32>(S::add64(S::mul_u32_to_u64(a, b), round));
    const typename S::V odd = S::add64(
        S::mul_u32_to_u64(S::template srli64<32>(a), S::template srli64<32>(b)), round);
    return S::blend_odd32(even, odd); // odd lanes: the high halves, i.e. >> 32
}

// log2_32 / log2_64 of vif_math.h in the lanes of `mask`, with gathers.
template <class S> inline typename S::V log2_32(const uint16_t *table, typename S::V x, unsigned mask)
{
    const typename S::V k = S::sub32(S::set32(16), S::lzcnt32(x));
    return S::add32(S::gather_u16(table, S::srlv32(x, k), mask), S::template slli32<11>(k));
}
template <class S> inline typename S::V log2_64(const uint16_t *table, typename S::V x, unsigned mask)
{
    const typename S::V k = S::sub64(S::set64(48), S::lzcnt64(x));
    return S::add64(S::gather_u16_by_64(table, S::srlv64(x, k), mask), S::template slli64<11>(k));
}

// A row's log terms, summed in 64-bit lanes and added up once per row.
// Zeroed by a constructor (adm_dwt2_simd.h's Db2Taps says why).
template <class S> struct LogSums {
    typename S::V den, num;
    LogSums() : den(S::zero()), num(S::zero()) {}
};

// The log terms of the lanes set in `logs` (accumulate_log), in vectors.
// Only those lanes gather from the table; the others add 0.
template <class S>
void log_terms(LogSums<S> &sums, const uint16_t *table, double gain_limit, unsigned logs,
               typename S::V s1, typename S::V s2, typename S::V s12, typename S::V sv,
               typename S::D g_lo, typename S::D g_hi)
{
    using V = typename S::V;
    using D = typename S::D;
    const V nsq = S::set32(kSigmaNsq);
    const V den = S::maskz32(static_cast<typename S::M>(logs),
                             S::sub32(log2_32<S>(table, S::add32(s1, nsq), logs), S::set32(2048 * 17)));
    sums.den = S::add64(sums.den, S::add64(S::i32_low_to_i64(den), S::i32_high_to_i64(den)));

    const unsigned num = logs & S::mask_gt32(s12, S::zero()) & S::mask_gt32(s2, S::zero());
    if (!num) return;
    // numer1 = sv_sq + 2 is below 2^32, where log2_64 takes log2_32's
    // shift: one gather of 32-bit lanes serves both halves.
    const V numer1 = S::add32(sv, nsq);
    const V log1 = log2_32<S>(table, numer1, num);
    const D limit = S::set_double(gain_limit);
    auto half = [&](D g, D s1d, V numer1_64, V log1_64, unsigned lanes) {
        if (!lanes) return;
        g = S::min_double(g, limit);
        const V numer = S::add64(S::truncate_to_i64(S::mul_double(S::mul_double(g, g), s1d)), numer1_64);
        sums.num = S::add64(sums.num, S::maskz64(lanes, S::sub64(log2_64<S>(table, numer, lanes), log1_64)));
    };
    constexpr int kHalf = S::kBytes / 8;
    half(g_lo, S::low_to_double(s1), S::u32_low_to_u64(numer1), S::u32_low_to_u64(log1), num & ((1u << kHalf) - 1));
    half(g_hi, S::high_to_double(s1), S::u32_high_to_u64(numer1), S::u32_high_to_u64(log1), num >> kHalf);
}

// accumulate_row: the sigmas, the non-log pixels' sums and the log terms
// (a division in double, table lookups by gathers) in vectors.
template <class S>
void accumulate_row(const MomentRows &sums, int w, const uint16_t *log2, double gain_limit,
                    Accumulator &acc)
{
    using V = typename S::V;
    constexpr int kLanes = S::kBytes / 4;
    const V nsq = S::set32(kSigmaNsq);
    V non_log = S::zero();
    LogSums<S> log_sums;
    int64_t den_non_log = 0;
    int j = 0;
    for (; j + kLanes <= w; j += kLanes) {
        const V mu1 = S::load(sums.mu1 + j), mu2 = S::load(sums.mu2 + j);
        const V s1 = S::sub32(S::load(sums.xx + j), mean_product<S>(mu1, mu1));
        const V s2 = S::max32(S::sub32(S::load(sums.yy + j), mean_product<S>(mu2, mu2)), S::zero());
        const V s12 = S::sub32(S::load(sums.xy + j), mean_product<S>(mu1, mu2));
        const V below = S::select_lt32(s1, nsq, s2);
        non_log = S::add64(non_log, S::add64(S::unpacklo32(below, S::zero()), S::unpackhi32(below, S::zero())));
        const unsigned logs = S::mask_ge32(s1, nsq);
        den_non_log += kLanes - __builtin_popcount(logs);
        if (!logs) continue;
        // gain() and residual_variance() of every lane, in vectors.
        using D = typename S::D;
        const D eps = S::set_double(65536 * 1.0e-10);
        const D s1_lo = S::low_to_double(s1), s1_hi = S::high_to_double(s1);
        const D s12_lo = S::low_to_double(s12), s12_hi = S::high_to_double(s12);
        const D g_lo = S::div_double(s12_lo, S::add_double(s1_lo, eps));
        const D g_hi = S::div_double(s12_hi, S::add_double(s1_hi, eps));
        const V sv = S::max32(
            S::truncate_to_i32(S::sub_double(S::low_to_double(s2), S::mul_double(g_lo, s12_lo)),
                               S::sub_double(S::high_to_double(s2), S::mul_double(g_hi, s12_hi))),
            S::zero());
        log_terms<S>(log_sums, log2, gain_limit, logs, s1, s2, s12, sv, g_lo, g_hi);
    }
    acc.num_non_log += static_cast<int64_t>(S::sum64(non_log));
    acc.den_non_log += den_non_log;
    acc.den_log += static_cast<int64_t>(S::sum64(log_sums.den));
    acc.num_log += static_cast<int64_t>(S::sum64(log_sums.num));
    const MomentRows rest{sums.mu1 + j, sums.mu2 + j, sums.xx + j, sums.yy + j, sums.xy + j};
    vif::accumulate_row(rest, w - j, log2, gain_limit, acc);
}

template <class S> const VifRowKernels &row_kernels()
{
    static constexpr VifRowKernels kernels{
        vertical_moments<S, uint8_t>, vertical_moments<S, uint16_t>, horizontal_moments<S>,
        blur_row_for_decimation<S, uint8_t>, blur_row_for_decimation<S, uint16_t>,
        accumulate_row<S>, true, S::kName};
    return kernels;
}

} // namespace vmaf::vif::simd

VMAF_TARGET_END
