#include "feature/adm/adm_cm.h"

#include <type_traits>

#include "feature/common/target_clones.h"

#include "feature/adm/adm_csf.h"

namespace vmaf::adm {

namespace {

// f.template operator()<true>(a, b) over the part [a, b) of [lo, hi) that
// lies in `span`, <false> over the rest: each loop keeps one arithmetic
// and vectorises.
template <typename F> inline void split(int lo, int hi, ColumnSpan span, F &&f)
{
    const int a = span.lo < lo ? lo : (span.lo > hi ? hi : span.lo);
    const int b = span.hi < a ? a : (span.hi > hi ? hi : span.hi);
    f.template operator()<false>(lo, a);
    f.template operator()<true>(a, b);
    f.template operator()<false>(b, hi);
}

// Masking threshold of every sample of row i in [reg.left, reg.right):
// the floors of the 3x3 neighbours (all bands) plus the centre's |csf| / 15
// (the x86 columns' in `x86`).
template <typename T, typename Sum = ThresholdSum<T>>
void threshold_row(const Masker<T> &m, int i, const Region &reg, ColumnSpan x86,
                   Sum *__restrict thr, Sum *__restrict col, Sum *__restrict centre)
{
    using M = ScaleMath<T>;
    const int w = m.floor[0].w, h = m.floor[0].h;
    const int r0 = window_index(i - 1, h), r2 = window_index(i + 1, h);
    const int lo = reg.left > 0 ? reg.left - 1 : 0;
    const int hi = reg.right < w ? reg.right + 1 : w;
    const T *__restrict f0[3], *__restrict f1[3], *__restrict f2[3], *__restrict c1[3];
    for (int b = 0; b < 3; b++) {
        f0[b] = m.floor[b].row(r0);
        f1[b] = m.floor[b].row(i);
        f2[b] = m.floor[b].row(r2);
        c1[b] = m.weighted[b].row(i);
    }
    // Sums of Sum: for uint32_t, modulo 2^32.
    auto s = [](int32_t v) { return static_cast<Sum>(v); };
    for (int c = lo; c < hi; c++) {
        const Sum mid = s(f1[0][c]) + s(f1[1][c]) + s(f1[2][c]);
        col[c] = s(f0[0][c]) + s(f0[1][c]) + s(f0[2][c]) + mid + s(f2[0][c]) + s(f2[1][c]) + s(f2[2][c]);
        centre[c] = mid;
    }
    auto own = [&](int j, bool in_x86) {
        return s(M::floor15(c1[0][j], in_x86)) + s(M::floor15(c1[1][j], in_x86)) +
               s(M::floor15(c1[2][j], in_x86));
    };
    // Reflected / replicated neighbours only at the band's first and last column.
    const int inner_lo = reg.left > 1 ? reg.left : 1;
    const int inner_hi = reg.right < w - 1 ? reg.right : w - 1;
    split(inner_lo, inner_hi, x86, [&]<bool kX86>(int a, int b) {
        for (int j = a; j < b; j++) thr[j] = col[j - 1] + col[j] + col[j + 1] - centre[j] + own(j, kX86);
    });
    for (int j : {reg.left, reg.right - 1}) {
        if (j >= inner_lo && j < inner_hi) continue;
        thr[j] = col[window_index(j - 1, w)] + col[j] + col[window_index(j + 1, w)] - centre[j] +
                 own(j, x86.holds(j));
    }
}

} // namespace

template <typename T>
VMAF_TARGET_CLONES float contrast_masked(const Detail<T> &src,
                                      const typename ScaleMath<T>::Factors &factors,
                                      const Masker<T> &masker, const CmShifts &shifts,
                                      double noise_weight, std::vector<ThresholdSum<T>> &scratch)
{
    using M = ScaleMath<T>;
    const int w = src[0].w, h = src[0].h;
    const Region reg = score_region(w, h);
    using Sum = ThresholdSum<T>;
    scratch.resize(3 * static_cast<size_t>(w));
    Sum *thr = scratch.data(), *col = thr + w, *centre = col + w;
    const int64_t row_round = half_of(shifts.row);
    int64_t acc[3] = {};
    for (int i = reg.top; i < reg.bottom; i++) {
        const ColumnSpan x86 = x86_mask_columns(reg, h, i, M::kX86MaskBlock);
        threshold_row(masker, i, reg, x86, thr, col, centre);
        auto band = [&]<int B>() {
            const T *__restrict x = src[B].row(i);
            const auto f = factors[B];
            const uint32_t cube = shifts.cube[B];
            int64_t row = 0;
            split(reg.left, reg.right, x86, [&]<bool kX86>(int a, int b) {
                for (int j = a; j < b; j++)
                    row += M::template masked_cube<B>(x[j], f, static_cast<std::make_signed_t<Sum>>(thr[j]),
                                                      cube, kX86);
            });
            acc[B] += (row + row_round) >> shifts.row;
        };
        band.template operator()<0>();
        band.template operator()<1>();
        band.template operator()<2>();
    }
    return cm_from_sums<T>(acc, shifts, reg, noise_weight);
}

template <typename T>
float cm_from_sums(const int64_t sums[3], const CmShifts &shifts, const Region &reg,
                   double noise_weight)
{
    using M = ScaleMath<T>;
    const float nf = noise_floor(reg.width() * reg.height(), noise_weight);
    float sum = 0.0f;
    for (int b = 0; b < 3; b++) {
        const float term = std::pow(M::to_float(sums[b], shifts.to_float[b]), 1.0f / 3.0f) + nf;
        sum = b == 0 ? term : sum + term;
    }
    return sum;
}

template float cm_from_sums<int16_t>(const int64_t[3], const CmShifts &, const Region &,
                                     double);
template float cm_from_sums<int32_t>(const int64_t[3], const CmShifts &, const Region &,
                                     double);
template float contrast_masked<int16_t>(const Detail<int16_t> &,
                                        const ScaleMath<int16_t>::Factors &,
                                        const Masker<int16_t> &, const CmShifts &, double,
                                        std::vector<uint32_t> &);
template float contrast_masked<int32_t>(const Detail<int32_t> &,
                                        const ScaleMath<int32_t>::Factors &,
                                        const Masker<int32_t> &, const CmShifts &, double,
                                        std::vector<int64_t> &);

} // namespace vmaf::adm
