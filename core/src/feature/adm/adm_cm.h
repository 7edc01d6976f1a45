// Contrast masking and pooling: the per-scale numerator of ADM. Each
// CSF-weighted coefficient counts only above a threshold set by the masker's
// 3x3 neighbourhood; what is left is pooled as a Minkowski (p = 3) sum.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

// The masker's rows around row i of a measure: its CSF-weighted bands at
// row i and their floors (csf_row()) at rows i-1, i and i+1 (reflected at
// the band's edges: window_index()).
template <typename T> struct MaskerRows {
    const T *weighted[3];
    const T *floor[3][3]; // [row i-1, i, i+1][band]
};

// The masking threshold's sums: at scale 0 modulo 2^32, as the reference
// forms them everywhere there (and twice as many per vector as 64-bit
// sums); at scales 1-3 exact, masked_cube() wrapping them to 32 bits where
// the reference's C code does.
template <typename T> using ThresholdSum = std::conditional_t<sizeof(T) == 2, uint32_t, int64_t>;

// Where a row of the numerator is pooled: columns [left, right) of bands w
// wide, the reference's x86 columns `x86` (x86_mask_columns()).
struct MaskedSpan {
    int left, right, w;
    ColumnSpan x86;
};

// Parts of a row's masking threshold that masked_row and its twins share.
// Sums of Sum: for uint32_t, modulo 2^32.
// Sample j's own share of its threshold: |csf| / 15 of the masker's
// weighted bands (ScaleMath::floor15, the x86 columns' with in_x86).
template <typename T, typename Sum = ThresholdSum<T>>
inline Sum own_share(const MaskerRows<T> &m, int j, bool in_x86)
{
    using M = ScaleMath<T>;
    return static_cast<Sum>(M::floor15(m.weighted[0][j], in_x86)) +
           static_cast<Sum>(M::floor15(m.weighted[1][j], in_x86)) +
           static_cast<Sum>(M::floor15(m.weighted[2][j], in_x86));
}
// The span's columns whose 3x3 window lies inside the band: all but its
// first and last where they are the band's.
inline ColumnSpan inner_columns(const MaskedSpan &span)
{
    return {span.left > 1 ? span.left : 1, span.right < span.w - 1 ? span.right : span.w - 1};
}
// The threshold of the span's first and last column where they are not
// inner ones (the window reflected), from the columns' window sums (col:
// all three rows, centre: the middle one).
template <typename T, typename Sum>
inline void edge_thresholds(const MaskerRows<T> &m, const MaskedSpan &span, const Sum *col,
                            const Sum *centre, Sum *thr)
{
    const ColumnSpan inner = inner_columns(span);
    for (int j : {span.left, span.right - 1}) {
        if (inner.holds(j)) continue;
        thr[j] = col[window_index(j - 1, span.w)] + col[j] + col[window_index(j + 1, span.w)] -
                 centre[j] + own_share<T, Sum>(m, j, span.x86.holds(j));
    }
}

// Row i's sums over `span` of the masked cubes of `src` (unweighted bands,
// the measure's: DLM the restored, AIM the additive), masked by `masker`
// (DLM the additive's CSF, AIM the restored's), per band before the row's
// shift. `scratch` holds at least 3 * span.w sums.
// A template on an instruction-set tag (cpu/isa.h), built once per set
// (adm_cm_rows.cpp); AdmKernels holds each build's or an intrinsics twin
// (adm_cm_simd.h) with the same bits.
template <class Isa, typename T>
void masked_row(const T *const src[3], const typename ScaleMath<T>::Factors &factors,
                const MaskerRows<T> &masker, const MaskedSpan &span, const CmShifts &shifts,
                int64_t sums[3], ThresholdSum<T> *scratch);

// The pooled numerator from its integer band sums (per row, the masked cubes'
// sum (row + half_of(shifts.row)) >> shifts.row; per band, the rows' sum), as
// the row pipeline (adm_pipeline.h) and adm_hip's kernels form them. The masking threshold
// is an exact sum (wrapped to 32 bits where the reference's C code does),
// so any order of the 3x3 window gives its value.
template <typename T>
float cm_from_sums(const int64_t sums[3], const CmShifts &shifts, const Region &reg,
                   double noise_weight);

} // namespace vmaf::adm
