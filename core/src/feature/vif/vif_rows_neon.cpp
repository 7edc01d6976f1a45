// VIF's filter passes built for NEON (core_neon_sources, aarch64); the
// statistics' row (accumulate_row) is the portable one.
#include "cpu/arm/neon.h"
#include "feature/vif/vif_rows_simd.h"

namespace vmaf::vif {

const VifRowKernels *vif_row_kernels_neon()
{
    using N = cpu::Neon;
    static constexpr VifRowKernels kernels{
        simd::vertical_moments<N, uint8_t>, simd::vertical_moments<N, uint16_t>, simd::horizontal_moments<N>,
        simd::blur_row_for_decimation<N, uint8_t>, simd::blur_row_for_decimation<N, uint16_t>,
        accumulate_row, true, N::kName};
    return &kernels;
}

} // namespace vmaf::vif
