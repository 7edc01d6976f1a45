#include "feature/speed/speed_cov.h"

#include "cpu/cpu_flags.h"
#include "feature/speed/speed_math.h"

namespace vmaf::speed {


const CovKernels &cov_kernels_c()
{
    static constexpr CovKernels kernels{
        [](const float *x, const float *y, size_t stride, int h, int w, double mean_x, double mean_y) {
            return covariance_sum(x, y, static_cast<long long>(stride), h, w, mean_x, mean_y);
        },
        "c"};
    return kernels;
}

const CovKernels &cov_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, cov_kernels_c(), cov_kernels_avx2(), cov_kernels_avx512(), nullptr,
                       cov_kernels_neon());
}

#if !defined(VMAF_X86_SIMD)
const CovKernels *cov_kernels_avx2() { return nullptr; }
const CovKernels *cov_kernels_avx512() { return nullptr; }
#endif
#if !defined(VMAF_ARM_SIMD)
const CovKernels *cov_kernels_neon() { return nullptr; }
#endif

} // namespace vmaf::speed
