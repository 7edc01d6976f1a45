// SpEED's covariance sum with AVX-512 (core_avx512_sources): the
// definition's two 8-lane accumulators as registers.
#include <immintrin.h>

#include "cpu/target.h"
#include "feature/speed/speed_cov.h"

VMAF_TARGET_BEGIN

namespace vmaf::speed {

namespace {

inline __m512d centred(const float *p, __m512d mean) { return _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(p)), mean); }

double covariance_sum(const float *x, const float *y, size_t stride, int h, int w, double mean_x,
                      double mean_y)
{
    const __m512d mx = _mm512_set1_pd(mean_x), my = _mm512_set1_pd(mean_y);
    __m512d first = _mm512_setzero_pd(), second = first;
    double tail = 0.0;
    for (int i = 0; i < h; i++) {
        const float *rx = x + i * stride, *ry = y + i * stride;
        int j = 0;
        for (; j + 16 <= w; j += 16) {
            first = _mm512_fmadd_pd(centred(rx + j, mx), centred(ry + j, my), first);
            second = _mm512_fmadd_pd(centred(rx + j + 8, mx), centred(ry + j + 8, my), second);
        }
        for (; j + 8 <= w; j += 8) first = _mm512_fmadd_pd(centred(rx + j, mx), centred(ry + j, my), first);
        for (; j < w; j++) tail += (rx[j] - mean_x) * (ry[j] - mean_y);
    }
    const __m512d lane = _mm512_add_pd(first, second);
    const __m256d quarter = _mm256_add_pd(_mm512_extractf64x4_pd(lane, 1), _mm512_castpd512_pd256(lane));
    const __m128d pair = _mm_add_pd(_mm256_extractf128_pd(quarter, 1), _mm256_castpd256_pd128(quarter));
    return _mm_cvtsd_f64(pair) + _mm_cvtsd_f64(_mm_unpackhi_pd(pair, pair)) + tail;
}

} // namespace

const CovKernels *cov_kernels_avx512()
{
    static constexpr CovKernels kernels{covariance_sum, "avx512"};
    return &kernels;
}

} // namespace vmaf::speed

VMAF_TARGET_END
