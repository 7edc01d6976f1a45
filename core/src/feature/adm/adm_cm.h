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

// The masker of a measure: its CSF-weighted bands and their floors (csf_weight()).
template <typename T> struct Masker {
    const Detail<T> &weighted;
    const Detail<T> &floor;
};

// Pooled numerator over score_region() of `src` (unweighted bands), masked
// by `masker`. DLM: src = restored, masker = additive; AIM the other way.
// The masking threshold's sums: at scale 0 modulo 2^32, as the reference
// forms them everywhere there (and twice as many per vector as 64-bit
// sums); at scales 1-3 exact, masked_cube() wrapping them to 32 bits where
// the reference's C code does.
template <typename T> using ThresholdSum = std::conditional_t<sizeof(T) == 2, uint32_t, int64_t>;

template <typename T>
float contrast_masked(const Detail<T> &src, const typename ScaleMath<T>::Factors &factors,
                      const Masker<T> &masker, const CmShifts &shifts, double noise_weight,
                      std::vector<ThresholdSum<T>> &scratch);

// The pooled numerator from its integer band sums (per row, the masked cubes'
// sum (row + half_of(shifts.row)) >> shifts.row; per band, the rows' sum), as
// contrast_masked() and adm_hip's kernels form them. The masking threshold
// is an exact sum (wrapped to 32 bits where the reference's C code does),
// so any order of the 3x3 window gives its value.
template <typename T>
float cm_from_sums(const int64_t sums[3], const CmShifts &shifts, const Region &reg,
                   double noise_weight);

} // namespace vmaf::adm
