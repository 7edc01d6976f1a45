// CAMBI's c-value kernels built for AVX2 (core_avx2_sources).
#include "cpu/x86/avx2.h"
#include "feature/cambi/c_values_simd.h"

namespace vmaf::cambi {

const CambiKernels *cambi_kernels_avx2() { return &simd::kernels<cpu::Avx2>(); }

} // namespace vmaf::cambi
