// ADM's NEON table (core_neon_sources, aarch64): the transforms and scale
// 0's CSF and masking rows as NEON, the portable loops elsewhere (NEON is the baseline there: the portable
// build is already built for it).
#include "cpu/arm/neon.h"
#include "feature/adm/adm_cm_simd.h"
#include "feature/adm/adm_csf_simd.h"
#include "feature/adm/adm_dwt2_simd.h"
#include "feature/adm/adm_kernels.h"

namespace vmaf::adm {

const AdmKernels *adm_kernels_neon()
{
    using P = cpu::Portable;
    static constexpr AdmKernels kernels{
        simd::dwt2_scale0<cpu::Neon, uint8_t>, simd::dwt2_scale0<cpu::Neon, uint16_t>,
        simd::dwt2_scale<cpu::Neon>,
        {decouple_row<P, int16_t>, simd::csf_row16<cpu::Neon>, den_sums<P, int16_t>,
         simd::masked_row16<cpu::Neon>},
        {decouple_row<P, int32_t>, csf_row<P, int32_t>, den_sums<P, int32_t>, masked_row<P, int32_t>},
        cpu::Neon::kName};
    return &kernels;
}

} // namespace vmaf::adm
