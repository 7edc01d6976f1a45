// float_motion_hip kernels: bit-exact with the CPU. The blur adds its
// products in the CPU's order without fused multiply-adds; the mean
// absolute difference, which the CPU sums in float, is summed row by row
// left to right by one thread per row from shared memory, then the rows by
// one thread; the
// bilinear resampling is the CPU's floatf::bilinear_at.
#include <cmath>

#include "feature/common/edge.h"
#include "feature/common/float_resample.h"
#include "feature/common/float_sample.h"
#include "hip/motion/float_motion_kernel.h"

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

// Rows a block sums, one thread each, and the columns it stages at a time.
constexpr int kSumRows = 32;
constexpr int kSumColumns = 128;
constexpr int kSumStride = kSumColumns + 1; // a row per bank: thread r reads row r
static_assert(kSumRows == 32, "the summing warp holds a row per thread");

// Stages |a - b| of columns [x0, x0 + kSumColumns) of the block's rows,
// kStageBatch loads a thread in flight at once.
constexpr int kStageBatch = 4;

__device__ void stage_abs_diff(const float *a, const float *b, int w, int h, int y0, int x0,
                               int first_thread, float *tile)
{
    const int threads = static_cast<int>(kBlock) - first_thread;
    constexpr int kItems = kSumRows * kSumColumns;
    for (int k0 = static_cast<int>(threadIdx.x) - first_thread; k0 < kItems; k0 += threads * kStageBatch) {
        float v[kStageBatch];
#pragma unroll
        for (int u = 0; u < kStageBatch; u++) {
            const int k = k0 + u * threads, y = y0 + k / kSumColumns, x = x0 + k % kSumColumns;
            const long long at = static_cast<long long>(y) * w + x;
            v[u] = k < kItems && y < h && x < w ? fabsf(a[at] - b[at]) : 0.0f;
        }
#pragma unroll
        for (int u = 0; u < kStageBatch; u++) {
            const int k = k0 + u * threads;
            if (k < kItems) tile[k / kSumColumns * kSumStride + k % kSumColumns] = v[u];
        }
    }
}

// Each row's float sum left to right, as the CPU: the first warp adds, a
// thread a row, from a shared tile that the other warps fill with the
// next columns meanwhile (the rows' loads coalesced, not a row a thread).
__global__ void row_abs_diff_kernel(const float *a, const float *b, int w, int h, float *row_sums)
{
    __shared__ float tile[2][kSumRows * kSumStride];
    const int y0 = static_cast<int>(blockIdx.x) * kSumRows;
    const int chunks = (w + kSumColumns - 1) / kSumColumns;
    const bool adder = threadIdx.x < 32;
    stage_abs_diff(a, b, w, h, y0, 0, 0, tile[0]);
    __syncthreads();
    float line = 0.0f;
    for (int c = 0; c < chunks; c++) {
        if (adder) {
            const float *row = tile[c & 1] + threadIdx.x * kSumStride;
            const int count = w - c * kSumColumns < kSumColumns ? w - c * kSumColumns : kSumColumns;
#pragma unroll 8
            for (int k = 0; k < count; k++) line += row[k];
        } else if (c + 1 < chunks) {
            stage_abs_diff(a, b, w, h, y0, (c + 1) * kSumColumns, 32, tile[(c + 1) & 1]);
        }
        __syncthreads();
    }
    const int y = y0 + static_cast<int>(threadIdx.x);
    if (adder && y < h) row_sums[y] = line;
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
    hipLaunchKernelGGL(row_abs_diff_kernel, dim3(static_cast<unsigned>((h + kSumRows - 1) / kSumRows)),
                       dim3(kBlock), 0, stream, a, b, w, h, row_sums);
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
