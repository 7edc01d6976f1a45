// VIF's row passes built for AVX512 (core_avx512_sources).
#include "cpu/x86/avx512.h"
#include "feature/vif/vif_rows_simd.h"

namespace vmaf::vif {

const VifRowKernels *vif_row_kernels_avx512() { return &simd::row_kernels<cpu::Avx512>(); }

} // namespace vmaf::vif
