// The stages of float_adm on float bands: the wavelet transform, decoupling,
// CSF weighting and the pooled (Minkowski) sums, each over the region the
// reference computes it on (adm::work_region / adm::score_region).
#pragma once

#include <array>
#include <vector>

#include "feature/adm/adm_bands.h"

namespace vmaf::float_adm {

using Detail = adm::Detail<float>;

// One db2 level of `src` (w x h, both at least 2): the approximation into
// `approx` and, unless `detail` is null, the detail bands, all
// (w + 1) / 2 x (h + 1) / 2.
struct DwtScratch {
    std::vector<float> rows; // vertical lowpass and highpass of one row
    std::vector<int> cols;   // input columns of the four taps, per output column
};
void dwt2(const FloatPlane &src, FloatPlane &approx, Detail *detail, DwtScratch &tmp);

// Fills `restored` and `additive` over work_region() of the bands.
void decouple(const Detail &ref, const Detail &dis, double gain_limit, Detail &restored,
              Detail &additive);

// Over work_region(): `weighted` = band x CSF factor, `floor` = |weighted| / 30.
// `factors` as csf_factors() gives them.
void csf_weight(const Detail &in, std::array<float, 2> factors, Detail &weighted,
                Detail &floor);

// The p-norm of the CSF-weighted reference bands over score_region(), plus
// the noise floor, summed over the bands: the scale's denominator.
float csf_den(const Detail &ref, std::array<float, 2> factors, double noise_weight,
              double p_norm);

// The p-norm of the CSF-weighted `src` above the masking threshold that
// `weighted` and `floor` (csf_weight() of the masker) give, plus the noise
// floor, summed over the bands. `bypass` leaves masking out.
float contrast_masked(const Detail &src, std::array<float, 2> factors, const Detail &weighted,
                      const Detail &floor, bool bypass, double noise_weight, double p_norm);

} // namespace vmaf::float_adm
