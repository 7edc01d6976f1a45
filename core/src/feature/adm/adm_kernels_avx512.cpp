// ADM's AVX-512 table (core_avx512_sources).
#include "cpu/x86/avx512.h"
#include "feature/adm/adm_kernels_x86.h"

namespace vmaf::adm {

const AdmKernels *adm_kernels_avx512() { return &x86::kernels<cpu::Avx512>(); }

} // namespace vmaf::adm
