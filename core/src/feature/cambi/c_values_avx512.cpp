// CAMBI's c-value kernels built for AVX-512 (core_avx512_sources).
#include "cpu/x86/avx512.h"
#include "feature/cambi/c_values_simd.h"

namespace vmaf::cambi {

const CambiKernels *cambi_kernels_avx512() { return &simd::kernels<cpu::Avx512>(); }

} // namespace vmaf::cambi
