// decouple_row (adm_decouple.h) for a vector type S (cpu/x86/avx2.h,
// avx512.h), bit-exact with the portable one. Included by one file per
// instruction set. Scale 0's 16-bit bands in 32-bit lanes; scales 1-3 (32-bit
// bands) in 64-bit lanes where the set shifts them by lane and counts their
// leading zeros (AVX-512), else the portable row.
//
// Every sample in 32-bit lanes: the direction test's dot products in
// _madd_epi16, rounded to float and compared in double as the portable code
// does it, k = t / o from the 2^30 / o table by a
// gather and 64-bit products, clamped before the shift (which gives the
// same k), and the gain limit in double, both branches truncated and picked.
#pragma once

#include <cmath>
#include <cstdint>

#include "cpu/target.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_math.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm::x86 {

// The doubles both rows use.
template <class S> struct Constants {
    typename S::D cos_sq, quarter_kib, zero_d, egl;
    explicit Constants(double enhn_gain_limit)
        : cos_sq(S::set_double(static_cast<double>(cos_1deg_sq()))),
          quarter_kib(S::set_double(1.0 / 4096.0)), // x / 4096.0, exactly
          zero_d(S::set_double(0.0)), egl(S::set_double(enhn_gain_limit))
    {
    }
};

// Columns lo..hi through `block`, kLanes at a time; the last ones (fewer
// than kLanes) on zero-padded copies: each column's result depends on that
// column alone, so the padding changes nothing, and only the row's own
// columns are written back. `nearest` is limit_gain's per block: blocks
// never straddle nearest_end, which lies a multiple of 16 columns from lo.
template <typename T, int kLanes, typename Block>
inline void each_block(const Block &block, const T *const o[3], const T *const t[3], T *const r[3],
                       T *const a[3], int lo, int hi, int nearest_end)
{
    int j = lo;
    for (; j + kLanes <= hi; j += kLanes) {
        const T *const o_rows[3] = {o[0] + j, o[1] + j, o[2] + j};
        const T *const t_rows[3] = {t[0] + j, t[1] + j, t[2] + j};
        T *const r_rows[3] = {r[0] + j, r[1] + j, r[2] + j};
        T *const a_rows[3] = {a[0] + j, a[1] + j, a[2] + j};
        block(o_rows, t_rows, r_rows, a_rows, j < nearest_end);
    }
    if (j == hi) return;
    alignas(64) T ob[3][kLanes] = {}, tb[3][kLanes] = {}, rb[3][kLanes], ab[3][kLanes];
    const int n = hi - j;
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < n; i++) ob[b][i] = o[b][j + i], tb[b][i] = t[b][j + i];
    const T *const o_rows[3] = {ob[0], ob[1], ob[2]};
    const T *const t_rows[3] = {tb[0], tb[1], tb[2]};
    T *const r_rows[3] = {rb[0], rb[1], rb[2]};
    T *const a_rows[3] = {ab[0], ab[1], ab[2]};
    block(o_rows, t_rows, r_rows, a_rows, j < nearest_end);
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < n; i++) r[b][j + i] = rb[b][i], a[b][j + i] = ab[b][i];
}

template <class S>
void decouple_row16(const int16_t *const o[3], const int16_t *const t[3], int16_t *const r[3],
                    int16_t *const a[3], int lo, int hi, int nearest_end, double enhn_gain_limit,
                    DecoupleRows &)
{
    using V = typename S::V;
    using D = typename S::D;
    using F = typename S::F;
    constexpr int kLanes = S::kBytes / 4;
    constexpr int kHalf = kLanes / 2;
    const int32_t *div = division_table();
    const Constants<S> c(enhn_gain_limit);
    const D cos_sq = c.cos_sq, quarter_kib = c.quarter_kib, zero_d = c.zero_d, egl = c.egl;
    const V zero = S::zero();
    // |rst| <= 32768: with an integral limit up to 2^15, rst * egl is an
    // integer below 2^31 in magnitude, exact in double, so rounding it (or
    // not) and the double compares change nothing.
    const bool integral_egl = enhn_gain_limit == std::floor(enhn_gain_limit) &&
                              std::fabs(enhn_gain_limit) <= 32768.0;
    const V egl32 = S::set32(integral_egl ? static_cast<int32_t>(enhn_gain_limit) : 0);
    // One block of kLanes columns from the given pointers (each_block).
    auto block = [&](const int16_t *const ob_row[3], const int16_t *const tb_row[3],
                     int16_t *const r_row[3], int16_t *const a_row[3], bool nearest) {
        V ov[3], tv[3];
        for (int b = 0; b < 3; b++) {
            ov[b] = S::load_i16_as_i32(ob_row[b]);
            tv[b] = S::load_i16_as_i32(tb_row[b]);
        }
        // dot_to_float(...): each sum of two 16-bit products in one
        // _madd_epi16 of (h, v) pairs, exact in 32 bits but for 2^31
        // ((-32768)^2 twice), which wraps to INT32_MIN, a sum no other pair
        // gives, and is put back; converted to float with one rounding, as
        // the portable double is.
        auto hv = [&](V h, V v) { return S::bit_or(S::bit_and(h, S::set32(0xFFFF)), S::template slli32<16>(v)); };
        const V o_hv = hv(ov[0], ov[1]), t_hv = hv(tv[0], tv[1]);
        auto dot = [&](V p, V q) {
            const V sum = S::madd16(p, q);
            return S::select_float(S::eq32(sum, S::set32(INT32_MIN)), S::set_float(2147483648.0f),
                                   S::i32_to_float(sum));
        };
        const F dp_f = dot(o_hv, t_hv), om_f = dot(o_hv, o_hv), tm_f = dot(t_hv, t_hv);
        // within_one_degree of each half of the lanes, in double.
        auto angle_bits = [&](auto to_double) {
            const D dp = S::mul_double(to_double(dp_f), quarter_kib);
            const D om = S::mul_double(to_double(om_f), quarter_kib);
            const D tm = S::mul_double(to_double(tm_f), quarter_kib);
            return S::mask_ge_double(dp, zero_d) &
                   S::mask_ge_double(S::mul_double(dp, dp), S::mul_double(S::mul_double(cos_sq, om), tm));
        };
        const unsigned angle = angle_bits([&](F x) { return S::float_low_to_double(x); }) |
                               (angle_bits([&](F x) { return S::float_high_to_double(x); }) << kHalf);
        const V angle_lanes = S::lanes_from_bits(angle);
        for (int b = 0; b < 3; b++) {
            const V ob = ov[b], tb = tv[b];
            // ScaleMath<int16_t>::ratio
            const V d = S::gather32(div, S::add32(ob, S::set32(32768)));
            auto k_of = [&](V p) {
                return S::template srli64<15>(S::clamp64(S::add64(p, S::set64(16384)), 0, int64_t{32768} << 15));
            };
            const V even = k_of(S::mul_i32_to_i64(d, tb));
            const V odd = k_of(S::mul_i32_to_i64(S::template srli64<32>(d), S::template srli64<32>(tb)));
            const V o_zero = S::eq32(ob, zero);
            const V k = S::select(o_zero, S::set32(32768), S::blend_odd32(even, S::template slli64<32>(odd)));
            // ScaleMath<int16_t>::restore
            const V rst = S::template srai32<15>(S::add32(S::mullo32(k, ob), S::set32(16384)));
            // limit_gain: rst * egl in double, or in 32 bits where that is
            // the same integer (an integral limit: every shipped model's).
            V below, above;
            if (integral_egl) {
                const V g = S::mullo32(rst, egl32);
                below = S::min32(g, tb);
                above = S::max32(g, tb);
            } else {
                const D g_lo = S::gain(S::mul_double(S::low_to_double(rst), egl), nearest);
                const D g_hi = S::gain(S::mul_double(S::high_to_double(rst), egl), nearest);
                const D t_lo = S::low_to_double(tb), t_hi = S::high_to_double(tb);
                below = S::truncate_to_i32(S::min_double(g_lo, t_lo), S::min_double(g_hi, t_hi));
                above = S::truncate_to_i32(S::max_double(g_lo, t_lo), S::max_double(g_hi, t_hi));
            }
            const V limited = S::select(S::gt32(ob, zero), below, above);
            const V keep = S::bit_and(angle_lanes, S::bit_and(S::gt32(k, zero), S::bit_xor(o_zero, S::set32(-1))));
            const V out = S::select(keep, limited, rst);
            S::store_i32_as_i16(r_row[b], out);
            S::store_i32_as_i16(a_row[b], S::sub32(tb, out));
        }
    };
    each_block<int16_t, kLanes>(block, o, t, r, a, lo, hi, nearest_end);
}

// ScaleMath<int32_t>::ratio and restore of eight samples in 64-bit lanes.
// Every product's factors are 32-bit values sign-extended to 64 bits (k is
// at most 32768), so _mul_epi32 forms them, cheaper than a 64-bit mullo.
template <class S> inline typename S::V ratio32(typename S::V o, typename S::V t, const int32_t *div)
{
    using V = typename S::V;
    const V zero = S::zero(), one = S::set64(1);
    const V mag = S::abs64(o); // |int32| as the reference's uint32
    const V big = S::gt64(mag, S::set64(32767));
    const V shift = S::select64(big, S::sub64(S::set64(49), S::lzcnt64(mag)), zero); // 17 - clz32
    const V round = S::select64(big, S::sllv64(one, S::sub64(shift, one)), zero);
    const V d = S::bit_and(S::srlv64(S::add64(mag, round), shift), S::set64(0xFFFF));
    V q = S::mul_i32_to_i64(S::gather32_by_64(div, S::add64(d, S::set64(32768))), t);
    q = S::select64(S::gt64(zero, o), S::sub64(zero, q), q);
    V k = S::srav64(S::add64(q, S::sllv64(one, S::add64(shift, S::set64(14)))), S::add64(shift, S::set64(15)));
    k = S::clamp64(k, 0, 32768);
    return S::select64(S::eq64(o, zero), S::set64(32768), k);
}

// decouple_row<int32_t> where the instruction set has 64-bit shifts by lane
// and leading-zero counts (AVX-512).
template <class S>
void decouple_row32(const int32_t *const o[3], const int32_t *const t[3], int32_t *const r[3],
                    int32_t *const a[3], int lo, int hi, int nearest_end, double enhn_gain_limit,
                    DecoupleRows &)
{
    using V = typename S::V;
    using D = typename S::D;
    constexpr int kLanes = S::kBytes / 4;
    constexpr int kHalf = kLanes / 2;
    const int32_t *div = division_table();
    const Constants<S> c(enhn_gain_limit);
    const D cos_sq = c.cos_sq, quarter_kib = c.quarter_kib, zero_d = c.zero_d, egl = c.egl;
    const V zero = S::zero();
    // One block of kLanes columns, as decouple_row16's.
    auto block = [&](const int32_t *const ob_row[3], const int32_t *const tb_row[3],
                     int32_t *const r_row[3], int32_t *const a_row[3], bool nearest) {
        V ov[3], tv[3], o64[3][2], t64[3][2];
        for (int b = 0; b < 3; b++) {
            ov[b] = S::load(ob_row[b]);
            tv[b] = S::load(tb_row[b]);
            o64[b][0] = S::i32_low_to_i64(ov[b]), o64[b][1] = S::i32_high_to_i64(ov[b]);
            t64[b][0] = S::i32_low_to_i64(tv[b]), t64[b][1] = S::i32_high_to_i64(tv[b]);
        }
        unsigned angle = 0;
        for (int h = 0; h < 2; h++) {
            auto dot = [&](V p, V q, V u, V v) {
                return S::mul_double(S::i64_to_float_as_double(S::add64(S::mul_i32_to_i64(p, q), S::mul_i32_to_i64(u, v))),
                                     quarter_kib);
            };
            const D dp = dot(o64[0][h], t64[0][h], o64[1][h], t64[1][h]);
            const D om = dot(o64[0][h], o64[0][h], o64[1][h], o64[1][h]);
            const D tm = dot(t64[0][h], t64[0][h], t64[1][h], t64[1][h]);
            angle |= (S::mask_ge_double(dp, zero_d) &
                      S::mask_ge_double(S::mul_double(dp, dp), S::mul_double(S::mul_double(cos_sq, om), tm)))
                     << (h * kHalf);
        }
        const V angle_lanes = S::lanes_from_bits(angle);
        for (int b = 0; b < 3; b++) {
            V k64[2], r64[2];
            for (int h = 0; h < 2; h++) {
                k64[h] = ratio32<S>(o64[b][h], t64[b][h], div);
                r64[h] = S::template srai64<15>(S::add64(S::mul_i32_to_i64(k64[h], o64[b][h]), S::set64(16384)));
            }
            const V k = S::join_i64_to_i32(k64[0], k64[1]);
            const V rst = S::join_i64_to_i32(r64[0], r64[1]);
            const V ob = ov[b], tb = tv[b];
            const D g_lo = S::gain(S::mul_double(S::low_to_double(rst), egl), nearest);
            const D g_hi = S::gain(S::mul_double(S::high_to_double(rst), egl), nearest);
            const D t_lo = S::low_to_double(tb), t_hi = S::high_to_double(tb);
            const V below = S::truncate_to_i32(S::min_double(g_lo, t_lo), S::min_double(g_hi, t_hi));
            const V above = S::truncate_to_i32(S::max_double(g_lo, t_lo), S::max_double(g_hi, t_hi));
            const V limited = S::select(S::gt32(ob, zero), below, above);
            const V keep = S::bit_and(angle_lanes, S::bit_and(S::gt32(k, zero), S::bit_xor(S::eq32(ob, zero), S::set32(-1))));
            const V out = S::select(keep, limited, rst);
            S::store(r_row[b], out);
            S::store(a_row[b], S::sub32(tb, out));
        }
    };
    each_block<int32_t, kLanes>(block, o, t, r, a, lo, hi, nearest_end);
}

template <class S> constexpr auto decouple32()
{
    if constexpr (S::kWide64) return &decouple_row32<S>;
    else return &adm::decouple_row<S, int32_t>;
}

} // namespace vmaf::adm::x86

VMAF_TARGET_END
