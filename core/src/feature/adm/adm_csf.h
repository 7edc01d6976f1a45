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

// The denominator in integers, as csf_den*() and adm_hip's kernels form it:
// per sample den_cube(), per row (sum + row_round) >> row, per band the sum
// of the rows; den_from_sums() pools the three band sums.
struct DenShifts {
    uint32_t sq = 0, cube = 0;        // scales 1-3: the square's and cube's shifts
    uint64_t sq_round = 0, cube_round = 0;
    uint32_t row = 0;                 // each row's sum
    uint64_t row_round = 0;
    double divisor = 1.0;             // band sum -> energy
};
DenShifts den_shifts_scale0(const Region &reg);
DenShifts den_shifts(int scale, const Region &reg);

VMAF_HOST_DEVICE inline uint64_t den_cube(int16_t x, const DenShifts &)
{
    const uint64_t v = static_cast<uint16_t>(wrapping_abs(x));
    return v * v * v;
}
VMAF_HOST_DEVICE inline uint64_t den_cube(int32_t x, const DenShifts &s)
{
    const uint64_t v = static_cast<uint32_t>(wrapping_abs(x));
    return ((((v * v) + s.sq_round) >> s.sq) * v + s.cube_round) >> s.cube;
}

float den_from_sums(const uint64_t sums[3], const DenShifts &shifts,
                    std::array<float, 2> weights, const Region &reg, double noise_weight);

// Cube root of the noise floor of a region of `n` samples.
inline float noise_floor(int n, double noise_weight)
{
    return std::pow(static_cast<float>(n * noise_weight), 1.0f / 3.0f);
}

} // namespace vmaf::adm
