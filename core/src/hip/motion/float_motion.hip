// float_motion_hip kernels: bit-exact with the CPU. The blur adds its
// products in the CPU's order without fused multiply-adds; the mean
// absolute difference, which the CPU sums in float, is summed row by row
// left to right by one thread a row (ordered_row_sums), then the rows by
// one thread; the bilinear resampling is the CPU's floatf::bilinear_at.
#include <cmath>

#include "feature/common/edge.h"
#include "feature/common/float_resample.h"
#include "feature/common/float_sample.h"
#include "hip/motion/float_motion_kernel.h"
#include "hip/runtime/ordered_row_sums.h"

namespace vmaf::hip::float_motion {

namespace {

constexpr unsigned kBlock = 256;
constexpr float kOffset = -128.0f;

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

template <int N, typename Sample>
__global__ void column_kernel(const Sample *plane, int w, int h, float scaler, BlurTaps taps,
                              float *column)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < N; k++) {
        const int row = edge::reflect_about_sample(y - N / 2 + k, h);
        acc += taps.tap[k] * sample_to_float(plane[static_cast<long long>(row) * w + x], scaler, kOffset);
    }
    column[i] = acc;
}

template <int N>
__global__ void row_kernel(const float *column, int w, int h, BlurTaps taps, float *out)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(w) * h) return;
    const int x = static_cast<int>(i % w);
    const float *row = column + (i - x);
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < N; k++) acc += taps.tap[k] * row[edge::reflect_about_sample(x - N / 2 + k, w)];
    out[i] = acc;
}

// |a - b| of a sample, for the rows' sums.
struct AbsDiff {
    const float *a, *b;
    int w;
    __device__ void operator()(int y, int x, float (&v)[1]) const
    {
        const long long at = static_cast<long long>(y) * w + x;
        v[0] = fabsf(a[at] - b[at]);
    }
};

__global__ void row_abs_diff_kernel(const float *a, const float *b, int w, int h, float *row_sums)
{
    __shared__ RowSumChunks<1> chunks;
    float sums[1];
    ordered_row_sums<1>(AbsDiff{a, b, w}, w, h, chunks, sums);
    const int y = static_cast<int>(blockIdx.x) * kRowSumRows + static_cast<int>(threadIdx.x);
    if (threadIdx.x < static_cast<unsigned>(kRowSumRows) && y < h) row_sums[y] = sums[0];
}

// The rows' float sum in order, by one thread from rows staged in shared
// memory by the block.
__global__ void mean_kernel(const float *row_sums, int w, int h, float *result)
{
    __shared__ float staged[kBlock];
    float sum = 0.0f;
    for (int y0 = 0; y0 < h; y0 += static_cast<int>(kBlock)) {
        const int y = y0 + static_cast<int>(threadIdx.x);
        if (y < h) staged[threadIdx.x] = row_sums[y];
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = h - y0 < static_cast<int>(kBlock) ? h - y0 : static_cast<int>(kBlock);
            for (int k = 0; k < count; k++) sum += staged[k];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) result[0] = sum / static_cast<float>(w * h);
}

__global__ void bilinear_kernel(const float *src, int w, int h, float *dst, int dw, int dh)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(dw) * dh) return;
    const floatf::ResampleSource s = floatf::resample_source(src, w, h, dw, dh);
    dst[i] = floatf::bilinear_at(s, static_cast<int>(i % dw), static_cast<int>(i / dw));
}

template <int N, typename Sample>
void queue_blur(const void *plane, int w, int h, float scaler, const BlurTaps &taps, float *column,
                float *out, hipStream_t stream)
{
    const unsigned blocks = blocks_for(static_cast<long long>(w) * h);
    hipLaunchKernelGGL((column_kernel<N, Sample>), dim3(blocks), dim3(kBlock), 0, stream,
                       static_cast<const Sample *>(plane), w, h, scaler, taps, column);
    hipLaunchKernelGGL(row_kernel<N>, dim3(blocks), dim3(kBlock), 0, stream, column, w, h, taps, out);
}

} // namespace

hipError_t launch_blur(const void *plane, int w, int h, unsigned bpc, const BlurTaps &taps,
                       float *column, float *out, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const float scaler = sample_scaler(bpc);
    if (taps.count == 3) {
        if (bpc > 8) queue_blur<3, unsigned short>(plane, w, h, scaler, taps, column, out, stream);
        else queue_blur<3, unsigned char>(plane, w, h, scaler, taps, column, out, stream);
    } else {
        if (bpc > 8) queue_blur<5, unsigned short>(plane, w, h, scaler, taps, column, out, stream);
        else queue_blur<5, unsigned char>(plane, w, h, scaler, taps, column, out, stream);
    }
    return hipGetLastError();
}

hipError_t launch_mean_abs_diff(const float *a, const float *b, int w, int h, float *row_sums,
                                float *result, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(row_abs_diff_kernel,
                       dim3(static_cast<unsigned>((h + kRowSumRows - 1) / kRowSumRows)),
                       dim3(kRowSumThreads), 0, stream, a, b, w, h, row_sums);
    hipLaunchKernelGGL(mean_kernel, dim3(1), dim3(kBlock), 0, stream, row_sums, w, h, result);
    return hipGetLastError();
}

hipError_t launch_bilinear(const float *src, int w, int h, float *dst, int dw, int dh,
                           hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(bilinear_kernel, dim3(blocks_for(static_cast<long long>(dw) * dh)),
                       dim3(kBlock), 0, stream, src, w, h, dst, dw, dh);
    return hipGetLastError();
}

} // namespace vmaf::hip::float_motion
