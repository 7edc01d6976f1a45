// float_ansnr_hip kernels: bit-exact with the CPU. Each pixel's blur adds
// its products in the CPU's order (tap rows left to right, then the row
// sums top to bottom), without fused multiply-adds; the energies, which the
// CPU sums in float, are summed in the same order: a block per row blurs it
// chunk by chunk into shared memory and one thread adds the chunk in turn,
// then one thread adds the rows.
#include <algorithm>

#include "feature/common/edge.h"
#include "feature/common/float_sample.h"
#include "hip/ansnr/ansnr_kernel.h"

namespace vmaf::hip::ansnr {

namespace {

constexpr unsigned kBlock = 256;
// Pixels blurred per pass of a row: 8 KiB of shared memory per side.
constexpr int kChunk = 2048;
constexpr float kOffset = -128.0f;

template <int Len, typename Sample>
__device__ float blur(const float (&taps)[Len * Len], const Sample *plane, int w, int h, int x,
                      int y, float scaler)
{
    constexpr int half = Len / 2;
    float out = 0.0f;
#pragma unroll
    for (int v = 0; v < Len; v++) {
        const Sample *row = plane + static_cast<long long>(edge::reflect_sample_then_edge(y - half + v, h)) * w;
        float row_sum = 0.0f;
#pragma unroll
        for (int u = 0; u < Len; u++) {
            const float sample =
                sample_to_float(row[edge::reflect_sample_then_edge(x - half + u, w)], scaler, kOffset);
            row_sum += taps[v * Len + u] * sample;
        }
        out += row_sum;
    }
    return out;
}

template <typename Sample>
__global__ void row_energies_kernel(const Sample *ref, const Sample *dis, int w, int h,
                                    float scaler, AnsnrTaps taps, float *row_sums)
{
    __shared__ float ref_blur[kChunk], dis_blur[kChunk];
    const int y = blockIdx.x;
    float signal = 0.0f, noise = 0.0f;
    for (int x0 = 0; x0 < w; x0 += kChunk) {
        const int n = min(kChunk, w - x0);
        for (int i = threadIdx.x; i < n; i += kBlock) {
            ref_blur[i] = blur<3>(taps.ref, ref, w, h, x0 + i, y, scaler);
            dis_blur[i] = blur<5>(taps.dis, dis, w, h, x0 + i, y, scaler);
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            for (int i = 0; i < n; i++) {
                const float r = ref_blur[i], e = r - dis_blur[i];
                signal += r * r;
                noise += e * e;
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        row_sums[y] = signal;
        row_sums[h + y] = noise;
    }
}

__global__ void total_kernel(const float *row_sums, int h, float *energies)
{
    float signal = 0.0f, noise = 0.0f;
    for (int y = 0; y < h; y++) {
        signal += row_sums[y];
        noise += row_sums[h + y];
    }
    energies[0] = signal;
    energies[1] = noise;
}

} // namespace

hipError_t launch_energies(const void *ref, const void *dis, int w, int h, unsigned bpc,
                           const AnsnrTaps &taps, float *row_sums, float *energies,
                           hipStream_t stream)
{
    const float scaler = sample_scaler(bpc);
    // Clear failures of earlier calls, checked when they happened, so that
    // the status returned is this launch's.
    static_cast<void>(hipGetLastError());
    if (bpc > 8)
        hipLaunchKernelGGL(row_energies_kernel<unsigned short>, dim3(h), dim3(kBlock), 0, stream,
                           static_cast<const unsigned short *>(ref),
                           static_cast<const unsigned short *>(dis), w, h, scaler, taps, row_sums);
    else
        hipLaunchKernelGGL(row_energies_kernel<unsigned char>, dim3(h), dim3(kBlock), 0, stream,
                           static_cast<const unsigned char *>(ref),
                           static_cast<const unsigned char *>(dis), w, h, scaler, taps, row_sums);
    if (hipError_t e = hipGetLastError(); e != hipSuccess) return e;
    hipLaunchKernelGGL(total_kernel, dim3(1), dim3(1), 0, stream, row_sums, h, energies);
    return hipGetLastError();
}

} // namespace vmaf::hip::ansnr
