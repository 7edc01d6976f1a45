// The c-value kernels of c_values.h for a vector type S (cpu/x86/avx2.h,
// avx512.h; cpu/arm/neon.h for the counts, whose c-values gather), bit-exact
// with the portable ones. Included by one file per instruction set.
//
// The counts change by runs of samples counted at one code: whole vectors
// of 16-bit lanes, aligned to the counts' start, each lane by the number of
// the run's samples within its reach (at most a window, in int16 lanes:
// widths below 2^15), the lanes outside the range by 0 (the counts have
// kCountsPadding of room after their last row); every change is a whole
// pass of loads and stores, so runs of different rows may overlap in
// memory. The c-values take a vector of samples of a row at a time in
// 32-bit lanes, gathering the counts of each lane's codes; the products are
// the portable ones in integers, converted and multiplied as single floats,
// and the largest is kept (all are >= 0, no NaN).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "cpu/target.h"
#include "feature/cambi/c_values.h"

VMAF_TARGET_BEGIN

namespace vmaf::cambi::simd {

// Lanes [32, 64) are all ones: loaded from + 32 - a, the lanes from a on;
// from + 64 - n, the lanes below n (0 <= a < 32, 0 < n <= 32).
inline constexpr std::array<uint16_t, 96> kLaneMasks = [] {
    std::array<uint16_t, 96> a{};
    for (int i = 32; i < 64; i++) a[i] = 0xFFFF;
    return a;
}();

// Samples first .. last of a row, all counted at the counts' row starting at
// `row` (an offset from the counts' start), leave (kAdd false) or enter the
// windows: column k changes by the number of them within half a window,
// min(k - (first - half - 1), last + half + 1 - k, last - first + 1,
// window). One pass for a run of equal codes, in vectors aligned to the
// counts' start: where runs are short, the next run's loads then match
// this one's stores and are forwarded from them.
template <class S, bool kAdd>
void change_run(const WindowCounts &wc, ptrdiff_t row, int first, int last)
{
    using V = typename S::V;
    constexpr int kLanes = S::kBytes / 2;
    const int from = first - wc.half > 0 ? first - wc.half : 0;
    const int to = last + wc.half + 1 < wc.w ? last + wc.half + 1 : wc.w;
    const int samples = last - first + 1, window = 2 * wc.half + 1;
    const ptrdiff_t start = row + from, end = row + to;
    ptrdiff_t k = start & ~ptrdiff_t{kLanes - 1};
    // Columns k - row + lane: their distances inside the run's reach from
    // each end, stepped by a vector at a time.
    const int column = static_cast<int>(k - row);
    V rise = S::add16(S::set16(static_cast<int16_t>(column - first + wc.half + 1)), S::iota16());
    V fall = S::sub16(S::set16(static_cast<int16_t>(last + wc.half + 1 - column)), S::iota16());
    const V cap = S::set16(static_cast<int16_t>(samples < window ? samples : window));
    const V step = S::set16(kLanes);
    // Lanes outside [start, end) are other rows' columns.
    V inside = S::load(kLaneMasks.data() + 32 - (start - k));
    for (;;) {
        const bool final = k + kLanes >= end;
        if (final) inside = S::bit_and(inside, S::load(kLaneMasks.data() + 64 - (end - k)));
        const V by = S::bit_and(S::max16(S::min16(S::min16(rise, fall), cap), S::zero()), inside);
        const V v = S::load(wc.counts + k);
        S::store(wc.counts + k, kAdd ? S::add16(v, by) : S::sub16(v, by));
        if (final) return;
        k += kLanes;
        rise = S::add16(rise, step);
        fall = S::sub16(fall, step);
        inside = S::set16(-1);
    }
}

// Consecutive samples counted at one row, gathered before they change it.
template <class S, bool kAdd> struct Run {
    const WindowCounts &wc;
    int row = -1, first = 0, last = -2;

    void add(int r, int x)
    {
        if (r == row && x == last + 1) {
            last = x;
            return;
        }
        flush();
        row = r;
        first = last = x;
    }
    void flush()
    {
        if (row >= 0) change_run<S, kAdd>(wc, static_cast<ptrdiff_t>(row) * wc.w, first, last);
        row = -1;
    }
};

// The counts' rows of a vector of samples (code - band_low) and the lanes
// where they are counted (counted_row() >= 0).
template <class S> struct CountedRows {
    typename S::V u;
    unsigned counted;
};

template <class S> inline CountedRows<S> counted_rows(SampleRow row, int x, const WindowCounts &wc)
{
    if (!row.mask) return {S::zero(), 0};
    const typename S::V u = S::sub32(S::load_u16_as_u32(row.image + x), S::set32(wc.band_low));
    const unsigned flat = S::mask_gt32(S::load_u16_as_u32(row.mask + x), S::zero());
    const unsigned in_band = S::mask_gt32(u, S::set32(-1)) & S::mask_gt32(S::set32(wc.band_count), u);
    return {u, flat & in_band};
}

template <class S> void slide_counts(const WindowCounts &wc, SampleRow leaving, SampleRow entering)
{
    constexpr int kLanes = S::kBytes / 4;
    alignas(64) int32_t out_rows[kLanes], in_rows[kLanes];
    Run<S, false> out_run{wc};
    Run<S, true> in_run{wc};
    const auto slide_sample = [&](int x, int out, int in) {
        if (out >= 0) out_run.add(out, x);
        if (in >= 0) in_run.add(in, x);
    };
    int x = 0;
    for (; x + kLanes <= wc.w; x += kLanes) {
        const CountedRows<S> out = counted_rows<S>(leaving, x, wc), in = counted_rows<S>(entering, x, wc);
        const unsigned same_row = S::mask_eq32(out.u, in.u);
        unsigned changed = (out.counted ^ in.counted) | (out.counted & in.counted & ~same_row);
        if (!changed) continue;
        S::store(out_rows, out.u);
        S::store(in_rows, in.u);
        for (; changed; changed &= changed - 1) {
            const int i = std::countr_zero(changed);
            slide_sample(x + i, (out.counted >> i) & 1 ? out_rows[i] : -1, (in.counted >> i) & 1 ? in_rows[i] : -1);
        }
    }
    for (; x < wc.w; x++) {
        const auto row_of = [&](SampleRow row) {
            return row.mask ? counted_row(row.image[x], row.mask[x], wc.band_low, wc.band_count) : -1;
        };
        const int out = row_of(leaving), in = row_of(entering);
        if (out != in) slide_sample(x, out, in);
    }
    out_run.flush();
    in_run.flush();
}

// The largest weighted value over the steps of a vector of samples at
// counts' rows u (counted where `counted`), whose counts are at `at`.
template <class S>
inline typename S::F best_value(const CValueLevels &l, const float *reciprocal, const uint16_t *counts,
                                ptrdiff_t stride, typename S::V u, typename S::V at, unsigned counted)
{
    using V = typename S::V;
    const V zero = S::zero();
    // Lanes outside the band read row 0's steps and drop them.
    const V row = S::min32(S::max32(u, zero), S::set32(l.band_count - 1));
    const V steps = S::maskz32(static_cast<typename S::M>(counted),
                               S::gather32(reinterpret_cast<const int32_t *>(l.steps.data()), row));
    const unsigned stepping = counted & ~S::mask_eq32(steps, zero);
    typename S::F best = S::zero_float();
    if (!stepping) return best;
    const V p0 = S::gather_u16(counts, at, stepping);
    const V one = S::set32(1);
    for (int d = 0; d < l.num_diffs; d++) {
        const unsigned active = stepping & S::mask_gt32(S::bit_and(S::srl32(steps, d), one), zero);
        if (!active) continue;
        const V reach = S::set32(static_cast<int32_t>((d + 1) * stride));
        const V up = S::gather_u16(counts, S::add32(at, reach), active);
        const V down = S::gather_u16(counts, S::sub32(at, reach), active & S::mask_gt32(u, S::set32(d)));
        const V p = S::max32(up, down);
        const V product = S::mullo32(S::mullo32(S::set32(l.weight[static_cast<size_t>(d)]), p0), p);
        const typename S::F value =
            S::mul_float(S::i32_to_float(product), S::gather_float(reciprocal, S::add32(p, p0), active));
        best = S::max_float(best, value);
    }
    return best;
}

template <class S>
void c_values_row(const CValueLevels &l, std::span<const float> reciprocal, const uint16_t *counts,
                  ptrdiff_t stride, SampleRow row, int w, float *c)
{
    using V = typename S::V;
    constexpr int kLanes = S::kBytes / 4;
    int x = 0;
    for (; l.band_count > 0 && x + kLanes <= w; x += kLanes) {
        const V u = S::sub32(S::load_u16_as_u32(row.image + x), S::set32(l.band_low));
        const unsigned flat = S::mask_gt32(S::load_u16_as_u32(row.mask + x), S::zero());
        const unsigned counted = flat & S::mask_gt32(u, S::set32(-1)) & S::mask_gt32(S::set32(l.band_count), u);
        if (!counted) {
            S::store_float(c + x, S::zero_float());
            continue;
        }
        const V row_start = S::mullo32(S::min32(S::max32(u, S::zero()), S::set32(l.band_count - 1)),
                                       S::set32(static_cast<int32_t>(stride)));
        const V at = S::add32(row_start, S::add32(S::set32(x), S::iota32()));
        S::store_float(c + x, best_value<S>(l, reciprocal.data(), counts, stride, u, at, counted));
    }
    if (x < w) cambi::c_values_row(l, reciprocal, counts + x, stride, {row.image + x, row.mask + x}, w - x, c + x);
}

template <class S> const CambiKernels &kernels()
{
    static constexpr CambiKernels table{slide_counts<S>, c_values_row<S>, S::kName};
    return table;
}

} // namespace vmaf::cambi::simd

VMAF_TARGET_END
