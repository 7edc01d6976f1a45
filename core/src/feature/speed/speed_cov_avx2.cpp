// SpEED's covariance sum with AVX2 (core_avx2_sources): each 8-lane
// accumulator of the definition is two 4-lane registers.
#include <immintrin.h>

#include "cpu/target.h"
#include "feature/speed/speed_cov.h"

VMAF_TARGET_BEGIN

namespace vmaf::speed {

namespace {

inline __m256d centred(const float *p, __m256d mean) { return _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(p)), mean); }

double covariance_sum(const float *x, const float *y, size_t stride, int h, int w, double mean_x,
                      double mean_y)
{
    const __m256d mx = _mm256_set1_pd(mean_x), my = _mm256_set1_pd(mean_y);
    __m256d first_lo = _mm256_setzero_pd(), first_hi = first_lo;
    __m256d second_lo = first_lo, second_hi = first_lo;
    double tail = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        int j = 0;
        for (; j + 16 <= w; j += 16) {
            first_lo = _mm256_fmadd_pd(centred(rx + j, mx), centred(ry + j, my), first_lo);
            first_hi = _mm256_fmadd_pd(centred(rx + j + 4, mx), centred(ry + j + 4, my), first_hi);
            second_lo = _mm256_fmadd_pd(centred(rx + j + 8, mx), centred(ry + j + 8, my), second_lo);
            second_hi = _mm256_fmadd_pd(centred(rx + j + 12, mx), centred(ry + j + 12, my), second_hi);
        }
        for (; j + 8 <= w; j += 8) {
            first_lo = _mm256_fmadd_pd(centred(rx + j, mx), centred(ry + j, my), first_lo);
            first_hi = _mm256_fmadd_pd(centred(rx + j + 4, mx), centred(ry + j + 4, my), first_hi);
        }
        for (; j < w; j++) tail += (rx[j] - mean_x) * (ry[j] - mean_y);
    }
    const __m256d quarter =
        _mm256_add_pd(_mm256_add_pd(first_hi, second_hi), _mm256_add_pd(first_lo, second_lo));
    const __m128d pair = _mm_add_pd(_mm256_extractf128_pd(quarter, 1), _mm256_castpd256_pd128(quarter));
    return _mm_cvtsd_f64(pair) + _mm_cvtsd_f64(_mm_unpackhi_pd(pair, pair)) + tail;
}

} // namespace

const CovKernels *cov_kernels_avx2()
{
    static constexpr CovKernels kernels{covariance_sum, "avx2"};
    return &kernels;
}

} // namespace vmaf::speed

VMAF_TARGET_END
