// psnr_hip kernel: per-plane sum of squared errors, in integers so that the
// result does not depend on the order of the additions (bit-exact with the
// CPU). Each block reduces its partial sums in shared memory and adds them
// to the plane's total with one 64-bit atomic.
#include <algorithm>

#include "hip/psnr/psnr_kernel.h"

namespace vmaf::hip::psnr {

namespace {

constexpr unsigned kBlock = 256;
// Enough blocks to fill any current GPU; larger planes loop in each thread.
constexpr unsigned long long kMaxBlocks = 1024;

template <typename Sample>
__global__ void sse_kernel(SsePlanes planes, unsigned long long *sums)
{
    const unsigned p = blockIdx.y;
    const Sample *ref = static_cast<const Sample *>(planes.ref[p]);
    const Sample *dis = static_cast<const Sample *>(planes.dis[p]);
    const unsigned long long n = planes.samples[p];
    const unsigned long long step = static_cast<unsigned long long>(gridDim.x) * kBlock;

    unsigned long long acc = 0;
    for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * kBlock + threadIdx.x;
         i < n; i += step) {
        const unsigned r = ref[i], d = dis[i];
        // 16-bit differences squared reach 2^32: square in 64 bits.
        const unsigned long long e = r > d ? r - d : d - r;
        acc += e * e;
    }

    // The tree reduction needs no warp size, which differs between AMD (64)
    // and NVIDIA (32).
    __shared__ unsigned long long partial[kBlock];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned half = kBlock / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0 && partial[0] != 0) atomicAdd(&sums[p], partial[0]);
}

} // namespace

hipError_t launch_sse(const SsePlanes &planes, unsigned count, unsigned sample_bytes,
                      unsigned long long *sums, hipStream_t stream)
{
    unsigned long long largest = 0;
    for (unsigned p = 0; p < count; p++) largest = std::max(largest, planes.samples[p]);
    const unsigned blocks =
        static_cast<unsigned>(std::min((largest + kBlock - 1) / kBlock, kMaxBlocks));
    const dim3 grid(blocks, count), block(kBlock);
    // hipGetLastError also returns failures of earlier calls, which were
    // checked and reported when they happened: clear them so that the status
    // returned below is this launch's.
    static_cast<void>(hipGetLastError());
    if (sample_bytes == 2)
        hipLaunchKernelGGL(sse_kernel<unsigned short>, grid, block, 0, stream, planes, sums);
    else
        hipLaunchKernelGGL(sse_kernel<unsigned char>, grid, block, 0, stream, planes, sums);
    return hipGetLastError();
}

} // namespace vmaf::hip::psnr
