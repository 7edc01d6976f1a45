// Motion's row kernel built for NEON (core_neon_sources, aarch64).
#include "cpu/arm/neon.h"
#include "feature/motion/motion_rows_simd.h"

namespace vmaf::motion {

const MotionRowKernels *motion_row_kernels_neon() { return &simd::row_kernels<cpu::Neon>(); }

} // namespace vmaf::motion
