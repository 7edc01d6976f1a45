// float_vif_hip kernels: bit-exact with the CPU. The Gaussian filters add
// their products tap by tap in the CPU's order without fused multiply-adds
// (a column pass, then a row pass, both reflected about the edge sample);
// each sample's terms are the CPU's statistic_terms; the float sums run
// along each row left to right, in shared memory by one thread of the
// row's block, then over the rows by one thread, as the CPU sums them.
#include "feature/common/edge.h"
#include "feature/common/float_sample.h"
#include "hip/vif/float_vif_kernel.h"

namespace vmaf::hip::float_vif {

namespace {

constexpr unsigned kBlock = 256;
constexpr float kOffset = -128.0f;

unsigned blocks_for(long long n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

template <typename T> __device__ T *plane_of(PlanePair<T> p) { return blockIdx.y == 0 ? p.plane[0] : p.plane[1]; }

template <typename Sample>
__global__ void to_float_kernel(PlanePair<const void> src, long long n, float scaler,
                                PlanePair<float> out)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= n) return;
    const auto *s = static_cast<const Sample *>(plane_of(src));
    plane_of(out)[i] = sample_to_float(s[i], scaler, kOffset);
}

template <floatf::ScaleMethod Method>
__global__ void resample_kernel(PlanePair<const float> src, int w, int h, PlanePair<float> out,
                                int dw, int dh)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(dw) * dh) return;
    const floatf::ResampleSource s = floatf::resample_source(plane_of(src), w, h, dw, dh);
    plane_of(out)[i] = floatf::resample_at<Method>(s, static_cast<int>(i % dw),
                                                   static_cast<int>(i / dw));
}

// Column pass at rows y * step of src, for every column.
__global__ void decimate_column_kernel(Taps taps, PlanePair<const float> src, int w, int h,
                                       PlanePair<float> column, int oh, int step)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(w) * oh) return;
    const int x = static_cast<int>(i % w), y = step * static_cast<int>(i / w);
    const float *s = plane_of(src);
    const int r = taps.count / 2;
    float acc = 0.0f;
    for (int k = 0; k < taps.count; k++)
        acc += taps.tap[k] * s[static_cast<long long>(edge::reflect_about_sample(y - r + k, h)) * w + x];
    plane_of(column)[i] = acc;
}

// Row pass at columns x * step of each column-pass row.
__global__ void decimate_row_kernel(Taps taps, PlanePair<const float> column, int w, int ow, int oh,
                                    PlanePair<float> out, int step)
{
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= static_cast<long long>(ow) * oh) return;
    const int x = step * static_cast<int>(i % ow), y = static_cast<int>(i / ow);
    const float *row = plane_of(column) + static_cast<long long>(y) * w;
    const int r = taps.count / 2;
    float acc = 0.0f;
    for (int k = 0; k < taps.count; k++) acc += taps.tap[k] * row[edge::reflect_about_sample(x - r + k, w)];
    plane_of(out)[i] = acc;
}

// The column pass of the five moments: means, squares and the product.
__global__ void moments_column_kernel(const float *ref, const float *dis, int w, int h, Taps taps,
                                      float *moments)
{
    const long long n = static_cast<long long>(w) * h;
    const long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x;
    if (i >= n) return;
    const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
    const int r = taps.count / 2;
    float mu1 = 0.0f, mu2 = 0.0f, xx = 0.0f, yy = 0.0f, xy = 0.0f;
    for (int k = 0; k < taps.count; k++) {
        const long long at = static_cast<long long>(edge::reflect_about_sample(y - r + k, h)) * w + x;
        const float f = taps.tap[k], a = ref[at], b = dis[at];
        mu1 += f * a;
        mu2 += f * b;
        xx += f * (a * a);
        yy += f * (b * b);
        xy += f * (a * b);
    }
    moments[i] = mu1;
    moments[n + i] = mu2;
    moments[2 * n + i] = xx;
    moments[3 * n + i] = yy;
    moments[4 * n + i] = xy;
}

// One block per row: the row pass of the moments, each sample's terms, and
// the row's float sums in order.
__global__ void statistic_row_kernel(const float *moments, int w, int h, Taps taps,
                                     StatisticConstants constants, float *row_sums)
{
    __shared__ float nums[kBlock], dens[kBlock];
    const int y = static_cast<int>(blockIdx.x);
    const long long n = static_cast<long long>(w) * h;
    const float *row = moments + static_cast<long long>(y) * w;
    const int r = taps.count / 2;
    float row_num = 0.0f, row_den = 0.0f;
    for (int x0 = 0; x0 < w; x0 += kBlock) {
        const int x = x0 + static_cast<int>(threadIdx.x);
        if (x < w) {
            float m[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
            for (int k = 0; k < taps.count; k++) {
                const int at = edge::reflect_about_sample(x - r + k, w);
                const float f = taps.tap[k];
#pragma unroll
                for (int q = 0; q < 5; q++) m[q] += f * row[q * n + at];
            }
            vmaf::float_vif::statistic_terms(m[0], m[1], m[2], m[3], m[4], constants,
                                             nums[threadIdx.x], dens[threadIdx.x]);
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = w - x0 < static_cast<int>(kBlock) ? w - x0 : static_cast<int>(kBlock);
#pragma unroll 8
            for (int k = 0; k < count; k++) {
                row_num += nums[k];
                row_den += dens[k];
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        row_sums[y] = row_num;
        row_sums[h + y] = row_den;
    }
}

// The rows' sums in order, by one thread from rows the block stages in
// shared memory (its loads coalesced and ahead of the additions).
__global__ void statistic_total_kernel(const float *row_sums, int h, float *result)
{
    __shared__ float nums[kBlock], dens[kBlock];
    float num = 0.0f, den = 0.0f;
    for (int y0 = 0; y0 < h; y0 += static_cast<int>(kBlock)) {
        const int y = y0 + static_cast<int>(threadIdx.x);
        if (y < h) {
            nums[threadIdx.x] = row_sums[y];
            dens[threadIdx.x] = row_sums[h + y];
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            const int count = h - y0 < static_cast<int>(kBlock) ? h - y0 : static_cast<int>(kBlock);
            for (int k = 0; k < count; k++) {
                num += nums[k];
                den += dens[k];
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        result[0] = num;
        result[1] = den;
    }
}

} // namespace

hipError_t launch_to_float(PlanePair<const void> src, int w, int h, unsigned bpc,
                           PlanePair<float> out, hipStream_t stream)
{
    // Clear failures of earlier calls, checked when they happened.
    static_cast<void>(hipGetLastError());
    const long long n = static_cast<long long>(w) * h;
    const dim3 grid(blocks_for(n), 2);
    if (bpc > 8)
        hipLaunchKernelGGL(to_float_kernel<unsigned short>, grid, dim3(kBlock), 0, stream, src, n,
                           sample_scaler(bpc), out);
    else
        hipLaunchKernelGGL(to_float_kernel<unsigned char>, grid, dim3(kBlock), 0, stream, src, n,
                           sample_scaler(bpc), out);
    return hipGetLastError();
}

hipError_t launch_resample(floatf::ScaleMethod method, PlanePair<const float> src, int w, int h,
                           PlanePair<float> out, int dw, int dh, hipStream_t stream)
{
    using floatf::ScaleMethod;
    static_cast<void>(hipGetLastError());
    const dim3 grid(blocks_for(static_cast<long long>(dw) * dh), 2);
    switch (method) {
    case ScaleMethod::kNearest:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kNearest>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kBilinear:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kBilinear>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kBicubic:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kBicubic>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    case ScaleMethod::kLanczos4:
        hipLaunchKernelGGL(resample_kernel<ScaleMethod::kLanczos4>, grid, dim3(kBlock), 0, stream,
                           src, w, h, out, dw, dh);
        break;
    }
    return hipGetLastError();
}

hipError_t launch_decimate(Taps taps, PlanePair<const float> src, int w, int h,
                           PlanePair<float> column, PlanePair<float> out, hipStream_t stream, int step)
{
    static_cast<void>(hipGetLastError());
    const int ow = w / step, oh = h / step;
    hipLaunchKernelGGL(decimate_column_kernel, dim3(blocks_for(static_cast<long long>(w) * oh), 2),
                       dim3(kBlock), 0, stream, taps, src, w, h, column, oh, step);
    const PlanePair<const float> columns{{column.plane[0], column.plane[1]}};
    hipLaunchKernelGGL(decimate_row_kernel, dim3(blocks_for(static_cast<long long>(ow) * oh), 2),
                       dim3(kBlock), 0, stream, taps, columns, w, ow, oh, out, step);
    return hipGetLastError();
}

hipError_t launch_statistic(const StatisticArgs &a, hipStream_t stream)
{
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(moments_column_kernel, dim3(blocks_for(static_cast<long long>(a.w) * a.h)),
                       dim3(kBlock), 0, stream, a.ref, a.dis, a.w, a.h, a.taps, a.moments);
    hipLaunchKernelGGL(statistic_row_kernel, dim3(static_cast<unsigned>(a.h)), dim3(kBlock), 0,
                       stream, a.moments, a.w, a.h, a.taps, a.constants, a.row_sums);
    hipLaunchKernelGGL(statistic_total_kernel, dim3(1), dim3(kBlock), 0, stream, a.row_sums, a.h,
                       a.result);
    return hipGetLastError();
}

} // namespace vmaf::hip::float_vif
