// Decoupling (Li et al., "Image quality assessment by separately evaluating
// detail losses and additive impairments", IEEE TMM 13(5), 2011): splits each
// distorted detail coefficient into the part restored from the reference
// (kept detail) and the rest (additive impairment).
#pragma once

#include <cstdint>
#include <vector>

#include "feature/adm/adm_bands.h"

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
// The portable function is the definition; AdmKernels picks it or its
// AVX2 / AVX-512 twin (adm_decouple_x86.h, scale 0), with the same bits.
template <typename T>
void decouple_row(const T *const o[3], const T *const t[3], T *const r[3], T *const a[3], int lo,
                  int hi, int nearest_end, double enhn_gain_limit, DecoupleRows &rows);

struct AdmKernels {
    decltype(&decouple_row<int16_t>) decouple16;
    decltype(&decouple_row<int32_t>) decouple32;
    const char *name;
};

const AdmKernels &adm_kernels(unsigned cpu_flags);
const AdmKernels &adm_kernels_c();
const AdmKernels *adm_kernels_avx2();
const AdmKernels *adm_kernels_avx512();

// Fills `restored` and `additive` over work_region() of the bands.
// T is int16_t at scale 0, int32_t at scales 1-3.
template <typename T>
void decouple(const AdmKernels &kernels, const Detail<T> &ref, const Detail<T> &dis,
              double enhn_gain_limit, Detail<T> &restored, Detail<T> &additive, DecoupleRows &rows);

} // namespace vmaf::adm
