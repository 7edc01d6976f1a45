// VIF's row passes built for AVX-512 ICL (core_avx512icl_sources): the
// AVX-512 kernels with VNNI's accumulating multiply-adds.
#include "cpu/x86/avx512icl.h"
#include "feature/vif/vif_rows_simd.h"

namespace vmaf::vif {

const VifRowKernels *vif_row_kernels_avx512icl() { return &simd::row_kernels<cpu::Avx512Icl>(); }

} // namespace vmaf::vif
