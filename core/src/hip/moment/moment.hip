// The luma sums kernel (moment_kernel.h): each term rounded in float as the
// CPU rounds it, then counted in integer units, so that the sums do not
// depend on the order of the additions. Each block reduces its partial sums
// in shared memory and adds them to the totals with 64-bit atomics.
#include <algorithm>

#include "feature/common/float_sample.h"
#include "hip/moment/moment_kernel.h"

namespace vmaf::hip::moment {

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned long long kMaxBlocks = 1024;

// A float square of the 8-bit scale as a count of `units` (2^2(bpc-8)): a
// power of two, so the product is exact, and the square is a multiple of
// its reciprocal.
__device__ unsigned long long square_units(float square, float units)
{
    return static_cast<unsigned long long>(square * units);
}

template <typename Sample>
__global__ void luma_sums_kernel(const Sample *ref, const Sample *dis, unsigned long long n,
                                 float scaler, float units, unsigned long long *sums)
{
    const unsigned long long step = static_cast<unsigned long long>(gridDim.x) * kBlock;
    unsigned long long acc[kLumaSums] = {};
    for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * kBlock + threadIdx.x;
         i < n; i += step) {
        const float r = sample_to_float(ref[i], scaler, 0.0f);
        const float d = sample_to_float(dis[i], scaler, 0.0f);
        const float e = r - d;
        acc[kRef] += ref[i];
        acc[kDis] += dis[i];
        acc[kRefSquared] += square_units(r * r, units);
        acc[kDisSquared] += square_units(d * d, units);
        acc[kErrorSquared] += square_units(e * e, units);
    }

    // A tree per sum: no warp size assumed (64 on AMD, 32 on NVIDIA).
    __shared__ unsigned long long partial[kLumaSums][kBlock];
    for (unsigned k = 0; k < kLumaSums; k++) partial[k][threadIdx.x] = acc[k];
    __syncthreads();
    for (unsigned half = kBlock / 2; half > 0; half /= 2) {
        if (threadIdx.x < half)
            for (unsigned k = 0; k < kLumaSums; k++)
                partial[k][threadIdx.x] += partial[k][threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x < kLumaSums && partial[threadIdx.x][0] != 0)
        atomicAdd(&sums[threadIdx.x], partial[threadIdx.x][0]);
}

} // namespace

hipError_t launch_luma_sums(const void *ref, const void *dis, unsigned long long samples,
                            unsigned bpc, unsigned long long *sums, hipStream_t stream)
{
    const unsigned blocks =
        static_cast<unsigned>(std::min((samples + kBlock - 1) / kBlock, kMaxBlocks));
    const float scaler = sample_scaler(bpc);
    const float units = scaler * scaler;
    // Clear failures of earlier calls, checked when they happened, so that
    // the status returned is this launch's.
    static_cast<void>(hipGetLastError());
    if (bpc > 8)
        hipLaunchKernelGGL(luma_sums_kernel<unsigned short>, dim3(blocks), dim3(kBlock), 0, stream,
                           static_cast<const unsigned short *>(ref),
                           static_cast<const unsigned short *>(dis), samples, scaler, units, sums);
    else
        hipLaunchKernelGGL(luma_sums_kernel<unsigned char>, dim3(blocks), dim3(kBlock), 0, stream,
                           static_cast<const unsigned char *>(ref),
                           static_cast<const unsigned char *>(dis), samples, scaler, units, sums);
    return hipGetLastError();
}

} // namespace vmaf::hip::moment
