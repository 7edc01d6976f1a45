#include "feature/adm/adm_kernels.h"

#include "cpu/cpu_flags.h"
#include "cpu/isa.h"
#include "feature/adm/adm_dwt2.h"

namespace vmaf::adm {

const AdmKernels &adm_kernels_c()
{
    using P = cpu::Portable;
    static constexpr AdmKernels kernels{
        dwt2_scale0<P, uint8_t>, dwt2_scale0<P, uint16_t>, dwt2_scale<P>,
        {decouple_row<P, int16_t>, csf_row<P, int16_t>, den_sums<P, int16_t>, masked_row<P, int16_t>},
        {decouple_row<P, int32_t>, csf_row<P, int32_t>, den_sums<P, int32_t>, masked_row<P, int32_t>},
        "c"};
    return kernels;
}

const AdmKernels &adm_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, adm_kernels_c(), adm_kernels_avx2(), adm_kernels_avx512(), nullptr,
                       adm_kernels_neon());
}

#if !defined(VMAF_X86_SIMD)
const AdmKernels *adm_kernels_avx2() { return nullptr; }
const AdmKernels *adm_kernels_avx512() { return nullptr; }
#endif
#if !defined(VMAF_ARM_SIMD)
const AdmKernels *adm_kernels_neon() { return nullptr; }
#endif

} // namespace vmaf::adm
