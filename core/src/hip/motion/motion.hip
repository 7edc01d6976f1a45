// motion_hip kernels: one thread per sample for the vertical sums, one block
// per row for the blurred difference, whose row sum wraps in 32 bits as the
// CPU's does (the same modulo 2^32 in any order) before it is added in 64
// bits. The roundings are motion_math.h's, shared with the CPU.
#include "hip/motion/motion_kernel.h"

#include "feature/common/edge.h"
#include "feature/motion/motion_math.h"

namespace vmaf::hip::motion {

using vmaf::edge::reflect_about_sample;

namespace {

constexpr unsigned kTile = 16; // 16 x 16 threads per block of the vertical pass
constexpr unsigned kRowBlock = 256;

// Clears the error a previous, already reported call may have left, so that
// the status after a launch is that launch's.
void clear_error() { static_cast<void>(hipGetLastError()); }

template <typename Sample> __global__ void vertical_sum_kernel(VerticalSumArgs a)
{
    const int j = static_cast<int>(blockIdx.x * kTile + threadIdx.x);
    const int i = static_cast<int>(blockIdx.y * kTile + threadIdx.y);
    if (j >= a.w || i >= a.h) return;
    const Sample *luma = static_cast<const Sample *>(a.luma);
    uint32_t sum = 0; // at most 65535 * 65536
#pragma unroll
    for (int k = 0; k < 5; k++)
        sum += static_cast<uint32_t>(a.taps.tap[k]) *
               luma[reflect_about_sample(i - vmaf::motion::kRadius + k, a.h) * a.w + j];
    a.sums[i * a.w + j] = sum;
}

// One block per row: the row's blurred differences go through shared memory
// a chunk of kRowBlock columns (and the taps' reach) at a time, each
// computed once; the row's sum wraps in 32 bits as the CPU's.
__global__ void sad_kernel(SadArgs a)
{
    constexpr int radius = vmaf::motion::kRadius;
    __shared__ int32_t blurred[kRowBlock + 2 * radius];
    const size_t row = static_cast<size_t>(blockIdx.x) * a.w;
    const int t = static_cast<int>(threadIdx.x);
    uint32_t sum = 0;
    for (int base = 0; base < a.w; base += static_cast<int>(kRowBlock)) {
        for (int at = t; at < static_cast<int>(kRowBlock) + 2 * radius;
             at += static_cast<int>(kRowBlock)) {
            // Columns base - radius .. w - 1 + radius: those the row's
            // outputs reach.
            const int c = base - radius + at;
            if (c >= a.w + radius) break;
            const size_t from = row + reflect_about_sample(c, a.w);
            blurred[at] =
                vmaf::motion::round_vertical(int64_t{a.prev[from]} - int64_t{a.cur[from]}, a.bpc);
        }
        __syncthreads();
        if (base + t < a.w) {
            int64_t acc = 0;
#pragma unroll
            for (int k = 0; k < 5; k++) acc += int64_t{a.taps.tap[k]} * blurred[t + k];
            sum += vmaf::motion::blurred_magnitude(acc);
        }
        __syncthreads();
    }
    // A tree over the block in shared memory: no warp-size assumption (64
    // on AMD, 32 on NVIDIA).
    __shared__ uint32_t shared[kRowBlock];
    shared[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned half = kRowBlock / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) shared[threadIdx.x] += shared[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0 && shared[0] != 0)
        atomicAdd(a.sad, static_cast<unsigned long long>(shared[0]));
}

} // namespace

hipError_t launch_vertical_sum(const VerticalSumArgs &a, hipStream_t stream)
{
    clear_error();
    const dim3 grid((static_cast<unsigned>(a.w) + kTile - 1) / kTile,
                    (static_cast<unsigned>(a.h) + kTile - 1) / kTile),
        block(kTile, kTile);
    if (a.wide)
        hipLaunchKernelGGL(vertical_sum_kernel<uint16_t>, grid, block, 0, stream, a);
    else
        hipLaunchKernelGGL(vertical_sum_kernel<uint8_t>, grid, block, 0, stream, a);
    return hipGetLastError();
}

hipError_t launch_sad(const SadArgs &a, hipStream_t stream)
{
    clear_error();
    hipLaunchKernelGGL(sad_kernel, dim3(static_cast<unsigned>(a.h)), dim3(kRowBlock), 0, stream,
                       a);
    return hipGetLastError();
}

} // namespace vmaf::hip::motion
