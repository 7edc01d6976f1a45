// Motion's row kernel built for AVX512 (core_avx512_sources).
#include "cpu/x86/avx512.h"
#include "feature/motion/motion_rows_simd.h"

namespace vmaf::motion {

const MotionRowKernels *motion_row_kernels_avx512() { return &simd::row_kernels<cpu::Avx512>(); }

} // namespace vmaf::motion
