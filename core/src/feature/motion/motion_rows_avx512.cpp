// Motion's row kernel built for AVX512 (core_avx512_sources).
#include "cpu/x86/avx512.h"
#include "feature/motion/motion_rows_x86.h"

namespace vmaf::motion {

const MotionRowKernels *motion_row_kernels_avx512() { return &x86::row_kernels<cpu::Avx512>(); }

} // namespace vmaf::motion
