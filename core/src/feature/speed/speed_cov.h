// The covariance sum of SpEED's block statistics: over an h x w window of
// two planes (same stride), the sum of (x - mean_x) * (y - mean_y) in
// double. The definition is the portable one below, which follows the
// reference's default x86 build (its AVX-512 kernel: two 8-lane fused
// accumulators, then the halves folded, then the row tails summed apart);
// the AVX2, AVX-512 and NEON kernels give the same bits (ADR 0027).
#pragma once

#include <cstddef>

namespace vmaf::speed {

using CovarianceSum = double (*)(const float *x, const float *y, size_t stride, int h, int w,
                                 double mean_x, double mean_y);

struct CovKernels {
    CovarianceSum sum;
    const char *name;
};

const CovKernels &cov_kernels(unsigned cpu_flags);
const CovKernels &cov_kernels_c();
const CovKernels *cov_kernels_avx2();
const CovKernels *cov_kernels_avx512();
const CovKernels *cov_kernels_neon();

} // namespace vmaf::speed
