#include "feature/vif/vif_rows.h"

#include "cpu/cpu_flags.h"

namespace vmaf::vif {

void accumulate_row(const MomentRows &sums, int w, const uint16_t *log2, double gain_limit,
                    Accumulator &acc)
{
    for (int j = 0; j < w; j++)
        accumulate_rounded(acc, log2, sums.mu1[j], sums.mu2[j], sums.xx[j], sums.yy[j], sums.xy[j],
                           gain_limit);
}

const VifRowKernels &vif_row_kernels_c()
{
    using P = cpu::Portable;
    static constexpr VifRowKernels kernels{vertical_moments<P, uint8_t>, vertical_moments<P, uint16_t>,
                                           horizontal_moments<P>, blur_row_for_decimation<P, uint8_t>,
                                           blur_row_for_decimation<P, uint16_t>, accumulate_row, false,
                                           "c"};
    return kernels;
}

const VifRowKernels &vif_row_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, vif_row_kernels_c(), vif_row_kernels_avx2(), vif_row_kernels_avx512(),
                       vif_row_kernels_avx512icl(), vif_row_kernels_neon());
}

#if !defined(VMAF_X86_SIMD)
const VifRowKernels *vif_row_kernels_avx2() { return nullptr; }
const VifRowKernels *vif_row_kernels_avx512() { return nullptr; }
const VifRowKernels *vif_row_kernels_avx512icl() { return nullptr; }
#endif
#if !defined(VMAF_ARM_SIMD)
const VifRowKernels *vif_row_kernels_neon() { return nullptr; }
#endif

} // namespace vmaf::vif
