// Contrast sensitivity weighting of detail bands, and the per-scale
// denominator of ADM (the CSF-weighted energy of the reference).
//
// csf_row and den_sums are templates on an instruction-set tag (cpu/isa.h),
// built once per set (adm_csf_rows.cpp); AdmKernels holds each build's or
// an intrinsics twin (adm_csf_simd.h) with the same bits.
#pragma once

#include <array>

#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

// One row of the three bands x over columns [lo, hi): `weighted` = band x
// CSF factor, `floor` = |weighted| / 30 (each sample's share of its
// neighbours' masking threshold). Columns [lo, x86_end) are the reference's
// x86 ones (x86_work_end()).
template <class Isa, typename T>
void csf_row(const T *const x[3], const typename ScaleMath<T>::Factors &factors, int lo, int x86_end,
             int hi, T *const weighted[3], T *const floor[3]);

// The denominator, a Minkowski (p = 3) sum of the CSF-weighted reference
// bands over score_region() plus the noise floor, in integers as den_sums()
// and adm_hip's kernels form it: per sample den_cube(), per row
// (sum + row_round) >> row, per band the sum of the rows; den_from_sums()
// pools the three band sums (`weights` as csf_weights() gives them).
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

// The band sums of `ref` (16-bit bands: scale 0; 32-bit: scales 1-3) over reg.
template <class Isa, typename T>
void den_sums(const Detail<T> &ref, const DenShifts &shifts, const Region &reg, uint64_t sums[3]);

float den_from_sums(const uint64_t sums[3], const DenShifts &shifts,
                    std::array<float, 2> weights, const Region &reg, double noise_weight);

// Cube root of the noise floor of a region of `n` samples.
inline float noise_floor(int n, double noise_weight)
{
    return std::pow(static_cast<float>(n * noise_weight), 1.0f / 3.0f);
}

} // namespace vmaf::adm
