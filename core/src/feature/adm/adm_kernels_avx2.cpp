// ADM's AVX2 table (core_avx2_sources).
#include "cpu/x86/avx2.h"
#include "feature/adm/adm_kernels_x86.h"

namespace vmaf::adm {

const AdmKernels *adm_kernels_avx2() { return &x86::kernels<cpu::Avx2>(); }

} // namespace vmaf::adm
