// Contrast sensitivity weighting of detail bands, and the per-scale
// denominator of ADM (the CSF-weighted energy of the reference).
#pragma once

#include <array>

#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

// Over work_region(): `weighted` = band x CSF factor, `floor` = |weighted| / 30
// (each sample's share of its neighbours' masking threshold).
template <typename T>
void csf_weight(const Detail<T> &in, const typename ScaleMath<T>::Factors &factors,
                Detail<T> &weighted, Detail<T> &floor);

// Minkowski (p = 3) sum of the CSF-weighted reference bands over
// score_region(), plus the noise floor; `weights` as csf_weights() gives them.
float csf_den_scale0(const Detail<int16_t> &ref, std::array<float, 2> weights,
                     double noise_weight);
float csf_den(const Detail<int32_t> &ref, int scale, std::array<float, 2> weights,
              double noise_weight);

// Cube root of the noise floor of a region of `n` samples.
inline float noise_floor(int n, double noise_weight)
{
    return std::pow(static_cast<float>(n * noise_weight), 1.0f / 3.0f);
}

} // namespace vmaf::adm
