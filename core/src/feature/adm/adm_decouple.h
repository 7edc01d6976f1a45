// Decoupling (Li et al., "Image quality assessment by separately evaluating
// detail losses and additive impairments", IEEE TMM 13(5), 2011): splits each
// distorted detail coefficient into the part restored from the reference
// (kept detail) and the rest (additive impairment).
#pragma once

#include <cstdint>
#include <vector>

namespace vmaf::adm {

// Row buffers of the portable decouple_row(), kept between calls.
struct DecoupleRows {
    std::vector<uint8_t> angle; // within one degree, per sample
    std::vector<int32_t> ratio; // k of one band
};

// One row of the three bands (0 h, 1 v, 2 d), samples [lo, hi): o of the
// reference, t of the distorted picture, r restored and a additive out.
// The gain limit rounds to nearest before column nearest_end, truncates
// from there (limit_gain()).
// The portable function (Isa cpu::Portable, cpu/isa.h) is the definition;
// AdmKernels (adm_kernels.h) picks it or its AVX2 / AVX-512 twin
// (adm_decouple_x86.h), with the same bits, or where a set has no twin
// (32-bit bands on AVX2) this source built for that set.
template <class Isa, typename T>
void decouple_row(const T *const o[3], const T *const t[3], T *const r[3], T *const a[3], int lo,
                  int hi, int nearest_end, double enhn_gain_limit, DecoupleRows &rows);

} // namespace vmaf::adm
