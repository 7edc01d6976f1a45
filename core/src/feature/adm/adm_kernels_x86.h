// The AVX2 / AVX-512 table of adm_kernels.h for a vector type S
// (cpu/x86/avx2.h, avx512.h): intrinsics twins where written, the portable
// loops built for S's instruction set elsewhere (scales 1-3's CSF and
// masking rows, the denominators). Included by one file per
// instruction set.
#pragma once

#include "cpu/target.h"
#include "feature/adm/adm_cm.h"
#include "feature/adm/adm_cm_simd.h"
#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_csf_simd.h"
#include "feature/adm/adm_decouple_x86.h"
#include "feature/adm/adm_dwt2_simd.h"
#include "feature/adm/adm_kernels.h"

VMAF_TARGET_BEGIN

namespace vmaf::adm::x86 {

template <class S> const AdmKernels &kernels()
{
    static constexpr AdmKernels table{
        simd::dwt2_scale0<S, uint8_t>, simd::dwt2_scale0<S, uint16_t>, simd::dwt2_scale<S>,
        {decouple_row16<S>, simd::csf_row16<S>, adm::den_sums<S, int16_t>, simd::masked_row16<S>},
        {decouple32<S>(), adm::csf_row<S, int32_t>, adm::den_sums<S, int32_t>, adm::masked_row<S, int32_t>},
        S::kName};
    return table;
}

} // namespace vmaf::adm::x86

VMAF_TARGET_END
