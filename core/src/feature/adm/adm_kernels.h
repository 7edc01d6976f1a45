// The loops of integer ADM, one table per instruction set: the portable
// table is the definition; the AVX2 and AVX-512 tables hold intrinsics
// twins where they exist (adm_*_x86.h, adm_csf_simd.h) and elsewhere the
// same portable loops built for that set (cpu/isa.h); NEON's holds the
// twins written so far (adm_dwt2_simd.h, adm_csf_simd.h, adm_cm_simd.h) and the portable
// loops elsewhere. Every entry gives the portable
// entry's bits (test/checkasm/test_adm_kernels.cpp). IntegerAdm takes the
// widest table that the CPU mask allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/isa.h"
#include "feature/adm/adm_bands.h"
#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_decouple.h"
#include "feature/adm/adm_math.h"

namespace vmaf::adm {

template <typename Pixel>
using Dwt0Fn = void (*)(const Pixel *, ptrdiff_t, int, int, int, Detail<int16_t> *, Plane<int32_t> &,
                        std::vector<int16_t> &);
using DwtFn = void (*)(const Plane<int32_t> *const[], int, int, Detail<int32_t> *const[],
                       Plane<int32_t> *const[], std::vector<int32_t> &);
template <typename T>
using CsfRowFn = void (*)(const T *const[3], const typename ScaleMath<T>::Factors &, int, int, int,
                          T *const[3], T *const[3]);
template <typename T>
using DenFn = void (*)(const Detail<T> &, const DenShifts &, const Region &, uint64_t[3]);
template <typename T>
using MaskedRowFn = void (*)(const T *const[3], const typename ScaleMath<T>::Factors &,
                             const MaskerRows<T> &, const MaskedSpan &, const CmShifts &, int64_t[3],
                             ThresholdSum<T> *);

// The row loops of one kind of band: 16-bit at scale 0, 32-bit at scales
// 1-3; decoupling, CSF and masking a row at a time (adm_pipeline.h).
template <typename T> struct BandKernels {
    decltype(&decouple_row<cpu::Portable, T>) decouple;
    CsfRowFn<T> csf;       // csf_row (adm_csf.h)
    DenFn<T> den;          // den_sums
    MaskedRowFn<T> masked; // masked_row (adm_cm.h)
};

struct AdmKernels {
    Dwt0Fn<uint8_t> dwt0_8; // dwt2_scale0 (adm_dwt2.h)
    Dwt0Fn<uint16_t> dwt0_16;
    DwtFn dwt;              // dwt2_scale
    BandKernels<int16_t> scale0;
    BandKernels<int32_t> scales; // 1-3
    const char *name;

    // The loops of bands of T.
    template <typename T> const BandKernels<T> &bands() const
    {
        if constexpr (sizeof(T) == 2) return scale0;
        else return scales;
    }
};

const AdmKernels &adm_kernels(unsigned cpu_flags);
const AdmKernels &adm_kernels_c();
const AdmKernels *adm_kernels_avx2();
const AdmKernels *adm_kernels_avx512();
const AdmKernels *adm_kernels_neon();

} // namespace vmaf::adm
