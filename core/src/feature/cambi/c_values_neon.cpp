// CAMBI's window counts built for NEON (core_neon_sources, aarch64). The
// c-values gather each lane's counts, which NEON cannot: they stay portable.
#include "cpu/arm/neon.h"
#include "feature/cambi/c_values_simd.h"

namespace vmaf::cambi {

const CambiKernels *cambi_kernels_neon()
{
    static constexpr CambiKernels kernels{simd::slide_counts<cpu::Neon>, c_values_row, cpu::Neon::kName};
    return &kernels;
}

} // namespace vmaf::cambi
