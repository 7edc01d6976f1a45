#include "feature/speed/speed_cov.h"

#include <cmath>

#include "cpu/cpu_flags.h"

namespace vmaf::speed {

namespace {

// Two accumulators of eight lanes: a 16-sample step feeds lanes 0-7 of the
// first and 8-15 of the second, an 8-sample step the first only; each
// lane is a fused multiply-add.
double covariance_sum(const float *x, const float *y, size_t stride, int h, int w, double mean_x,
                      double mean_y)
{
    constexpr int kLanes = 8;
    double first[kLanes] = {}, second[kLanes] = {};
    double tail = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        int j = 0;
        for (; j + 2 * kLanes <= w; j += 2 * kLanes) {
            for (int l = 0; l < kLanes; l++) {
                first[l] = std::fma(rx[j + l] - mean_x, ry[j + l] - mean_y, first[l]);
                second[l] = std::fma(rx[j + kLanes + l] - mean_x, ry[j + kLanes + l] - mean_y,
                                     second[l]);
            }
        }
        for (; j + kLanes <= w; j += kLanes)
            for (int l = 0; l < kLanes; l++)
                first[l] = std::fma(rx[j + l] - mean_x, ry[j + l] - mean_y, first[l]);
        for (; j < w; j++) tail += (rx[j] - mean_x) * (ry[j] - mean_y);
    }
    // The lanes summed as a 512-bit reduction folds them: halves, quarters,
    // then the last pair.
    double lane[kLanes];
    for (int l = 0; l < kLanes; l++) lane[l] = first[l] + second[l];
    double quarter[4];
    for (int k = 0; k < 4; k++) quarter[k] = lane[k + 4] + lane[k];
    const double even = quarter[2] + quarter[0], odd = quarter[3] + quarter[1];
    return even + odd + tail;
}

} // namespace

const CovKernels &cov_kernels_c()
{
    static constexpr CovKernels kernels{covariance_sum, "c"};
    return kernels;
}

const CovKernels &cov_kernels(unsigned cpu_flags)
{
    return cpu::widest(cpu_flags, cov_kernels_c(), cov_kernels_avx2(), cov_kernels_avx512());
}

#if !defined(VMAF_X86_SIMD)
const CovKernels *cov_kernels_avx2() { return nullptr; }
const CovKernels *cov_kernels_avx512() { return nullptr; }
#endif

} // namespace vmaf::speed
