// Motion's row kernel built for AVX2 (core_avx2_sources).
#include "cpu/x86/avx2.h"
#include "feature/motion/motion_rows_simd.h"

namespace vmaf::motion {

const MotionRowKernels *motion_row_kernels_avx2() { return &simd::row_kernels<cpu::Avx2>(); }

} // namespace vmaf::motion
