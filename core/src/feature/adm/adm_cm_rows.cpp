// The contrast masking stage's loops (adm_cm.h), built once per instruction
// set (cpu/isa.h).
#include <type_traits>

#include "cpu/isa.h"
#include "cpu/target.h"
#include "feature/adm/adm_cm.h"

VMAF_TARGET_BEGIN

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

// Masking threshold of every sample in [span.left, span.right): the floors
// of the 3x3 neighbours (all bands) plus the centre's |csf| / 15 (the x86
// columns' in span.x86).
template <typename T, typename Sum = ThresholdSum<T>>
void threshold_row(const MaskerRows<T> &m, const MaskedSpan &span, Sum *__restrict thr,
                   Sum *__restrict col, Sum *__restrict centre)
{
    const int w = span.w;
    const int lo = span.left > 0 ? span.left - 1 : 0;
    const int hi = span.right < w ? span.right + 1 : w;
    const T *__restrict f0[3], *__restrict f1[3], *__restrict f2[3];
    for (int b = 0; b < 3; b++) {
        f0[b] = m.floor[0][b];
        f1[b] = m.floor[1][b];
        f2[b] = m.floor[2][b];
    }
    // Sums of Sum: for uint32_t, modulo 2^32.
    auto s = [](int32_t v) { return static_cast<Sum>(v); };
    for (int c = lo; c < hi; c++) {
        const Sum mid = s(f1[0][c]) + s(f1[1][c]) + s(f1[2][c]);
        col[c] = s(f0[0][c]) + s(f0[1][c]) + s(f0[2][c]) + mid + s(f2[0][c]) + s(f2[1][c]) + s(f2[2][c]);
        centre[c] = mid;
    }
    // Reflected / replicated neighbours only at the band's first and last column.
    const ColumnSpan inner = inner_columns(span);
    split(inner.lo, inner.hi, span.x86, [&]<bool kX86>(int a, int b) {
        for (int j = a; j < b; j++)
            thr[j] = col[j - 1] + col[j] + col[j + 1] - centre[j] + own_share<T, Sum>(m, j, kX86);
    });
    edge_thresholds(m, span, col, centre, thr);
}

} // namespace

template <class Isa, typename T>
void masked_row(const T *const src[3], const typename ScaleMath<T>::Factors &factors,
                const MaskerRows<T> &masker, const MaskedSpan &span, const CmShifts &shifts,
                int64_t sums[3], ThresholdSum<T> *scratch)
{
    using M = ScaleMath<T>;
    using Sum = ThresholdSum<T>;
    Sum *thr = scratch, *col = thr + span.w, *centre = col + span.w;
    threshold_row(masker, span, thr, col, centre);
    auto band = [&]<int B>() {
        const T *__restrict x = src[B];
        const auto f = factors[B];
        const uint32_t cube = shifts.cube[B];
        // Summed modulo 2^64, as vector lanes add: defined for any input.
        uint64_t row = 0;
        split(span.left, span.right, span.x86, [&]<bool kX86>(int a, int b) {
            for (int j = a; j < b; j++)
                row += static_cast<uint64_t>(M::template masked_cube<B>(
                    x[j], f, static_cast<std::make_signed_t<Sum>>(thr[j]), cube, kX86));
        });
        sums[B] = static_cast<int64_t>(row);
    };
    band.template operator()<0>();
    band.template operator()<1>();
    band.template operator()<2>();
}

#if defined(VMAF_ISA_PORTABLE) // the SIMD tables have adm_cm_simd.h's
template void masked_row<cpu::BuiltFor, int16_t>(const int16_t *const[3],
                                                 const ScaleMath<int16_t>::Factors &,
                                                 const MaskerRows<int16_t> &, const MaskedSpan &,
                                                 const CmShifts &, int64_t[3], uint32_t *);
#endif
template void masked_row<cpu::BuiltFor, int32_t>(const int32_t *const[3],
                                                 const ScaleMath<int32_t>::Factors &,
                                                 const MaskerRows<int32_t> &, const MaskedSpan &,
                                                 const CmShifts &, int64_t[3], int64_t *);

} // namespace vmaf::adm

VMAF_TARGET_END
