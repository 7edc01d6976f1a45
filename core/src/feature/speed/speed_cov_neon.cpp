// SpEED's covariance sum with NEON (core_neon_sources, aarch64): each
// 8-lane accumulator of the definition is four 2-lane registers, folded as
// covariance_fold folds the lanes.
#include <arm_neon.h>

#include "feature/speed/speed_cov.h"

namespace vmaf::speed {

namespace {

// Two floats at p, as doubles, less the mean.
inline float64x2_t centred(const float *p, float64x2_t mean)
{
    return vsubq_f64(vcvt_f64_f32(vld1_f32(p)), mean);
}

double covariance_sum(const float *x, const float *y, size_t stride, int h, int w, double mean_x,
                      double mean_y)
{
    const float64x2_t mx = vdupq_n_f64(mean_x), my = vdupq_n_f64(mean_y);
    float64x2_t first[4], second[4];
    for (int k = 0; k < 4; k++) first[k] = second[k] = vdupq_n_f64(0.0);
    double tail = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        int j = 0;
        for (; j + 16 <= w; j += 16) {
            for (int k = 0; k < 4; k++) {
                first[k] = vfmaq_f64(first[k], centred(rx + j + 2 * k, mx), centred(ry + j + 2 * k, my));
                second[k] =
                    vfmaq_f64(second[k], centred(rx + j + 8 + 2 * k, mx), centred(ry + j + 8 + 2 * k, my));
            }
        }
        for (; j + 8 <= w; j += 8)
            for (int k = 0; k < 4; k++)
                first[k] = vfmaq_f64(first[k], centred(rx + j + 2 * k, mx), centred(ry + j + 2 * k, my));
        for (; j < w; j++) tail += (rx[j] - mean_x) * (ry[j] - mean_y);
    }
    // lane[l] = first[l] + second[l]; quarter[k] = lane[k + 4] + lane[k];
    // then quarter 2 + 0 and 3 + 1, then those two and the tail.
    float64x2_t lane[4];
    for (int k = 0; k < 4; k++) lane[k] = vaddq_f64(first[k], second[k]);
    const float64x2_t low = vaddq_f64(lane[2], lane[0]), high = vaddq_f64(lane[3], lane[1]);
    const float64x2_t even_odd = vaddq_f64(high, low);
    return vgetq_lane_f64(even_odd, 0) + vgetq_lane_f64(even_odd, 1) + tail;
}

} // namespace

const CovKernels *cov_kernels_neon()
{
    static constexpr CovKernels kernels{covariance_sum, "neon"};
    return &kernels;
}

} // namespace vmaf::speed
