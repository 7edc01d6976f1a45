// VIF's row passes built for AVX2 (core_avx2_sources).
#include "cpu/x86/avx2.h"
#include "feature/vif/vif_rows_simd.h"

namespace vmaf::vif {

const VifRowKernels *vif_row_kernels_avx2() { return &simd::row_kernels<cpu::Avx2>(); }

} // namespace vmaf::vif
